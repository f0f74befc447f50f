// Batches from the tailor (decision 181): the work order's rules, parts received and corrected, and the
// shelf's change each makes.
import { describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { decide as decideStock, foldStock } from "../../domain/stock/stock";
import {
  shelfChanges,
  tailorBatchDecider,
  tailorBatchSnapshots,
  withTailorOf,
  type TailorBatchCommand,
  type TailorBatchesState,
} from "../../domain/stock/tailor-batches";

const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
const at = "2026-12-07T06:00:00.000Z";
const skus = { "30": 1_000_000_004, "32": 1_000_000_005 };
const order = (pieces: Record<string, number>, more: Partial<TailorBatchCommand> = {}): TailorBatchCommand =>
  ({ type: "OrderBatch", item: "school/dps/shirt", tailor: " Ramesh Tailors ", cost: 95, due: "2026-12-20", pieces, skus, actor, at, ...more }) as TailorBatchCommand;

function run(commands: TailorBatchCommand[], state = tailorBatchDecider.initialState()): TailorBatchesState {
  return commands.reduce((s, c) => tailorBatchDecider.decide(c, s).reduce(tailorBatchDecider.evolve, s), state);
}

function refusal(f: () => unknown): { key: string; values: unknown } {
  try {
    f();
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, values: err.values };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("a work order", () => {
  it("numbers batches in the school, trims the tailor, keeps only sizes with pieces, with their SKUs", () => {
    const state = run([order({ "30": 10, "32": 0 }), order({ "32": 4 })]);
    expect(state.batches.map((b) => [b.batch, b.tailor, b.lines])).toEqual([
      [1, "Ramesh Tailors", [{ size: "30", sku: skus["30"], quantity: 10 }]],
      [2, "Ramesh Tailors", [{ size: "32", sku: skus["32"], quantity: 4 }]],
    ]);
  });

  it("refuses what cannot be made: no pieces, a size the item lacks, an uncounted size, a past due date, a cost of nothing", () => {
    const empty = tailorBatchDecider.initialState();
    expect(refusal(() => tailorBatchDecider.decide(order({}), empty)).key).toBe("tailorBatch.empty");
    expect(refusal(() => tailorBatchDecider.decide(order({ "31": 1 }), empty))).toEqual({ key: "tailorBatch.noSize", values: { size: "31" } });
    expect(refusal(() => tailorBatchDecider.decide(order({ "34": 1 }), empty)).key).toBe("tailorBatch.notCounted");
    expect(refusal(() => tailorBatchDecider.decide(order({ "30": 1 }, { due: "2026-12-06" }), empty)).key).toBe("tailorBatch.due");
    expect(refusal(() => tailorBatchDecider.decide(order({ "30": 1 }, { cost: 0 }), empty)).key).toBe("tailorBatch.cost");
    expect(refusal(() => tailorBatchDecider.decide(order({ "30": 1 }, { item: "school/dps/nothing" }), empty)).key).toBe("tailorBatch.notAnItem");
  });
});

describe("receiving and correcting", () => {
  const ordered = run([order({ "30": 10, "32": 5 })]);
  const receive = (pieces: Record<string, number>): TailorBatchCommand => ({ type: "ReceiveBatch", batch: 1, pieces, actor, at });

  it("three parts add up; what is left is with the tailor; no more than is left", () => {
    const state = run([receive({ "30": 3 }), receive({ "30": 3, "32": 5 }), receive({ "30": 2 })], ordered);
    const batch = state.batches[0];
    expect(Object.keys(batch.receipts)).toEqual(["1", "2", "3"]);
    expect([withTailorOf(batch, "30"), withTailorOf(batch, "32")]).toEqual([2, 0]);
    expect(refusal(() => tailorBatchDecider.decide(receive({ "30": 3 }), state))).toEqual({ key: "tailorBatch.moreThanLeft", values: { size: "30", left: 2 } });
  });

  it("a correction says what the part really had; the shelf moves by the difference; the same numbers change nothing", () => {
    const state = run([receive({ "30": 6 }), receive({ "30": 4 })], ordered);
    const [event] = tailorBatchDecider.decide({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 5 }, reason: "Miscounted", actor, at }, state);
    expect(shelfChanges(event)).toEqual([{ sku: skus["30"], size: "30", by: -1 }]);
    const after = tailorBatchDecider.evolve(state, event);
    expect(withTailorOf(after.batches[0], "30")).toBe(1);
    expect(tailorBatchDecider.decide({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 5 }, reason: "Again", actor, at }, after)).toEqual([]);
    // Part 1 can say at most what the tailor had before it: 10 less part 2's 4.
    expect(refusal(() => tailorBatchDecider.decide({ type: "CorrectReceipt", batch: 1, receipt: 1, pieces: { "30": 7 }, reason: "More", actor, at }, after)).values).toEqual({ size: "30", left: 6 });
  });

  it("a snapshot folds back to the same state", () => {
    const state = run([receive({ "30": 6 })], ordered);
    expect(tailorBatchDecider.evolve(tailorBatchDecider.initialState(), tailorBatchSnapshots.take(state))).toEqual(state);
  });
});

describe("the shelf's side of a correction", () => {
  const receivedFive = foldStock([{ type: "StockReceived", data: { productId: 7, quantity: 5, actor, reason: "part 1", at } }]);

  it("moves what is for sale by the difference either way", () => {
    const fewer = decideStock({ type: "CorrectReceipt", productId: 7, by: -2, actor, reason: "two never came", at }, receivedFive);
    expect(fewer.map((e) => e.type)).toEqual(["StockReceiptCorrected"]);
    expect(foldStock([{ type: "StockReceived", data: { productId: 7, quantity: 5, actor, reason: "part 1", at } }, ...fewer]).available).toBe(3);
  });

  it("cannot take off more than is for sale", () => {
    expect(refusal(() => decideStock({ type: "CorrectReceipt", productId: 7, by: -6, actor, reason: "none came", at }, receivedFive))).toEqual({
      key: "stock.correctionBelowSale",
      values: { forSale: 5, less: 6 },
    });
  });
});
