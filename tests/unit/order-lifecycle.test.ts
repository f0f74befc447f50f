/**
 * An order's lifecycle (domain/orders/lifecycle.ts, decision 160): which moves the shop allows, what each does to
 * the shelf, the money, the tax documents and the parent's texts, and, over any sequence of allowed moves and
 * payments on orders that share a shelf, that stock is the shelf, money is the payments, and the documents are what
 * left the shop.
 */
import { stateOfPincode } from "../../domain/tax/pincode-states";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { ORDER_STATUSES, type Actor, type OrderEvent, type OrderStatus } from "../../domain/orders/events";
import { GOODS_AT, MOVES, moveMessage, moveOf, nextStatuses, refundOwedPaise, refusedMove } from "../../domain/orders/lifecycle";
import { documentCommands, documentsDue, type TakenNumber } from "../../domain/orders/order-documents";
import { decide, evolve, initialOrderState, orderDecider, type OrderCommand, type OrderState } from "../../domain/orders/order";
import { orderStockEffects, trackedLines } from "../../domain/orders/stock-effects";
import { isRuleViolation } from "../../domain/errors";
import { decide as decideStock, evolve as evolveStock, initialStockState, onShelf, type StockState } from "../../domain/stock/stock";
import { documentNumber } from "../../domain/tax/series";
import { liveInvoice } from "../../domain/tax/documents";
import { RAJASTHAN } from "../../domain/tax/states";
import { spec } from "../support/decider-spec";
import { englishOf } from "../support/refusal";
import { refusalText } from "../../app/i18n/refusals.server";

const at = "2026-12-07T10:00:00.000Z";
const admin: Actor = { kind: "admin", id: "a1", name: "Asha" };
const parent: Actor = { kind: "guest", name: "Ravi" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const SELLER = { scheme: "regular" as const, stateCode: RAJASTHAN, legalName: "Churu Uniform House", address: "Station Road, Churu", gstin: "08AAPFU0939F1ZV" };
const number = (series: string, sequence: number): TakenNumber => ({ series, sequence, number: documentNumber(series, sequence) });

function placing(id = orderId, paymentMethod: "cod" | "upi" = "cod"): Extract<OrderCommand, { type: "PlaceOrder" }> {
  return {
    type: "PlaceOrder",
    orderId: id,
    lines: [
      { productId: "school/dps/shirt", size: "30", school: "DPS", name: "Shirt", unitPrice: 310, quantity: 1 },
      { productId: "product/12", size: "Free Size", school: "", name: "Steel Bottle", unitPrice: 199, quantity: 2 },
      { productId: "product/7", size: "M", school: "", name: "School Bag", unitPrice: 650, quantity: 1 },
    ],
    customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
    address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
    placedAt: "2026-12-05T06:00:00.000Z",
    language: "en",
    paymentMethod,
    charges: DEFAULT_CHARGE_RULES,
    actor: parent,
  };
}

const order = spec(orderDecider);
/** The events of a new order: what the stream holds once it is placed. */
const placed = (id = orderId, method: "cod" | "upi" = "cod") => decide(placing(id, method), initialOrderState());
const moved = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: "OrderStatusChanged", data: { orderId, from, to, actor: admin, at } });
const setStatus = (to: string): OrderCommand => ({ type: "ChangeStatus", to, actor: admin, at });
/** An order's events up to `status` by the shop's usual road. */
function reach(status: OrderStatus): OrderEvent[] {
  const road: Record<OrderStatus, OrderEvent[]> = {
    pending: [],
    processing: [moved("pending", "processing")],
    shipped: [moved("pending", "shipped")],
    delivered: [moved("pending", "shipped"), moved("shipped", "delivered")],
    cancelled: [moved("pending", "cancelled")],
  };
  return [...placed(), ...road[status]];
}

