/**
 * The codes of the admins' second factor (decision 197, domain/totp.ts for its numbers): RFC 6238's TOTP over RFC
 * 4226's HOTP with node:crypto's HMAC, base32 secrets as authenticator apps show them, and recovery codes.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_DRIFT_STEPS, TOTP_STEP_SECONDS } from "../../domain/totp";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
// No 0/O, 1/I/L: read off a printed sheet.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), as authenticator apps take it (base32). */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP (RFC 4226): the `digits`-digit code of `counter` under `secret` (raw bytes), with HMAC-`algorithm`. */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The 30-second step `at` falls in (RFC 6238's T). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** The code an authenticator app shows at `at` for a base32 secret. */
export function totpCode(secretBase32: string, at: Date): string {
  return hotp(base32Decode(secretBase32), totpStep(at));
}

/**
 * The step a typed code belongs to, within the drift either side of `at`, if it is later than `lastStep` (a code
 * once used, or an older one, is refused: a code seen over a shoulder is worth nothing after its owner used it).
 */
export function matchingTotpStep(secretBase32: string, typed: string, at: Date, lastStep: number | null): number | null {
  const code = typed.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const secret = base32Decode(secretBase32);
  const now = totpStep(at);
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** The address an authenticator app reads (by QR code or typed): the shop's name and the admin's email as its label. */
export function otpauthUri(secretBase32: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({ secret: secretBase32, issuer, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** A new set of recovery codes, "abcde-fghjk": 10 letters and digits of 31, about 50 bits each. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, spaces, with or without its hyphen), as it is compared. */
export function normaliseRecoveryCode(typed: string): string | null {
  const bare = typed.toLowerCase().replace(/[\s-]/g, "");
  if (bare.length !== 10 || [...bare].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}
