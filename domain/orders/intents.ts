/**
 * The statuses an admin's change names (the dashboard's status select, PATCH /api/orders/{id}),
 * checked by the order decider before it looks at the order: an unknown one is a 422 naming them all.
 */
import { RuleViolation } from "../errors";
import { ORDER_STATUSES, PAYMENT_STATUSES, type OrderStatus, type PaymentStatus } from "./events";

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
