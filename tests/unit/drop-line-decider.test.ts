/**
 * Dropping a line before dispatch (domain/orders/drop-line.ts, decision 204): the order's money recomputed by the
 * domain's rule and recorded, the held units back on the shelf, what was paid above the new total owed back, the
 * invoice made at dispatch listing only what left, and after dispatch a refusal that says what to do instead.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import type { Actor, OrderEvent, OrderStatus } from "../../domain/orders/events";
import { refundOwedPaise } from "../../domain/orders/lifecycle";
import { documentCommands, documentsDue } from "../../domain/orders/order-documents";
import { decide, evolve, initialOrderState, orderDecider, type OrderCommand } from "../../domain/orders/order";
import { orderStockEffects } from "../../domain/orders/stock-effects";
import { describeOrderEvent } from "../../domain/orders/describe";
import { documentNumber } from "../../domain/tax/series";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { RAJASTHAN } from "../../domain/tax/states";
import { spec } from "../support/decider-spec";

const at = "2026-12-07T10:00:00.000Z";
const admin: Actor = { kind: "admin", id: "a1", name: "Asha" };
const parent: Actor = { kind: "guest", name: "Ravi" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const SELLER = { scheme: "regular" as const, stateCode: RAJASTHAN, legalName: "Churu Uniform House", address: "Station Road, Churu", gstin: "08AAPFU0939F1ZV" };

const shirt = { productId: "school/dps/shirt", size: "30", school: "DPS" };
const bottle = { productId: "product/12", size: "Free Size", school: "" };
const bag = { productId: "product/7", size: "M", school: "" };

/** Shirt ₹310, two steel bottles at ₹199, a bag ₹650: ₹1,358, 10% off (₹135), delivered free in Churu: ₹1,223. */
const placed = (paymentMethod: "cod" | "upi" = "upi", pincode = "331001"): OrderEvent[] =>
  decide(
    {
      type: "PlaceOrder",
      orderId,
      lines: [
        { ...shirt, name: "Shirt", unitPrice: 310, quantity: 1 },
        { ...bottle, name: "Steel Bottle", unitPrice: 199, quantity: 2 },
        { ...bag, name: "School Bag", unitPrice: 650, quantity: 1 },
      ],
      customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
      address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode },
      placedAt: "2026-12-05T06:00:00.000Z",
      language: "en",
      paymentMethod,
      charges: DEFAULT_CHARGE_RULES,
      actor: parent,
    },
    initialOrderState(),
  );
const moved = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: "OrderStatusChanged", data: { orderId, from, to, actor: admin, at } });
const paidByUpi: OrderEvent = { type: "PaymentConfirmed", data: { orderId, amount: 1223, reference: "412345678901", note: "", actor: admin, at } };
const drop = (line: { productId: string; size: string; school: string }, quantity?: number, note?: string): OrderCommand => ({
  type: "DropLine",
  line,
  ...(quantity === undefined ? {} : { quantity }),
  ...(note === undefined ? {} : { note }),
  actor: admin,
  at,
});
const dropped = (line: { productId: string; size: string; school: string; name: string; quantity: number }, charges: { subtotal: number; discount: number; total: number; delivery?: number }, note = ""): OrderEvent => ({
  type: "OrderLineDropped",
  data: { orderId, line, note, charges: { subtotal: charges.subtotal, discountPercent: 10, discount: charges.discount, delivery: charges.delivery ?? 0, total: charges.total }, actor: admin, at },
});

const order = spec(orderDecider);

