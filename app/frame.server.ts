import type { Shop } from "../services/index";
import { schoolMenu } from "./schools-menu.server";
import { cartContext } from "./cart/cart.server";

/**
 * What the shared frame (navbar, footer) needs on every page. Features fill in
 * the signed-in user and the cart badge.
 */
export interface Frame {
  shopName: string;
  schools: { name: string; slug: string }[];
  user: { name: string } | null;
  cartCount: number;
}

export async function loadFrame(request: Request, shop: Shop): Promise<Frame> {
  // One lookup of who is shopping serves both the navbar's name and the cart badge.
  const { shopper, owner } = await cartContext(request, shop);
  return {
    shopName: shop.config.shopName,
    schools: schoolMenu(),
    user: shopper && { name: shopper.name },
    cartCount: owner ? await shop.cart.count(owner) : 0,
  };
}
