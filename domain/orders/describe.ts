/**
 * An order's events as the admin's audit trail prints them: what happened, who did it,
 * the status change and the details. Beside the events (domain/orders/events.ts) so a new
 * event type is described where it is defined; the exhaustive switch makes the compiler
 * ask for it.
 */
import { formatPaise, formatRupees } from "../money";
import { formatPaisa } from "../tax/lines";
import type { InvoiceIssued } from "../tax/documents";
import type { Actor, OrderEvent, ShippingAddress } from "./events";
import { describeItems, displayOrderId } from "./order";
import type { ParcelStep, RtoReason } from "../courier/events";

export const ACTOR_LABELS: Record<Actor["kind"], string> = { admin: "Admin", customer: "Customer", guest: "Guest", system: "System" };

/**
 * "Admin: Asha", "Guest: Ravi", "System"; "Unknown" when an event names nobody. An admin the
 * trail looked up by id (decision 104) comes with an email: "Admin: Asha Sharma (asha@example.in)".
 */
export function actorLabel(actor: (Actor & { email?: string | null }) | undefined): string {
  if (!actor) return "Unknown";
  const who = ACTOR_LABELS[actor.kind] ?? actor.kind;
  if (!actor.name) return who;
  return actor.email ? `${who}: ${actor.name} (${actor.email})` : `${who}: ${actor.name}`;
}

/** "12 Station Road, Churu, 331001": the parts that are filled in. */
export function addressLine(address: { address: string; city: string; pincode: string }): string {
  return [address.address, address.city, address.pincode].filter(Boolean).join(", ");
}

/** "Asha Devi, 12 Station Road, Churu, 331001 (9876543210)": who receives the parcel, where, and the number to call. */
export function deliveryLine(address: ShippingAddress): string {
  return `${address.name}, ${addressLine(address)} (${address.phone})`;
}

/** "subtotal ₹3,539; 10% off -₹353; delivery free; total ₹3,186", or "total ₹450" when nothing was added or taken off. */
export function chargesLine(d: { subtotal: number; discountPercent: number; discount: number; delivery: number; total: number }): string {
  if (d.discount === 0 && d.delivery === 0) return `total ${formatRupees(d.total)}`;
  return [
    `subtotal ${formatRupees(d.subtotal)}`,
    d.discount > 0 ? `${d.discountPercent}% off -${formatRupees(d.discount)}` : "",
    d.delivery > 0 ? `delivery ${formatRupees(d.delivery)}` : "",
    `total ${formatRupees(d.total)}`,
  ]
    .filter(Boolean)
    .join("; ");
}

export interface OrderEventDescription {
  what: string;
  by: string;
  change: string;
  details: string;
}

