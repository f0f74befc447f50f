// Batches from the tailor (decision 181): the work order's rules, parts received and corrected, and the
// shelf's change each makes.
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { decide as decideStock, evolve as evolveStock, initialStockState } from "../../domain/stock/stock";
import type { StockEvent } from "../../domain/stock/events";
import {
  shelfChanges,
  tailorBatchDecider,
  tailorBatchSnapshots,
  withTailorOf,
  type TailorBatchCommand,
  type TailorBatchEvent,
} from "../../domain/stock/tailor-batches";

const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
const at = "2026-12-07T06:00:00.000Z";
const skus = { "30": 1_000_000_004, "32": 1_000_000_005 };
const order = (pieces: Record<string, number>, more: Partial<TailorBatchCommand> = {}): TailorBatchCommand =>
  ({ type: "OrderBatch", item: "school/dps/shirt", tailor: " Ramesh Tailors ", cost: 95, due: "2026-12-20", pieces, skus, actor, at, ...more }) as TailorBatchCommand;

const batches = spec(tailorBatchDecider);
/** The events commands decide in turn: the batches' history as the owner made it. */
const history = (...commands: TailorBatchCommand[]) =>
  commands.reduce<TailorBatchEvent[]>((events, command) => [...events, ...batches.given(events).when(command).events()], []);

describe("a work order", () => {
  it("numbers batches in the school, trims the tailor, keeps only sizes with pieces, with their SKUs", () => {
    const state = batches.given(history(order({ "30": 10, "32": 0 }))).when(order({ "32": 4 })).state();
    expect(state.batches.map((b) => [b.batch, b.tailor, b.lines])).toEqual([
      [1, "Ramesh Tailors", [{ size: "30", sku: skus["30"], quantity: 10 }]],
      [2, "Ramesh Tailors", [{ size: "32", sku: skus["32"], quantity: 4 }]],
    ]);
  });

  it("refuses what cannot be made: no pieces, a size the item lacks, an uncounted size, a past due date, a cost of nothing", () => {
    const none = batches.given();
    none.when(order({})).thenRefuses("tailorBatch.empty");
    none.when(order({ "31": 1 })).thenRefuses("tailorBatch.noSize", { size: "31" });
    none.when(order({ "34": 1 })).thenRefuses("tailorBatch.notCounted");
    none.when(order({ "30": 1 }, { due: "2026-12-06" })).thenRefuses("tailorBatch.due");
    none.when(order({ "30": 1 }, { cost: 0 })).thenRefuses("tailorBatch.cost");
    none.when(order({ "30": 1 }, { item: "school/dps/nothing" })).thenRefuses("tailorBatch.notAnItem");
  });
});

describe("receiving and correcting", () => {
  const ordered = history(order({ "30": 10, "32": 5 }));
  const receive = (pieces: Record<string, number>): TailorBatchCommand => ({ type: "ReceiveBatch", batch: 1, pieces, actor, at });

  it("three parts add up; what is left is with the tailor; no more than is left", () => {
    const parts = batches.given(history(order({ "30": 10, "32": 5 }), receive({ "30": 3 }), receive({ "30": 3, "32": 5 }), receive({ "30": 2 })));
    const batch = parts.state().batches[0];
    expect(Object.keys(batch.receipts)).toEqual(["1", "2", "3"]);
    expect([withTailorOf(batch, "30"), withTailorOf(batch, "32")]).toEqual([2, 0]);
    parts.when(receive({ "30": 3 })).thenRefuses("tailorBatch.moreThanLeft", { size: "30", left: 2 });
  });

  it("a correction says what the part really had; the shelf moves by the difference; the same numbers change nothing", () => {
    const received = history(order({ "30": 10, "32": 5 }), receive({ "30": 6 }), receive({ "30": 4 }));
    const [event] = batches.given(received).when({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 5 }, reason: "Miscounted", actor, at }).events();
    expect(shelfChanges(event)).toEqual([{ sku: skus["30"], size: "30", by: -1 }]);
    const after = batches.given(received, event);
    expect(withTailorOf(after.state().batches[0], "30")).toBe(1);
    after.when({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 5 }, reason: "Again", actor, at }).thenNothing();
    // Part 1 can say at most what the tailor had before it: 10 less part 2's 4.
    after.when({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 7 }, reason: "More", actor, at }).thenRefuses("tailorBatch.moreThanLeft", { size: "30", left: 6 });
  });

  it("a snapshot folds back to the same state", () => {
    const state = batches.given(ordered).when(receive({ "30": 6 })).state();
    expect(tailorBatchDecider.evolve(tailorBatchDecider.initialState(), tailorBatchSnapshots.take(state))).toEqual(state);
  });
});

describe("the shelf's side of a correction", () => {
  const shelf = spec({ decide: decideStock, evolve: evolveStock, initialState: initialStockState });
  const receivedFive: StockEvent = { type: "StockReceived", data: { productId: 7, quantity: 5, actor, reason: "part 1", at } };

  it("moves what is for sale by the difference either way", () => {
    const fewer = shelf.given(receivedFive).when({ type: "CorrectReceipt", productId: 7, by: -2, actor, reason: "two never came", at });
    expect(fewer.events().map((e) => e.type)).toEqual(["StockReceiptCorrected"]);
    expect(fewer.state().available).toBe(3);
  });

  it("cannot take off more than is for sale", () => {
    shelf
      .given(receivedFive)
      .when({ type: "CorrectReceipt", productId: 7, by: -6, actor, reason: "none came", at })
      .thenRefuses("stock.correctionBelowSale", { forSale: 5, less: 6 });
  });
});
