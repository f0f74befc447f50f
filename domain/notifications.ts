/**
 * What the shop tells customers and itself about an order, and when. Pure text:
 * the reactor decides from events, workers only deliver.
 */
import { formatRupees } from "./money";
import type { OrderPlaced, OrderStatus } from "./orders/events";

/** Status changes the customer hears about by SMS. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = ["shipped", "delivered", "cancelled"];

export function orderPlacedSms(shopName: string, order: { orderId: string; total: number }): string {
  return `${shopName}: thank you! We have your order ${order.orderId} for ${formatRupees(order.total)}. We will text you when it ships.`;
}

export function orderStatusSms(shopName: string, orderId: string, status: OrderStatus): string {
  switch (status) {
    case "shipped":
      return `${shopName}: your order ${orderId} has been shipped and is on its way to you.`;
    case "delivered":
      return `${shopName}: your order ${orderId} has been delivered. Thank you for shopping with us!`;
    case "cancelled":
      return `${shopName}: your order ${orderId} has been cancelled. If you did not ask for this, please call us.`;
    default:
      return `${shopName}: your order ${orderId} is now ${status}.`;
  }
}

/** The shop's own copy of a new order: everything needed to pack and deliver it. */
export function orderPlacedEmail(shopName: string, order: OrderPlaced["data"]): { subject: string; text: string } {
  const lines = order.lines.map((l) => {
    const what = [l.name, l.school, l.size && `size ${l.size}`].filter(Boolean).join(", ");
    return `- ${l.quantity} x ${what} @ ${formatRupees(l.unitPrice)} = ${formatRupees(l.unitPrice * l.quantity)}`;
  });
  const a = order.address;
  return {
    subject: `New order ${order.orderId}: ${formatRupees(order.total)}`,
    text: [
      `A new order reached ${shopName}.`,
      "",
      `Order: ${order.orderId}`,
      `Placed: ${order.placedAt}`,
      `Customer: ${order.customer.name} (${order.customer.kind}), phone ${order.customer.phone}` +
        (order.customer.email ? `, email ${order.customer.email}` : ""),
      `Deliver to: ${a.name}, ${a.address}, ${a.city} ${a.pincode}, phone ${a.phone}`,
      "",
      ...lines,
      "",
      `Total: ${formatRupees(order.total)}`,
    ].join("\n"),
  };
}
