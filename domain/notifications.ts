/**
 * What the shop tells customers and itself about an order, and when. Pure text:
 * the reactor decides from events, workers only deliver.
 */
import { CUSTOMER_TEXTS } from "./customer-texts";
import { DEFAULT_LANGUAGE, interpolate, LANGUAGE_NAME, type Language } from "./i18n";
import { formatPaise, formatRupees } from "./money";
import { displayOrderId, type OrderState } from "./orders/order";
import { awaitsPayment } from "./orders/payment";
import { MOVES } from "./orders/lifecycle";
import type { OrderPlaced, OrderStatus, PaymentMethod } from "./orders/events";
import { trackingPath } from "./tracking";
import { smsTemplate, type SmsMessageName, type SmsTemplate } from "./sms-templates";

/**
 * Why a message was not sent: a due reminder's order was paid, its payment reported, cancelled or deleted by then, or
 * is gone; or the shop's SMS budget was reached, which pauses a parent's texts with the sign-in codes (decision 195).
 */
export const SKIP_REASONS = ["paid", "reported", "cancelled", "deleted", "missing", "budget"] as const;
export type NotificationSkipReason = (typeof SKIP_REASONS)[number];

/**
 * Whether a UPI order's reminder is still wanted when it is due: undefined to send it, else why not.
 * Asked of the order's own stream at send time, since hours pass between planning and sending.
 */
export function reminderSkipReason(order: OrderState): NotificationSkipReason | undefined {
  if (!order.exists) return "missing";
  if (order.deleted) return "deleted";
  if (order.status === "cancelled") return "cancelled";
  if (awaitsPayment(order.payment)) return undefined;
  return order.payment.paid > 0 ? "paid" : "reported";
}

/** Statuses the customer may hear about by SMS: those a move of the lifecycle texts them about (./orders/lifecycle.ts). */
export const NOTIFIED_STATUSES: readonly OrderStatus[] = [...new Set(MOVES.filter((move) => move.message).map((move) => move.to))];

/** The tracking page's full address: the shop's public address (SHOP_URL, an origin without a slash) first. */
export function trackingUrl(shopUrl: string, orderId: string): string {
  return `${shopUrl}${trackingPath(displayOrderId(orderId))}`;
}

/** An order as its texts need it; an order from before offers and UPI has no charges and is cash on delivery. */
export interface TextedOrder {
  orderId: string;
  total: number;
  language?: Language;
  discountPercent?: number;
  discount?: number;
  delivery?: number;
  paymentMethod?: PaymentMethod;
}

/** What made up the total, in the order's language ("" when it is just the lines): "(10% off ₹353)". */
export function chargesText(order: TextedOrder, language: Language): string {
  const words = CUSTOMER_TEXTS[language].charges;
  const discount = order.discount ?? 0;
  const delivery = order.delivery ?? 0;
  const values = { percent: order.discountPercent ?? 0, discount: formatRupees(discount), delivery: formatRupees(delivery) };
  if (discount > 0 && delivery > 0) return interpolate(words.offerAndDelivery, values);
  if (discount > 0) return interpolate(words.offer, values);
  if (delivery > 0) return interpolate(words.delivery, values);
  return "";
}

/**
 * A customer's texts name the order by the 8 characters the pages show and a parent can read
 * out on the phone (never the 36-character id), and link to its tracking page. They speak the
 * language the order was placed in (OrderPlaced's `language`; an order from before Hindi, English).
 * The total is what is charged, with the offer and delivery that made it; a UPI order's text says
 * where to pay (`upiId`, the shop's SHOP_UPI_ID; unset, the order's page shows how).
 */
export function orderPlacedSms(shopName: string, order: TextedOrder, shopUrl: string, upiId?: string): string {
  const language = order.language ?? DEFAULT_LANGUAGE;
  const template = CUSTOMER_TEXTS[language].order[placedText(order, upiId)];
  return interpolate(template, {
    shop: shopName,
    number: displayOrderId(order.orderId),
    total: formatRupees(order.total),
    charges: chargesText(order, language),
    upiId: upiId ?? "",
    link: trackingUrl(shopUrl, order.orderId),
  });
}