describe("dropping a line before dispatch", () => {
  it("takes the line off and records the order's money as the rule recomputes it: the offer's percent kept, delivery as charged", () => {
    order
      .given(placed())
      .when(drop(bottle, undefined, "Out of stock"))
      .then([dropped({ ...bottle, name: "Steel Bottle", quantity: 2 }, { subtotal: 960, discount: 96, total: 864 }, "Out of stock")]);
    // Some units of a line: ₹1,159 left, 10% off rounds down to ₹115.
    order.given(placed()).when(drop(bottle, 1)).then([dropped({ ...bottle, name: "Steel Bottle", quantity: 1 }, { subtotal: 1159, discount: 115, total: 1044 })]);
    // Outside Churu the parcel still goes, and its ₹100 delivery with it.
    order
      .given(placed("upi", "302001"))
      .when(drop(bag))
      .then([dropped({ ...bag, name: "School Bag", quantity: 1 }, { subtotal: 708, discount: 70, delivery: 100, total: 738 })]);
  });

  it("leaves the order charging its new total, with the lines it still sends", () => {
    const state = order.given(placed("cod"), moved("pending", "processing")).when(drop(bottle, 1)).state();
    if (!state.exists) throw new Error("no order");
    expect(state.placed.lines.map((l) => [l.name, l.quantity])).toEqual([["Shirt", 1], ["Steel Bottle", 1], ["School Bag", 1]]);
    expect(state.afterSale.lines.map((l) => [l.name, l.quantity])).toEqual([["Shirt", 1], ["Steel Bottle", 1], ["School Bag", 1]]);
    expect([state.placed.subtotal, state.placed.discount, state.placed.total, state.payment.due]).toEqual([1159, 115, 1044, 1044]);
    // Cash at the door is the new total.
    expect(decide({ type: "CollectCash", actor: admin, at }, state)).toEqual([{ type: "CashCollected", data: { orderId, amount: 1044, actor: admin, at } }]);
  });

  it("owes back what the parent paid above the new total until it is refunded", () => {
    const state = order.given(placed(), paidByUpi).when(drop(bottle)).state();
    if (!state.exists) throw new Error("no order");
    expect(refundOwedPaise(state)).toBe((1223 - 864) * 100);
    const refunded = decide({ type: "RefundPayment", paise: 359_00, method: "upi", actor: admin, at }, state).reduce(evolve, state);
    if (!refunded.exists) throw new Error("no order");
    expect(refundOwedPaise(refunded)).toBe(0);
    // An unpaid order owes nothing back.
    const unpaid = order.given(placed()).when(drop(bottle)).state();
    expect(unpaid.exists && refundOwedPaise(unpaid)).toBe(0);
  });

  it("makes the invoice at dispatch for what left the shop only, adding up to the new total to the paisa", () => {
    const state = order.given(placed("cod")).when(drop(bottle)).state();
    if (!state.exists) throw new Error("no order");
    const ship = moved("pending", "shipped");
    const due = documentsDue(state.tax, [ship], state.afterSale.returns);
    expect(due.invoice).toBe(true);
    const invoice = { series: "CUH/2627", sequence: 1, number: documentNumber("CUH/2627", 1) };
    const [issue] = documentCommands(state.placed, due, { invoice }, SELLER, { rates: {}, stateOf: stateOfPincode }, at);
    if (issue?.type !== "IssueInvoice") throw new Error("no invoice");
    const goods = issue.invoice.lines.filter((l) => l.kind === "goods");
    expect(goods.map((l) => [l.description, l.quantity])).toEqual([["Shirt (DPS)", 1], ["School Bag", 1]]);
    expect(issue.invoice.totals.value).toBe(86400);
  });

  it("gives back the dropped units' hold and keeps holding the rest of the line", () => {
    const before = order.given(placed()).state();
    const all = orderStockEffects(before, order.given(placed()).when(drop(bottle)).events(), at);
    expect(all).toEqual([{ productId: 12, commands: [{ type: "ReleaseStock", productId: 12, orderId, reason: "dropped", at }] }]);
    const some = orderStockEffects(before, order.given(placed()).when(drop(bottle, 1)).events(), at);
    expect(some).toEqual([
      {
        productId: 12,
        commands: [
          { type: "ReleaseStock", productId: 12, orderId, reason: "dropped", at },
          { type: "ReserveStock", productId: 12, orderId, quantity: 1, name: "Steel Bottle", at },
        ],
      },
    ]);
  });

  it("shows in the trail what was dropped and what the order charges now", () => {
    const [event] = order.given(placed()).when(drop(bottle, 1, "Out of stock")).events();
    expect(describeOrderEvent(event)).toEqual({
      what: "Item dropped before dispatch",
      by: "Admin: Asha",
      change: "order subtotal ₹1,159; 10% off -₹115; total ₹1,044",
      details: "Steel Bottle (Free Size) x 1; Out of stock",
    });
  });

  it("refuses once the goods left, and says the invoice is then reversed by a return's credit note", () => {
    for (const road of [[moved("pending", "shipped")], [moved("pending", "shipped"), moved("shipped", "delivered")], [moved("pending", "delivered")]]) {
      const refused = order.given(placed(), road).when(drop(bottle)).thenRefuses("orders.dropAfterDispatch", {}, 409);
      expect(refused.status).toBe(409);
    }
    order.given(placed(), moved("pending", "cancelled")).when(drop(bottle)).thenRefuses("orders.dropCancelled", {}, 409);
    order.given(placed(), { type: "OrderDeleted", data: { orderId, actor: admin, at } }).when(drop(bottle)).thenRefuses("admin.orderDeleted", {}, 409);
  });

  it("refuses what cannot be dropped, with a reason worded in both languages", () => {
    order.given(placed()).when(drop({ ...shirt, size: "32" })).thenRefuses("orders.dropNoSuchLine", {}, 404);
    for (const quantity of [0, 3, 1.5, -1]) {
      order.given(placed()).when(drop(bottle, quantity)).thenRefuses("orders.dropQuantity", { item: "Steel Bottle", most: 2 }, 422);
    }
    order.given(placed()).when(drop(bottle, 2, "x".repeat(501))).thenRefuses("orders.dropNoteTooLong", { max: 500 }, 422);
    // The last of the order is a cancel, whose move gives back the goods and the money.
    const twoDropped = order.given(placed()).when(drop(bottle)).events();
    const bagDropped = order.given(placed(), twoDropped).when(drop(bag)).events();
    order.given(placed(), twoDropped, bagDropped).when(drop(shirt)).thenRefuses("orders.dropLastLine", {}, 409);
    // A UPI payment the parent reported is settled first: it was for the old total.
    const reported: OrderEvent = { type: "PaymentReported", data: { orderId, reference: "412345678901", actor: parent, at } };
    order.given(placed(), reported).when(drop(bottle)).thenRefuses("orders.dropPaymentReported", { reference: "412345678901" }, 409);
  });
});
