/**
 * An order's money: how it is paid, what came in and what went back (decision 101). The
 * order decider folds and decides payments through here; the rules are the shop's:
 * a shopper reports a UPI reference, the admin confirms or rejects it, cash is collected at
 * the door, and a refund never gives back more than was paid.
 */
import { RuleViolation } from "../errors";
import {
  type Actor,
  type OrderEvent,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentStanding,
  type PaymentStatus,
  type RefundMethod,
} from "./events";
import { GATEWAY_REFUND_METHOD, REFUND_METHODS } from "./terms";
import { UPI_REFERENCE_PATTERN, normaliseUpiReference } from "./upi";

export interface PaymentState {
  method: PaymentMethod;
  /** What the order charges. */
  due: number;
  /** Rupees received: every order charges whole rupees. */
  paid: number;
  /** Paise given back (decision 209): a refund is exact to the paisa, as its credit note. */
  refundedPaise: number;
  /** A reference the shopper reported that the admin has not judged yet. */
  reported?: { reference: string; at: string };
  /** The reference of the confirmed payment, when there was one. */
  reference?: string;
  /** Every reference reported on this order, judged or not: the same one twice is refused. */
  references: string[];
  /** References the shopper reported that another order held (decision 119): the owner's to settle. */
  refusedReports?: { reference: string; heldBy: string; at: string }[];
}

export const newPayment = (method: PaymentMethod, due: number): PaymentState => ({ method, due, paid: 0, refundedPaise: 0, references: [] });

/** Unpaid, reported, paid, partly refunded or refunded: what the dashboard shows and filters. */
export function paymentStanding(payment: PaymentState): PaymentStanding {
  if (payment.paid === 0) return payment.reported ? "reported" : "unpaid";
  if (payment.refundedPaise === 0) return "paid";
  return payment.refundedPaise >= payment.paid * 100 ? "refunded" : "partly refunded";
}

/** The /api's older two-way field: "paid" while money is kept, else "pending". */
export function legacyPaymentStatus(payment: PaymentState): PaymentStatus {
  return payment.paid * 100 > payment.refundedPaise ? "paid" : "pending";
}

/** Whether the shop still waits for this order's money (the UPI reminder asks only then). */
export const awaitsPayment = (payment: PaymentState) => payment.paid === 0 && !payment.reported;

export function evolvePayment(payment: PaymentState, event: OrderEvent): PaymentState {
  switch (event.type) {
    case "PaymentRequested":
      return { ...payment, method: event.data.method, due: event.data.amount };
    case "PaymentReported":
      return {
        ...payment,
        reported: { reference: event.data.reference, at: event.data.at },
        references: [...payment.references, event.data.reference],
      };
    case "PaymentConfirmed": {
      const { reference } = event.data;
      return { ...payment, paid: payment.paid + event.data.amount, reported: undefined, ...(reference ? { reference } : {}) };
    }
    case "PaymentRejected":
      return { ...payment, reported: undefined };
    case "CashCollected":
      return { ...payment, paid: payment.paid + event.data.amount, reported: undefined };
    case "PaymentRefunded":
      return { ...payment, refundedPaise: payment.refundedPaise + event.data.paise };
    case "PaymentReportRefused": {
      const { reference, heldBy, at } = event.data;
      return { ...payment, refusedReports: [...(payment.refusedReports ?? []), { reference, heldBy, at }] };
    }
    case "PaymentReferenceMoved": {
      const { reference, to, at, orderId } = event.data;
      // The order it went to: reported now, its refused report of it settled.
      if (to === orderId) {
        return {
          ...payment,
          reported: { reference, at },
          references: payment.references.includes(reference) ? payment.references : [...payment.references, reference],
          refusedReports: (payment.refusedReports ?? []).filter((r) => r.reference !== reference),
        };
      }
      // The order it left: its report withdrawn; the reference stays among its references, never reported there again.
      return payment.reported?.reference === reference ? { ...payment, reported: undefined } : payment;
    }
    case "OrderPaymentStatusChanged":
      // The old switch: "paid" meant the whole order was paid, "pending" that it was not.
      return event.data.to === "paid" ? { ...payment, paid: payment.due, refundedPaise: 0 } : { ...payment, paid: 0, refundedPaise: 0 };
    default:
      return payment;
  }
}

