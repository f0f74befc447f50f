import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import { checkOrderStatus, checkPaymentStatus } from "../../domain/orders/intents";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../domain/orders/events";

// The refusals name every status the shop knows: the locale's words list them, and must list them all.
const ORDER_STATUS_REFUSAL = `Status must be one of ${ORDER_STATUSES.join(", ")}.`;
const PAYMENT_STATUS_REFUSAL = `Payment status must be one of ${PAYMENT_STATUSES.join(", ")}.`;
import { decide, evolve, initialOrderState, type OrderCommand } from "../../domain/orders/order";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";

const at = "2025-01-01T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const place: OrderCommand = {
  type: "PlaceOrder",
  orderId: "3f9a1c2e-0000-8000-8000-000000000000",
  lines: [{ productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 100, quantity: 1 }],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: at,
  language: "en",
  paymentMethod: "cod",
  charges: DEFAULT_CHARGE_RULES,
  actor: { kind: "guest", name: "Ravi" },
};

const refusal = ruleRefusal;

describe("an admin's change to an order, checked as a whole", () => {
  it("takes every status and payment status the shop knows", () => {
    for (const status of ORDER_STATUSES) expect(checkOrderStatus(status)).toBe(status);
    for (const status of PAYMENT_STATUSES) expect(checkPaymentStatus(status)).toBe(status);
  });

  it("refuses an unknown status with 422 naming them all", () => {
    expect(refusal(() => checkOrderStatus("lost"))).toEqual({ status: 422, message: "Status must be one of pending, processing, shipped, delivered, cancelled." });
    expect(refusal(() => checkPaymentStatus("refunded"))).toEqual({ status: 422, message: "Payment status must be one of pending, paid." });
    // Case and spaces count: the stored values are exact.
    for (const near of ["Shipped", " shipped", ""]) expect(refusal(() => checkOrderStatus(near)).status).toBe(422);
  });

  it("refuses the whole change when either half is wrong, the status named first", () => {
    const state = decide(place, initialOrderState()).reduce(evolve, initialOrderState());
    const change = (status: string, paymentStatus: string) => () => decide({ type: "ChangeOrder", status, paymentStatus, actor: admin, at }, state);
    expect(refusal(change("shipped", "refunded")).message).toBe(PAYMENT_STATUS_REFUSAL);
    expect(refusal(change("lost", "paid")).message).toBe(ORDER_STATUS_REFUSAL);
    expect(refusal(change("lost", "refunded")).message).toBe(ORDER_STATUS_REFUSAL);
  });

  it("says what the order decider says, so the answer is the same whichever refuses", () => {
    const state = decide(place, initialOrderState()).reduce(evolve, initialOrderState());
    expect(refusal(() => decide({ type: "ChangeStatus", to: "lost", actor: admin, at }, state))).toEqual(refusal(() => checkOrderStatus("lost")));
    expect(refusal(() => decide({ type: "ChangePaymentStatus", to: "refunded", actor: admin, at }, state))).toEqual(
      refusal(() => checkPaymentStatus("refunded")),
    );
  });
});