/** One event of an order's stream as the trail prints it. */
export function describeOrderEvent(e: OrderEvent): OrderEventDescription {
  switch (e.type) {
    case "OrderPlaced": {
      const d = e.data;
      return {
        what: "Order placed",
        by: actorLabel({ kind: d.customer.kind === "user" ? "customer" : "guest", id: d.customer.userId, name: d.customer.name }),
        change: "→ pending (payment pending)",
        details: `${describeItems(d.lines)}; ${chargesLine(d)}; deliver to ${deliveryLine(d.address)}`,
      };
    }
    case "PaymentRequested":
      return {
        what: "Payment requested",
        by: actorLabel(e.data.actor),
        change: e.data.method === "upi" ? "pay by UPI" : "cash on delivery",
        details: `${formatRupees(e.data.amount)} to pay`,
      };
    case "PaymentReported":
      return { what: "Payment reported", by: actorLabel(e.data.actor), change: "unpaid → reported", details: `UPI reference ${e.data.reference}` };
    case "PaymentConfirmed":
      return {
        what: "Payment confirmed",
        by: actorLabel(e.data.actor),
        change: "→ paid",
        details: [`${formatRupees(e.data.amount)} received`, e.data.reference && `UPI reference ${e.data.reference}`, e.data.note]
          .filter(Boolean)
          .join("; "),
      };
    case "PaymentRejected":
      return {
        what: "Payment rejected",
        by: actorLabel(e.data.actor),
        change: "reported → unpaid",
        details: `UPI reference ${e.data.reference} not found; ${e.data.note}`,
      };
    case "CashCollected":
      return { what: "Cash collected", by: actorLabel(e.data.actor), change: "→ paid", details: `${formatRupees(e.data.amount)} in cash at delivery` };
    case "PaymentReportRefused":
      return {
        what: "Payment report refused",
        by: actorLabel(e.data.actor),
        change: "",
        details: `UPI reference ${e.data.reference} is held by order ${displayOrderId(e.data.heldBy)}`,
      };
    case "PaymentReferenceMoved":
      return e.data.to === e.data.orderId
        ? { what: "UPI reference moved here", by: actorLabel(e.data.actor), change: "unpaid → reported", details: `UPI reference ${e.data.reference} from order ${displayOrderId(e.data.from)}` }
        : { what: "UPI reference moved away", by: actorLabel(e.data.actor), change: "reported → unpaid", details: `UPI reference ${e.data.reference} to order ${displayOrderId(e.data.to)}` };
    case "PaymentRefunded":
      return {
        what: "Refunded",
        by: actorLabel(e.data.actor),
        change: "refund",
        details: [`${formatPaise(e.data.paise)} by ${({ upi: "UPI", cash: "cash", razorpay: "Razorpay" } as const)[e.data.method]}`, e.data.reference && `reference ${e.data.reference}`, e.data.note]
          .filter(Boolean)
          .join("; "),
      };
    case "OrderLineDropped": {
      const { line, note, charges } = e.data;
      return {
        what: "Item dropped before dispatch",
        by: actorLabel(e.data.actor),
        change: `order ${chargesLine(charges)}`,
        details: [`${describeItems([line])}`, note].filter(Boolean).join("; "),
      };
    }
    case "OrderStatusChanged":
      return { what: "Status changed", by: actorLabel(e.data.actor), change: `${e.data.from} → ${e.data.to}`, details: "" };
    case "OrderPaymentStatusChanged":
      return {
        what: "Payment status changed",
        by: actorLabel(e.data.actor),
        change: `payment ${e.data.from} → ${e.data.to}`,
        details: e.data.to === "paid" ? "Payment received" : "",
      };
    case "OrderDeleted":
      return { what: "Order deleted", by: actorLabel(e.data.actor), change: "deleted (tombstone)", details: "The order left the lists; its history stays." };
    case "OrderLinkedToAccount":
      return {
        what: "Linked to an account",
        by: actorLabel(e.data.actor),
        change: "guest → account",
        details: `Linked to the account of ${e.data.actor.name ?? e.data.userId}: mobile number ${e.data.phone} proven by a code`,
      };
    case "OrderNoteAdded":
      return { what: "Note added", by: actorLabel(e.data.actor), change: "note", details: e.data.text };
    case "DeliveryRecorded":
      return {
        what: "Delivery recorded",
        by: actorLabel(e.data.actor),
        change: e.data.method === "courier" ? "by courier" : "by hand",
        details: [e.data.courier && `${e.data.courier}, tracking ${e.data.trackingNumber ?? ""}`, e.data.note].filter(Boolean).join("; "),
      };
    case "ReturnRequested":
      return {
        what: "Return requested",
        by: actorLabel(e.data.actor),
        change: e.data.want === "exchange" ? "exchange" : "refund",
        details: `${returnLinesText(e.data.lines)}; reason: ${e.data.reason}`,
      };
    case "ReturnApproved":
      return { what: "Return approved", by: actorLabel(e.data.actor), change: "requested → approved", details: e.data.note ?? "" };
    case "ReturnRefused":
      return { what: "Return refused", by: actorLabel(e.data.actor), change: "requested → refused", details: e.data.note };
    case "ReturnReceived":
      return {
        what: "Return received",
        by: actorLabel(e.data.actor),
        change: "approved → received",
        details: e.data.method === "pickup" ? "picked up from the home" : "dropped off at the shop",
      };
    case "ExchangeMade":
      return {
        what: "Exchange made",
        by: actorLabel(e.data.actor),
        change: "received → exchanged",
        details: e.data.lines.map((l) => `${l.productId} ${l.fromSize} → ${l.toSize} x ${l.quantity}`).join(", "),
      };
    case "ShipmentBooked":
      return {
        what: "Shipment booked",
        by: actorLabel(e.data.actor),
        change: `${e.data.courier}, AWB ${e.data.awb}`,
        details: e.data.expectedBy ? `expected by ${e.data.expectedBy}` : "",
      };
    case "ParcelScanned":
      return { what: "Courier scan", by: "courier", change: PARCEL_STEP_WORDS[e.data.step], details: [e.data.label, e.data.location].filter(Boolean).join("; ") };
    case "ParcelReturnedToOrigin":
      return {
        what: "Parcel back at the shop",
        by: actorLabel(e.data.actor),
        change: "returned to origin",
        details: [e.data.awb && `AWB ${e.data.awb}`, RTO_REASON_WORDS[e.data.reason]].filter(Boolean).join("; "),
      };
    case "DeliveryPromised":
      return { what: "Delivery date promised", by: "shop", change: e.data.by, details: e.data.source === "courier" ? "the courier's date" : "the shop's own rule" };
    case "InvoiceIssued":
      return {
        what: INVOICE_ISSUED[e.data.kind],
        by: "shop",
        change: e.data.number,
        details: `${formatPaisa(e.data.totals.value)}; tax ${formatPaisa(e.data.totals.cgst + e.data.totals.sgst + e.data.totals.igst)}`,
      };
    case "CreditNoteIssued":
      return {
        what: "Credit note issued",
        by: "shop",
        change: e.data.number,
        details: `${formatPaisa(e.data.totals.value)} against ${e.data.invoiceNumber} (${e.data.reason}); tax reversed ${formatPaisa(e.data.totals.cgst + e.data.totals.sgst + e.data.totals.igst)}`,
      };
  }
}

const PARCEL_STEP_WORDS: Record<ParcelStep, string> = {
  pickedUp: "picked up",
  inTransit: "in transit",
  outForDelivery: "out for delivery",
  delivered: "delivered",
  undelivered: "not delivered",
  rtoInitiated: "coming back to the shop",
  rtoDelivered: "back at the shop",
  lost: "lost",
};

const RTO_REASON_WORDS: Record<RtoReason, string> = { refused: "refused at the door", notReachable: "nobody to take it", other: "" };

const INVOICE_ISSUED: Record<InvoiceIssued["data"]["kind"], string> = {
  "tax-invoice": "Tax invoice issued",
  "bill-of-supply": "Bill of supply issued",
  "nil-bill-of-supply": "Bill of supply issued",
  "invoice-cum-bill-of-supply": "Invoice-cum-bill of supply issued",
  bill: "Bill issued",
};

/** "product/12 (30) x 1, primary-shirt (32) x 2": a return's lines as the trail names them. */
export function returnLinesText(lines: readonly { productId: string; size: string; quantity: number; exchangeSize?: string }[]): string {
  return lines.map((l) => `${l.productId} (${l.exchangeSize ? `${l.size} → ${l.exchangeSize}` : l.size}) x ${l.quantity}`).join(", ");
}
