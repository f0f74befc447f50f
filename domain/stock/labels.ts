/**
 * The code on a school size's label (decision 182): an EAN-13 in the in-store range (GS1 prefix 20-29,
 * "restricted circulation", never a product's worldwide number). "20", then the size's SKU less
 * SCHOOL_SKU_BASE in ten digits, then the check digit: 13 digits every USB scanner reads without setup,
 * and a typed code that is one digit off is caught by the check digit instead of counting another size.
 */
import { SCHOOL_SKU_BASE } from "./school-stock";

const PREFIX = "20";

/** The EAN-13 check digit of 12 digits. */
export function ean13CheckDigit(twelve: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** The 13 digits printed on every label of a SKU. */
export function labelCode(sku: number): string {
  const n = sku - SCHOOL_SKU_BASE;
  if (!Number.isInteger(n) || n <= 0 || n >= 10 ** 10) throw new RangeError(`${sku} is not a school size's SKU`);
  const twelve = `${PREFIX}${String(n).padStart(10, "0")}`;
  return `${twelve}${ean13CheckDigit(twelve)}`;
}

/** What a scanned or typed code names: the SKU, or why it names none (a refusal key). */
export type ReadCode = { ok: true; sku: number } | { ok: false; key: "labels.notACode" | "labels.checkDigit" };

/**
 * A code as a scanner types it (13 digits) or a person does (spaces and dashes dropped; the 12 digits
 * without the check digit are taken too, the check digit being the one a person forgets).
 */
export function readLabelCode(text: string): ReadCode {
  const digits = text.replace(/[\s-]/g, "");
  if (!/^\d{12,13}$/.test(digits) || !digits.startsWith(PREFIX)) return { ok: false, key: "labels.notACode" };
  const twelve = digits.slice(0, 12);
  if (digits.length === 13 && Number(digits[12]) !== ean13CheckDigit(twelve)) return { ok: false, key: "labels.checkDigit" };
  const n = Number(twelve.slice(PREFIX.length));
  if (n <= 0) return { ok: false, key: "labels.notACode" };
  return { ok: true, sku: SCHOOL_SKU_BASE + n };
}
