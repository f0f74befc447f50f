/**
 * Batches from the tailor (decision 181) through the shop's services on a real Postgres: a work order
 * received in three parts grows each size's shelf and leaves the rest with the tailor; a wrong part is
 * corrected by a new event that moves the shelf by the difference; a form sent twice receives once; a
 * correction cannot take off pieces already sold; replay and verify agree.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { verify } from "../../projectors/replay";
import { englishOf } from "../support/refusal";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
  await shop.schoolStock.setRule("school/dps/shirt", "stop", null, owner);
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

async function refused(promise: Promise<unknown>): Promise<{ key: string; message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, message: englishOf(err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

async function forSale(size: string): Promise<number> {
  const sku = await shop.schoolStock.skuOf("school/dps/shirt", size);
  return (await shop.stock.level(sku!))?.available ?? 0;
}

describe("a work order to the tailor", () => {
  it("is received in three parts: each size's shelf grows by what came, the rest stays with the tailor", async () => {
    const { batch } = await shop.tailorBatches.order({ item: "school/dps/shirt", tailor: "Ramesh Tailors", cost: 95, due: later, pieces: { "30": 20, "32": 10 } }, owner, randomUUID());
    expect(batch).toBe(1);
    const sku30 = (await shop.schoolStock.skuOf("school/dps/shirt", "30"))!;
    const sku32 = (await shop.schoolStock.skuOf("school/dps/shirt", "32"))!;
    expect(await shop.tailorBatches.withTailor("dps")).toEqual(new Map([[sku30, 20], [sku32, 10]]));

    const parts: Record<string, number>[] = [{ "30": 8 }, { "30": 7, "32": 4 }, { "32": 6, "30": 5 }];
    const answers = [];
    for (const pieces of parts) answers.push(await shop.tailorBatches.receive("dps", 1, pieces, owner, randomUUID()));
    expect(answers.map((a) => a.receipt)).toEqual([1, 2, 3]);
    expect(await forSale("30")).toBe(20);
    expect(await forSale("32")).toBe(10);
    expect(await shop.tailorBatches.withTailor("dps")).toEqual(new Map([[sku30, 0], [sku32, 0]]));

    // The shelf's history names the batch and its part on every size.
    const history = await shop.stock.history(sku30);
    expect(history.filter((h) => h.type === "StockReceived").map((h) => [h.change, h.reason]).reverse()).toEqual([
      [8, "Tailor batch dps #1 (Ramesh Tailors), part 1"],
      [7, "Tailor batch dps #1 (Ramesh Tailors), part 2"],
      [5, "Tailor batch dps #1 (Ramesh Tailors), part 3"],
    ]);
  });

  it("refuses more pieces than the tailor still has, and a part that names none", async () => {
    await shop.tailorBatches.order({ item: "school/dps/shirt", tailor: "Ramesh Tailors", cost: 95, due: later, pieces: { "34": 5 } }, owner, randomUUID());
    expect(await refused(shop.tailorBatches.receive("dps", 2, { "34": 6 }, owner, randomUUID()))).toMatchObject({
      key: "tailorBatch.moreThanLeft",
      status: 409,
      message: "The tailor has only 5 of size 34 left to deliver in this work order.",
    });
    expect(await refused(shop.tailorBatches.receive("dps", 2, {}, owner, randomUUID()))).toMatchObject({ key: "tailorBatch.nothingCame" });
    expect(await refused(shop.tailorBatches.receive("dps", 9, { "34": 1 }, owner, randomUUID()))).toMatchObject({ key: "tailorBatch.noBatch", status: 404 });
    expect(await forSale("34")).toBe(0);
  });

  it("a form sent twice receives once", async () => {
    const formId = randomUUID();
    const first = await shop.tailorBatches.receive("dps", 2, { "34": 2 }, owner, formId);
    const again = await shop.tailorBatches.receive("dps", 2, { "34": 2 }, owner, formId);
    expect(first.changed).toBe(true);
    expect(again.changed).toBe(false);
    expect(await forSale("34")).toBe(2);
    expect((await shop.tailorBatches.batch("dps", 2))!.receipts).toEqual({ "1": { "34": 2 } });
  });

  it("a wrong part is corrected by a new event: the shelf moves by the difference and the tailor has the rest again", async () => {
    // Part 1 said 2 of size 34; 1 really came.
    const corrected = await shop.tailorBatches.correct("dps", 2, 1, { "34": 1 }, "Counted again: one was size 36", owner, randomUUID());
    expect(corrected).toMatchObject({ changed: true, receipt: 1 });
    expect(await forSale("34")).toBe(1);
    const sku34 = (await shop.schoolStock.skuOf("school/dps/shirt", "34"))!;
    expect((await shop.tailorBatches.withTailor("dps")).get(sku34)).toBe(4);
    const history = await shop.stock.history(sku34);
    expect(history[0]).toMatchObject({ type: "StockReceiptCorrected", change: -1, reason: "Tailor batch dps #2 (Ramesh Tailors), part 1 corrected: Counted again: one was size 36" });
    // The first receipt stays in the history as it was.
    expect(history.some((h) => h.type === "StockReceived" && h.change === 2)).toBe(true);

    // More than came in the other way too: the receipt said 1, 3 came.
    await shop.tailorBatches.correct("dps", 2, 1, { "34": 3 }, "Two more were in the bag", owner, randomUUID());
    expect(await forSale("34")).toBe(3);
    expect((await shop.tailorBatches.batch("dps", 2))!.receipts["1"]).toEqual({ "34": 3 });
  });

  it("a correction cannot take off pieces already sold; the owner counts the shelf instead", async () => {
    const sku34 = (await shop.schoolStock.skuOf("school/dps/shirt", "34"))!;
    await shop.schoolStock.count(sku34, 1, owner, "Two sold at the counter");
    expect(await refused(shop.tailorBatches.correct("dps", 2, 1, { "34": 0 }, "None came", owner, randomUUID()))).toMatchObject({
      key: "stock.correctionBelowSale",
      status: 409,
    });
    // Nothing half-written: the batch still says 3 came.
    expect((await shop.tailorBatches.batch("dps", 2))!.receipts["1"]).toEqual({ "34": 3 });
    expect(await forSale("34")).toBe(1);
  });

  it("a work order for an item whose sizes are not counted is refused", async () => {
    expect(await refused(shop.tailorBatches.order({ item: "school/dps/belt", tailor: "Ramesh Tailors", cost: 40, due: later, pieces: { "Free Size": 10 } }, owner, randomUUID()))).toMatchObject({
      key: expect.stringMatching(/^tailorBatch\.(notCounted|noSize)$/),
    });
  });

  it("the season plan counts a counted uniform's shelf and what the tailor is still making; an item not counted says so", async () => {
    await shop.schoolStock.setRule("school/dps/pant", "stop", null, owner);
    const { batch } = await shop.tailorBatches.order({ item: "school/dps/pant", tailor: "Ramesh Tailors", cost: 120, due: later, pieces: { "30": 10 } }, owner, randomUUID());
    await shop.tailorBatches.receive("dps", batch!, { "30": 4 }, owner, randomUUID());
    const today = new Date().toISOString().slice(0, 10);
    const term = { term: "july" as const, year: Number(today.slice(0, 4)) + 1 };
    const plan = await shop.reports.season("school/dps/pant", term, 110, today);
    expect(plan?.sizes.find((s) => s.size === "30")).toMatchObject({ onShelf: 4, withTailor: 6 });
    expect(plan?.sizes.find((s) => s.size === "32")).toMatchObject({ onShelf: 0, withTailor: 0 });
    expect(plan?.totals).toMatchObject({ onShelf: 4, withTailor: 6 });
    // The tie is not counted: no shelf to plan from, and nothing with a tailor.
    const tie = await shop.reports.season("school/dps/tie-small", term, 110, today);
    expect(tie?.sizes.every((s) => s.onShelf === undefined && s.withTailor === 0)).toBe(true);
  });

  it("replay and verify agree with the read models", async () => {
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  });
});
