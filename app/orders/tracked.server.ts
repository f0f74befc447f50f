/**
 * The orders a visitor has looked up on the tracking page (decision 083's throttle guards the
 * lookup): the lookup is a POST (the order number and the mobile number), and its answer a redirect
 * to `/orders/track?orderId=<number>` with this cookie, so the result page is a plain GET a reload
 * or the back button shows again without a resubmission prompt, and the mobile number is in no
 * address, history entry or request log. The cookie is signed, httpOnly, sent only under /orders (the
 * tracking page and its data), and good for TRACKING_GRANT_MINUTES; each use checks the number against
 * the order again.
 */
import type { Cookie } from "@remix-run/node";
import { signedCookie } from "../signed-cookie.server";
import { TRACKED_ORDERS_COOKIE } from "../../domain/cookies";
import { displayOrderId } from "../../domain/orders/order";
import { TRACKING_GRANT_MINUTES } from "../../domain/tracking";
import type { Shop } from "../../services/index";

/** One order looked up: its id, the mobile number that found it, and until when (ms) the page shows it. */
interface Grant {
  id: string;
  phone: string;
  until: number;
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
  const grants = [{ id: orderId, phone, until: now + TRACKING_GRANT_MINUTES * 60_000 }, ...others].slice(0, MAX_GRANTS);
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
  if (!grant) return undefined;
  const found = await shop.orders.findOrderForTracking(grant.id, grant.phone);
  return found && { ...found, phone: grant.phone };
}
