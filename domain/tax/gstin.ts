/**
 * A GSTIN (the shop's GST registration number): 15 characters, the state code, the holder's PAN, the entity
 * number, `Z`, and a check character computed mod 36 over the first fourteen (the GSTN's published algorithm;
 * `27AAPFU0939F1ZV` is valid). A typo in SHOP_GSTIN would print an invalid number on every invoice, so start-up
 * refuses one whose check character does not match.
 */
import { isStateCode, type StateCode } from "./states";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character the first fourteen characters call for. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36];
}

/** What is wrong with a GSTIN, in words, or undefined when it is well formed with the right check character. */
export function gstinProblem(gstin: string): string | undefined {
  if (!SHAPE.test(gstin)) {
    return `must be a 15-character GSTIN (two-digit state code, the 10-character PAN, entity number, Z, check character; e.g. 08AAPFU0939F1ZV), got "${gstin}"`;
  }
  if (!isStateCode(gstin.slice(0, 2))) return `begins with ${gstin.slice(0, 2)}, which is no state's GST code`;
  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) return `has the check character ${gstin[14]} where ${expected} is expected: a character is mistyped`;
  return undefined;
}

export function gstinState(gstin: string): StateCode {
  return gstin.slice(0, 2) as StateCode;
}
