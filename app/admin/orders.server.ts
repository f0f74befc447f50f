import type { z } from "zod";
import type { orderRowForm } from "../../domain/forms/admin";
import type { PaymentStep } from "../../domain/forms/admin-payments";
import type { DropStep } from "../../domain/forms/admin-returns";
import type { PaymentCommand } from "../../domain/orders/payment";
import type { Actor } from "../../domain/orders/events";
import { checkOrderStatus } from "../../domain/orders/intents";
import { addressLine } from "../../domain/orders/describe";
import { describeItems } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import { formatDateTime, type Language } from "../../domain/i18n";
import { isRuleViolation, refusal, type Refusal, type RuleViolation } from "../../domain/errors";
import type { Shop } from "../../services/index";
import { GatewayError } from "../../services/gateway/razorpay";
import type { OrderSummary } from "../../services/orders";
import type { Admin } from "../auth/session.server";

// domain/i18n.ts makes one formatter per language and precision, once: the dashboard prints fifty times a page
// (decision 075), and a Hindi page names the part of the day in Hindi, never "pm".
function timeIn(at: Date | string, lang: Language, timeStyle: "medium" | "short"): string {
  return formatDateTime(at, lang, { dateStyle: "medium", timeStyle });
}

/** A dashboard row's time, to the minute: the seconds are on the order's page, and the row needs the width (decision 138). */
const rowTime = (at: Date, lang: Language) => timeIn(at, lang, "short");

/**
 * An order's time as the shop in Churu reads it: India Standard Time, to the second (the trail
 * orders events by it), in the page's language. `formatDateTime` of domain/i18n.ts with seconds.
 */
export function adminTime(at: Date | string, lang: Language): string {
  return timeIn(at, lang, "medium");
}

const ADMIN_COUNT = new Map<Language, Intl.NumberFormat>();

/**
 * A count as every admin page writes it, in Indian grouping (1,00,000): the dashboard's order
 * counts and the notifications page's alike, so 12,345 texts never read as 12345.
 */
export function adminCount(n: number, lang: Language): string {
  let format = ADMIN_COUNT.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === "hi" ? "hi-IN" : "en-IN");
    ADMIN_COUNT.set(lang, format);
  }
  return format.format(n);
}

export function adminActor(admin: Pick<Admin, "id" | "name" | "email">): Actor {
  return { kind: "admin", id: admin.id, name: admin.name || admin.email || "Admin" };
}

/**
 * One dashboard row, ready to print. Only what the row shows: the links to the order's pages
 * are built while rendering from the id and the page's one back link (`orderPageLinks` in domain/admin-orders.ts), not
 * shipped per row in the loader data, which is serialised into every page.
 */
export function orderRow(order: OrderSummary, lang: Language) {
  return {
    id: order.id,
    displayId: order.displayId,
    userId: order.userId,
    customerName: order.customerName,
    phone: order.phone,
    email: order.email,
    placedAt: rowTime(order.placedAt, lang),
    placedAtIso: order.placedAt.toISOString(),
    address: addressLine(order.address),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    // Only a reported reference waits for the owner's check against the bank statement.
    reportedReference: order.paymentStatus === "reported" ? order.paymentReference : null,
    total: formatRupees(order.total),
    items: describeItems(order.lines),
    deleted: order.deleted,
  };
}

/** A change to one order, as the dashboard's row form (domain/forms/admin.ts) reads it. */
export type OrderIntent = z.output<typeof orderRowForm>;

/** Done, with the admin's notice, or refused: the rule's refusal as data, which the page words in its language (`refusalText`). */
export type IntentOutcome = { ok: true; message: string } | { ok: false; status: RuleViolation["status"]; refusal: Refusal };

/**
 * One admin command on an order, as the admin: a status change, 'Mark paid' or the
 * delete tombstone. The service waits until the orders read model shows the change
 * (read your writes), so the page the admin lands on already has it. A refusal from
 * the decider comes back as data, never a 500.
 */
