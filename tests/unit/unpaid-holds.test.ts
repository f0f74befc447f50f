/**
 * Unpaid holds that expire (domain/orders/hold-expiry.ts, decision 190): given an order's events, when the shop's
 * sweep asks at a time, then the order is cancelled by the shop (its goods released, the parent told why) or the
 * hold stands. The third probe's anonymous cash order held all 24 units of a product until the owner noticed.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import type { Actor, OrderEvent } from "../../domain/orders/events";
import { decide, initialOrderState, orderDecider, type OrderCommand } from "../../domain/orders/order";
import { HOLD_EXPIRY_ACTOR, holdExpiry, isHoldExpiry, type HoldRules } from "../../domain/orders/hold-expiry";
import { orderStockEffects } from "../../domain/orders/stock-effects";
import { foldOrder } from "../../domain/orders/order";
import { holdExpiredSms, holdExpiredTemplate } from "../../domain/notifications";
import { spec } from "../support/decider-spec";

const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const placedAt = "2026-12-05T06:00:00.000Z";
const parent: Actor = { kind: "guest", name: "Ravi" };
const admin: Actor = { kind: "admin", id: "a1", name: "Asha" };
const HOUR = 3_600_000;
const RULES: HoldRules = { upiMs: 24 * HOUR, codConfirmMs: 30 * 60_000 };
const after = (ms: number) => new Date(new Date(placedAt).getTime() + ms).toISOString();

function placed(paymentMethod: "cod" | "upi"): OrderEvent[] {
  const command: Extract<OrderCommand, { type: "PlaceOrder" }> = {
    type: "PlaceOrder",
    orderId,
    lines: [{ productId: "product/12", size: "Free Size", school: "", name: "Steel Bottle", unitPrice: 199, quantity: 24 }],
    customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
    address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
    placedAt,
    language: "en",
    paymentMethod,
    charges: DEFAULT_CHARGE_RULES,
    actor: parent,
  };
  return decide(command, initialOrderState());
}

const expire = (at: string, numberProven = false, rules = RULES): OrderCommand => ({ type: "ExpireUnpaidHold", rules, numberProven, at });
const cancelledBy = (at: string): OrderEvent[] => [
  { type: "OrderStatusChanged", data: { orderId, from: "pending", to: "cancelled", actor: HOLD_EXPIRY_ACTOR, at } },
];
const order = spec(orderDecider);

describe("a UPI order nobody paid", () => {
  it("holds its goods for the owner's time, then the shop cancels it and its 24 bottles are for sale again", () => {
    order.given(...placed("upi")).when(expire(after(24 * HOUR - 1))).thenRefuses("orders.holdStands", {}, 409);
    const at = after(24 * HOUR);
    order.given(...placed("upi")).when(expire(at)).then(cancelledBy(at));
    const before = placed("upi");
    const effects = orderStockEffects(foldOrder(before), cancelledBy(at), at);
    expect(effects.flatMap((e) => e.commands.map((c) => c.type))).toContain("ReleaseStock");
  });

  it("keeps its hold once the parent reported a payment, once it is paid, or once the owner packs it", () => {
    const at = after(48 * HOUR);
    const reported: OrderEvent = { type: "PaymentReported", data: { orderId, reference: "412345678901", actor: parent, at: after(HOUR) } };
    order.given(...placed("upi"), reported).when(expire(at)).thenRefuses("orders.holdStands");
    const paid: OrderEvent = { type: "PaymentConfirmed", data: { orderId, amount: 1, note: "", actor: admin, at: after(HOUR) } };
    order.given(...placed("upi"), paid).when(expire(at)).thenRefuses("orders.holdStands");
    const packed: OrderEvent = { type: "OrderStatusChanged", data: { orderId, from: "pending", to: "processing", actor: admin, at: after(HOUR) } };
    order.given(...placed("upi"), packed).when(expire(at)).thenRefuses("orders.holdStands");
  });

  it("expires again after a reported reference the owner rejected: the order is unpaid again", () => {
    const at = after(25 * HOUR);
    const reported: OrderEvent = { type: "PaymentReported", data: { orderId, reference: "412345678901", actor: parent, at: after(HOUR) } };
    const rejected: OrderEvent = { type: "PaymentRejected", data: { orderId, reference: "412345678901", note: "not in the bank", actor: admin, at: after(2 * HOUR) } };
    order.given(...placed("upi"), reported, rejected).when(expire(at)).then(cancelledBy(at));
  });
});

describe("a cash order", () => {
  it("never expires while the owner does not ask cash orders to be confirmed", () => {
    order.given(...placed("cod")).when(expire(after(30 * 24 * HOUR), false, { upiMs: 24 * HOUR })).thenRefuses("orders.holdStands");
  });

  it("asked to be confirmed: expires when its number was not proven by a code in time, holds when it was", () => {
    order.given(...placed("cod")).when(expire(after(29 * 60_000))).thenRefuses("orders.holdStands");
    const at = after(31 * 60_000);
    order.given(...placed("cod")).when(expire(at)).then(cancelledBy(at));
    order.given(...placed("cod")).when(expire(at, true)).thenRefuses("orders.holdStands");
  });

  it("cash collected at the door keeps the order whatever the clock says", () => {
    const collected: OrderEvent = { type: "CashCollected", data: { orderId, amount: 1, actor: admin, at: after(10 * 60_000) } };
    order.given(...placed("cod"), collected).when(expire(after(31 * 60_000))).thenRefuses("orders.holdStands");
  });
});

describe("what the parent is told", () => {
  it("the shop's cancel of an expired hold is told apart from the owner's cancel, in the order's language", () => {
    expect(isHoldExpiry(cancelledBy(after(0))[0].data as never)).toBe(true);
    expect(isHoldExpiry({ to: "cancelled", actor: admin })).toBe(false);
    const text = holdExpiredSms("Churu Uniform House", orderId, "https://shop.example.in", "en");
    expect(text).toContain("3F9A1C2E");
    expect(text).toContain("not paid or confirmed in time");
    expect(holdExpiredSms("Churu Uniform House", orderId, "https://shop.example.in", "hi")).toContain("रद्द");
    expect(holdExpiredTemplate("hi")).toBe("orderHoldExpired.hi");
  });

  it("the hold's end is the placing time plus the owner's time", () => {
    const state = foldOrder(placed("upi"));
    if (!state.exists) throw new Error("not placed");
    const ends = holdExpiry(
      { status: state.status, deleted: false, placedAt, method: "upi", payment: state.payment, numberProven: false },
      RULES,
    );
    expect(ends).toEqual({ at: new Date(after(24 * HOUR)), reason: "upiUnpaid" });
  });
});
