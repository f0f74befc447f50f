import { describeItems } from "../../domain/orders/order";
import type { Shop } from "../../services/index";
import type { OrderHistoryRow } from "../components/OrderHistory";

/** The signed-in user's orders for the account page, newest first. */
export async function loadOrderHistory(shop: Shop, userId: string): Promise<OrderHistoryRow[]> {
  const orders = await shop.orders.getOrderHistory(userId);
  return orders.map((order) => ({
    id: order.id,
    displayId: order.displayId,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    total: order.total,
    items: describeItems(order.lines),
  }));
}