describe("the order lifecycle", () => {
  it("allows exactly the moves of its table, and refuses every other with a reason worded in both languages", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (from === to) {
          order.given(reach(from)).when(setStatus(to)).thenNothing();
          continue;
        }
        const when = order.given(reach(from)).when(setStatus(to));
        if (moveOf(from, to)) when.then([moved(from, to)]);
        else when.thenRefuses(refusedMove(from, to).key, { status: to }, 409);
      }
    }
    expect(nextStatuses("cancelled")).toEqual(["pending", "processing"]);
    expect(nextStatuses("delivered")).toEqual(["shipped"]);
  });

  it("refuses the moves a shop must not make: a cancelled order shipped, a delivered one taken back to pending, a parcel that left set to pending", () => {
    const cancelledShipped = order.given(reach("cancelled")).when(setStatus("shipped")).thenRefuses("lifecycle.cancelledNotSent", { status: "shipped" }, 409);
    expect(englishOf(cancelledShipped)).toBe(
      "This order is cancelled, so it cannot be set to shipped. To send it after all, set it to pending or processing first: its items are held for it again if they are on the shelf.",
    );
    const deliveredPending = order.given(reach("delivered")).when(setStatus("pending")).thenRefuses("lifecycle.deliveredStays", { status: "pending" }, 409);
    expect(refusalText("hi", deliveredPending)).toBe(
      'यह ऑर्डर पहुँच चुका है, इसलिए इसे "लंबित" नहीं किया जा सकता। अभिभावक जो वापस भेजें वह वापसी है: ऑर्डर के पेज पर वापसी देखें।',
    );
    order.given(reach("delivered")).when(setStatus("cancelled")).thenRefuses("lifecycle.deliveredStays");
    order.given(reach("shipped")).when(setStatus("pending")).thenRefuses("lifecycle.parcelLeft", { status: "pending" });
  });

  it("refuses a move of a deleted order, and an unknown status before looking at the order", () => {
    const deleted: OrderEvent = { type: "OrderDeleted", data: { orderId, actor: admin, at } };
    order.given(reach("pending"), deleted).when(setStatus("shipped")).thenRefuses("admin.orderDeleted", {}, 409);
    order.given(reach("pending")).when(setStatus("lost")).thenRefuses("admin.statusUnknown", {}, 422);
  });

  it("decides a status and the old payment switch together: a refused half leaves the whole order as it was", () => {
    // The /api's {"status":"cancelled","paymentStatus":"paid"} on a new cash order: cash is never taken for a cancelled order.
    const both: OrderCommand = { type: "ChangeOrder", status: "cancelled", paymentStatus: "paid", actor: admin, at };
    order.given(reach("pending")).when(both).thenRefuses("admin.paymentCashCancelled", {}, 409);
    order.given(reach("delivered")).when({ ...both, status: "pending" }).thenRefuses("lifecycle.deliveredStays");
    order.given(reach("pending")).when({ ...both, status: "lost" }).thenRefuses("admin.statusUnknown");
    order.given(reach("pending")).when({ ...both, paymentStatus: "refunded" }).thenRefuses("admin.paymentStatusUnknown");
    const shippedAndPaid = order.given(reach("pending")).when({ ...both, status: "shipped" }).events();
    expect(shippedAndPaid.map((e) => e.type)).toEqual(["OrderStatusChanged", "CashCollected"]);
  });
});

