import type { Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import { describeItemsIn } from "../catalogue-words.server";
import type { OrderHistoryRow } from "../components/OrderHistory";
import { orderMoney } from "../payments/report.server";

/** The signed-in user's orders for the account page, newest first. */
export async function loadOrderHistory(shop: Shop, userId: string, language: Language): Promise<OrderHistoryRow[]> {
  const orders = await shop.orders.getOrderHistory(userId);
  return Promise.all(orders.map(async (order) => ({
    id: order.id,
    displayId: order.displayId,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    total: order.total,
    items: await describeItemsIn(shop, language, order.lines),
    money: orderMoney(order),
  })));
}