export type PaymentCommand =
  | { type: "ReportPayment"; reference: string; actor: Actor; at: string }
  | { type: "ConfirmPayment"; reference?: string; note?: string; actor: Actor; at: string }
  | { type: "RejectPayment"; note: string; actor: Actor; at: string }
  | { type: "CollectCash"; actor: Actor; at: string }
  /** Money given back, in paise (decision 209); cash only in whole rupees. */
  | {
      type: "RefundPayment";
      paise: number;
      method: string;
      reference?: string;
      note?: string;
      /** Given at a counter: its drawer paid it (decision 218). */
      counter?: string;
      actor: Actor;
      at: string;
    }
  /** A refund the gateway says it processed (decision 221), in paise as the gateway counts. */
  | { type: "RecordGatewayRefund"; paise: number; note: string; actor: Actor; at: string }
  /** The shopper's report of a reference `heldBy` another order, refused: kept for the owner (decision 119). */
  | { type: "RecordRefusedReport"; reference: string; heldBy: string; actor: Actor; at: string }
  /** The owner moves this order's reported reference to order `to`, whose report of it was refused. */
  | { type: "GiveUpReference"; reference: string; to: string; actor: Actor; at: string }
  /** The owner gives this order the reference order `from` held: the one its shopper reported and was refused. */
  | { type: "TakeReference"; reference: string; from: string; actor: Actor; at: string };

/**
 * The payment forms' field messages (the admin's refund form, the /api's body schemas): zod's
 * words, English sentences by contract, which the form pipeline puts into the page's language by
 * their text. The rules below refuse the same things by key (`admin.paymentRefundAmount`, ...);
 * tests/unit/refusal-keys.test.ts holds each of these to the English of its key.
 */
export const PAYMENT_FIELD_MESSAGES = {
  refundAmount: "The refund must be an amount in rupees above 0, with at most two digits of paise.",
  refundMethod: `The refund must be paid in ${REFUND_METHODS.join(" or ")}.`,
  noteTooLong: "A note can be at most 500 characters.",
} as const;

export const NOTE_LIMIT = 500;

/** A typed reference as stored, or a RuleViolation (422). */
export function checkUpiReference(typed: string): string {
  const reference = normaliseUpiReference(typed);
  if (!UPI_REFERENCE_PATTERN.test(reference)) throw new RuleViolation("payment.reference", {}, 422);
  return reference;
}

function checkNote(note: string | undefined): string {
  const text = (note ?? "").trim();
  if (text.length > NOTE_LIMIT) throw new RuleViolation("admin.paymentNoteTooLong", {}, 422);
  return text;
}

function checkRefundMethod(method: string): RefundMethod {
  const known = REFUND_METHODS.find((m) => m === method);
  if (!known) throw new RuleViolation("admin.paymentRefundMethod", {}, 422);
  return known;
}

/** The order as a payment decision sees it. */
export interface PayableOrder {
  orderId: string;
  cancelled: boolean;
  deleted: boolean;
  payment: PaymentState;
}

