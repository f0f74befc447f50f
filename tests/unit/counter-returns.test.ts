/**
 * A return at the counter (decision 214): any delivered order's goods received over the counter and, in the same
 * decision, another size handed over (the shelf both ways) or the money given back with the return's credit note.
 */
import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import { counterAddress, counterCustomer } from "../../domain/counter/sale";
import { parseCounterFind, type ReturnAtCounter } from "../../domain/counter/returns";
import type { OrderEvent } from "../../domain/orders/events";
import { decide, evolve, initialOrderState, type OrderCommand, type OrderState } from "../../domain/orders/order";
import { orderStockEffects } from "../../domain/orders/stock-effects";
import { documentCommands, documentsDue } from "../../domain/orders/order-documents";
import { heldLines } from "../../domain/orders/returns";
import { liveInvoice, noTaxDocuments } from "../../domain/tax/documents";
import { documentNumber } from "../../domain/tax/series";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { RAJASTHAN } from "../../domain/tax/states";
import type { SkuLookup } from "../../domain/stock/school-stock";

const soldAt = "2026-12-07T10:00:00.000Z";
const at = "2026-12-09T11:00:00.000Z";
const staff = { kind: "admin" as const, id: "staff-1", name: "Meena" };
const customer = counterCustomer("9829012345", "");
const orderId = "5e1d0000-0000-4000-8000-000000000001";
const returnId = "7a7a0000-0000-4000-8000-000000000001";
const SELLER = { scheme: "regular" as const, stateCode: RAJASTHAN, legalName: "Churu Uniform House", address: "Station Road, Churu 331001", gstin: "08AAPFU0939F1ZV" };
const shirt = { productId: "school/dps/shirt", size: "30", school: "DPS" };

/** A walk-in sale of two shirts (30) and a belt with 10% off (720 -> 648), paid in cash. */
function sold(): Extract<OrderState, { exists: true }> {
  const sale: OrderCommand = {
    type: "SellAtCounter",
    orderId,
    lines: [
      { ...shirt, name: "Shirt", unitPrice: 310, quantity: 2 },
      { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 100, quantity: 1 },
    ],
    customer,
    address: counterAddress("Station Road, Churu, Rajasthan 331001", customer),
    placedAt: soldAt,
    language: "en",
    counter: "1",
    shownTotal: 648,
    payment: { mode: "cash", cashGiven: 700 },
    charges: { discount: { on: true, percent: 10, minimum: 0 } },
    actor: staff,
  };
  const events = decide(sale, initialOrderState());
  let state = events.reduce(evolve, initialOrderState());
  if (!state.exists) throw new Error("not sold");
  // The bill's invoice, issued with the sale as the service issues it.
  const due = documentsDue(noTaxDocuments(), events);
  const numbers = { invoice: { series: "CUH/2627", sequence: 1, number: documentNumber("CUH/2627", 1) } };
  for (const document of documentCommands(state.placed, due, numbers, SELLER, { rates: {}, stateOf: stateOfPincode }, soldAt)) {
    state = decide(document, state).reduce(evolve, state);
  }
  if (!state.exists || !liveInvoice(state.tax)) throw new Error("no invoice");
  return state;
}

const exchange = (size = "32", extra: Partial<ReturnAtCounter> = {}): ReturnAtCounter => ({
  type: "ReturnAtCounter",
  returnId,
  lines: [{ ...shirt, quantity: 1 }],
  reason: "Too small",
  counter: "2",
  outcome: { kind: "exchange", size, targets: {} },
  actor: staff,
  at,
  ...extra,
});

const refund = (method: string, shownAmount: number, reference?: string): ReturnAtCounter =>
  exchange("", { outcome: { kind: "refund", method, shownAmount, ...(reference ? { reference } : {}) } });

const types = (events: OrderEvent[]) => events.map((e) => e.type);
// Shirts of DPS are counted by size (decision 180): size 30 is SKU 11, size 32 SKU 12.
const skus: SkuLookup = (productId, size) => (productId === shirt.productId ? { sku: size === "30" ? 11 : 12, whenOut: "stop", leadDays: null } : undefined);

