import type { Shop } from "../../services/index";
import { cartContext } from "./cart.server";

/** The navbar badge: the sum of quantities in this visitor's cart (0 without one). */
export async function frameCartCount(request: Request, shop: Shop): Promise<number> {
  const { owner } = await cartContext(request, shop);
  return owner ? shop.cart.count(owner) : 0;
}
