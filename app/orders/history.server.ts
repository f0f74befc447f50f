import type { Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import { describeItemsIn } from "../catalogue-words.server";
import { orderLinePictures } from "../pictures.server";
import type { OrderHistoryRow } from "../components/OrderHistory";
import { orderMoney } from "../payments/report.server";

/** The signed-in user's orders for the account page, newest first. */
export async function loadOrderHistory(shop: Shop, userId: string, language: Language): Promise<OrderHistoryRow[]> {
  const orders = await shop.orders.getOrderHistory(userId);
  // The lines' pictures: the main photo, else the drawing in the school's colours (decision 140).
  const pictures = await orderLinePictures(shop, language, orders);
  return Promise.all(orders.map(async (order, i) => ({
    id: order.id,
    displayId: order.displayId,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    total: order.total,
    items: await describeItemsIn(shop, language, order.lines),
    pictures: pictures[i],
    money: orderMoney(order),
  })));
}
