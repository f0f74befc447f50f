import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import type { StockEvent } from "../../domain/stock/events";
import { shelfLabel } from "../../domain/stock/shelf";
import { OPENING_REASON, decide, evolve, foldStock, initialStockState, stockSnapshots, type StockCommand, type StockState } from "../../domain/stock/stock";
import { KeyedLock } from "../../services/keyed-lock";

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

const opened = (count: number) => run([{ type: "OpenStock", productId, at, openingCount: count }]).state;
const reserve = (orderId: string, quantity: number): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", at });
const release = (orderId: string): StockCommand => ({ type: "ReleaseStock", productId, orderId, reason: "cancelled", at });

describe("the stock decider", () => {
  it("opens a stream from the old stock column with an adjustment by the system, once", () => {
    const { state, events } = run([
      { type: "OpenStock", productId, at, openingCount: 7 },
      { type: "OpenStock", productId, at, openingCount: 99 },
    ]);
    expect(events).toEqual([{ type: "StockAdjusted", data: { productId, from: 0, to: 7, actor: { kind: "system" }, reason: OPENING_REASON, at } }]);
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
    expect(ruleRefusal(() => decide(reserve("o2", 2), state))).toEqual({ status: 409, message: "Only 1 of Steel Bottle left in stock." });
    expect(ruleRefusal(() => decide(reserve("o2", 1), run([reserve("o3", 1)], state).state))).toEqual({
      status: 409,
      message: "Steel Bottle is out of stock.",
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

  it("a count sets what is for sale (orders keep what they hold); a delivery and a return add", () => {
    const { state, events } = run(
      [
        reserve("o1", 2),
        { type: "CountStock", productId, to: 10, actor: admin, reason: "Counted the shelf", at },
        { type: "ReceiveStock", productId, quantity: 5, actor: admin, reason: "Delivery", at },
        { type: "ReturnStock", productId, quantity: 1, orderId: "o9", actor: admin, reason: "Returned unopened", at },
        { type: "CountStock", productId, to: 16, actor: admin, reason: "Same count", at },
      ],
      opened(4),
    );
    expect(events.map((e) => e.type)).toEqual(["StockReserved", "StockAdjusted", "StockReceived", "StockReturned"]);
    expect(events[1].data).toMatchObject({ from: 2, to: 10, actor: admin, reason: "Counted the shelf" });
    expect(state).toMatchObject({ available: 16, held: { o1: 2 } });
  });

  it("refuses a count below zero, a delivery of nothing, more than 1,00,000 on the shelf, and a change without a reason", () => {
    const state = opened(4);
    expect(ruleRefusal(() => decide({ type: "CountStock", productId, to: -1, actor: admin, reason: "x", at }, state))?.message).toBe(
      "Stock must be a whole number from 0 to 1,00,000.",
    );
    expect(ruleRefusal(() => decide({ type: "ReceiveStock", productId, quantity: 0, actor: admin, reason: "x", at }, state))?.message).toBe(
      "Quantity received must be a whole number from 1 to 1,00,000.",
    );
    expect(ruleRefusal(() => decide({ type: "ReceiveStock", productId, quantity: 99_999, actor: admin, reason: "x", at }, state))?.message).toBe(
      "Stock cannot be more than 1,00,000.",
    );
    expect(ruleRefusal(() => decide({ type: "CountStock", productId, to: 3, actor: admin, reason: "  ", at }, state))?.message).toBe(
      "Say why the stock changed.",
    );
  });

  it("a snapshot folds back to the state it was taken of", () => {
    const { state, events } = run([reserve("o1", 2), reserve("o2", 1), release("o1")], opened(9));
    const snapshot = stockSnapshots.take(state);
    expect(foldStock([snapshot])).toEqual(state);
    expect(foldStock([...run([{ type: "OpenStock", productId, at, openingCount: 9 }]).events, ...events])).toEqual(state);
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

describe("the stock refusals in Hindi", () => {
  it("has Hindi words for every refusal a parent or the admin can meet", async () => {
    const { checkoutRefusalIn } = await import("../../app/i18n/checkout-refusals.server");
    const { refusalByPatternIn } = await import("../../app/i18n/refusal-patterns.server");
    const { BUSY_MESSAGE } = await import("../../services/orders");
    const { STOCK_FORM_MESSAGES } = await import("../../domain/forms/stock");
    const state = opened(1);
    const refusals = [
      ruleRefusal(() => decide(reserve("o1", 2), state))?.message,
      ruleRefusal(() => decide(reserve("o1", 1), run([reserve("o2", 1)], state).state))?.message,
    ];
    for (const message of refusals) expect(checkoutRefusalIn("hi", message ?? "")).toMatch(/[\u0900-\u097F]/);
    expect(checkoutRefusalIn("hi", BUSY_MESSAGE)).toMatch(/[\u0900-\u097F]/);
    const adminRefusals = [
      ...Object.values(STOCK_FORM_MESSAGES),
      ruleRefusal(() => decide({ type: "CountStock", productId, to: -1, actor: admin, reason: "x", at }, state))?.message,
      ruleRefusal(() => decide({ type: "ReceiveStock", productId, quantity: 0, actor: admin, reason: "x", at }, state))?.message,
      ruleRefusal(() => decide({ type: "ReturnStock", productId, quantity: 0, actor: admin, reason: "x", at }, state))?.message,
      ruleRefusal(() => decide({ type: "ReceiveStock", productId, quantity: 100_000, actor: admin, reason: "x", at }, state))?.message,
      ruleRefusal(() => decide({ type: "CountStock", productId, to: 3, actor: admin, reason: "x".repeat(201), at }, state))?.message,
      "There is no order ABCDEF12.",
    ];
    for (const message of adminRefusals) expect(refusalByPatternIn("hi", "stock", message ?? ""), message).toMatch(/[\u0900-\u097F]/);
  });
});