describe("what each move does", () => {
  /** The stock commands a move makes, as "type product xN" words. */
  function stockOf(from: OrderStatus, to: OrderStatus): string[] {
    const before = order.given(reach(from)).state();
    return orderStockEffects(before, [moved(from, to)], at).flatMap((effect) =>
      effect.commands.map((c) => `${c.type} ${c.productId}${"quantity" in c ? ` x${c.quantity}` : ""}`),
    );
  }
  it("holds, ships, releases and takes back the shop's own products as its table says (school items are made to order)", () => {
    expect(stockOf("pending", "processing")).toEqual([]);
    expect(stockOf("processing", "pending")).toEqual([]);
    expect(stockOf("pending", "shipped")).toEqual(["ShipStock 7", "ShipStock 12"]);
    expect(stockOf("processing", "delivered")).toEqual(["ShipStock 7", "ShipStock 12"]);
    expect(stockOf("pending", "cancelled")).toEqual(["ReleaseStock 7", "ReleaseStock 12"]);
    expect(stockOf("shipped", "delivered")).toEqual([]);
    expect(stockOf("delivered", "shipped")).toEqual([]);
    // The parcel came back: on the shelf again, held for the order again (until it is sent again).
    expect(stockOf("shipped", "processing")).toEqual(["ReturnStock 7 x1", "ReserveStock 7 x1", "ReturnStock 12 x2", "ReserveStock 12 x2"]);
    expect(stockOf("shipped", "cancelled")).toEqual(["ReturnStock 7 x1", "ReturnStock 12 x2"]);
    expect(stockOf("cancelled", "pending")).toEqual(["ReserveStock 7 x1", "ReserveStock 12 x2"]);
  });

  it("issues an invoice when goods leave with none live, and reverses it when they come back", () => {
    const world = newWorld();
    const invoiced = world.orders[0];
    expect(apply(world, 0, setStatus("shipped"))).toBe(true);
    const withInvoice = world.orders[0];
    if (!withInvoice.exists || !invoiced.exists) throw new Error("no order");
    expect(liveInvoice(withInvoice.tax)?.number).toBe("CUH/2627/000001");
    expect(documentsDue(invoiced.tax, [moved("pending", "shipped")])).toEqual({ invoice: true });
    expect(documentsDue(invoiced.tax, [moved("pending", "cancelled")])).toEqual({ invoice: false });
    expect(documentsDue(withInvoice.tax, [moved("shipped", "delivered")])).toEqual({ invoice: false });
    expect(documentsDue(withInvoice.tax, [moved("shipped", "processing")]).credit?.reason).toBe("return");
    expect(documentsDue(withInvoice.tax, [moved("shipped", "cancelled")]).credit?.reason).toBe("cancellation");
    // Every move that takes goods out carries an invoice; every one that brings them back, a credit note.
    for (const move of MOVES) {
      const leaves = GOODS_AT[move.from] !== "out" && GOODS_AT[move.to] === "out";
      const comesBack = GOODS_AT[move.from] === "out" && GOODS_AT[move.to] !== "out";
      expect(move.documents.some((d) => d.issue === "invoice"), `${move.from} -> ${move.to}`).toBe(leaves);
      expect(move.documents.some((d) => d.issue === "creditNote"), `${move.from} -> ${move.to}`).toBe(comesBack);
    }
  });

  it("texts the parent when the parcel is shipped, delivered or the order cancelled; not for a correction or a parcel sent again", () => {
    expect(moveMessage({ from: "processing", to: "shipped" })).toBe("orderShipped");
    expect(moveMessage({ from: "pending", to: "delivered" })).toBe("orderDelivered");
    expect(moveMessage({ from: "shipped", to: "cancelled" })).toBe("orderCancelled");
    expect(moveMessage({ from: "delivered", to: "shipped" })).toBeUndefined();
    expect(moveMessage({ from: "shipped", to: "processing" })).toBeUndefined();
    expect(moveMessage({ from: "cancelled", to: "pending" })).toBeUndefined();
    // A change stored before the lifecycle that it no longer allows texts nobody.
    expect(moveMessage({ from: "cancelled", to: "shipped" })).toBeUndefined();
  });

  it("owes a cancelled order's money back, and moves no money itself", () => {
    const paid = order.given(reach("pending")).when({ type: "CollectCash", actor: admin, at }).events();
    const cancelled = order.given(reach("pending"), paid).when(setStatus("cancelled"));
    expect(cancelled.events().map((e) => e.type)).toEqual(["OrderStatusChanged"]);
    const state = cancelled.state();
    if (!state.exists) throw new Error("no order");
    expect(refundOwedPaise(state)).toBe(state.placed.total * 100);
    expect(MOVES.filter((m) => m.money.includes("owedBack")).map((m) => m.to)).toEqual(["cancelled", "cancelled", "cancelled"]);
  });
});

// ---------------------------------------------------------------------------------------
// Any sequence of allowed moves and payments on orders that share a shelf
// ---------------------------------------------------------------------------------------

/** Two orders on one shelf: the first wants a bag and two bottles (and a shirt made to order), the second two bottles. */
const ORDERS = ["3f9a1c2e-0000-8000-8000-000000000001", "3f9a1c2e-0000-8000-8000-000000000002"];
const SHELF: Record<number, number> = { 7: 1, 12: 4 };

type Action =
  | { kind: "status"; order: number; to: OrderStatus }
  | { kind: "pay"; order: number }
  | { kind: "refund"; order: number; paise: number }
  /** The owner counts a shelf: fewer units than before make an order taken up again find it short. */
  | { kind: "count"; product: number; onShelf: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("status" as const), order: fc.nat(1), to: fc.constantFrom(...ORDER_STATUSES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pay" as const), order: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund" as const), order: fc.nat(1), paise: fc.integer({ min: 1, max: 2000_00 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("count" as const), product: fc.constantFrom(7, 12), onShelf: fc.nat(5) }) },
);

