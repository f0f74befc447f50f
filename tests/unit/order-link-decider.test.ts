import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { inEnglish } from "../support/refusal";
import type { OrderEvent } from "../../domain/orders/events";
import { describeOrderEvent } from "../../domain/orders/describe";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
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

const orders = spec(orderDecider);
const guestPlaced = orders.given().when(place({ kind: "guest", name: "Asha", phone })).events();
const link = (userId = "user-asha", number = phone): OrderCommand => ({ type: "LinkToAccount", userId, phone: number, actor: { ...parent, id: userId }, at });
const linked: OrderEvent = { type: "OrderLinkedToAccount", data: { orderId, userId: "user-asha", phone, at, actor: parent } };
const placedOrder = (history: OrderEvent[]) => {
  const state = orders.given(history).state();
  if (!state.exists) throw new Error("placed");
  return state;
};

describe("linking a guest order to the account that proved its number", () => {
  it("links a guest order placed with the proven number: one event naming the account, the number and who did it", () => {
    orders.given(guestPlaced).when(link()).then([linked]);
    const state = placedOrder([...guestPlaced, linked]);
    expect(state.account).toBe("user-asha");
    // Linking changes who the order belongs to, nothing else: the customer it was placed by stays a guest.
    expect(state.placed.customer).toEqual({ kind: "guest", name: "Asha", phone });
    expect(state.status).toBe("pending");
  });

  it("is idempotent: the same account again decides nothing", () => {
    orders.given(guestPlaced, linked).when(link()).thenNothing();
  });

  it("never moves an order already on another account (409)", () => {
    const refused = orders.given(guestPlaced, linked).when(link("user-other")).refused();
    expect(inEnglish(refused)).toEqual({ message: "This order belongs to another account.", status: 409 });
  });

  it("never moves an order placed signed in to another account, and links it to its own as a no-op", () => {
    const mine = orders.given().when(place({ kind: "user", userId: "user-ravi", name: "Ravi", phone })).events();
    expect(placedOrder(mine).account).toBe("user-ravi");
    expect(orders.given(mine).when(link("user-asha")).refused().status).toBe(409);
    orders.given(mine).when(link("user-ravi")).thenNothing();
  });

  it("refuses a number the order was not placed with, an empty account and an order that does not exist", () => {
    expect(inEnglish(orders.given(guestPlaced).when(link("user-asha", "9876500000")).refused())).toEqual({
      message: "This order was placed with another mobile number.",
      status: 409,
    });
    expect(orders.given(guestPlaced).when(link("")).refused().status).toBe(422);
    expect(orders.given().when(link()).refused().status).toBe(404);
  });

  it("leaves the payment, the returns and the status folds as they were", () => {
    const before = placedOrder(guestPlaced);
    const state = placedOrder([...guestPlaced, linked]);
    expect(state.payment).toEqual(before.payment);
    expect(state.afterSale).toEqual(before.afterSale);
  });

  it("is described in the audit trail", () => {
    expect(describeOrderEvent(linked)).toEqual({
      what: "Linked to an account",
      by: "Customer: Asha",
      change: "guest → account",
      details: "Linked to the account of Asha: mobile number 9876501234 proven by a code",
    });
  });
});
