import { describe, expect, it } from "vitest";
import enRefusals from "../../app/locales/en/refusals.json";
import hiRefusals from "../../app/locales/hi/refusals.json";
import { refusalOf as refused, spec } from "../support/decider-spec";
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
} from "../../domain/stock/stock";
import { KeyedLock } from "../../eventstore/keyed-lock";

const at = "2026-11-24T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const productId = 12;

const shelf = spec({ decide, evolve, initialState: initialStockState });

/** The stream as the old stock column opened it: `count` for sale. */
const opened = (count: number): StockEvent => ({
  type: "StockAdjusted",
  data: { productId, from: 0, to: count, onShelf: count, held: 0, actor: { kind: "system" }, reason: OPENING_REASON, at },
});
const reserved = (orderId: string, quantity: number): StockEvent => ({ type: "StockReserved", data: { productId, orderId, quantity, at } });
const shipped = (orderId: string, quantity: number): StockEvent => ({ type: "StockShipped", data: { productId, orderId, quantity, at } });
const released = (orderId: string, quantity: number): StockEvent => ({ type: "StockReleased", data: { productId, orderId, quantity, reason: "cancelled", at } });
const reserve = (orderId: string, quantity: number): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", at });
const release = (orderId: string): StockCommand => ({ type: "ReleaseStock", productId, orderId, reason: "cancelled", at });
const exchange = (orderId: string, quantity: number): StockCommand => ({ type: "ReserveStock", productId, orderId, quantity, name: "Steel Bottle", more: true, at });
const ship = (orderId: string): StockCommand => ({ type: "ShipStock", productId, orderId, at });
const count = (units: number, reason = "Counted the shelf"): StockCommand => ({ type: "CountStock", productId, onShelf: units, actor: admin, reason, at });

