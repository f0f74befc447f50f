import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { ADMIN_DEVICE_DAYS } from "../../domain/auth";

/**
 * "This browser signed this admin in before" (decision 253, after OWASP's device cookies): a browser holding one is
 * let past the hold on its admin's account and the shop-wide pause of the admin login, so guesses from elsewhere never
 * lock the owner out of their own browser. It proves a past sign-in, not who is typing: the password (and the second
 * factor) are asked as always, and the per-address limits still count it.
 *
 * `v1.<admin id>.<expiry ms>.<HMAC-SHA256>`, keyed by a key derived from the session secret, for ADMIN_DEVICE_DAYS.
 */
const VERSION = "v1";
const VALID_MS = ADMIN_DEVICE_DAYS * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function adminDevices(sessionSecret: string, now: () => Date) {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "churu-shop", "admin device v1", 32));
  const mac = (userId: string, expires: number) => createHmac("sha256", key).update(`${VERSION}\n${userId}\n${expires}`).digest("base64url");

  return {
    /** The mark a browser gets when it signs this admin in. */
    issue(userId: string): string {
      const expires = now().getTime() + VALID_MS;
      return `${VERSION}.${userId}.${expires}.${mac(userId, expires)}`;
    },
    /** The admin a browser's mark is for, or null: none, not one of ours, altered, or too old. */
    read(mark: unknown): string | null {
      if (typeof mark !== "string" || mark.length > 200) return null;
      const [version, userId, expiresText, given, ...rest] = mark.split(".");
      if (rest.length > 0 || version !== VERSION || !userId || !UUID.test(userId) || !/^\d{1,15}$/.test(expiresText ?? "") || !given) return null;
      const expires = Number(expiresText);
      const expected = Buffer.from(mac(userId, expires));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      return expires > now().getTime() ? userId : null;
    },
  };
}
