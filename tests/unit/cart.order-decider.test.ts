import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import { normalisePhone } from "../../domain/checkout";
import { checkDetails, parseQuantity } from "../../domain/checkout-fields";
import type { OrderEvent } from "../../domain/orders/events";
import { decide, describeItems, displayOrderId, evolve, foldOrder, initialOrderState, type OrderCommand } from "../../domain/orders/order";
import { paymentStanding } from "../../domain/orders/payment";
import type { ChargeRules } from "../../domain/orders/charges";

/** No offer and free delivery everywhere: these tests are about the lines (tests/unit/payment-decider.test.ts covers charges). */
const noCharges: ChargeRules = { discount: { on: false, percent: 10, minimum: 0 }, delivery: { freeArea: [""], outsideCharge: null } };

const at = "2025-01-01T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const place: OrderCommand = {
  type: "PlaceOrder",
  orderId: "3f9a1c2e-0000-8000-8000-000000000000",
  lines: [
    { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 2 },
    { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 100, quantity: 1 },
  ],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: at,
  language: "en",
  paymentMethod: "cod",
  charges: noCharges,
  actor: { kind: "guest", name: "Ravi" },
};

const refusal = ruleRefusal;

describe("order decider", () => {
  const placed = () => decide(place, initialOrderState()).reduce(evolve, initialOrderState());

  it("places an order as pending, payment pending, with the total of the server's prices", () => {
    const events = decide(place, initialOrderState());
    expect(events.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
    expect((events[0] as Extract<OrderEvent, { type: "OrderPlaced" }>).data.total).toBe(720);
    expect(events[1].data).toMatchObject({ method: "cod", amount: 720, actor: { kind: "guest", name: "Ravi" } });
    const state = placed();
    expect(state.exists && state.status).toBe("pending");
    expect(state.exists && paymentStanding(state.payment)).toBe("unpaid");
  });

  it("refuses an empty order with the spec's message, and placing twice", () => {
    expect(refusal(() => decide({ ...place, lines: [] } as OrderCommand, initialOrderState())).message).toBe("Your cart is empty.");
    expect(refusal(() => decide(place, placed())).status).toBe(409);
  });

  it("refuses bad quantities and prices in a line", () => {
    const bad = (patch: object) => ({ ...place, lines: [{ ...(place as { lines: object[] }).lines[0], ...patch }] }) as OrderCommand;
    expect(refusal(() => decide(bad({ quantity: 0 }), initialOrderState())).message).toMatch(/from 1 to 99/);
    expect(refusal(() => decide(bad({ quantity: 100 }), initialOrderState())).message).toMatch(/from 1 to 99/);
    expect(refusal(() => decide(bad({ unitPrice: -1 }), initialOrderState())).message).toMatch(/no price/);
  });

  it("refuses a price or a total the client believed but the shop does not charge, naming both (409)", () => {
    const believed: OrderCommand = {
      ...place,
      lines: [{ ...place.lines[0], claimedUnitPrice: 300 }, place.lines[1]],
    };
    expect(refusal(() => decide(believed, initialOrderState()))).toEqual({
      status: 409,
      message: "The price of Shirt (30) is now ₹310, not ₹300. Please review your cart; no order was placed.",
    });
    expect(refusal(() => decide({ ...place, claimedTotal: 700 }, initialOrderState()))).toEqual({
      status: 409,
      message: "The order total is ₹720, not ₹700. Please review your cart; no order was placed.",
    });
    const right = decide({ ...place, lines: [{ ...place.lines[0], claimedUnitPrice: 310 }, place.lines[1]], claimedTotal: 720 }, initialOrderState());
    // What the client believed is compared, never stored.
    expect(JSON.stringify(right)).not.toContain("claimed");
  });

  it("adds up the same line asked for twice, and holds the quantity and the shelf to the sum", () => {
    const twice: OrderCommand = { ...place, lines: [{ ...place.lines[1], quantity: 60 }, { ...place.lines[1], quantity: 39 }] };
    const [event] = decide(twice, initialOrderState()) as Extract<OrderEvent, { type: "OrderPlaced" }>[];
    expect(event.data.lines).toEqual([{ ...place.lines[1], quantity: 99 }]);
    expect(refusal(() => decide({ ...twice, lines: [...twice.lines, { ...place.lines[1], quantity: 1 }] }, initialOrderState()))).toEqual({
      status: 422,
      message: "Quantity of Belt (Free Size) can be at most 99.",
    });
    const shelved = { ...place.lines[1], shelf: 3 };
    expect(refusal(() => decide({ ...place, lines: [{ ...shelved, quantity: 2 }, { ...shelved, quantity: 2 }] }, initialOrderState()))).toEqual({
      status: 409,
      message: "Only 3 of Belt left in stock.",
    });
    expect(refusal(() => decide({ ...place, lines: [{ ...shelved, shelf: 0 }] }, initialOrderState()))).toEqual({
      status: 409,
      message: "Belt is out of stock.",
    });
    const [fits] = decide({ ...place, lines: [{ ...shelved, quantity: 3 }] }, initialOrderState()) as Extract<OrderEvent, { type: "OrderPlaced" }>[];
    expect(fits.data.lines[0]).not.toHaveProperty("shelf");
  });

  it("changes status with from, to, actor and time; the same status writes nothing; unknown statuses are refused", () => {
    const state = placed();
    expect(decide({ type: "ChangeStatus", to: "shipped", actor: admin, at }, state)).toEqual([
      { type: "OrderStatusChanged", data: { orderId: place.type === "PlaceOrder" ? place.orderId : "", from: "pending", to: "shipped", actor: admin, at } },
    ]);
    expect(decide({ type: "ChangeStatus", to: "pending", actor: admin, at }, state)).toEqual([]);
    expect(refusal(() => decide({ type: "ChangeStatus", to: "lost", actor: admin, at }, state)).message).toMatch(/pending, processing/);
  });

  it("moves as the lifecycle allows (domain/orders/lifecycle.ts), and refuses the rest", () => {
    let state = placed();
    for (const to of ["processing", "pending", "cancelled", "processing", "shipped", "delivered"]) {
      state = decide({ type: "ChangeStatus", to, actor: admin, at }, state).reduce(evolve, state);
      expect(state.exists && state.status).toBe(to);
    }
    expect(() => decide({ type: "ChangeStatus", to: "pending", actor: admin, at }, state)).toThrow("lifecycle.deliveredStays");
  });

  it("marks paid once (cash on delivery: cash collected) and refuses unknown payment statuses", () => {
    const state = placed();
    const events = decide({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }, state);
    expect(events).toEqual([{ type: "CashCollected", data: { orderId: place.orderId, amount: 720, actor: admin, at } }]);
    const paid = events.reduce(evolve, state);
    expect(decide({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }, paid)).toEqual([]);
    expect(refusal(() => decide({ type: "ChangePaymentStatus", to: "free", actor: admin, at }, state)).status).toBe(422);
  });

  it("deletes with a tombstone once; a deleted order refuses changes; a missing order is a 404", () => {
    const deleted = decide({ type: "DeleteOrder", actor: admin, at }, placed()).reduce(evolve, placed());
    expect(deleted.exists && deleted.deleted).toBe(true);
    expect(decide({ type: "DeleteOrder", actor: admin, at }, deleted)).toEqual([]);
    expect(refusal(() => decide({ type: "ChangeStatus", to: "shipped", actor: admin, at }, deleted)).status).toBe(409);
    expect(refusal(() => decide({ type: "DeleteOrder", actor: admin, at }, initialOrderState())).status).toBe(404);
  });

  it("folds a stream and shows short ids and item lists", () => {
    const events = decide(place, initialOrderState());
    expect(foldOrder(JSON.parse(JSON.stringify(events))).exists).toBe(true);
    expect(displayOrderId("3f9a1c2e-0000-8000-8000-000000000000")).toBe("3F9A1C2E");
    expect(describeItems(place.type === "PlaceOrder" ? place.lines : [])).toBe("Shirt (30) x 2, Belt (Free Size) x 1");
  });
});

describe("checkout details and quantities", () => {
  it("requires every field with the spec's messages", () => {
    const result = checkDetails({ name: " ", phone: "", address: "", city: "", pincode: "" });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Name is required",
        phone: "Mobile number is required",
        address: "Address is required",
        city: "City is required",
        pincode: "Pincode is required",
      },
    });
  });

  it("wants 10-digit mobile numbers and 6-digit pincodes", () => {
    const base = { name: "Ravi", address: "12 Station Road", city: "Churu" };
    expect(checkDetails({ ...base, phone: "12345", pincode: "331001" })).toMatchObject({ errors: { phone: "Mobile number must be 10 digits" } });
    expect(checkDetails({ ...base, phone: "9876543210", pincode: "3310" })).toMatchObject({ errors: { pincode: "Pincode must be 6 digits" } });
    expect(checkDetails({ ...base, phone: "+91 98765-43210", pincode: "331 001" })).toEqual({
      ok: true,
      details: { ...base, phone: "9876543210", pincode: "331001" },
    });
    expect(normalisePhone("09876543210")).toBe("9876543210");
  });

  it("parses form quantities strictly", () => {
    expect(parseQuantity("3")).toEqual({ ok: true, quantity: 3 });
    for (const bad of ["0", "-2", "abc", "1.5", "100", "1e2", ""]) expect(parseQuantity(bad).ok).toBe(false);
  });
});
