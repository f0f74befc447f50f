/**
 * What the shop tells customers and itself about an order, and when. Pure text:
 * the reactor decides from events, workers only deliver.
 */
import { CUSTOMER_TEXTS } from "./customer-texts";
import { DEFAULT_LANGUAGE, interpolate, LANGUAGE_NAME, type Language } from "./i18n";
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
 * out on the phone (never the 36-character id), and link to its tracking page. They speak the
 * language the order was placed in (OrderPlaced's `language`; an order from before Hindi, English).
 */
export function orderPlacedSms(
  shopName: string,
  order: { orderId: string; total: number; language?: Language },
  shopUrl: string,
): string {
  return interpolate(CUSTOMER_TEXTS[order.language ?? DEFAULT_LANGUAGE].order.placed, {
    shop: shopName,
    number: displayOrderId(order.orderId),
    total: formatRupees(order.total),
    link: trackingUrl(shopUrl, order.orderId),
  });
}

export function orderStatusSms(
  shopName: string,
  orderId: string,
  status: OrderStatus,
  shopUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const texts = CUSTOMER_TEXTS[language];
  const template = status === "shipped" || status === "delivered" || status === "cancelled" ? texts.order[status] : texts.order.changed;
  return interpolate(template, {
    shop: shopName,
    number: displayOrderId(orderId),
    status: texts.status[status],
    link: trackingUrl(shopUrl, orderId),
  });
}

/** The customer's language, as the shop's staff read it. */
const LANGUAGE_FOR_STAFF: Record<Language, string> = { en: "English", hi: `Hindi (${LANGUAGE_NAME.hi})` };

/**
 * The shop's own copy of a new order: everything needed to pack and deliver it. It goes to the
 * shop's staff, so it stays in English like the admin area; it says which language the customer
 * ordered in, so whoever calls them knows which to speak.
 */
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
      `Language: ${LANGUAGE_FOR_STAFF[order.language]}`,
      `Deliver to: ${a.name}, ${a.address}, ${a.city} ${a.pincode}, phone ${a.phone}`,
      "",
      ...lines,
      "",
      `Total: ${formatRupees(order.total)}`,
    ].join("\n"),
  };
}