describe("the stock decider", () => {
  it("opens a stream from the old stock column with an adjustment by the system, once", () => {
    shelf.given().when({ type: "OpenStock", productId, at, openingCount: 7 }).then([opened(7)]);
    shelf.given(opened(7)).when({ type: "OpenStock", productId, at, openingCount: 99 }).thenNothing();
    expect(shelf.given(opened(7)).state()).toMatchObject({ opened: true, available: 7, held: {} });
  });

  it("a first change on a stream not opened opens it first, in the same decision", () => {
    shelf.given().when({ ...reserve("o1", 2), openingCount: 5 }).then([opened(5), reserved("o1", 2)]);
    expect(shelf.given(opened(5), reserved("o1", 2)).state().available).toBe(3);
  });

  it("reserves what is on the shelf and refuses more with a 409 naming what is left", () => {
    shelf.given(opened(3)).when(reserve("o1", 2)).then([reserved("o1", 2)]);
    const one = shelf.given(opened(3), reserved("o1", 2));
    expect(one.state()).toMatchObject({ available: 1, held: { o1: 2 } });
    one.when(reserve("o2", 2)).thenRefuses("stock.onlyLeft", { left: 1, item: "Steel Bottle" }, 409);
    shelf.given(opened(3), reserved("o1", 2), reserved("o3", 1)).when(reserve("o2", 1)).thenRefuses("stock.outOfStock", { item: "Steel Bottle" }, 409);
  });

  it("an order asking again holds what it held: nothing more is taken", () => {
    shelf.given(opened(5), reserved("o1", 2)).when(reserve("o1", 2)).thenNothing();
  });

  it("gives an order's units back once: a second release, or one for an order that held nothing, changes nothing", () => {
    shelf.given(opened(5), reserved("o1", 2)).when(release("o1")).then([released("o1", 2)]);
    const back = shelf.given(opened(5), reserved("o1", 2), released("o1", 2));
    expect(back.state()).toMatchObject({ available: 5, held: {} });
    back.when(release("o1")).thenNothing();
    back.when(release("never")).thenNothing();
  });

  it("a count is of the shelf: what orders not yet shipped hold is taken off, the rest is for sale; a delivery and a return add", () => {
    const countedTwelve: StockEvent = { type: "StockAdjusted", data: { productId, from: 2, to: 10, onShelf: 12, held: 2, actor: admin, reason: "Counted the shelf", at } };
    shelf.given(opened(4), reserved("o1", 2)).when(count(12)).then([countedTwelve]);
    const delivered: StockEvent = { type: "StockReceived", data: { productId, quantity: 5, actor: admin, reason: "Delivery", at } };
    shelf
      .given(opened(4), reserved("o1", 2), countedTwelve)
      .when({ type: "ReceiveStock", productId, quantity: 5, actor: admin, reason: "Delivery", at })
      .then([delivered]);
    const returned: StockEvent = { type: "StockReturned", data: { productId, quantity: 1, orderId: "o9", fromHold: 0, actor: admin, reason: "Returned unopened", at } };
    const after = shelf.given(opened(4), reserved("o1", 2), countedTwelve, delivered);
    after.when({ type: "ReturnStock", productId, quantity: 1, orderId: "o9", actor: admin, reason: "Returned unopened", at }).then([returned]);
    const counted = shelf.given(opened(4), reserved("o1", 2), countedTwelve, delivered, returned);
    counted.when(count(18, "Same count")).thenNothing();
    expect(counted.state()).toMatchObject({ available: 16, held: { o1: 2 } });
    expect(onShelf(counted.state())).toBe(18);
  });

  it("the owner's shelf: an order for 5 not yet packed and 70 counted is 65 for sale, not 75", () => {
    const [adjusted] = shelf.given(opened(80), reserved("o1", 5)).when(count(70)).events();
    expect(adjusted.data).toMatchObject({ from: 75, to: 65, onShelf: 70, held: 5 });
    const state = shelf.given(opened(80), reserved("o1", 5), adjusted).state();
    expect(state).toMatchObject({ available: 65, held: { o1: 5 } });
    expect(onShelf(state)).toBe(70);
  });

  it("refuses a count below what orders not yet shipped hold, with a 409 naming the held units", () => {
    const held = shelf.given(opened(10), reserved("o1", 5), reserved("o2", 3));
    held.when(count(7)).thenRefuses("stock.countBelowHeld", { counted: 7, held: 8 }, 409);
    // Exactly what they hold: nothing for sale, nothing refused.
    expect(held.when(count(8)).events()[0].data).toMatchObject({ from: 2, to: 0, onShelf: 8, held: 8 });
  });

  it("a count that leaves for sale as it was records nothing", () => {
    shelf.given(opened(6), reserved("o1", 2)).when(count(6, "  ")).thenNothing();
  });

  it("shipping takes the order's hold off the shelf and leaves what is for sale", () => {
    const held = shelf.given(opened(20), reserved("o1", 5), reserved("o2", 2));
    held.when(ship("o1")).then([shipped("o1", 5)]);
    const state = held.when(ship("o1")).state();
    expect(state).toMatchObject({ available: 13, held: { o2: 2 } });
    expect(onShelf(state)).toBe(15);
    expect(totalHeld(state)).toBe(2);
  });

  it("ships once: a second shipment, one of an order that held nothing, and one of a released order decide nothing", () => {
    const history = shelf.given(opened(5), reserved("o1", 2), shipped("o1", 2), reserved("o2", 1), released("o2", 1));
    history.when(ship("o1")).thenNothing();
    history.when(ship("never")).thenNothing();
    history.when(ship("o2")).thenNothing();
    expect(history.state()).toMatchObject({ available: 3, held: {} });
  });

  it("after shipping a cancel gives nothing back; the goods come back only as a return, for sale again", () => {
    const gone = shelf.given(opened(5), reserved("o1", 2), shipped("o1", 2));
    gone.when(release("o1")).thenNothing();
    const back = gone.when({ type: "ReturnStock", productId, quantity: 2, orderId: "o1", actor: admin, reason: "Returned", at });
    expect(back.events()[0].data).toMatchObject({ quantity: 2, orderId: "o1", fromHold: 0 });
    expect(back.state()).toMatchObject({ available: 5, held: {} });
  });

  it("a return from an order still holding units comes off its hold: cancelling it then gives back only the rest", () => {
    const held = [opened(6), reserved("o1", 3), reserved("o2", 1)];
    const back = (quantity: number, orderId?: string): StockCommand => ({ type: "ReturnStock", productId, quantity, ...(orderId ? { orderId } : {}), actor: admin, reason: "Returned", at });
    const part = shelf.given(held).when(back(2, "o1"));
    expect(part.events()[0].data).toMatchObject({ quantity: 2, fromHold: 2 });
    expect(part.state()).toMatchObject({ available: 4, held: { o1: 1, o2: 1 } });
    expect(onShelf(part.state())).toBe(6);
    expect(shelf.given(held, part.events()).when(release("o1")).state()).toMatchObject({ available: 5, held: { o2: 1 } });
    // All of it back: the order holds nothing more; units of no order leave every hold as it was.
    expect(shelf.given(held).when(back(3, "o1")).state()).toMatchObject({ available: 5, held: { o2: 1 } });
    expect(shelf.given(held).when(back(2)).state()).toMatchObject({ available: 4, held: { o1: 3, o2: 1 } });
  });

  it("takes a delivery or a return up to exactly 1,00,000 on the shelf, and a reason of exactly 200 characters", () => {
    const four = shelf.given(opened(4));
    const receive = (quantity: number, reason = "Delivery"): StockCommand => ({ type: "ReceiveStock", productId, quantity, actor: admin, reason, at });
    expect(four.when(receive(99_996)).events()).toHaveLength(1);
    expect(four.when({ type: "ReturnStock", productId, quantity: 99_996, actor: admin, reason: "Returned", at }).events()).toHaveLength(1);
    expect(four.when(receive(1, "x".repeat(200))).events()).toHaveLength(1);
  });

  it("an exchange's new size held and shipped at once leaves the shelf, and nothing stays held", () => {
    const exchanged = shelf.given(opened(4), reserved("o1", 1), shipped("o1", 1));
    exchanged.when(exchange("o1", 1)).then([reserved("o1", 1)]);
    const sent = shelf.given(opened(4), reserved("o1", 1), shipped("o1", 1), reserved("o1", 1));
    sent.when(ship("o1")).then([shipped("o1", 1)]);
    expect(sent.when(ship("o1")).state()).toMatchObject({ available: 2, held: {} });
  });

  it("a stream never opened holds nothing: shipping or giving back from it decides nothing and does not open it", () => {
    shelf.given().when(ship("o1")).thenNothing();
    shelf.given().when({ ...ship("o1"), openingCount: 9 }).thenNothing();
    shelf.given().when(release("o1")).thenNothing();
  });

  it("refuses a count below zero, a delivery of nothing, more than 1,00,000 on the shelf, and a change without a reason", () => {
    const four = shelf.given(opened(4));
    four.when(count(-1, "x")).thenRefuses("stock.stockRange");
    four.when(count(100_001, "x")).thenRefuses("stock.stockRange");
    four.when({ type: "ReceiveStock", productId, quantity: 0, actor: admin, reason: "x", at }).thenRefuses("stock.receivedRange");
    four.when({ type: "ReceiveStock", productId, quantity: 99_999, actor: admin, reason: "x", at }).thenRefuses("stock.tooMuch");
    four.when({ type: "ReturnStock", productId, quantity: 0, actor: admin, reason: "x", at }).thenRefuses("stock.returnedRange");
    four.when({ type: "ReturnStock", productId, quantity: 99_999, actor: admin, reason: "x", at }).thenRefuses("stock.tooMuch");
    four.when(reserve("o1", 0)).thenRefuses("stock.orderedRange", { item: "Steel Bottle" }, 422);
    four.when(count(3, "  ")).thenRefuses("stock.reasonRequired");
    four.when(count(3, "x".repeat(201))).thenRefuses("stock.reasonTooLong");
  });

  it("a snapshot folds back to the state it was taken of", () => {
    const events = [opened(9), reserved("o1", 2), reserved("o2", 1), released("o1", 2), reserved("o3", 3), shipped("o3", 3)];
    const state = shelf.given(events).state();
    expect(foldStock([stockSnapshots.take(state)])).toEqual(state);
    expect(foldStock(events)).toEqual(state);
  });

  it("a snapshot names only orders not yet shipped, however many orders the product has seen", () => {
    const orders = Array.from({ length: 200 }, (_, i) => `order-${i}`);
    const state = shelf.given(opened(500), orders.flatMap((o) => [reserved(o, 1), shipped(o, 1)]), reserved("open", 2)).state();
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
    const before = shelf.given(opened(6), reserved("o1", 2)).state();
    expect(evolve(before, stockEvents.read(stored("StockAdjusted", v1)) as StockEvent)).toMatchObject({ available: 9, held: { o1: 2 } });
  });

  it("writes a count as version 2 and a shipment as version 1", () => {
    const [counted] = shelf.given(opened(3)).when(count(5)).events();
    expect(stockEvents.toAppend(counted, "id-1").metadata).toMatchObject({ schemaVersion: 2 });
    const [sent] = shelf.given(opened(3), reserved("o1", 1)).when(ship("o1")).events();
    expect(stockEvents.toAppend(sent, "id-2").metadata).toMatchObject({ schemaVersion: 1 });
    expect(stockEvents.read(stored("StockShipped", sent.data, 1)).data).toEqual(sent.data);
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
    const state = foldStock([opened(1)]);
    const held = foldStock([opened(1), reserved("o9", 1)]);
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
