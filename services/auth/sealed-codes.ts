import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * A sign-in code on its way to the SMS provider is sealed (docs/decisions/085): AES-256-GCM
 * under a key derived from the shop's session secret, which every process of one shop
 * shares. The outbox row, a Redis dump or a database backup then shows no usable code.
 * The row's key and number are the additional data, so a sealed code moved to another
 * row (another phone) fails to open instead of texting someone else's code.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealBroken extends Error {
  override name = "SealBroken";
}

export function codeSealKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "churu-shop", "sign-in code seal v1", 32));
}

function boundTo(key: string, phone: string): Buffer {
  return Buffer.from(`${key}\n${phone}`, "utf8");
}

export function sealCode(sealKey: Buffer, code: string, to: { key: string; phone: string }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
  cipher.setAAD(boundTo(to.key, to.phone));
  const sealed = Buffer.concat([cipher.update(code, "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url")}`;
}

/** The code, or SealBroken when the seal was made under another secret, altered, or moved to another row. */
export function openCode(sealKey: Buffer, sealed: string, to: { key: string; phone: string }): string {
  const [version, payload] = sealed.split(".", 2);
  const bytes = Buffer.from(payload ?? "", "base64url");
  if (version !== VERSION || bytes.length <= IV_BYTES + TAG_BYTES) throw new SealBroken("the sealed code is malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(boundTo(to.key, to.phone));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SealBroken("the sealed code does not open with this shop's SESSION_SECRET (was it changed, or differs between processes?)");
  }
}