describe("an exchange at the counter", () => {
  it("receives the shirt and hands over the other size in one decision, each step named with the staff member", () => {
    const order = sold();
    const events = decide(exchange(), order);
    expect(types(events)).toEqual(["ReturnRequested", "ReturnApproved", "ReturnReceived", "ExchangeMade"]);
    for (const event of events) expect((event.data as { actor: unknown }).actor).toEqual(staff);
    expect(events[2].data).toMatchObject({ method: "drop-off" });
    expect(events[3].data).toMatchObject({ lines: [{ productId: shirt.productId, fromSize: "30", toSize: "32", quantity: 1 }] });
    const after = events.reduce(evolve, order as OrderState);
    // The order now accounts for one shirt in 30 and one in 32, at no new charge; no money moved.
    expect(after.exists && heldLines(after.afterSale).map((l) => [l.size, l.quantity])).toEqual([["30", 1], ["Free Size", 1], ["32", 1]]);
    expect(after.exists && after.payment).toMatchObject({ paid: 648, refundedPaise: 0 });
  });

  it("moves the shelf both ways: the 30 back on it, the 32 off it; and issues no credit note (the supply stands)", () => {
    const order = sold();
    const events = decide(exchange(), order);
    const effects = orderStockEffects(order, events, at, skus);
    const commands = effects.flatMap((e) => e.commands.map((c) => [c.type, c.productId, "quantity" in c ? c.quantity : undefined]));
    expect(commands).toEqual([
      ["ReturnStock", 11, 1],
      ["ReserveStock", 12, 1],
      ["ShipStock", 12, undefined],
    ]);
    expect(documentsDue(order.tax, events, order.afterSale.returns).credit).toBeUndefined();
  });

  it("is made once when the same return is sent twice", () => {
    const order = sold();
    const after = decide(exchange(), order).reduce(evolve, order as OrderState);
    expect(decide(exchange(), after)).toEqual([]);
  });

  it("is refused in the online rules' words: the same size, more than was bought, past the 7 days", () => {
    const order = sold();
    expect(ruleRefusal(() => decide(exchange("30"), order)).message).toMatch(/Shirt is size 30 already: choose another size/);
    expect(ruleRefusal(() => decide(exchange("32", { lines: [{ ...shirt, quantity: 3 }] }), order)).message).toMatch(/at most 2 of Shirt \(30\)/);
    expect(ruleRefusal(() => decide(exchange("32", { at: "2026-12-20T10:00:00.000Z" }), order))).toMatchObject({ status: 409, message: expect.stringMatching(/within 7 days/) });
  });

  it("is refused while a return asked for online is under way, and said where to finish it", () => {
    const order = sold();
    const asked = decide({ type: "RequestReturn", returnId: "a5a50000-0000-4000-8000-000000000009", lines: [{ ...shirt, quantity: 1 }], want: "refund", reason: "Torn", actor: { kind: "customer" }, at }, order);
    const open = asked.reduce(evolve, order as OrderState);
    expect(ruleRefusal(() => decide(exchange(), open))).toEqual({ status: 409, message: "This order has a return under way on its page: finish that one there first." });
  });
});

describe("a refund at the counter", () => {
  it("gives back the goods' invoiced value (their share of the offer off) in cash, with the return's credit note", () => {
    const order = sold();
    // One shirt of ₹310 with 10% off the order: ₹279 back.
    const events = decide(refund("cash", 279), order);
    expect(types(events)).toEqual(["ReturnRequested", "ReturnApproved", "ReturnReceived", "PaymentRefunded"]);
    // The refund names the counter whose drawer paid it (decision 218).
    expect(events[3].data).toMatchObject({ paise: 279_00, method: "cash", note: "counter 2", counter: "2", actor: staff });
    const after = events.reduce(evolve, order as OrderState);
    expect(after.exists && after.payment).toMatchObject({ paid: 648, refundedPaise: 279_00 });
    expect(after.exists && after.afterSale.returns[0].stage).toBe("refunded");
    // The credit note reverses exactly the shirt that came back.
    const due = documentsDue(order.tax, events, order.afterSale.returns);
    expect(due.credit).toMatchObject({ reason: "return", returnId, goods: [{ ...shirt, quantity: 1 }] });
    // And the shirt is back on its shelf.
    expect(orderStockEffects(order, events, at, skus).flatMap((e) => e.commands.map((c) => c.type))).toEqual(["ReturnStock"]);
  });

  it("by UPI needs the refund's reference; and is refused, nothing given, when the amount shown is not the one due", () => {
    const order = sold();
    expect(ruleRefusal(() => decide(refund("upi", 279), order)).message).toBe("Type the 12-digit reference of the UPI refund from the shop's UPI app.");
    expect(decide(refund("upi", 279, "412345678901"), order)[3].data).toMatchObject({ method: "upi", reference: "412345678901" });
    expect(ruleRefusal(() => decide(refund("cash", 310), order))).toEqual({
      status: 409,
      message: "The refund for these goods is ₹279, not the ₹310 shown: check the amount with the parent again. Nothing was returned.",
    });
    expect(ruleRefusal(() => decide(refund("cheque", 279), order)).message).toBe("Choose how the money goes back: cash or UPI.");
  });

  it("of an order that was never paid is refused: there is no money to give back", () => {
    const order = sold();
    const unpaid = { ...order, payment: { ...order.payment, paid: 0 } };
    expect(ruleRefusal(() => decide(refund("cash", 0), unpaid)).message).toMatch(/no money to give back/);
  });
});

describe("the counter's find box", () => {
  it("reads a bill's number (typed or scanned), an order's id or a mobile number, and refuses anything else", () => {
    expect(parseCounterFind(" 5e1d0000 ")).toEqual({ kind: "number", shortId: "5E1D0000" });
    expect(parseCounterFind("#3f9a1c2e")).toEqual({ kind: "number", shortId: "3F9A1C2E" });
    expect(parseCounterFind(orderId.toUpperCase())).toEqual({ kind: "order", orderId });
    expect(parseCounterFind("+91 98290-12345")).toEqual({ kind: "phone", phone: "9829012345" });
    expect(ruleRefusal(() => parseCounterFind("Ravi")).message).toMatch(/order number \(8 letters and digits\)/);
    expect(ruleRefusal(() => parseCounterFind("9".repeat(5000))).status).toBe(422);
  });
});