/** The one reminder for a UPI order still unpaid: the amount due, the order number, where to pay. */
export function paymentReminderSms(
  shopName: string,
  order: { orderId: string; amount: number; language?: Language },
  shopUrl: string,
  upiId?: string,
): string {
  const texts = CUSTOMER_TEXTS[order.language ?? DEFAULT_LANGUAGE].payment;
  return interpolate(texts[upiId ? "reminder" : "reminderOnPage"], {
    shop: shopName,
    number: displayOrderId(order.orderId),
    amount: formatRupees(order.amount),
    upiId: upiId ?? "",
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

/** The text of an unpaid hold the shop cancelled past its time (decision 190): why, and to call if they paid. */
export function holdExpiredSms(shopName: string, orderId: string, shopUrl: string, language: Language = DEFAULT_LANGUAGE): string {
  return interpolate(CUSTOMER_TEXTS[language].order.holdExpired, {
    shop: shopName,
    number: displayOrderId(orderId),
    link: trackingUrl(shopUrl, orderId),
  });
}

/**
 * The text of a line the shop could not supply, dropped before dispatch (decision 204): which item, the order's new
 * total, and that what was paid above it comes back. In the order's language, under its own registered template.
 */
export function lineDroppedSms(
  shopName: string,
  drop: { orderId: string; line: { name: string; size: string; quantity: number }; total: number },
  shopUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): { body: string; template: SmsTemplate } {
  const body = interpolate(CUSTOMER_TEXTS[language].order.lineDropped, {
    shop: shopName,
    item: `${drop.line.name}${drop.line.size ? ` (${drop.line.size})` : ""} x ${drop.line.quantity}`,
    number: displayOrderId(drop.orderId),
    total: formatRupees(drop.total),
    link: trackingUrl(shopUrl, drop.orderId),
  });
  return { body, template: smsTemplate("orderLineDropped", language) };
}

export const holdExpiredTemplate = (language: Language = DEFAULT_LANGUAGE): SmsTemplate => smsTemplate("orderHoldExpired", language);

/** What a return's step tells the parent (decision 243): the shop said yes, has the goods back, made the exchange, refunded. */
export type ReturnStep = "approved" | "received" | "exchanged" | "refunded";

const RETURN_MESSAGE: Record<ReturnStep, SmsMessageName> = {
  approved: "returnApproved",
  received: "returnReceived",
  exchanged: "exchangeMade",
  refunded: "orderRefunded",
};

/** A return's step as the parent's text, in the order's language, and its registered template; `paise` for a refund (decision 209). */
export function returnStepSms(
  shopName: string,
  step: ReturnStep,
  order: { orderId: string; language?: Language; paise?: number },
  shopUrl: string,
): { body: string; template: SmsTemplate } {
  const language = order.language ?? DEFAULT_LANGUAGE;
  return {
    body: interpolate(CUSTOMER_TEXTS[language].returns[step], {
      shop: shopName,
      number: displayOrderId(order.orderId),
      amount: formatPaise(order.paise ?? 0),
      link: trackingUrl(shopUrl, order.orderId),
    }),
    template: smsTemplate(RETURN_MESSAGE[step], language),
  };
}

/** Which of the "placed" texts an order gets: cash on delivery, UPI to the shop's UPI ID, or UPI on the order's page. */
function placedText(order: Pick<TextedOrder, "paymentMethod">, upiId?: string): "placed" | "placedUpi" | "placedUpiOnPage" {
  return order.paymentMethod !== "upi" ? "placed" : upiId ? "placedUpi" : "placedUpiOnPage";
}

const PLACED_MESSAGE = { placed: "orderPlaced", placedUpi: "orderPlacedUpi", placedUpiOnPage: "orderPlacedUpiOnPage" } as const;

/** The registered template (DLT) of `orderPlacedSms`'s text for the same order. */
export function orderPlacedTemplate(order: Pick<TextedOrder, "paymentMethod" | "language">, upiId?: string): SmsTemplate {
  return smsTemplate(PLACED_MESSAGE[placedText(order, upiId)], order.language ?? DEFAULT_LANGUAGE);
}

/** The registered template of `paymentReminderSms`'s text. */
export function paymentReminderTemplate(language: Language = DEFAULT_LANGUAGE, upiId?: string): SmsTemplate {
  return smsTemplate(upiId ? "paymentReminder" : "paymentReminderOnPage", language);
}

const STATUS_MESSAGE: Partial<Record<OrderStatus, SmsMessageName>> = {
  shipped: "orderShipped",
  delivered: "orderDelivered",
  cancelled: "orderCancelled",
};

/** The registered template of `orderStatusSms`'s text; none for a status the shop does not text about (`NOTIFIED_STATUSES`). */
export function orderStatusTemplate(status: OrderStatus, language: Language = DEFAULT_LANGUAGE): SmsTemplate | undefined {
  const message = STATUS_MESSAGE[status];
  return message && smsTemplate(message, language);
}

/** How the customer pays, as the shop's staff read it. */
const PAYMENT_FOR_STAFF: Record<PaymentMethod, string> = {
  upi: "UPI (not paid yet: confirm the reference the customer reports against the bank statement)",
  cod: "cash on delivery",
};

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
    // The number the pages and the customer's SMS use: the one a parent reads out when they call.
    subject: `New order ${displayOrderId(order.orderId)}: ${formatRupees(order.total)}`,
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
      `Subtotal: ${formatRupees(order.subtotal)}`,
      `Offer: ${order.discount > 0 ? `${order.discountPercent}% off, -${formatRupees(order.discount)}` : "none"}`,
      `Delivery: ${order.delivery > 0 ? formatRupees(order.delivery) : "free"}`,
      `Total: ${formatRupees(order.total)}`,
      `Payment: ${PAYMENT_FOR_STAFF[order.paymentMethod]}`,
    ].join("\n"),
  };
}
