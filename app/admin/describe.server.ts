/**
 * An order's events as the admin's audit trail prints them, in the page's language. The same
 * four columns as domain/orders/describe.ts (which keeps the English wording for everything
 * that is not a page); the stored values (statuses, names, addresses) stay as recorded, and
 * statuses are shown by their labels (`account:status.*`, `account:paymentStatus.*`).
 */
import { formatPaisa } from "../../domain/tax/lines";
import type { Actor, OrderEvent } from "../../domain/orders/events";
import { deliveryLine, returnLinesText, type OrderEventDescription } from "../../domain/orders/describe";
import { describeItems, displayOrderId } from "../../domain/orders/order";
import { formatPaise, formatRupees } from "../../domain/money";
import type { T } from "../i18n/I18n";

/**
 * "Admin: Asha", "Guest: Ravi", "System"; "Unknown" when an event names nobody. An admin the
 * loader looked up by id (app/admin/admins.server.ts, decision 104) also shows their email.
 */
export function actorIn(t: T, actor: (Actor & { email?: string | null }) | undefined): string {
  if (!actor) return t("admin:event.actor.unknown");
  const who = t(`admin:event.actor.${actor.kind}`);
  if (!actor.name) return who;
  return t("admin:event.actorNamed", { who, name: actor.email ? `${actor.name} (${actor.email})` : actor.name });
}

