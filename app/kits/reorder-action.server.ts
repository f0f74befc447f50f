/** The reorder page's one submit (decision 133): the order's own items only, through the kit's path to the cart. */
import { refusal } from "../../domain/errors";
import type { Shop } from "../../services/index";
import type { Shopper } from "../auth/session.server";
import { formAnswer } from "../forms/form.server";
import { languageOf } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { addAllToCart } from "./kit-page.server";

export async function reorderAction(shop: Shop, request: Request, shopper: Shopper, orderId: string | undefined) {
  const order = await shop.orders.getOrder(orderId ?? "");
  if (!order || order.deleted || order.userId !== shopper.id) {
    return formAnswer({ status: "error", error: { "": [refusalText(languageOf(request), refusal("kits.notThisOrder"))] } }, 404);
  }
  const ordered = new Set(order.lines.map((line) => line.productId));
  return addAllToCart(shop, request, (productId) => ordered.has(productId));
}
