/**
 * An order's money: how it is paid, what came in and what went back (decision 101). The
 * order decider folds and decides payments through here; the rules are the shop's:
 * a shopper reports a UPI reference, the admin confirms or rejects it, cash is collected at
 * the door, and a refund never gives back more than was paid.
 */
import { RuleViolation } from "../errors";
import { formatRupees } from "../money";
import {
  REFUND_METHODS,
  type Actor,
  type OrderEvent,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentStanding,
  type PaymentStatus,
  type RefundMethod,
} from "./events";
import { UPI_REFERENCE_MESSAGE, UPI_REFERENCE_PATTERN, normaliseUpiReference } from "./upi";

export interface PaymentState {
  method: PaymentMethod;
  /** What the order charges. */
  due: number;
  paid: number;
  refunded: number;
  /** A reference the shopper reported that the admin has not judged yet. */
  reported?: { reference: string; at: string };
  /** The reference of the confirmed payment, when there was one. */
  reference?: string;
  /** Every reference reported on this order, judged or not: the same one twice is refused. */
  references: string[];
}

export const newPayment = (method: PaymentMethod, due: number): PaymentState => ({ method, due, paid: 0, refunded: 0, references: [] });

/** Unpaid, reported, paid, partly refunded or refunded: what the dashboard shows and filters. */
export function paymentStanding(payment: PaymentState): PaymentStanding {
  if (payment.paid === 0) return payment.reported ? "reported" : "unpaid";
  if (payment.refunded === 0) return "paid";
  return payment.refunded >= payment.paid ? "refunded" : "partly refunded";
}

/** The /api's older two-way field: "paid" while money is kept, else "pending". */
export function legacyPaymentStatus(payment: PaymentState): PaymentStatus {
  return payment.paid > payment.refunded ? "paid" : "pending";
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
      return { ...payment, refunded: payment.refunded + event.data.amount };
    case "OrderPaymentStatusChanged":
      // The old switch: "paid" meant the whole order was paid, "pending" that it was not.
      return event.data.to === "paid" ? { ...payment, paid: payment.due, refunded: 0 } : { ...payment, paid: 0, refunded: 0 };
    default:
      return payment;
  }
}

export type PaymentCommand =
  | { type: "ReportPayment"; reference: string; actor: Actor; at: string }
  | { type: "ConfirmPayment"; reference?: string; note?: string; actor: Actor; at: string }
  | { type: "RejectPayment"; note: string; actor: Actor; at: string }
  | { type: "CollectCash"; actor: Actor; at: string }
  | { type: "RefundPayment"; amount: number; method: string; reference?: string; note?: string; actor: Actor; at: string };

export const PAYMENT_MESSAGES = {
  alreadyPaid: "This order is already paid. Thank you!",
  alreadyRecorded: "This order's payment is already recorded.",
  cancelled: "This order was cancelled, so there is nothing to pay.",
  sameReference: "You have already reported this UPI reference for this order. The shop will confirm it soon.",
  rejectedReference: "The shop could not find a payment with this UPI reference. Please check the 12 digits in your UPI app.",
  nothingReported: "There is no reported payment to reject.",
  rejectNote: "Write why the payment is rejected.",
  refundAmount: "The refund must be a whole number of rupees above 0.",
  refundMethod: `The refund must be paid in ${REFUND_METHODS.join(" or ")}.`,
  nothingPaid: "Nothing has been paid on this order, so nothing can be refunded.",
  recordedByRefund: "This order's payment is recorded; give money back with a refund on the order's page.",
  noteTooLong: "A note can be at most 500 characters.",
} as const;

export const NOTE_LIMIT = 500;

export const refundTooLarge = (most: number) =>
  `A refund can be at most ${formatRupees(most)}, what was paid and not yet refunded.`;

/** A typed reference as stored, or a RuleViolation (422). */
export function checkUpiReference(typed: string): string {
  const reference = normaliseUpiReference(typed);
  if (!UPI_REFERENCE_PATTERN.test(reference)) throw new RuleViolation(UPI_REFERENCE_MESSAGE, 422);
  return reference;
}