/** The order's money as the trail's details say it: the total, or its parts when an offer or delivery changed it. */
export function chargesIn(t: T, d: { subtotal: number; discountPercent: number; discount: number; delivery: number; total: number }): string {
  const total = t("payment:charges.total", { amount: formatRupees(d.total) });
  if (d.discount === 0 && d.delivery === 0) return total;
  return [
    t("payment:charges.subtotal", { amount: formatRupees(d.subtotal) }),
    d.discount > 0 ? t("payment:charges.discount", { percent: d.discountPercent, amount: formatRupees(d.discount) }) : "",
    d.delivery > 0 ? t("payment:charges.delivery", { amount: formatRupees(d.delivery) }) : "",
    total,
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * One event of an order's stream as the trail prints it, in `t`'s language. `nameOf` names a product
 * by its id (a return's and an exchange's lines carry only ids; the order's lines have the names).
 */
export function describeOrderEventIn(t: T, e: OrderEvent, nameOf: (productId: string) => string = (id) => id): OrderEventDescription {
  const status = (value: string) => t(`account:status.${value}`);
  const payment = (value: string) => t(`account:paymentStatus.${value}`);
  switch (e.type) {
    case "OrderPlaced": {
      const d = e.data;
      return {
        what: t("admin:event.placed"),
        by: actorIn(t, { kind: d.customer.kind === "user" ? "customer" : "guest", id: d.customer.userId, name: d.customer.name }),
        change: t("admin:event.placedChange", { status: status("pending"), payment: payment("pending") }),
        details: t("admin:event.placedDetails", { items: describeItems(d.lines), total: chargesIn(t, d), address: deliveryLine(d.address) }),
      };
    }
    case "PaymentRequested":
      return {
        what: t("payment:event.requested"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.requestedChange", { method: t(`payment:method.${e.data.method}`) }),
        details: t("payment:event.requestedDetails", { amount: formatRupees(e.data.amount) }),
      };
    case "PaymentReported":
      return {
        what: t("payment:event.reported"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.reportedChange"),
        details: t("payment:event.referenceDetails", { reference: e.data.reference }),
      };
    case "PaymentConfirmed":
      return {
        what: t("payment:event.confirmed"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.paidChange"),
        details: [
          t("payment:event.receivedDetails", { amount: formatRupees(e.data.amount) }),
          e.data.reference && t("payment:event.referenceDetails", { reference: e.data.reference }),
          e.data.note,
        ]
          .filter(Boolean)
          .join("; "),
      };
    case "PaymentRejected":
      return {
        what: t("payment:event.rejected"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.rejectedChange"),
        details: `${t("payment:event.rejectedDetails", { reference: e.data.reference })}; ${e.data.note}`,
      };
    case "PaymentReportRefused":
      return {
        what: t("payment:event.reportRefused"),
        by: actorIn(t, e.data.actor),
        change: "",
        details: t("payment:event.reportRefusedDetails", { reference: e.data.reference, order: displayOrderId(e.data.heldBy) }),
      };
    case "PaymentReferenceMoved":
      return e.data.to === e.data.orderId
        ? {
            what: t("payment:event.movedHere"),
            by: actorIn(t, e.data.actor),
            change: t("payment:event.reportedChange"),
            details: t("payment:event.movedHereDetails", { reference: e.data.reference, order: displayOrderId(e.data.from) }),
          }
        : {
            what: t("payment:event.movedAway"),
            by: actorIn(t, e.data.actor),
            change: t("payment:event.rejectedChange"),
            details: t("payment:event.movedAwayDetails", { reference: e.data.reference, order: displayOrderId(e.data.to) }),
          };
    case "CashCollected":
      return {
        what: t("payment:event.cash"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.paidChange"),
        details: t("payment:event.cashDetails", { amount: formatRupees(e.data.amount) }),
      };
    case "PaymentRefunded":
      return {
        what: t("payment:event.refunded"),
        by: actorIn(t, e.data.actor),
        change: t("payment:event.refundedChange"),
        details: [
          t("payment:event.refundDetails", { amount: formatPaise(e.data.paise), method: t(`payment:event.refundMethod.${e.data.method}`) }),
          e.data.reference && t("payment:event.refundReference", { reference: e.data.reference }),
          e.data.note,
        ]
          .filter(Boolean)
          .join("; "),
      };
    case "OrderStatusChanged":
      return {
        what: t("admin:event.statusChanged"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.statusChange", { from: status(e.data.from), to: status(e.data.to) }),
        details: "",
      };
    case "OrderPaymentStatusChanged":
      return {
        what: t("admin:event.paymentChanged"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.paymentChange", { from: payment(e.data.from), to: payment(e.data.to) }),
        details: e.data.to === "paid" ? t("admin:event.paymentReceived") : "",
      };
    case "OrderDeleted":
      return {
        what: t("admin:event.deleted"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.deletedChange"),
        details: t("admin:event.deletedDetails"),
      };
    case "OrderLinkedToAccount":
      return {
        what: t("admin:event.linked"),
        by: actorIn(t, e.data.actor),
        change: t("admin:event.linkedChange"),
        details: t("admin:event.linkedDetails", { account: e.data.actor.name ?? e.data.userId, phone: e.data.phone }),
      };
    case "OrderLineDropped": {
      const { line, note, charges } = e.data;
      return {
        what: t("admin:event.lineDropped"),
        by: actorIn(t, e.data.actor),
        change: chargesIn(t, charges),
        details: [describeItems([line]), note].filter(Boolean).join("; "),
      };
    }
    case "OrderNoteAdded":
      return { what: t("returns:event.note"), by: actorIn(t, e.data.actor), change: t("returns:event.noteChange"), details: e.data.text };
    case "DeliveryRecorded":
      return {
        what: t("returns:event.delivery"),
        by: actorIn(t, e.data.actor),
        change: t(`returns:deliveryMethod.${e.data.method}`),
        details: [
          e.data.courier && t("returns:event.courierDetails", { courier: e.data.courier, tracking: e.data.trackingNumber ?? "" }),
          e.data.note,
        ]
          .filter(Boolean)
          .join("; "),
      };
    case "ReturnRequested":
      return {
        what: t("returns:event.requested"),
        by: actorIn(t, e.data.actor),
        change: e.data.want === "exchange" ? t("returns:want.exchange") : t("returns:want.refund"),
        details: t("returns:event.requestedDetails", {
          lines: returnLinesText(e.data.lines.map((l) => ({ ...l, productId: nameOf(l.productId) }))),
          reason: e.data.reason,
        }),
      };
    case "ReturnApproved":
      return {
        what: t("returns:event.approved"),
        by: actorIn(t, e.data.actor),
        change: t("returns:event.stageChange", { from: t("returns:stage.requested"), to: t("returns:stage.approved") }),
        details: e.data.note ?? "",
      };
    case "ReturnRefused":
      return {
        what: t("returns:event.refused"),
        by: actorIn(t, e.data.actor),
        change: t("returns:event.stageChange", { from: t("returns:stage.requested"), to: t("returns:stage.refused") }),
        details: e.data.note,
      };
    case "ReturnReceived":
      return {
        what: t("returns:event.received"),
        by: actorIn(t, e.data.actor),
        change: t("returns:event.stageChange", { from: t("returns:stage.approved"), to: t("returns:stage.received") }),
        details: t(`returns:receipt.${e.data.method}`),
      };
    case "ExchangeMade":
      return {
        what: t("returns:event.exchanged"),
        by: actorIn(t, e.data.actor),
        change: t("returns:event.stageChange", { from: t("returns:stage.received"), to: t("returns:stage.exchanged") }),
        details: e.data.lines
          .map((l) => t("returns:event.exchangedLine", { item: nameOf(l.productId), from: l.fromSize, to: l.toSize, quantity: l.quantity }))
          .join(", "),
      };
    case "ShipmentBooked":
      return {
        what: t("courier:event.booked"),
        by: actorIn(t, e.data.actor),
        change: t("courier:event.bookedChange", { courier: e.data.courier, awb: e.data.awb }),
        details: e.data.expectedBy ? t("courier:event.expectedBy", { day: e.data.expectedBy }) : "",
      };
    case "ParcelScanned":
      return {
        what: t("courier:event.scanned"),
        by: t("courier:event.byCourier"),
        change: t(`courier:step.${e.data.step}`),
        details: [e.data.label, e.data.location].filter(Boolean).join("; "),
      };
    case "ParcelReturnedToOrigin":
      return {
        what: t("courier:event.returned"),
        by: actorIn(t, e.data.actor),
        change: t("courier:event.returnedChange"),
        details: [e.data.awb && t("courier:event.awb", { awb: e.data.awb }), e.data.reason !== "other" && t(`courier:rtoReason.${e.data.reason}`)].filter(Boolean).join("; "),
      };
    case "DeliveryPromised":
      return {
        what: t("courier:event.promised"),
        by: t("tax:event.byShop"),
        change: e.data.by,
        details: t(`courier:promiseSource.${e.data.source}`),
      };
    case "InvoiceIssued":
      return {
        what: t(`tax:event.issued.${e.data.kind}`),
        by: t("tax:event.byShop"),
        change: e.data.number,
        details: t("tax:event.invoiceDetails", { value: formatPaisa(e.data.totals.value), tax: formatPaisa(e.data.totals.cgst + e.data.totals.sgst + e.data.totals.igst) }),
      };
    case "CreditNoteIssued":
      return {
        what: t("tax:event.creditNote"),
        by: t("tax:event.byShop"),
        change: e.data.number,
        details: t("tax:event.creditDetails", {
          value: formatPaisa(e.data.totals.value),
          invoice: e.data.invoiceNumber,
          reason: t(`tax:reason.${e.data.reason}`),
          tax: formatPaisa(e.data.totals.cgst + e.data.totals.sgst + e.data.totals.igst),
        }),
      };
  }
}
