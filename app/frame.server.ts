import type { Shop } from "../services/index";
import { schoolMenu } from "./schools-menu.server";
import { frameCartCount } from "./cart/frame.server";
import { getShopper } from "./auth/session.server";

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
  void request;
  return {
    shopName: shop.config.shopName,
    schools: schoolMenu(),
    user: await frameUser(request, shop),
    cartCount: await frameCartCount(request, shop),
  };
}

async function frameUser(request: Request, shop: Shop): Promise<Frame["user"]> {
  const shopper = await getShopper(request, shop);
  return shopper && { name: shopper.name };
}
