/**
 * An admin's change to an order (the dashboard's status select, PATCH /api/orders/{id}),
 * checked as a whole before any of it is appended. The decider asks the same two checks for
 * each command when it runs; checking the whole change first exists because one change may
 * become two commands (status, then payment status), and a refused second half must not
 * leave the first one applied.
 */
import { RuleViolation } from "../errors";
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "./events";

export interface AdminOrderChange {
  status?: string;
  paymentStatus?: string;
}

export interface CheckedAdminOrderChange {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
}

/** A status the shop knows, or a RuleViolation (422) naming them all (`admin.statusUnknown` lists `ORDER_STATUSES`). */
export function checkOrderStatus(value: string): OrderStatus {
  const known = ORDER_STATUSES.find((status) => status === value);
  if (known === undefined) throw new RuleViolation("admin.statusUnknown", {}, 422);
  return known;
}

/** A payment status the shop knows, or a RuleViolation (422) naming them all (`admin.paymentStatusUnknown`). */
export function checkPaymentStatus(value: string): PaymentStatus {
  const known = PAYMENT_STATUSES.find((status) => status === value);
  if (known === undefined) throw new RuleViolation("admin.paymentStatusUnknown", {}, 422);
  return known;
}

/**
 * Every field of the change, checked before anything is written: the status first, then
 * the payment status (the order the refusals have always come in). Throws RuleViolation.
 */
export function checkAdminOrderChange(change: AdminOrderChange): CheckedAdminOrderChange {
  return {
    ...(change.status !== undefined ? { status: checkOrderStatus(change.status) } : {}),
    ...(change.paymentStatus !== undefined ? { paymentStatus: checkPaymentStatus(change.paymentStatus) } : {}),
  };
}
