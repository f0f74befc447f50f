/**
 * What the shop tells customers and itself about an order, and when. Pure text:
 * the reactor decides from events, workers only deliver.
 */
import { formatRupees } from "./money";
import { displayOrderId } from "./orders/order";
import type { OrderPlaced, OrderStatus } from "./orders/events";
import { trackingPath } from "./tracking";

/** Status changes the customer hears about by SMS. */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = ["shipped", "delivered", "cancelled"];

/** The tracking page's full address: the shop's public address (SHOP_URL, an origin without a slash) first. */
export function trackingUrl(shopUrl: string, orderId: string): string {
  return `${shopUrl}${trackingPath(displayOrderId(orderId))}`;
}

/**
 * A customer's texts name the order by the 8 characters the pages show and a parent can read
 * out on the phone (never the 36-character id), and link to its tracking page.
 */
export function orderPlacedSms(shopName: string, order: { orderId: string; total: number }, shopUrl: string): string {
  const number = displayOrderId(order.orderId);
  // The link goes last: a full stop after it would be taken as part of the address by some phones.
  return `${shopName}: thank you! We have your order ${number} for ${formatRupees(order.total)}. We will text you when it ships. Track it at ${trackingUrl(shopUrl, order.orderId)}`;
}

export function orderStatusSms(shopName: string, orderId: string, status: OrderStatus, shopUrl: string): string {
  const number = displayOrderId(orderId);
  const track = trackingUrl(shopUrl, orderId);
  switch (status) {
    case "shipped":
      return `${shopName}: your order ${number} has been shipped and is on its way to you. Track it at ${track}`;
    case "delivered":
      return `${shopName}: your order ${number} has been delivered. Thank you for shopping with us! Details: ${track}`;
    case "cancelled":
      return `${shopName}: your order ${number} has been cancelled. If you did not ask for this, please call us. Details: ${track}`;
    default:
      return `${shopName}: your order ${number} is now ${status}. Track it at ${track}`;
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
      `Order: ${displayOrderId(order.orderId)} (${order.orderId})`,
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
