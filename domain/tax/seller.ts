/**
 * Who sells (CGST Rules rule 46 and the Consumer Protection (E-Commerce) Rules 2020 name these on every invoice and
 * on the disclosures page): the shop's legal name, postal address, GSTIN and its state, GST scheme, the prefix of
 * its invoice numbers and its grievance officer. server/config.ts reads them from SHOP_LEGAL_NAME, SHOP_ADDRESS,
 * SHOP_GSTIN, SHOP_GST_SCHEME, SHOP_INVOICE_PREFIX and SHOP_GRIEVANCE_OFFICER with the checks here. No I/O.
 */
import type { StateCode } from "./states";

/** Regular: tax invoices with tax; composition: a bill of supply (no tax collected); unregistered: a plain bill. */
export const GST_SCHEMES = ["regular", "composition", "unregistered"] as const;
export type GstScheme = (typeof GST_SCHEMES)[number];

export interface GrievanceOfficer {
  name: string;
  phone?: string;
  email?: string;
}

export interface SellerSettings {
  legalName: string;
  /** The full postal address as it is printed ("" when SHOP_ADDRESS is not set; the settings page says so). */
  address: string;
  gstin: string | null;
  /** The shop's state: the GSTIN's first two digits, else the state of the pincode in the address, else Rajasthan. */
  stateCode: StateCode;
  scheme: GstScheme;
  /** At most 4 characters (letters, digits, `-`), so `CUH/2627/000123` stays within rule 46's 16. */
  invoicePrefix: string;
  grievanceOfficer: GrievanceOfficer;
}

export const INVOICE_PREFIX_MAX = 4;
const PREFIX = new RegExp(`^[A-Z0-9-]{1,${INVOICE_PREFIX_MAX}}$`);

/** The default prefix: the initials of the shop's name ("Churu Uniform House" → CUH), at most four. */
export function defaultInvoicePrefix(shopName: string): string {
  const initials = shopName
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, "").slice(0, 1).toUpperCase())
    .join("")
    .slice(0, INVOICE_PREFIX_MAX);
  return initials || "INV";
}

export function invoicePrefixProblem(prefix: string): string | undefined {
  return PREFIX.test(prefix)
    ? undefined
    : `must be 1 to ${INVOICE_PREFIX_MAX} capital letters, digits or hyphens (the whole number, like CUH/2627/000123, may have at most 16 characters), got "${prefix}"`;
}

/**
 * "Name, phone, email" (phone or email or both, in any order after the name): the name and what reaches them.
 * `phoneProblem` is the shop's phone rule (domain/contact.ts); answers what is wrong, or the officer.
 */
export function readGrievanceOfficer(
  raw: string,
  phoneProblem: (value: string) => string | undefined,
): GrievanceOfficer | string {
  const [name, ...reaches] = raw.split(",").map((part) => part.trim());
  if (!name || /[@\d]/.test(name)) return `must start with the officer's name, then a phone or an email: "Name, +91 98765 43210, grievance@example.in", got "${raw}"`;
  const officer: GrievanceOfficer = { name };
  for (const reach of reaches.filter(Boolean)) {
    if (reach.includes("@")) {
      if (!/^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(reach)) return `has "${reach}", which is not an email address`;
      officer.email = reach;
    } else {
      const wrong = phoneProblem(reach);
      if (wrong) return `has a phone that ${wrong}`;
      officer.phone = reach;
    }
  }
  if (!officer.phone && !officer.email) return `needs a phone or an email after the name ("Name, +91 98765 43210"), got "${raw}"`;
  return officer;
}

/** What placing an order needs of the seller: its scheme and the state it is registered (or trades) in. */
export type SupplierReach = Pick<SellerSettings, "scheme" | "stateCode">;

/**
 * Whether the shop may send goods to a delivery in `state` (that delivery's place of supply): a regular shop anywhere;
 * a composition shop only within its own state (CGST Act s. 10(2)(c): it may make no inter-state outward supply of
 * goods), and a shop without a GSTIN neither (s. 24(i): whoever makes an inter-state taxable supply must register,
 * whatever the turnover). Decision 202.
 */
export function suppliesInto(seller: SupplierReach, state: StateCode): boolean {
  return seller.scheme === "regular" || state === seller.stateCode;
}
