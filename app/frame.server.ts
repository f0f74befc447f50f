import type { Shop } from "../services/index";
import type { ShopContact } from "../domain/contact";
import type { Language } from "../domain/i18n";
import type { CartBadge, ShopperFrame } from "../domain/shopper-frame";
import { schoolMenu } from "./schools-menu.server";
import { cartContext, requestCart } from "./cart/cart.server";
import { cartCount } from "../domain/cart";
import { serverT } from "./i18n/i18n.server";

export type { CartBadge, ShopperFrame };

/**
 * What the shared frame (navbar, footer) needs on every page: the shop's own parts, the same for
 * everyone, and the shopper's.
 */
export interface Frame extends ShopperFrame {
  shopName: string;
  /** The shop's phone, email, WhatsApp and social pages: the same for everyone, so a cached page may carry them. */
  contact: ShopContact;
  schools: { name: string; slug: string }[];
  /** Who is shopping could not be looked up (the database failed): the navbar claims neither way. */
  shopperUnknown?: true;
}

/**
 * Who is shopping, as the frame shows it; null when it could not be looked up (the database
 * failed). The web server asks this (through app/entry.server.tsx) before it fills a kept page in
 * for a shopper; the root loader asks it for every page it renders.
 */
export async function shopperFrame(request: Request, shop: Shop, lang: Language): Promise<ShopperFrame | null> {
  try {
    // One lookup of who is shopping serves both the Account link and the cart badge.
    const { shopper, owner } = await cartContext(request, shop);
    const count = owner ? cartCount((await requestCart(request, shop, owner)).state) : 0;
    return { signedIn: shopper !== null, badge: count > 0 ? cartBadge(count, lang) : null };
  } catch (err) {
    // A thrown Response is an answer (a redirect), not a failed lookup.
    if (err instanceof Response) throw err;
    console.error(`frame: shopper lookup failed: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
}

// Worded once per language and count: the badge is filled into nearly every page a parent with
// a cart opens, and the same few counts come up again and again.
const badges = new Map<string, CartBadge>();

export function cartBadge(count: number, lang: Language): CartBadge {
  const key = `${lang} ${count}`;
  let badge = badges.get(key);
  if (!badge) {
    badge = Object.freeze({ count: String(count), label: serverT(lang)("server:cartCount", { count }) });
    // A cart holds at most a few dozen things; the cap only guards against a count never seen in a shop.
    if (badges.size < 1000) badges.set(key, badge);
  }
  return badge;
}

/**
 * The frame of a page. `given`: the shopper's part already looked up by the web server (or the
 * placeholders of a page it keeps for every shopper of one kind, decision 106).
 */
export async function loadFrame(request: Request, shop: Shop, lang: Language, given?: ShopperFrame): Promise<Frame> {
  const frame = { shopName: shop.config.shopName, contact: shop.config.contact, schools: schoolMenu() };
  const shopper = given ?? (await shopperFrame(request, shop, lang));
  // The root loader failing would take the frame with it, and with it the shop's name on
  // the very error page that explains the failure. The page's own loader still reports it.
  if (!shopper) return { ...frame, signedIn: false, badge: null, shopperUnknown: true };
  return { ...frame, ...shopper };
}