function checkNote(note: string | undefined): string {
  const text = (note ?? "").trim();
  if (text.length > NOTE_LIMIT) throw new RuleViolation(PAYMENT_MESSAGES.noteTooLong, 422);
  return text;
}

function checkRefundMethod(method: string): RefundMethod {
  const known = REFUND_METHODS.find((m) => m === method);
  if (!known) throw new RuleViolation(PAYMENT_MESSAGES.refundMethod, 422);
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
  if (order.deleted) throw new RuleViolation("This order has been deleted.", 409);
  const { actor, at } = command;
  switch (command.type) {
    case "ReportPayment": {
      const reference = checkUpiReference(command.reference);
      if (payment.reported?.reference === reference) throw new RuleViolation(PAYMENT_MESSAGES.sameReference, 409);
      if (payment.paid > 0) throw new RuleViolation(PAYMENT_MESSAGES.alreadyPaid, 409);
      if (order.cancelled) throw new RuleViolation(PAYMENT_MESSAGES.cancelled, 409);
      if (payment.references.includes(reference)) throw new RuleViolation(PAYMENT_MESSAGES.rejectedReference, 409);
      return [{ type: "PaymentReported", data: { orderId, reference, actor, at } }];
    }
    case "ConfirmPayment": {
      const typed = command.reference?.trim() ? checkUpiReference(command.reference) : undefined;
      const note = checkNote(command.note);
      if (payment.paid > 0) throw new RuleViolation(PAYMENT_MESSAGES.alreadyRecorded, 409);
      const reference = typed ?? payment.reported?.reference;
      return [{ type: "PaymentConfirmed", data: { orderId, amount: payment.due, ...(reference ? { reference } : {}), note, actor, at } }];
    }
    case "RejectPayment": {
      const note = checkNote(command.note);
      if (!payment.reported) throw new RuleViolation(PAYMENT_MESSAGES.nothingReported, 409);
      if (note === "") throw new RuleViolation(PAYMENT_MESSAGES.rejectNote, 422);
      return [{ type: "PaymentRejected", data: { orderId, reference: payment.reported.reference, note, actor, at } }];
    }
    case "CollectCash": {
      if (payment.paid > 0) throw new RuleViolation(PAYMENT_MESSAGES.alreadyRecorded, 409);
      return [{ type: "CashCollected", data: { orderId, amount: payment.due, actor, at } }];
    }
    case "RefundPayment": {
      if (!Number.isInteger(command.amount) || command.amount <= 0) throw new RuleViolation(PAYMENT_MESSAGES.refundAmount, 422);
      const method = checkRefundMethod(command.method);
      const reference = command.reference?.trim() ? checkUpiReference(command.reference) : undefined;
      const note = checkNote(command.note);
      const refundable = payment.paid - payment.refunded;
      if (payment.paid === 0) throw new RuleViolation(PAYMENT_MESSAGES.nothingPaid, 409);
      if (command.amount > refundable) throw new RuleViolation(refundTooLarge(refundable), 409);
      return [
        { type: "PaymentRefunded", data: { orderId, amount: command.amount, method, ...(reference ? { reference } : {}), note, actor, at } },
      ];
    }
  }
}

/**
 * The old two-way switch (PATCH /api/orders/{id} paymentStatus, the dashboard's select): "paid" records the
 * money as the order's method takes it; "pending" is only a no-op, since money received is given back by a refund.
 */
export function decideLegacyPaymentStatus(to: PaymentStatus, order: PayableOrder, actor: Actor, at: string): PaymentEvent[] {
  if (order.deleted) throw new RuleViolation("This order has been deleted.", 409);
  const kept = legacyPaymentStatus(order.payment);
  if (kept === to) return [];
  if (to === "pending") throw new RuleViolation(PAYMENT_MESSAGES.recordedByRefund, 409);
  if (order.payment.paid > 0) throw new RuleViolation(PAYMENT_MESSAGES.alreadyRecorded, 409);
  return decidePayment(order.payment.method === "cod" ? { type: "CollectCash", actor, at } : { type: "ConfirmPayment", actor, at }, order);
}
