/**
 * The shop's one rule for a mobile number: an Indian mobile, kept as its 10 digits without
 * the country code (what the orders, the accounts and the SMS jobs store and compare).
 * Two ways of reading what a person typed:
 * - `checkMobile` reads it as people write it down ("98765 43210", "+91 98765-43210",
 *   "09876543210"): the checkout, the guest order on the /api, order tracking.
 * - `checkMobile(raw, { exact: true })` takes only the 10 digits (spaces round them aside):
 *   sign-in, where the spec says "a phone if exactly 10 digits" and anything else may be
 *   an email.
 * Each caller says "required" and "invalid" in its own words (the spec gives the checkout
 * and the sign-in pages different texts).
 */

export const MOBILE_NUMBER_DIGITS = 10;

/** The stored form: exactly 10 digits, nothing round them. */
export const MOBILE_NUMBER_PATTERN = /^\d{10}$/;

// Separators people type inside a number, and an optional +91, 91 or 0 in front.
const SEPARATORS = /[\s\-().]/g;
const WRITTEN_FORM = /^(?:\+?91|0)?(\d{10})$/;

/** True for a number in the stored form only: exactly 10 digits. */
export function isMobileNumber(value: string): boolean {
  return MOBILE_NUMBER_PATTERN.test(value);
}

/**
 * "98765 43210", "98765-43210", "+91 9876543210" and "09876543210" are all the same
 * mobile number: its 10 digits. Anything else is returned as typed (trimmed), for the
 * 10-digit rule to refuse.
 */
export function normalisePhone(raw: string): string {
  const compact = raw.trim().replace(SEPARATORS, "");
  const match = WRITTEN_FORM.exec(compact);
  return match ? match[1] : raw.trim();
}

export type MobileCheck = { ok: true; phone: string } | { ok: false; problem: "required" | "invalid" };

/** The 10 digits of a typed number, or why there are none: nothing typed ("required") or not a mobile number ("invalid"). */
export function checkMobile(raw: string | null | undefined, options: { exact?: boolean } = {}): MobileCheck {
  const typed = (raw ?? "").trim();
  if (!typed) return { ok: false, problem: "required" };
  const phone = options.exact ? typed : normalisePhone(typed);
  return isMobileNumber(phone) ? { ok: true, phone } : { ok: false, problem: "invalid" };
}
