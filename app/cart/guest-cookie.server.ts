import type { Cookie } from "@remix-run/node";
import { signedCookie } from "../signed-cookie.server";
import type { Shop } from "../../services/index";
import { GUEST_CART_COOKIE } from "../../domain/cookies";

// The guest cart's cookie, apart from cart.server.ts: sign-in (app/auth) clears it after the merge
// without importing the cart's context, which itself asks the session who is signed in.

const GUEST_CART_DAYS = 180;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A guest's cart is found by a random token in a signed, httpOnly, SameSite=Lax cookie. */
export function guestCartCookie(shop: Shop): Cookie {
  return signedCookie(shop, GUEST_CART_COOKIE, { path: "/", maxAgeSeconds: GUEST_CART_DAYS * 86400 });
}

/** The guest token from the cookie, or null (no cookie, or a signature that does not check out). */
export async function readGuestToken(request: Request, shop: Shop): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header || !header.includes(GUEST_CART_COOKIE)) return null;
  const value: unknown = await guestCartCookie(shop).parse(header);
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

export function clearGuestCookie(shop: Shop): Promise<string> {
  return guestCartCookie(shop).serialize("", { maxAge: 0, expires: new Date(0) });
}