interface World {
  orders: OrderState[];
  /** What each shelf would hold with every order's goods back on it: what came in, as last counted. */
  base: Record<number, number>;
  stock: Record<number, StockState>;
  /** Each order's stream as stored. */
  streams: OrderEvent[][];
  sequences: { invoice: number; credit: number };
  /** Per order: times its goods left the shop, and paisa refunded since its newest invoice while its goods were out. */
  left: number[];
  refundedOnInvoice: number[];
}

function newWorld(): World {
  const stock: Record<number, StockState> = {};
  for (const [product, units] of Object.entries(SHELF)) {
    const id = Number(product);
    stock[id] = decideStock({ type: "OpenStock", productId: id, at, openingCount: units }, initialStockState()).reduce(evolveStock, initialStockState());
  }
  const world: World = { orders: [], base: { ...SHELF }, stock, streams: [], sequences: { invoice: 0, credit: 0 }, left: [0, 0], refundedOnInvoice: [0, 0] };
  for (const [index, id] of ORDERS.entries()) {
    const command = placing(id, index === 0 ? "cod" : "upi");
    if (index === 1) command.lines = command.lines.filter((l) => l.productId !== "product/7");
    apply(world, index, command);
  }
  return world;
}

/**
 * One command on one order as the order service runs it (services/orders/core.ts `changeOrder`): decided, the
 * documents it calls for issued with the next numbers, the shelves moved; all of it, or nothing when any part refuses.
 */
function apply(world: World, index: number, command: OrderCommand): boolean {
  const before = world.orders[index] ?? initialOrderState();
  try {
    let events = decide(command, before);
    if (before.exists) {
      const due = documentsDue(before.tax, events);
      const numbers = {
        ...(due.invoice ? { invoice: number("CUH/2627", world.sequences.invoice + 1) } : {}),
        ...(due.credit ? { creditNote: number("CUH/C2627", world.sequences.credit + 1) } : {}),
      };
      let state = events.reduce(evolve, before);
      for (const document of documentCommands(before.placed, due, numbers, SELLER, { rates: {}, stateOf: stateOfPincode }, at)) {
        const issued = decide(document, state);
        events = [...events, ...issued];
        state = issued.reduce(evolve, state);
      }
    }
    const stock = { ...world.stock };
    for (const effect of orderStockEffects(before, events, at)) {
      for (const stockCommand of effect.commands) stock[effect.productId] = decideStock(stockCommand, stock[effect.productId]).reduce(evolveStock, stock[effect.productId]);
    }
    world.stock = stock;
    world.orders[index] = events.reduce(evolve, before);
    world.streams[index] = [...(world.streams[index] ?? []), ...events];
    world.sequences.invoice += events.filter((e) => e.type === "InvoiceIssued").length;
    world.sequences.credit += events.filter((e) => e.type === "CreditNoteIssued").length;
    return true;
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return false;
  }
}

const tracked = (state: Extract<OrderState, { exists: true }>) => trackedLines(state.afterSale.lines);

/** Units of `product` out of the shop with the orders. */
function unitsOut(world: World, product: number): number {
  let out = 0;
  for (const state of world.orders) {
    if (state.exists && GOODS_AT[state.status] === "out") out += tracked(state).find((l) => l.productId === product)?.quantity ?? 0;
  }
  return out;
}

function check(world: World): void {
  // Stock = shelf: what is on each shelf is what came in less what is out of the shop; what orders hold is what the held ones ordered.
  for (const [product, units] of Object.entries(world.base)) {
    const id = Number(product);
    const held: Record<string, number> = {};
    for (const state of world.orders) {
      const line = state.exists ? tracked(state).find((l) => l.productId === id) : undefined;
      if (state.exists && line && GOODS_AT[state.status] === "held") held[state.placed.orderId] = line.quantity;
    }
    const shelf = world.stock[id];
    expect(onShelf(shelf), `product ${id} on the shelf`).toBe(units - unitsOut(world, id));
    expect(shelf.held, `product ${id} held`).toEqual(held);
    expect(shelf.available, `product ${id} for sale`).toBeGreaterThanOrEqual(0);
  }
  for (const [index, state] of world.orders.entries()) {
    if (!state.exists) continue;
    const stream = world.streams[index];
    // Money = payments: what the order says the shop kept is what came in less what went back, never below 0 nor above the total.
    // In paise: money comes in whole rupees and goes back to the paisa (decision 209).
    const sum = (type: OrderEvent["type"], field: "amount" | "paise") =>
      stream.filter((e) => e.type === type).reduce((s, e) => s + (e.data as unknown as Record<typeof field, number>)[field], 0);
    const kept = (sum("CashCollected", "amount") + sum("PaymentConfirmed", "amount")) * 100 - sum("PaymentRefunded", "paise");
    expect(state.payment.paid * 100 - state.payment.refundedPaise).toBe(kept);
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(kept).toBeLessThanOrEqual(state.placed.total * 100);
    expect(refundOwedPaise(state)).toBe(state.status === "cancelled" ? kept : 0);
    // Documents = what left the shop: one invoice each time the goods left; what they net is the goods out, less refunds credited on them.
    const invoices = stream.filter((e) => e.type === "InvoiceIssued");
    const credits = stream.filter((e) => e.type === "CreditNoteIssued");
    expect(invoices).toHaveLength(world.left[index]);
    const net = invoices.reduce((s, e) => s + e.data.totals.value, 0) - credits.reduce((s, e) => s + e.data.totals.value, 0);
    const out = GOODS_AT[state.status] === "out";
    expect(net, `order ${index} in ${state.status}: net invoiced`).toBe(out ? Math.max(0, state.placed.total * 100 - world.refundedOnInvoice[index]) : 0);
    expect(liveInvoice(state.tax) !== undefined).toBe(out && net > 0);
  }
}

