/**
 * What the confirmation, tracking and account pages share about paying an order (decision 101):
 * the lines of its money as the read model keeps them, the UPI panel for an unpaid UPI order,
 * and the "UPI reference" form's action. The pages decide who may see and pay which order;
 * this only acts on an order they have already allowed.
 */
import { z } from "zod";
import { isRuleViolation, refusal } from "../../domain/errors";
import type { Language } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import type { Actor, PaymentMethod, PaymentStanding } from "../../domain/orders/events";
import { UPI_REFERENCE_MESSAGE, upiPayLink, type UpiPayee } from "../../domain/orders/upi";
import type { OrderSummary } from "../../services/order-queries";
import type { Shop } from "../../services/index";
import type { Shopper } from "../auth/session.server";
import type { UpiPayPanelProps } from "../components/UpiPayPanel";
import { formAnswer, readPageForm, refusalStatus } from "../forms/form.server";
import { refusalIn, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { upiQrSvg } from "./upi-qr.server";

/** The longest reference the form reads: 12 digits, with the spaces and dashes apps group them by. */
const REFERENCE_MAX_CHARS = 40;

/** The "UPI reference (12 digits)" form; `orderId` (and on tracking `phone`) name the order as the page showed it. */
export const upiReferenceForm = z.object({
  intent: z.literal("report", { error: "Please send this form from the shop's page." }),
  reference: z.string({ error: UPI_REFERENCE_MESSAGE }),
  orderId: z.string({ error: "Please send this form from the shop's page." }).optional(),
  phone: z.string().optional(),
});

export const UPI_REFERENCE_FORM_LIMITS = {
  maxLength: { reference: REFERENCE_MAX_CHARS, orderId: 64, phone: 20 },
  labels: { reference: "UPI reference", orderId: "Order", phone: "Mobile number" },
  pageFields: ["intent", "orderId", "phone"],
} as const;

/** What the pages show of an order's money, all read from the order (never worked out again). */
export interface OrderMoney {
  subtotal: number;
  discount: number;
  /** The offer's percent, read back from the recorded discount. */
  discountPercent: number;
  delivery: number;
  total: number;
  method: PaymentMethod;
  standing: PaymentStanding;
  /** Paise given back (decision 209). */
  refundedPaise: number;
  /** Whether the page offers the UPI panel and the reference form. */
  awaitsUpi: boolean;
}

export function orderMoney(order: OrderSummary): OrderMoney {
  return {
    subtotal: order.subtotal,
    discount: order.discount,
    discountPercent: order.discountPercent,
    delivery: order.delivery,
    total: order.total,
    method: order.paymentMethod,
    standing: order.paymentStatus,
    refundedPaise: order.refundedPaise,
    awaitsUpi: order.paymentMethod === "upi" && order.paymentStatus === "unpaid" && order.status !== "cancelled" && !order.deleted,
  };
}

/** The UPI panel's props for an order awaiting its UPI payment, with the QR code drawn here; null otherwise. */
export function upiPanelFor(upi: UpiPayee | undefined, order: OrderSummary, lang: Language): UpiPayPanelProps | null {
  if (!upi || !orderMoney(order).awaitsUpi) return null;
  const link = upiPayLink(upi, order.total, order.displayId);
  const amountText = formatRupees(order.total);
  const label = serverT(lang)("payment:upi.qrLabel", { amount: amountText, name: upi.name, order: order.displayId });
  return { svg: upiQrSvg(link, label), link, amountText, payeeName: upi.name, vpa: upi.vpa, orderNumber: order.displayId };
}

/** Who reports: the signed-in customer, else the guest by the name on the order. */
export function reportingActor(shopper: Shopper | null, order: OrderSummary): Actor {
  return shopper ? { kind: "customer", id: shopper.id, name: shopper.name } : { kind: "guest", name: order.customerName };
}

/**
 * The field message the reference form's schema words in English, for the page's `refusals` (shown by
 * the form in the page's language). Only this: the rules' own refusals are worded here (`refusalText`).
 */
export function referenceRefusals(lang: Language): Record<string, string> {
  return lang === "en" ? {} : { [UPI_REFERENCE_MESSAGE]: refusalIn(lang, UPI_REFERENCE_MESSAGE) };
}

/**
 * The reference form's action, once the page has found the order and decided the visitor may pay it:
 * `{ reported: true }`, or the refusal by the field (422 a malformed reference, 409 one already used).
 */
export async function reportUpiReference(
  shop: Shop,
  lang: Language,
  form: { reference: string; refuse: (message: Readonly<Record<string, string>>, status?: ReturnType<typeof refusalStatus>) => ReturnType<typeof formAnswer> },
  order: OrderSummary,
  actor: Actor,
) {
  // A cash order has no reference to report: said when a forged form tries.
  if (order.paymentMethod !== "upi") return form.refuse({ reference: refusalText(lang, refusal("payment.notUpi")) }, 409);
  try {
    // `pay` waits until the read model has the report: the page the parent comes back to already says "reported".
    await shop.orders.pay(order.id, (at) => ({ type: "ReportPayment", reference: form.reference, actor, at }));
    return { reported: true as const };
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse({ reference: refusalText(lang, err) }, refusalStatus(err.status));
  }
}

/** Reads the reference form through the one pipeline (app/forms/form.server.ts). */
export function readUpiReferenceForm(request: Request) {
  return readPageForm(request, upiReferenceForm, UPI_REFERENCE_FORM_LIMITS);
}