export async function runOrderIntent(shop: Shop, admin: Admin, intent: OrderIntent): Promise<IntentOutcome> {
  const actor = adminActor(admin);
  try {
    switch (intent.intent) {
      case "status": {
        // An unknown status is refused before the order is looked up, as the /api does.
        const status = checkOrderStatus(intent.status);
        const result = await shop.orders.changeStatus(intent.orderId, status, actor);
        return { ok: true, message: result.changed ? `Status set to ${status}.` : `The status was already ${status}.` };
      }
      case "paid": {
        const result = await shop.orders.markPaid(intent.orderId, actor);
        return { ok: true, message: result.changed ? "Marked as paid." : "The order was already paid." };
      }
      case "delete": {
        const result = await shop.orders.deleteOrder(intent.orderId, actor);
        return { ok: true, message: result.changed ? "The order was deleted." : "The order was already deleted." };
      }
    }
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, status: err.status, refusal: refusal(err.key, err.values) };
    throw err;
  }
}

/** A payment step of the order page's forms as the order decider's command, by the admin. */
export function paymentCommandOf(step: Exclude<PaymentStep, { intent: "gatewayRefund" }>, actor: Actor, at: string): PaymentCommand {
  switch (step.intent) {
    case "confirm":
      return { type: "ConfirmPayment", reference: step.reference, note: step.note, actor, at };
    case "reject":
      return { type: "RejectPayment", note: step.note ?? "", actor, at };
    case "cash":
      return { type: "CollectCash", actor, at };
    case "refund":
      return { type: "RefundPayment", paise: step.amount, method: step.method, reference: step.reference, note: step.note, actor, at };
  }
}

export type PaymentOutcome = { ok: true; changed: boolean } | { ok: false; status: RuleViolation["status"] | 503; refusal: Refusal };

/**
 * One payment step on the order page, as the admin (`shop.orders.pay`): the service waits
 * until the read model shows it, so the dashboard the admin goes back to already has it.
 * A refusal of the decider (409/422) comes back as data, never a 500.
 */
export async function runPaymentStep(shop: Shop, admin: Admin, orderId: string, step: PaymentStep): Promise<PaymentOutcome> {
  const actor = adminActor(admin);
  try {
    if (step.intent === "gatewayRefund") {
      // Asked of the gateway; on the order once it says the refund is processed (now, or by its webhook).
      await shop.orders.refundThroughGateway(orderId, step.amount, step.note ?? "", actor);
      return { ok: true, changed: true };
    }
    const result = await shop.orders.pay(orderId, (at) => paymentCommandOf(step, actor, at));
    return { ok: true, changed: result.changed };
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, status: err.status, refusal: refusal(err.key, err.values) };
    // The gateway did not answer, or answered something else than asked: nothing was recorded, the owner may try again.
    if (err instanceof GatewayError) return { ok: false, status: 503, refusal: refusal("gateway.refundUnavailable") };
    throw err;
  }
}

/**
 * A line dropped before dispatch from the order page's confirmation (decision 204): the line as `lineKey` wrote it
 * ("productId|size|school"), the pieces as typed; the order decider refuses what it cannot drop, by its key.
 */
export async function runDropStep(shop: Shop, admin: Admin, orderId: string, step: DropStep): Promise<PaymentOutcome> {
  const parts = (step.line ?? "").split("|");
  const school = parts.pop() ?? "";
  const size = parts.pop() ?? "";
  const typed = step.quantity?.trim() ?? "";
  try {
    const result = await shop.orders.dropLine(
      orderId,
      { line: { productId: parts.join("|"), size, school }, ...(typed ? { quantity: Number(typed) } : {}), note: step.note },
      adminActor(admin),
    );
    return { ok: true, changed: result.changed };
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, status: err.status, refusal: refusal(err.key, err.values) };
    throw err;
  }
}