function run(world: World, step: Action): void {
  if (step.kind === "count") {
    try {
      const shelf = world.stock[step.product];
      world.stock[step.product] = decideStock({ type: "CountStock", productId: step.product, onShelf: step.onShelf, actor: { kind: "admin", name: "Asha" }, reason: "Counted", at }, shelf).reduce(
        evolveStock,
        shelf,
      );
      world.base[step.product] = step.onShelf + unitsOut(world, step.product);
    } catch (err) {
      // Fewer than the orders hold: refused, nothing counted.
      if (!isRuleViolation(err)) throw err;
    }
    return;
  }
  const before = world.orders[step.order];
  if (!before.exists) return;
  const keptBefore = before.payment.paid * 100 - before.payment.refundedPaise;
  const command: OrderCommand =
    step.kind === "status"
      ? setStatus(step.to)
      : step.kind === "pay"
        ? before.payment.method === "cod"
          ? { type: "CollectCash", actor: admin, at }
          : { type: "ConfirmPayment", actor: admin, at }
        : { type: "RefundPayment", paise: step.paise, method: "upi", actor: admin, at };
  const snapshot = JSON.stringify(world);
  const done = apply(world, step.order, command);
  if (!done) {
    // A refused command changes nothing anywhere.
    expect(JSON.stringify(world)).toBe(snapshot);
    return;
  }
  const after = world.orders[step.order];
  if (!after.exists) return;
  if (step.kind === "status") {
    // A move never moves money.
    expect(after.payment.paid * 100 - after.payment.refundedPaise).toBe(keptBefore);
    const wasOut = GOODS_AT[before.status] === "out";
    const isOut = GOODS_AT[after.status] === "out";
    if (!wasOut && isOut) {
      world.left[step.order] += 1;
      world.refundedOnInvoice[step.order] = 0;
    }
  }
  if (step.kind === "refund" && GOODS_AT[before.status] === "out" && liveInvoice(before.tax)) world.refundedOnInvoice[step.order] += step.paise;
}

describe("any sequence of allowed moves and payments", () => {
  it("keeps stock = shelf, money = payments, and documents = what left the shop", () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), (steps) => {
        const world = newWorld();
        check(world);
        for (const step of steps) {
          run(world, step);
          check(world);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("sends a parcel that came back again with a new invoice, and holds its goods while it waits", () => {
    const world = newWorld();
    for (const to of ["shipped", "processing", "shipped", "delivered"] as const) expect(apply(world, 0, setStatus(to))).toBe(true);
    const state = world.orders[0];
    if (!state.exists) throw new Error("no order");
    expect(state.tax.invoices.map((i) => i.number)).toEqual(["CUH/2627/000001", "CUH/2627/000002"]);
    expect(state.tax.creditNotes.map((n) => [n.invoiceNumber, n.reason])).toEqual([["CUH/2627/000001", "return"]]);
    expect(liveInvoice(state.tax)?.number).toBe("CUH/2627/000002");
    // Both orders' bottles: the first's out with the parcel, the second's held on the shelf.
    expect(onShelf(world.stock[12])).toBe(SHELF[12] - 2);
    expect(world.stock[12].held).toEqual({ [ORDERS[1]]: 2 });
  });
});
