import { randomUUID } from "node:crypto";
import type { Shop } from "../../services/index";
import { cartIdOf, type CartOwner, type CartView } from "../../services/cart";
import type { CartState } from "../../domain/cart";
import type { Loaded } from "../../eventstore/command-handler";
import { getShopper, type Shopper } from "../auth/session.server";
import { guestCartCookie, readGuestToken } from "./guest-cookie.server";

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

// The root loader's badge and the cart or checkout page's lines read the same cart stream: once a request.
const carts = new WeakMap<Request, Promise<Loaded<CartState>>>();

/**
 * The cart of this request's shopper as it stands, read once per request by the loaders that show it.
 * Actions change the cart through the cart service and do not use this: a page's loaders read it after.
 */
export async function requestCart(request: Request, shop: Shop, owner: CartOwner): Promise<Loaded<CartState>> {
  let cart = carts.get(request);
  if (!cart) {
    cart = shop.cart.load(cartIdOf(owner));
    carts.set(request, cart);
    cart.catch(() => carts.delete(request));
  }
  return cart;
}

/** The cart's lines priced now, for a page of this request. */
export async function requestCartView(request: Request, shop: Shop, owner: CartOwner): Promise<CartView> {
  const { state, revision } = await requestCart(request, shop, owner);
  return shop.cart.priceCart(cartIdOf(owner), state, revision);
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
