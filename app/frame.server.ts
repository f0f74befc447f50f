import type { Shop } from "../services/index";
import type { ShopContact } from "../domain/contact";
import { schoolMenu } from "./schools-menu.server";
import { cartContext } from "./cart/cart.server";

/**
 * What the shared frame (navbar, footer) needs on every page. Features fill in
 * the signed-in user and the cart badge.
 */
export interface Frame {
  shopName: string;
  /** The shop's phone, email, WhatsApp and social pages: the same for everyone, so a cached page may carry them. */
  contact: ShopContact;
  schools: { name: string; slug: string }[];
  user: { name: string } | null;
  cartCount: number;
  /** Who is shopping could not be looked up (the database failed): the navbar claims neither way. */
  shopperUnknown?: true;
}

export async function loadFrame(request: Request, shop: Shop): Promise<Frame> {
  const frame = { shopName: shop.config.shopName, contact: shop.config.contact, schools: schoolMenu() };
  try {
    // One lookup of who is shopping serves both the navbar's name and the cart badge.
    const { shopper, owner } = await cartContext(request, shop);
    return { ...frame, user: shopper && { name: shopper.name }, cartCount: owner ? await shop.cart.count(owner) : 0 };
  } catch (err) {
    // The root loader failing would take the frame with it, and with it the shop's name on
    // the very error page that explains the failure. The page's own loader still reports it.
    if (err instanceof Response) throw err;
    console.error(`frame: shopper lookup failed: ${err instanceof Error ? err.message : String(err)}`);
    return { ...frame, user: null, cartCount: 0, shopperUnknown: true };
  }
}
