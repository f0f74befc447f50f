// The privacy notice as data: its version (what a consent event records), what the shop keeps and
// for how long. The page words each item in both languages (app/locales/{en,hi}/privacy.json).

/**
 * The notice a parent is shown. Bump it when the notice's meaning changes (a new item kept, a new
 * purpose): consents name the version they agreed to.
 */
export const PRIVACY_NOTICE_VERSION = "2026-11-26";

/** Every kind of personal data the shop keeps, in the order the notice lists them. */
export const KEPT_ITEMS = ["name", "phone", "email", "address", "children", "notes", "orders", "consents"] as const;
export type KeptItem = (typeof KEPT_ITEMS)[number];

/** What a consent covers: the notice's purposes (each explained on the notice). */
export const CONSENT_PURPOSES = ["orders", "messages"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where the parent saw the notice and agreed. */
export const CONSENT_PLACES = ["sign-up", "checkout"] as const;
export type ConsentPlace = (typeof CONSENT_PLACES)[number];

/**
 * Days the shop gives itself to act on an erasure request: the month the E-Commerce Rules give a
 * complaint (../shared/reference/india-shop-rules.md); the admin page counts down to it.
 */
export const ERASURE_DUE_DAYS = 30;

/**
 * Hours a parent's erasure request waits before the shop may act on it (decision 248): an erasure cannot be undone,
 * so a tap made in haste, or by a child with the phone, may be taken back until then.
 */
export const ERASURE_COOLING_OFF_HOURS = 48;

/**
 * Tax invoices are kept as the GST law requires: CGST Act section 36 keeps accounts and records for 72 months
 * from the due date of the year's annual return. The notice says so; invoices carry no name or phone.
 */
export const INVOICE_KEPT_MONTHS = 72;
