// An Indian pincode as the shop reads it, and the one a parent checked delivery to this visit
// (the `shop_pincode` cookie). Pure and without zod: it runs in the browser on product pages.
import { PINCODE_COOKIE } from "./cookies";

/** An Indian pincode has six digits. */
export const PINCODE_DIGITS = 6;

const PINCODE = new RegExp(`^\\d{${PINCODE_DIGITS}}$`);

/** The pincode as people type it ("331 001", " 302001 "), or undefined when it is not six digits. */
export function readPincode(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw.length > 32) return undefined;
  const digits = raw.replace(/\s+/g, "");
  return PINCODE.test(digits) ? digits : undefined;
}

/** The pincode a Cookie header (or `document.cookie`) remembers, or undefined without a valid one. */
export function pincodeFromCookie(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at === -1 || pair.slice(0, at).trim() !== PINCODE_COOKIE) continue;
    return readPincode(pair.slice(at + 1).trim());
  }
  return undefined;
}

/** The Set-Cookie that remembers `pincode` for the visit: a session cookie, the whole shop, Lax. */
export function pincodeCookie(pincode: string, secure: boolean): string {
  return `${PINCODE_COOKIE}=${pincode}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}