export function decidePayment(command: PaymentCommand, order: PayableOrder): PaymentEvent[] {
  const { orderId, payment } = order;
  if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
  const { actor, at } = command;
  switch (command.type) {
    case "ReportPayment": {
      const reference = checkUpiReference(command.reference);
      if (payment.reported?.reference === reference) throw new RuleViolation("payment.sameReference", {}, 409);
      if (payment.paid > 0) throw new RuleViolation("payment.alreadyPaid", {}, 409);
      if (order.cancelled) throw new RuleViolation("payment.cancelled", {}, 409);
      if (payment.references.includes(reference)) throw new RuleViolation("payment.rejectedReference", {}, 409);
      return [{ type: "PaymentReported", data: { orderId, reference, actor, at } }];
    }
    case "ConfirmPayment": {
      const typed = command.reference?.trim() ? checkUpiReference(command.reference) : undefined;
      const note = checkNote(command.note);
      if (payment.paid > 0) throw new RuleViolation("admin.paymentAlreadyRecorded", {}, 409);
      const reference = typed ?? payment.reported?.reference;
      return [{ type: "PaymentConfirmed", data: { orderId, amount: payment.due, ...(reference ? { reference } : {}), note, actor, at } }];
    }
    case "RejectPayment": {
      const note = checkNote(command.note);
      if (!payment.reported) throw new RuleViolation("admin.paymentNothingReported", {}, 409);
      if (note === "") throw new RuleViolation("admin.paymentRejectNote", {}, 422);
      return [{ type: "PaymentRejected", data: { orderId, reference: payment.reported.reference, note, actor, at } }];
    }
    case "CollectCash": {
      if (payment.paid > 0) throw new RuleViolation("admin.paymentAlreadyRecorded", {}, 409);
      // Cash is taken at the door: a cancelled order is never delivered, so none can have been taken for it.
      if (order.cancelled) throw new RuleViolation("admin.paymentCashCancelled", {}, 409);
      // A reported UPI reference is judged first: recording cash over it would silently drop the parent's report.
      if (payment.reported) throw new RuleViolation("admin.paymentCashOverReport", { reference: payment.reported.reference }, 409);
      return [{ type: "CashCollected", data: { orderId, amount: payment.due, actor, at } }];
    }
    case "RecordRefusedReport": {
      const reference = checkUpiReference(command.reference);
      // Once per order and reference: a shopper who tries again adds nothing for the owner to read.
      if ((payment.refusedReports ?? []).some((r) => r.reference === reference)) return [];
      return [{ type: "PaymentReportRefused", data: { orderId, reference, heldBy: command.heldBy, actor, at } }];
    }
    case "GiveUpReference": {
      const reference = checkUpiReference(command.reference);
      if (command.to === orderId) throw new RuleViolation("admin.referenceSameOrder", {}, 422);
      if (payment.reported?.reference !== reference) {
        // A confirmed payment is money the shop counted: it is refunded, never moved.
        if (payment.reference === reference) throw new RuleViolation("admin.referenceConfirmedHere", { reference }, 409);
        throw new RuleViolation("admin.referenceNotHere", { reference }, 409);
      }
      return [{ type: "PaymentReferenceMoved", data: { orderId, reference, from: orderId, to: command.to, actor, at } }];
    }
    case "TakeReference": {
      const reference = checkUpiReference(command.reference);
      if (command.from === orderId) throw new RuleViolation("admin.referenceSameOrder", {}, 422);
      if (!(payment.refusedReports ?? []).some((r) => r.reference === reference)) throw new RuleViolation("admin.referenceNotClaimed", { reference }, 409);
      if (payment.paid > 0) throw new RuleViolation("admin.paymentAlreadyRecorded", {}, 409);
      if (order.cancelled) throw new RuleViolation("admin.referenceMoveCancelled", {}, 409);
      if (payment.reported) throw new RuleViolation("admin.referenceMoveReported", { reference: payment.reported.reference }, 409);
      return [{ type: "PaymentReferenceMoved", data: { orderId, reference, from: command.from, to: orderId, actor, at } }];
    }
    case "RefundPayment": {
      if (!Number.isInteger(command.paise) || command.paise <= 0) throw new RuleViolation("admin.paymentRefundAmount", {}, 422);
      const method = checkRefundMethod(command.method);
      // Cash is counted out of a drawer that holds no paise; UPI and the gateway pay to the paisa.
      if (method === "cash" && command.paise % 100 !== 0) throw new RuleViolation("admin.paymentRefundCashPaise", { rupees: Math.round(command.paise / 100) }, 422);
      const reference = command.reference?.trim() ? checkUpiReference(command.reference) : undefined;
      const note = checkNote(command.note);
      if (payment.paid === 0) throw new RuleViolation("admin.paymentNothingPaid", {}, 409);
      checkRefundable(payment, command.paise);
      return [
        {
          type: "PaymentRefunded",
          data: { orderId, paise: command.paise, method, ...(reference ? { reference } : {}), note, ...(command.counter ? { counter: command.counter } : {}), actor, at },
        },
      ];
    }
    case "RecordGatewayRefund": {
      // The gateway has given the money back already: the order records it, bounded like any refund.
      if (!Number.isInteger(command.paise) || command.paise <= 0) throw new RuleViolation("admin.paymentRefundAmount", {}, 422);
      checkRefundable(payment, command.paise);
      return [{ type: "PaymentRefunded", data: { orderId, paise: command.paise, method: GATEWAY_REFUND_METHOD, note: checkNote(command.note), actor, at } }];
    }
  }
}

/** Paise still refundable: what was paid less what went back. */
export const refundablePaise = (payment: PaymentState) => payment.paid * 100 - payment.refundedPaise;

function checkRefundable(payment: PaymentState, paise: number) {
  const refundable = refundablePaise(payment);
  if (paise > refundable) throw new RuleViolation("admin.paymentRefundTooLarge", { most: refundable / 100 }, 409);
}

/**
 * The old two-way switch (PATCH /api/orders/{id} paymentStatus, the dashboard's select): "paid" records the
 * money as the order's method takes it; "pending" is only a no-op, since money received is given back by a refund.
 */
export function decideLegacyPaymentStatus(to: PaymentStatus, order: PayableOrder, actor: Actor, at: string): PaymentEvent[] {
  if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
  const kept = legacyPaymentStatus(order.payment);
  if (kept === to) return [];
  if (to === "pending") throw new RuleViolation("admin.paymentRecordedByRefund", {}, 409);
  if (order.payment.paid > 0) throw new RuleViolation("admin.paymentAlreadyRecorded", {}, 409);
  return decidePayment(order.payment.method === "cod" ? { type: "CollectCash", actor, at } : { type: "ConfirmPayment", actor, at }, order);
}
