import { createCookie, type Cookie } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type { Shop } from "../../services/index";
import type { CartOwner } from "../../services/cart";
import { getShopper, type Shopper } from "../auth/session.server";

export const GUEST_CART_COOKIE = "shop_cart";
const GUEST_CART_DAYS = 180;
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// One cookie object per shop (one shop per process; tests start several).
const cookies = new WeakMap<object, Cookie>();

/** A guest's cart is found by a random token in a signed, httpOnly, SameSite=Lax cookie. */
export function guestCartCookie(shop: Shop): Cookie {
  let cookie = cookies.get(shop.db);
  if (!cookie) {
    cookie = createCookie(GUEST_CART_COOKIE, {
      httpOnly: true,
      sameSite: "lax",
      secure: shop.config.production,
      path: "/",
      maxAge: GUEST_CART_DAYS * 86400,
      secrets: [shop.sessionSecret],
    });
    cookies.set(shop.db, cookie);
  }
  return cookie;
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

export interface CartContext {
  shopper: Shopper | null;
  /** null: a guest who has never added anything (no cart yet). */
  owner: CartOwner | null;
}

// The root loader (badge) and a cart page's loader ask the same question about the same request.
const contexts = new WeakMap<Request, Promise<CartContext>>();

/** Whose cart this request sees: the signed-in shopper's, else the guest cookie's. Asked once per request. */
export function cartContext(request: Request, shop: Shop): Promise<CartContext> {
  let context = contexts.get(request);
  if (!context) {
    context = resolveCartContext(request, shop);
    contexts.set(request, context);
    // A failed lookup is not remembered: the next caller asks again.
    context.catch(() => contexts.delete(request));
  }
  return context;
}

async function resolveCartContext(request: Request, shop: Shop): Promise<CartContext> {
  const shopper = await getShopper(request, shop);
  if (shopper) return { shopper, owner: { kind: "user", userId: shopper.id } };
  const token = await readGuestToken(request, shop);
  return { shopper: null, owner: token ? { kind: "guest", token } : null };
}

/** For a change: a guest without a cart gets a token now, and the cookie to keep it. */
export async function cartOwnerForWrite(
  request: Request,
  shop: Shop,
): Promise<{ shopper: Shopper | null; owner: CartOwner; setCookie?: string }> {
  const context = await cartContext(request, shop);
  if (context.owner) return { shopper: context.shopper, owner: context.owner };
  const token = randomUUID();
  return {
    shopper: null,
    owner: { kind: "guest", token },
    setCookie: await guestCartCookie(shop).serialize(token),
  };
}
