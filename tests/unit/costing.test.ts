// Cost, value and what to make (decision 183), checked against the hand-worked example in the decision.
import { describe, expect, it } from "vitest";
import { averageCosts, forecast, grossMargin, marginPercent, sumMargins, toMake, valueAtCost, withTailor } from "../../domain/stock/costing";
import type { Batch } from "../../domain/stock/tailor-batches";

const batch = (n: number, cost: number, lines: [string, number, number][], receipts: Record<string, Record<string, number>>): Batch => ({
  batch: n,
  item: "school/dps/shirt",
  tailor: "Ramesh Tailors",
  cost,
  due: "2027-03-01",
  orderedAt: "2026-12-07T00:00:00.000Z",
  lines: lines.map(([size, sku, quantity]) => ({ size, sku, quantity })),
  receipts,
  receivedAt: {},
});

describe("the hand-worked example of decision 183 (DPS shirts, sizes 30 and 32)", () => {
  // #1: 20 of size 30 at ₹95, all received in two parts; #2: 10 of 30 and 8 of 32 at ₹100, 4 of 30 and 8 of 32 received.
  const batches = [
    batch(1, 95, [["30", 1, 20]], { "1": { "30": 12 }, "2": { "30": 8 } }),
    batch(2, 100, [["30", 1, 10], ["32", 2, 8]], { "1": { "30": 4, "32": 8 } }),
  ];

  it("weighs the cost of a piece by the pieces received: (20 x 95 + 4 x 100) / 24 = ₹95.83", () => {
    expect(averageCosts(batches)).toEqual(
      new Map([
        [1, { received: 24, averagePaise: 9583 }],
        [2, { received: 8, averagePaise: 10000 }],
      ]),
    );
  });

  it("values the shelf at cost: 18 pieces of 30 at ₹95.83 = ₹1,725", () => {
    expect(valueAtCost(18, 9583)).toBe(1725);
    expect(valueAtCost(3, null)).toBeNull();
  });

  it("plans to make: sold 30 at 110% = 33, less 18 on the shelf and 6 with the tailor = 9; size 32 sold 6 at 110% = 7, less 8 = 0", () => {
    expect(withTailor(batches)).toEqual(new Map([[1, 6], [2, 0]]));
    expect(toMake(30, 110, 18, 6)).toBe(9);
    expect(toMake(6, 110, 8, 0)).toBe(0);
  });
});

describe("the season's forecast", () => {
  it("rounds up to a whole piece, never to a pack: 6 at 110% is 7, not 10; whole results stay whole", () => {
    expect(forecast(6, 110)).toBe(7);
    expect(forecast(10, 110)).toBe(11);
    expect(forecast(1, 100)).toBe(1);
    expect(forecast(0, 150)).toBe(0);
    expect(forecast(7, 115)).toBe(9); // 8.05 -> 9
  });
});

describe("gross margin (decision 184)", () => {
  it("is what parents paid after the offer less the pieces at their average cost; no cost, no margin", () => {
    // Two shirts at ₹310 with 10% off: ₹558 paid; at ₹95.83 a piece the margin is ₹366.34, 66% of the sales.
    const shirts = grossMargin(2, 55_800, 9_583);
    expect(shirts).toEqual({ salesPaise: 55_800, costPaise: 19_166, marginPaise: 36_634 });
    expect(marginPercent(shirts!)).toBe(66);
    expect(grossMargin(3, 90_000, null)).toBeNull();
    // Sold below cost: a negative margin, shown as it is.
    expect(grossMargin(1, 9_000, 9_583)).toMatchObject({ marginPaise: -583 });
  });

  it("adds up the sizes with a cost and leaves out the ones without", () => {
    const total = sumMargins([grossMargin(2, 55_800, 9_583), null, grossMargin(1, 30_000, 10_000)]);
    expect(total).toEqual({ salesPaise: 85_800, costPaise: 29_166, marginPaise: 56_634 });
    expect(marginPercent(total)).toBe(66);
    expect(marginPercent(sumMargins([]))).toBeNull();
  });
});
