import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { inEnglish } from "../support/refusal";
import { normalisePhone } from "../../domain/checkout";
import { checkDetails, parseQuantity } from "../../domain/checkout-fields";
import type { OrderEvent } from "../../domain/orders/events";
import { describeItems, displayOrderId, foldOrder, orderDecider, type OrderCommand } from "../../domain/orders/order";
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

const orders = spec(orderDecider);

describe("order decider", () => {
  /** The events of the order once placed. */
  const placed = () => orders.given().when(place).events();

  it("places an order as pending, payment pending, with the total of the server's prices", () => {
    const events = orders.given().when(place).events();
    expect(events.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
    expect((events[0] as Extract<OrderEvent, { type: "OrderPlaced" }>).data.total).toBe(720);
    expect(events[1].data).toMatchObject({ method: "cod", amount: 720, actor: { kind: "guest", name: "Ravi" } });
    const state = orders.given(placed()).state();
    expect(state.exists && state.status).toBe("pending");
    expect(state.exists && paymentStanding(state.payment)).toBe("unpaid");
  });

  it("refuses an empty order with the spec's message, and placing twice", () => {
    expect(inEnglish(orders.given().when({ ...place, lines: [] } as OrderCommand).refused()).message).toBe("Your cart is empty.");
    expect(inEnglish(orders.given(placed()).when(place).refused()).status).toBe(409);
  });

  it("refuses bad quantities and prices in a line", () => {
    const bad = (patch: object) => ({ ...place, lines: [{ ...(place as { lines: object[] }).lines[0], ...patch }] }) as OrderCommand;
    expect(inEnglish(orders.given().when(bad({ quantity: 0 })).refused()).message).toMatch(/from 1 to 99/);
    expect(inEnglish(orders.given().when(bad({ quantity: 100 })).refused()).message).toMatch(/from 1 to 99/);
    expect(inEnglish(orders.given().when(bad({ unitPrice: -1 })).refused()).message).toMatch(/no price/);
  });

  it("refuses a price or a total the client believed but the shop does not charge, naming both (409)", () => {
    const believed: OrderCommand = {
      ...place,
      lines: [{ ...place.lines[0], claimedUnitPrice: 300 }, place.lines[1]],
    };
    expect(inEnglish(orders.given().when(believed).refused())).toEqual({
      status: 409,
      message: "The price of Shirt (30) is now ₹310, not ₹300. Please review your cart; no order was placed.",
    });
    expect(inEnglish(orders.given().when({ ...place, claimedTotal: 700 }).refused())).toEqual({
      status: 409,
      message: "The order total is ₹720, not ₹700. Please review your cart; no order was placed.",
    });
    const right = orders.given().when({ ...place, lines: [{ ...place.lines[0], claimedUnitPrice: 310 }, place.lines[1]], claimedTotal: 720 }).events();
    // What the client believed is compared, never stored.
    expect(JSON.stringify(right)).not.toContain("claimed");
  });

  it("adds up the same line asked for twice, and holds the quantity and the shelf to the sum", () => {
    const twice: OrderCommand = { ...place, lines: [{ ...place.lines[1], quantity: 60 }, { ...place.lines[1], quantity: 39 }] };
    const [event] = orders.given().when(twice).events() as Extract<OrderEvent, { type: "OrderPlaced" }>[];
    expect(event.data.lines).toEqual([{ ...place.lines[1], quantity: 99 }]);
    expect(inEnglish(orders.given().when({ ...twice, lines: [...twice.lines, { ...place.lines[1], quantity: 1 }] }).refused())).toEqual({
      status: 422,
      message: "Quantity of Belt (Free Size) can be at most 99.",
    });
    const shelved = { ...place.lines[1], shelf: 3 };
    expect(inEnglish(orders.given().when({ ...place, lines: [{ ...shelved, quantity: 2 }, { ...shelved, quantity: 2 }] }).refused())).toEqual({
      status: 409,
      message: "Only 3 of Belt left in stock.",
    });
    expect(inEnglish(orders.given().when({ ...place, lines: [{ ...shelved, shelf: 0 }] }).refused())).toEqual({
      status: 409,
      message: "Belt is out of stock.",
    });
    const [fits] = orders.given().when({ ...place, lines: [{ ...shelved, quantity: 3 }] }).events() as Extract<OrderEvent, { type: "OrderPlaced" }>[];
    expect(fits.data.lines[0]).not.toHaveProperty("shelf");
  });

  it("changes status with from, to, actor and time; the same status writes nothing; unknown statuses are refused", () => {
    const state = placed();
    expect(orders.given(state).when({ type: "ChangeStatus", to: "shipped", actor: admin, at }).events()).toEqual([
      { type: "OrderStatusChanged", data: { orderId: place.type === "PlaceOrder" ? place.orderId : "", from: "pending", to: "shipped", actor: admin, at } },
    ]);
    orders.given(state).when({ type: "ChangeStatus", to: "pending", actor: admin, at }).thenNothing();
    expect(inEnglish(orders.given(state).when({ type: "ChangeStatus", to: "lost", actor: admin, at }).refused()).message).toMatch(/pending, processing/);
  });

  it("moves as the lifecycle allows (domain/orders/lifecycle.ts), and refuses the rest", () => {
    const history = placed();
    for (const to of ["processing", "pending", "cancelled", "processing", "shipped", "delivered"]) {
      const moved = orders.given(history).when({ type: "ChangeStatus", to, actor: admin, at });
      expect(moved.events()).toHaveLength(1);
      history.push(...moved.events());
      const state = orders.given(history).state();
      expect(state.exists && state.status).toBe(to);
    }
    orders.given(history).when({ type: "ChangeStatus", to: "pending", actor: admin, at }).thenRefuses("lifecycle.deliveredStays");
  });

  it("marks paid once (cash on delivery: cash collected) and refuses unknown payment statuses", () => {
    const state = placed();
    const events = orders.given(state).when({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }).events();
    expect(events).toEqual([{ type: "CashCollected", data: { orderId: place.orderId, amount: 720, actor: admin, at } }]);
    const paid = [...state, ...events];
    orders.given(paid).when({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }).thenNothing();
    expect(inEnglish(orders.given(state).when({ type: "ChangePaymentStatus", to: "free", actor: admin, at }).refused()).status).toBe(422);
  });

  it("deletes with a tombstone once; a deleted order refuses changes; a missing order is a 404", () => {
    const deleted = [...placed(), ...orders.given(placed()).when({ type: "DeleteOrder", actor: admin, at }).events()];
    const state = orders.given(deleted).state();
    expect(state.exists && state.deleted).toBe(true);
    orders.given(deleted).when({ type: "DeleteOrder", actor: admin, at }).thenNothing();
    expect(inEnglish(orders.given(deleted).when({ type: "ChangeStatus", to: "shipped", actor: admin, at }).refused()).status).toBe(409);
    expect(inEnglish(orders.given().when({ type: "DeleteOrder", actor: admin, at }).refused()).status).toBe(404);
  });

  it("folds a stream and shows short ids and item lists", () => {
    const events = orders.given().when(place).events();
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
