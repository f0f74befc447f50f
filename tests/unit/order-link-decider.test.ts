import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import type { OrderEvent } from "../../domain/orders/events";
import { describeOrderEvent } from "../../domain/orders/describe";
import { decide, evolve, foldOrder, initialOrderState, type OrderCommand, type OrderState } from "../../domain/orders/order";
import type { ChargeRules } from "../../domain/orders/charges";

const noCharges: ChargeRules = { discount: { on: false, percent: 10, minimum: 0 }, delivery: { freeArea: [""], outsideCharge: null } };
const at = "2026-11-20T10:00:00.000Z";
const orderId = "7a1b2c3d-0000-8000-8000-000000000000";
const phone = "9876501234";
const parent = { kind: "customer" as const, id: "user-asha", name: "Asha" };

const place = (customer: Extract<OrderCommand, { type: "PlaceOrder" }>["customer"]): OrderCommand => ({
  type: "PlaceOrder",
  orderId,
  lines: [{ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 1 }],
  customer,
  address: { name: customer.name, phone: customer.phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: at,
  language: "en",
  paymentMethod: "cod",
  charges: noCharges,
  actor: { kind: "guest", name: customer.name },
});

const guestOrder = () => foldOrder(decide(place({ kind: "guest", name: "Asha", phone }), initialOrderState()));
const link = (userId = "user-asha", number = phone): OrderCommand => ({ type: "LinkToAccount", userId, phone: number, actor: { ...parent, id: userId }, at });
const after = (state: OrderState, events: OrderEvent[]) => events.reduce(evolve, state);

describe("linking a guest order to the account that proved its number", () => {
  it("links a guest order placed with the proven number: one event naming the account, the number and who did it", () => {
    const events = decide(link(), guestOrder());
    expect(events).toEqual([{ type: "OrderLinkedToAccount", data: { orderId, userId: "user-asha", phone, at, actor: parent } }]);
    const state = after(guestOrder(), events);
    expect(state.exists && state.account).toBe("user-asha");
    // Linking changes who the order belongs to, nothing else: the customer it was placed by stays a guest.
    expect(state.exists && state.placed.customer).toEqual({ kind: "guest", name: "Asha", phone });
    expect(state.exists && state.status).toBe("pending");
  });

  it("is idempotent: the same account again decides nothing", () => {
    const linked = after(guestOrder(), decide(link(), guestOrder()));
    expect(decide(link(), linked)).toEqual([]);
  });

  it("never moves an order already on another account (409)", () => {
    const linked = after(guestOrder(), decide(link(), guestOrder()));
    expect(ruleRefusal(() => decide(link("user-other"), linked))).toEqual({ message: "This order belongs to another account.", status: 409 });
  });

  it("never moves an order placed signed in to another account, and links it to its own as a no-op", () => {
    const mine = foldOrder(decide(place({ kind: "user", userId: "user-ravi", name: "Ravi", phone }), initialOrderState()));
    expect(mine.exists && mine.account).toBe("user-ravi");
    expect(ruleRefusal(() => decide(link("user-asha"), mine)).status).toBe(409);
    expect(decide(link("user-ravi"), mine)).toEqual([]);
  });

  it("refuses a number the order was not placed with, an empty account and an order that does not exist", () => {
    expect(ruleRefusal(() => decide(link("user-asha", "9876500000"), guestOrder()))).toEqual({
      message: "This order was placed with another mobile number.",
      status: 409,
    });
    expect(ruleRefusal(() => decide(link(""), guestOrder())).status).toBe(422);
    expect(ruleRefusal(() => decide(link(), initialOrderState())).status).toBe(404);
  });

  it("leaves the payment, the returns and the status folds as they were", () => {
    const before = guestOrder();
    const state = after(before, decide(link(), before));
    if (!before.exists || !state.exists) throw new Error("placed");
    expect(state.payment).toEqual(before.payment);
    expect(state.afterSale).toEqual(before.afterSale);
  });

  it("is described in the audit trail", () => {
    const [event] = decide(link(), guestOrder());
    expect(describeOrderEvent(event)).toEqual({
      what: "Linked to an account",
      by: "Customer: Asha",
      change: "guest → account",
      details: "Linked to the account of Asha: mobile number 9876501234 proven by a code",
    });
  });
});
