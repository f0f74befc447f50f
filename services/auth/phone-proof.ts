import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { OTP_VALID_MINUTES } from "../../domain/auth";
import { isMobileNumber } from "../../domain/phone";

/**
 * "This number was proven by its code a moment ago": what a right code leaves when it cannot
 * finish the step on its own. A new number's sign-in asks for the parent's name before the
 * account exists; the account page changes a number only once the new one is proven. The page
 * keeps the proof in its server-side session (never in the address or a form) and gives it back
 * to the service, which reads the number from it: only a code makes one (decision 114).
 *
 * `v1.<number>.<expiry ms>.<HMAC-SHA256>`, keyed by a key derived from the session secret, valid
 * as long as a code is (OTP_VALID_MINUTES).
 */
const VERSION = "v1";
const VALID_MS = OTP_VALID_MINUTES * 60_000;

export function phoneProofs(sessionSecret: string, now: () => Date) {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "churu-shop", "phone proof v1", 32));
  const mac = (phone: string, expires: number) => createHmac("sha256", key).update(`${VERSION}\n${phone}\n${expires}`).digest("base64url");

  return {
    /** A proof for a number whose code was right just now. */
    issue(phone: string): string {
      const expires = now().getTime() + VALID_MS;
      return `${VERSION}.${phone}.${expires}.${mac(phone, expires)}`;
    },
    /** The number a proof is for, or null: not one of ours, altered, or too old. */
    read(proof: unknown): string | null {
      if (typeof proof !== "string" || proof.length > 200) return null;
      const parts = proof.split(".");
      if (parts.length !== 4) return null;
      const [version, phone, expiresText, given] = parts;
      if (version !== VERSION || !phone || !isMobileNumber(phone) || !/^\d{1,15}$/.test(expiresText ?? "") || !given) return null;
      const expires = Number(expiresText);
      const expected = Buffer.from(mac(phone, expires));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      return expires > now().getTime() ? phone : null;
    },
  };
}
