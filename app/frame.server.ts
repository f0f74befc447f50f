import type { Shop } from "../services/index";
import type { ShopContact } from "../domain/contact";
import type { Language } from "../domain/i18n";
import { schoolMenu } from "./schools-menu.server";
import { cartContext, requestCart } from "./cart/cart.server";
import { cartCount } from "../domain/cart";
import { serverT } from "./i18n/i18n.server";

/** The navbar's cart badge: the count it shows and the words a screen reader says, in the page's language. */
export interface CartBadge {
  count: string;
  label: string;
}

/**
 * The shopper's own part of the frame: whether they are signed in (the navbar offers Account and Logout
 * instead of Login and Sign up) and their cart badge (null: nothing in the cart). The name is not here: the
 * frame never shows it.
 */
export interface ShopperFrame {
  signedIn: boolean;
  badge: CartBadge | null;
}

/**
 * What the shared frame (navbar, footer) needs on every page: the shop's own parts, the same for
 * everyone, and the shopper's.
 */
export interface Frame extends ShopperFrame {
  shopName: string;
  /** The shop's phone, email, WhatsApp and social pages: the same for everyone, so a cached page may carry them. */
  contact: ShopContact;
  schools: readonly { name: string; slug: string }[];
  /** Who is shopping could not be looked up (the database failed): the navbar claims neither way. */
  shopperUnknown?: true;
}

/** Who is shopping, as the frame shows it; null when it could not be looked up (the database failed). */
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

// Worded once per language and count: the badge is on nearly every page a parent with a cart
// opens, and the same few counts come up again and again.
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

/** The frame of a page. */
export async function loadFrame(request: Request, shop: Shop, lang: Language): Promise<Frame> {
  const frame = { shopName: shop.config.shopName, contact: shop.config.contact, schools: schoolMenu(lang) };
  const shopper = await shopperFrame(request, shop, lang);
  // The root loader failing would take the frame with it, and with it the shop's name on
  // the very error page that explains the failure. The page's own loader still reports it.
  if (!shopper) return { ...frame, signedIn: false, badge: null, shopperUnknown: true };
  return { ...frame, ...shopper };
}
