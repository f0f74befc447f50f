/**
 * "Order again" with next year's sizes (decision 133): an order of the parent's own, each line with the
 * size a year on (domain/kits/build.ts `nextYearSizes`, the chart's ages and the chosen child's age),
 * old and new side by side with the reason; nothing is added until the parent sends the one form, which
 * goes through the cart service as a kit does (every line priced and checked).
 */
import { data } from "@remix-run/node";
import { ageNow, wholeYearsBetween } from "../../domain/children/children";
import { findCatalogueProduct } from "../../domain/catalogue";
import { nameIn } from "../../domain/catalogue-words";
import { refusal } from "../../domain/errors";
import { nextYearSizes } from "../../domain/kits/build";
import type { Shop } from "../../services/index";
import { requireShopper } from "../auth/session.server";
import { childOf } from "../children/children-page.server";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { reasonText } from "./kit-page.server";

/** The parent's own order, or a 404 that says no more than the tracking page would. */
async function ownOrder(shop: Shop, userId: string, orderId: string | undefined) {
  const order = await shop.orders.getOrder(orderId ?? "");
  if (!order || order.deleted || order.userId !== userId) {
    throw data({ message: refusalText("en", refusal("kits.notThisOrder")) }, { status: 404 });
  }
  return order;
}

export async function reorderPage(shop: Shop, request: Request, orderId: string | undefined) {
  const shopper = await requireShopper(request, shop);
  const order = await ownOrder(shop, shopper.id, orderId);
  const lang = languageOf(request);
  const t = serverT(lang);
  const children = await shop.children.list(shopper.id);
  const child = await childOf(shop, shopper, new URL(request.url).searchParams.get("child"));
  const now = new Date();
  // Next year's sizes: at least a year on from the order, more when it is older.
  const years = Math.max(1, wholeYearsBetween(order.placedAt, now));
  const lines = nextYearSizes(order.lines, years, child ? ageNow(child, now) : undefined, await shop.sizes.charts()).map((line) => {
    const product = findCatalogueProduct(line.productId);
    return {
      productId: line.productId,
      name: product ? nameIn(lang, product) : line.name,
      quantity: line.quantity,
      oldSize: line.oldSize,
      newSize: line.newSize,
      sizes: product ? [...product.sizes] : [],
      reason: reasonText(t, line.reason),
    };
  });
  return data(
    {
      order: { id: order.id, displayId: order.displayId },
      children: children.map((c) => ({ id: c.id, name: c.name })),
      child: child ? { id: child.id, name: child.name } : null,
      lines,
      messages: routeMessages(request, "kits", "children"),
      refusals: refusalTable(request, "kits"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
