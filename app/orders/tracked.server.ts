/**
 * The orders a visitor has looked up on the tracking page (decision 083's throttle guards the
 * lookup): the lookup is a POST (the order number and the mobile number), and its answer a redirect
 * to `/orders/track?orderId=<number>` with this cookie, so the result page is a plain GET a reload
 * or the back button shows again without a resubmission prompt, and the mobile number is in no
 * address, history entry or request log. The cookie is signed, httpOnly, sent only under /orders (the
 * tracking page and its data), and good for TRACKING_GRANT_MINUTES; each use checks the number against
 * the order again. The number itself is sealed in it (AES-256-GCM under a key derived from the session
 * secret, bound to the order id): a signed cookie is only base64, and a shared computer's cookie store,
 * or anyone glancing at it, would read the parent's mobile number.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Cookie } from "@remix-run/node";
import { signedCookie } from "../signed-cookie.server";
import { TRACKED_ORDERS_COOKIE } from "../../domain/cookies";
import { displayOrderId } from "../../domain/orders/order";
import { TRACKING_GRANT_MINUTES } from "../../domain/tracking";
import type { Shop } from "../../services/index";

/** One order looked up: its id, the mobile number that found it (sealed), and until when (ms) the page shows it. */
interface Grant {
  id: string;
  phone: string;
  until: number;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const sealKeys = new WeakMap<object, Buffer>();

function sealKey(shop: Shop): Buffer {
  let key = sealKeys.get(shop.db);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", shop.sessionSecret, "", "shop:tracked-orders:phone", 32));
    sealKeys.set(shop.db, key);
  }
  return key;
}

/** The mobile number as the cookie carries it: iv, ciphertext and tag (base64url), bound to the order id. */
function sealPhone(shop: Shop, orderId: string, phone: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealKey(shop), iv);
  cipher.setAAD(Buffer.from(orderId));
  const body = Buffer.concat([cipher.update(phone, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/** The number sealed for `orderId`, or undefined for anything else (an old cookie's plain number, another order's seal). */
function openPhone(shop: Shop, orderId: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealKey(shop), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(orderId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A parent with a few children's orders keeps each; older lookups give way. */
const MAX_GRANTS = 5;

function trackedCookie(shop: Shop): Cookie {
  // "/orders", not "/orders/track": with JavaScript the page's data comes from /orders/track.data, which a
  // cookie of path /orders/track is not sent to.
  return signedCookie(shop, TRACKED_ORDERS_COOKIE, { path: "/orders", maxAgeSeconds: TRACKING_GRANT_MINUTES * 60 });
}

function isGrant(value: unknown): value is Grant {
  const g = value as Grant;
  return typeof g === "object" && g !== null && typeof g.id === "string" && typeof g.phone === "string" && typeof g.until === "number";
}

async function grantsOf(request: Request, shop: Shop, now: number): Promise<Grant[]> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(TRACKED_ORDERS_COOKIE)) return [];
  const value: unknown = await trackedCookie(shop).parse(header);
  return Array.isArray(value) ? value.filter(isGrant).filter((g) => g.until > now).slice(0, MAX_GRANTS) : [];
}

/** The Set-Cookie that lets this visitor see `orderId` for a while, found with `phone`. */
export async function grantTracking(request: Request, shop: Shop, orderId: string, phone: string, now = Date.now()): Promise<string> {
  const others = (await grantsOf(request, shop, now)).filter((g) => g.id !== orderId);
  const grants = [{ id: orderId, phone: sealPhone(shop, orderId, phone), until: now + TRACKING_GRANT_MINUTES * 60_000 }, ...others].slice(0, MAX_GRANTS);
  return trackedCookie(shop).serialize(grants);
}

/**
 * The order `number` (its 8 characters or its id) if this visitor looked it up lately, checked
 * against its mobile number again (a number changed since finds nothing); else undefined.
 */
export async function trackedOrder(request: Request, shop: Shop, number: string, now = Date.now()) {
  const wanted = number.trim().replace(/^#/, "");
  if (!wanted) return undefined;
  const grant = (await grantsOf(request, shop, now)).find((g) => g.id === wanted.toLowerCase() || displayOrderId(g.id) === wanted.toUpperCase());
  const phone = grant && openPhone(shop, grant.id, grant.phone);
  if (!grant || !phone) return undefined;
  const found = await shop.orders.findOrderForTracking(grant.id, phone);
  return found && { ...found, phone };
}
