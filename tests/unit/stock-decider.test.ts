import { describe, expect, it } from "vitest";
import enRefusals from "../../app/locales/en/refusals.json";
import hiRefusals from "../../app/locales/hi/refusals.json";
import { isRuleViolation, type RefusalValues } from "../../domain/errors";
import { stockEvents, type StockEvent } from "../../domain/stock/events";
import { shelfLabel, stockProblem } from "../../domain/stock/shelf";
import {
  OPENING_REASON,
  decide,
  evolve,
  foldStock,
  initialStockState,
  onShelf,
  stockSnapshots,
  totalHeld,
  type StockCommand,
  type StockState,
} from "../../domain/stock/stock";
import { KeyedLock } from "../../eventstore/keyed-lock";

const at = "2026-11-24T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const productId = 12;

/** The state after `commands`, each decided on the state before it (as the command handler does). */
function run(commands: StockCommand[], state: StockState = initialStockState()): { state: StockState; events: StockEvent[] } {
  const events: StockEvent[] = [];
  for (const command of commands) {
    const decided = decide(command, state);
    events.push(...decided);
    state = decided.reduce(evolve, state);
  }
  return { state, events };
}

/** The refusal a decision throws (its key, values and status); fails the test if it decides. */
function refused(fn: () => unknown): { key: string; values: RefusalValues; status: number } {
  try {
    fn();
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, values: err.values, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

const opened = (count: number) => run([{ type: "OpenStock", productId, at, openingCount: count }]).state;
const reserve = (orderId: string, quantity: number): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", at });
const release = (orderId: string): StockCommand => ({ type: "ReleaseStock", productId, orderId, reason: "cancelled", at });
const exchange = (orderId: string, quantity: number): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", more: true, at });
const ship = (orderId: string): StockCommand => ({ type: "ShipStock", productId, orderId, at });
const count = (units: number, reason = "Counted the shelf"): StockCommand => ({ type: "CountStock", productId, onShelf: units, actor: admin, reason, at });

describe("the stock decider", () => {
  it("opens a stream from the old stock column with an adjustment by the system, once", () => {
    const { state, events } = run([
      { type: "OpenStock", productId, at, openingCount: 7 },
      { type: "OpenStock", productId, at, openingCount: 99 },
    ]);
    expect(events).toEqual([
      { type: "StockAdjusted", data: { productId, from: 0, to: 7, onShelf: 7, held: 0, actor: { kind: "system" }, reason: OPENING_REASON, at } },
    ]);
    expect(state).toMatchObject({ opened: true, available: 7, held: {} });
  });

  it("a first change on a stream not opened opens it first, in the same decision", () => {
    const { events, state } = run([{ ...reserve("o1", 2), openingCount: 5 }]);
    expect(events.map((e) => e.type)).toEqual(["StockAdjusted", "StockReserved"]);
    expect(state.available).toBe(3);
  });

  it("reserves what is on the shelf and refuses more with a 409 naming what is left", () => {
    const { state } = run([reserve("o1", 2)], opened(3));
    expect(state).toMatchObject({ available: 1, held: { o1: 2 } });
    expect(refused(() => decide(reserve("o2", 2), state))).toEqual({ status: 409, key: "stock.onlyLeft", values: { left: 1, item: "Steel Bottle" } });
    expect(refused(() => decide(reserve("o2", 1), run([reserve("o3", 1)], state).state))).toEqual({
      status: 409,
      key: "stock.outOfStock",
      values: { item: "Steel Bottle" },
    });
  });

  it("an order asking again holds what it held: nothing more is taken", () => {
    const { state, events } = run([reserve("o1", 2), reserve("o1", 2)], opened(5));
    expect(events).toHaveLength(1);
    expect(state.available).toBe(3);
  });

  it("gives an order's units back once: a second release, or one for an order that held nothing, changes nothing", () => {
    const { state, events } = run([reserve("o1", 2), release("o1"), release("o1"), release("never")], opened(5));
    expect(events.map((e) => e.type)).toEqual(["StockReserved", "StockReleased"]);
    expect(state).toMatchObject({ available: 5, held: {} });
  });

  it("a count is of the shelf: what orders not yet shipped hold is taken off, the rest is for sale; a delivery and a return add", () => {
    const { state, events } = run(
      [
        reserve("o1", 2),
        count(12),
        { type: "ReceiveStock", productId, quantity: 5, actor: admin, reason: "Delivery", at },
        { type: "ReturnStock", productId, quantity: 1, orderId: "o9", actor: admin, reason: "Returned unopened", at },
        count(18, "Same count"),
      ],
      opened(4),
    );
    expect(events.map((e) => e.type)).toEqual(["StockReserved", "StockAdjusted", "StockReceived", "StockReturned"]);
    expect(events[1].data).toEqual({ productId, from: 2, to: 10, onShelf: 12, held: 2, actor: admin, reason: "Counted the shelf", at });
    expect(state).toMatchObject({ available: 16, held: { o1: 2 } });
    expect(onShelf(state)).toBe(18);
  });

  it("the owner's shelf: an order for 5 not yet packed and 70 counted is 65 for sale, not 75", () => {
    const { state, events } = run([reserve("o1", 5), count(70)], opened(80));
    expect(events[1].data).toMatchObject({ from: 75, to: 65, onShelf: 70, held: 5 });
    expect(state).toMatchObject({ available: 65, held: { o1: 5 } });
    expect(onShelf(state)).toBe(70);
  });

  it("refuses a count below what orders not yet shipped hold, with a 409 naming the held units", () => {
    const state = run([reserve("o1", 5), reserve("o2", 3)], opened(10)).state;
    expect(refused(() => decide(count(7), state))).toEqual({ status: 409, key: "stock.countBelowHeld", values: { counted: 7, held: 8 } });
    // Exactly what they hold: nothing for sale, nothing refused.
    const { events } = run([count(8)], state);
    expect(events[0].data).toMatchObject({ from: 2, to: 0, onShelf: 8, held: 8 });
  });

  it("a count that leaves for sale as it was records nothing", () => {
    const state = run([reserve("o1", 2)], opened(6)).state;
    expect(decide(count(6, "  "), state)).toEqual([]);
  });

  it("shipping takes the order's hold off the shelf and leaves what is for sale", () => {
    const { state, events } = run([reserve("o1", 5), reserve("o2", 2), ship("o1")], opened(20));
    expect(events.at(-1)).toEqual({ type: "StockShipped", data: { productId, orderId: "o1", quantity: 5, at } });
    expect(state).toMatchObject({ available: 13, held: { o2: 2 } });
    expect(onShelf(state)).toBe(15);
    expect(totalHeld(state)).toBe(2);
  });

  it("ships once: a second shipment, one of an order that held nothing, and one of a released order decide nothing", () => {
    const { state, events } = run([reserve("o1", 2), ship("o1"), ship("o1"), ship("never"), reserve("o2", 1), release("o2"), ship("o2")], opened(5));
    expect(events.map((e) => e.type)).toEqual(["StockReserved", "StockShipped", "StockReserved", "StockReleased"]);
    expect(state).toMatchObject({ available: 3, held: {} });
  });

  it("after shipping a cancel gives nothing back; the goods come back only as a return, for sale again", () => {
    const shipped = run([reserve("o1", 2), ship("o1")], opened(5)).state;
    expect(decide(release("o1"), shipped)).toEqual([]);
    const { state, events } = run([{ type: "ReturnStock", productId, quantity: 2, orderId: "o1", actor: admin, reason: "Returned", at }], shipped);
    expect(events[0].data).toMatchObject({ quantity: 2, orderId: "o1", fromHold: 0 });
    expect(state).toMatchObject({ available: 5, held: {} });
  });

  it("a return from an order still holding units comes off its hold: cancelling it then gives back only the rest", () => {
    const held = run([reserve("o1", 3), reserve("o2", 1)], opened(6)).state;
    const back = (quantity: number, orderId?: string): StockCommand => ({ type: "ReturnStock", productId, quantity, ...(orderId ? { orderId } : {}), actor: admin, reason: "Returned", at });
    const part = run([back(2, "o1")], held);
    expect(part.events[0].data).toMatchObject({ quantity: 2, fromHold: 2 });
    expect(part.state).toMatchObject({ available: 4, held: { o1: 1, o2: 1 } });
    expect(onShelf(part.state)).toBe(6);
    const cancelled = run([release("o1")], part.state);
    expect(cancelled.state).toMatchObject({ available: 5, held: { o2: 1 } });
    // All of it back: the order holds nothing more; units of no order leave every hold as it was.
    expect(run([back(3, "o1")], held).state).toMatchObject({ available: 5, held: { o2: 1 } });
    expect(run([back(2)], held).state).toMatchObject({ available: 4, held: { o1: 3, o2: 1 } });
  });

  it("takes a delivery or a return up to exactly 1,00,000 on the shelf, and a reason of exactly 200 characters", () => {
    const state = opened(4);
    const receive = (quantity: number, reason = "Delivery"): StockCommand => ({ type: "ReceiveStock", productId, quantity, actor: admin, reason, at });
    expect(decide(receive(99_996), state)).toHaveLength(1);
    expect(decide({ type: "ReturnStock", productId, quantity: 99_996, actor: admin, reason: "Returned", at }, state)).toHaveLength(1);
    expect(decide(receive(1, "x".repeat(200)), state)).toHaveLength(1);
  });

  it("an exchange's new size held and shipped at once leaves the shelf, and nothing stays held", () => {
    const { state, events } = run([reserve("o1", 1), ship("o1"), exchange("o1", 1), ship("o1")], opened(4));
    expect(events.map((e) => e.type)).toEqual(["StockReserved", "StockShipped", "StockReserved", "StockShipped"]);
    expect(state).toMatchObject({ available: 2, held: {} });
  });

  it("a stream never opened holds nothing: shipping or giving back from it decides nothing and does not open it", () => {
    expect(decide(ship("o1"), initialStockState())).toEqual([]);
    expect(decide({ ...ship("o1"), openingCount: 9 }, initialStockState())).toEqual([]);
    expect(decide(release("o1"), initialStockState())).toEqual([]);
  });

  it("refuses a count below zero, a delivery of nothing, more than 1,00,000 on the shelf, and a change without a reason", () => {
    const state = opened(4);
    expect(refused(() => decide(count(-1, "x"), state)).key).toBe("stock.stockRange");
    expect(refused(() => decide(count(100_001, "x"), state)).key).toBe("stock.stockRange");
    expect(refused(() => decide({ type: "ReceiveStock", productId, quantity: 0, actor: admin, reason: "x", at }, state)).key).toBe("stock.receivedRange");
    expect(refused(() => decide({ type: "ReceiveStock", productId, quantity: 99_999, actor: admin, reason: "x", at }, state)).key).toBe("stock.tooMuch");
    expect(refused(() => decide({ type: "ReturnStock", productId, quantity: 0, actor: admin, reason: "x", at }, state)).key).toBe("stock.returnedRange");
    expect(refused(() => decide({ type: "ReturnStock", productId, quantity: 99_999, actor: admin, reason: "x", at }, state)).key).toBe("stock.tooMuch");
    expect(refused(() => decide(reserve("o1", 0), state))).toEqual({ status: 422, key: "stock.orderedRange", values: { item: "Steel Bottle" } });
    expect(refused(() => decide(count(3, "  "), state)).key).toBe("stock.reasonRequired");
    expect(refused(() => decide(count(3, "x".repeat(201)), state)).key).toBe("stock.reasonTooLong");
  });

  it("a snapshot folds back to the state it was taken of", () => {
    const { state, events } = run([reserve("o1", 2), reserve("o2", 1), release("o1"), reserve("o3", 3), ship("o3")], opened(9));
    const snapshot = stockSnapshots.take(state);
    expect(foldStock([snapshot])).toEqual(state);
    expect(foldStock([...run([{ type: "OpenStock", productId, at, openingCount: 9 }]).events, ...events])).toEqual(state);
  });

  it("a snapshot names only orders not yet shipped, however many orders the product has seen", () => {
    const orders = Array.from({ length: 200 }, (_, i) => `order-${i}`);
    const { state } = run([...orders.flatMap((o) => [reserve(o, 1), ship(o)]), reserve("open", 2)], opened(500));
    expect(stockSnapshots.take(state).data).toEqual({ productId, available: 298, held: { open: 2 } });
  });
});

describe("stored stock events", () => {
  const stored = (type: string, data: unknown, schemaVersion?: number) => ({
    type,
    data,
    metadata: schemaVersion === undefined ? {} : { schemaVersion },
    streamId: `stock-${productId}`,
    revision: 3,
    position: "0:1",
  });

  it("a version 1 count reads unchanged: `to` is for sale, the shelf and the holds not recorded", () => {
    const v1 = { productId, from: 4, to: 9, actor: admin, reason: "Counted", at };
    for (const version of [undefined, 1]) {
      const event = stockEvents.read(stored("StockAdjusted", v1, version));
      expect(event.data).toEqual({ ...v1, onShelf: null, held: null });
    }
    // Folded as it always was, over holds it knew nothing of.
    const before = run([reserve("o1", 2)], opened(6)).state;
    expect(evolve(before, stockEvents.read(stored("StockAdjusted", v1)) as StockEvent)).toMatchObject({ available: 9, held: { o1: 2 } });
  });

  it("writes a count as version 2 and a shipment as version 1", () => {
    const [counted] = decide(count(5), opened(3));
    expect(stockEvents.toAppend(counted, "id-1").metadata).toMatchObject({ schemaVersion: 2 });
    const [shipped] = run([reserve("o1", 1), ship("o1")], opened(3)).events.slice(-1);
    expect(stockEvents.toAppend(shipped, "id-2").metadata).toMatchObject({ schemaVersion: 1 });
    expect(stockEvents.read(stored("StockShipped", shipped.data, 1)).data).toEqual(shipped.data);
  });
});

describe("what the shop says about a shelf", () => {
  it("in stock above 5, 'only k left' from 5 down, out of stock at 0, made to order without a shelf", () => {
    expect(shelfLabel(6)).toEqual({ kind: "in" });
    expect(shelfLabel(5)).toEqual({ kind: "few", left: 5 });
    expect(shelfLabel(1)).toEqual({ kind: "few", left: 1 });
    expect(shelfLabel(0)).toEqual({ kind: "out" });
    expect(shelfLabel(undefined)).toEqual({ kind: "made to order" });
  });
});

describe("one writer at a time per key", () => {
  it("runs work for the same key in turn, different keys at once, and frees a key after a throw", async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const step = (name: string, keys: string[], ms: number) =>
      lock.with(keys, async () => {
        log.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`${name} out`);
      });
    await Promise.all([step("a", ["1"], 20), step("b", ["1"], 1), step("c", ["2"], 1)]);
    expect(log.indexOf("a out")).toBeLessThan(log.indexOf("b in"));
    expect(log.indexOf("c out")).toBeLessThan(log.indexOf("a out"));
    await expect(lock.with(["1"], async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(lock.with(["1", "2"], async () => "free")).resolves.toBe("free");
  });
});

describe("the stock refusals in English and Hindi", () => {
  const words = (table: Record<string, Record<string, string>>, key: string) => {
    const [group, name] = key.split(".");
    return table[group]?.[name];
  };

  it("has words in both languages for every refusal of the stock rules, naming each value", () => {
    const state = opened(1);
    const held = run([reserve("o9", 1)], state).state;
    const refusals = [
      refused(() => decide(reserve("o1", 2), state)),
      refused(() => decide(reserve("o1", 1), held)),
      refused(() => decide(reserve("o1", 0), state)),
      refused(() => decide(count(-1, "x"), state)),
      refused(() => decide(count(0, "x"), held)),
      refused(() => decide(count(3, "x".repeat(201)), state)),
      refused(() => decide(count(3, " "), state)),
      refused(() => decide({ type: "ReceiveStock", productId, quantity: 0, actor: admin, reason: "x", at }, state)),
      refused(() => decide({ type: "ReturnStock", productId, quantity: 0, actor: admin, reason: "x", at }, state)),
      refused(() => decide({ type: "ReceiveStock", productId, quantity: 100_000, actor: admin, reason: "x", at }, state)),
    ];
    expect(new Set(refusals.map((r) => r.key))).toEqual(
      new Set([
        "stock.onlyLeft",
        "stock.outOfStock",
        "stock.orderedRange",
        "stock.stockRange",
        "stock.countBelowHeld",
        "stock.reasonTooLong",
        "stock.reasonRequired",
        "stock.receivedRange",
        "stock.returnedRange",
        "stock.tooMuch",
      ]),
    );
    for (const { key, values } of refusals) {
      const en = words(enRefusals, key);
      const hi = words(hiRefusals, key);
      expect(en, key).toBeTypeOf("string");
      expect(hi, key).toMatch(/[\u0900-\u097F]/);
      for (const name of Object.keys(values)) {
        expect(en, `${key} names {{${name}}}`).toContain(`{{${name}}}`);
        expect(hi, `${key} names {{${name}}}`).toContain(`{{${name}}}`);
      }
    }
  });

  it("the busy product, the admin's stock forms and an unknown order number are in Hindi too", async () => {
    const { refusalText } = await import("../../app/i18n/refusals.server");
    const { refusalIn } = await import("../../app/i18n/i18n.server");
    const { STOCK_FORM_MESSAGES } = await import("../../domain/forms/stock");
    expect(refusalText("hi", { key: "orders.busy", values: {} })).toMatch(/[\u0900-\u097F]/);
    expect(refusalText("hi", { key: "stock.noOrder", values: { number: "ABCDEF12" } })).toMatch(/[\u0900-\u097F].*ABCDEF12|ABCDEF12.*[\u0900-\u097F]/);
    for (const message of Object.values(STOCK_FORM_MESSAGES)) expect(refusalIn("hi", message), message).toMatch(/[\u0900-\u097F]/);
  });

  it("the shelf's own refusal is data the cart and the order throw with their status", () => {
    expect(stockProblem("Belt", 1, 0)).toEqual({ key: "stock.outOfStock", values: { item: "Belt" } });
    expect(stockProblem("Scarce Tie", 3, 1)).toEqual({ key: "stock.onlyLeft", values: { left: 1, item: "Scarce Tie" } });
    expect(stockProblem("Tie", 1, 1)).toBeUndefined();
    expect(stockProblem("Shirt", 99, undefined)).toBeUndefined();
  });
});
