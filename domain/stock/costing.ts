/**
 * Cost, value and what to make of the shop's own school uniforms (decision 183). A size's cost is the
 * weighted average of what the tailor was paid for the pieces that came in (each batch's cost of a piece,
 * weighted by the pieces received, corrections applied); the shelf's value at cost is the pieces on it at
 * that cost; "to make" is the season's forecast (last season's pieces sold, times the owner's percent,
 * rounded up to a whole piece) less what is on the shelf and still with the tailor.
 */
import { receivedOf, withTailorOf, type Batch } from "./tailor-batches";

export interface SkuCost {
  /** Pieces received from the tailor, every batch. */
  received: number;
  /** Weighted average cost of a piece in paise (whole paise, rounded half up); null before any piece came. */
  averagePaise: number | null;
}

/** Each SKU's weighted average cost over the batches' pieces received. */
export function averageCosts(batches: readonly Batch[]): Map<number, SkuCost> {
  const sums = new Map<number, { pieces: number; rupees: number }>();
  for (const batch of batches) {
    for (const line of batch.lines) {
      const pieces = receivedOf(batch, line.size);
      const sum = sums.get(line.sku) ?? { pieces: 0, rupees: 0 };
      sums.set(line.sku, { pieces: sum.pieces + pieces, rupees: sum.rupees + pieces * batch.cost });
    }
  }
  return new Map([...sums].map(([sku, sum]) => [sku, { received: sum.pieces, averagePaise: sum.pieces === 0 ? null : Math.round((sum.rupees * 100) / sum.pieces) }]));
}

/**
 * A bought-in product's purchase cost (issue 51): the weighted average of what the owner paid a piece over the
 * deliveries he entered a cost with, in whole paise rounded half up; null when he entered none. A delivery without
 * a cost is left out rather than counted at ₹0.
 */
export function purchaseCost(receipts: readonly { quantity: number; cost?: number }[]): SkuCost {
  let pieces = 0;
  let paise = 0;
  for (const receipt of receipts) {
    if (receipt.cost === undefined) continue;
    pieces += receipt.quantity;
    paise += receipt.quantity * receipt.cost;
  }
  return { received: pieces, averagePaise: pieces === 0 ? null : Math.round(paise / pieces) };
}

/** Pieces of each SKU still with the tailor, over every batch. */
export function withTailor(batches: readonly Batch[]): Map<number, number> {
  const found = new Map<number, number>();
  for (const batch of batches) for (const line of batch.lines) found.set(line.sku, (found.get(line.sku) ?? 0) + withTailorOf(batch, line.size));
  return found;
}

/** The season's forecast of a size: `sold` times `percent`/100, up to the next whole piece (6 at 110% is 7). */
export function forecast(sold: number, percent: number): number {
  // In whole numbers: pieces x percent, up to the next hundred, so no fraction is ever rounded the wrong way.
  return Math.floor((sold * percent + 99) / 100);
}

/** What to have the tailor make: the forecast less the shelf and what the tailor still has; never below zero. */
export function toMake(sold: number, percent: number, onShelf: number, withTheTailor: number): number {
  return Math.max(0, forecast(sold, percent) - onShelf - withTheTailor);
}

/** Value at cost of `pieces` at a cost in paise, in whole rupees (rounded half up), for the owner's report. */
export const valueAtCost = (pieces: number, averagePaise: number | null): number | null => (averagePaise === null ? null : Math.round((pieces * averagePaise) / 100));

/** Gross margin of pieces sold: what the parents paid for them after the offer, less the pieces at their cost. */
export interface Margin {
  /** Paisa the parents paid for the goods after the offer's share (not tax-separated: the shop's own takings). */
  salesPaise: number;
  costPaise: number;
  marginPaise: number;
}

/** The margin of `units` sold for `netPaise` at a cost of `averagePaise` a piece; null while the size has no cost. */
export function grossMargin(units: number, netPaise: number, averagePaise: number | null): Margin | null {
  if (averagePaise === null) return null;
  const costPaise = units * averagePaise;
  return { salesPaise: netPaise, costPaise, marginPaise: netPaise - costPaise };
}

/** Margins added up (an item's sizes, a school's items); the ones without a cost are left out, as their cost is unknown. */
export function sumMargins(margins: readonly (Margin | null)[]): Margin {
  return margins.reduce<Margin>(
    (sum, m) => (m ? { salesPaise: sum.salesPaise + m.salesPaise, costPaise: sum.costPaise + m.costPaise, marginPaise: sum.marginPaise + m.marginPaise } : sum),
    { salesPaise: 0, costPaise: 0, marginPaise: 0 },
  );
}

/** The margin as a whole percent of the sales (rounded), or null with no sales to divide by. */
export function marginPercent(margin: Margin): number | null {
  if (margin.salesPaise === 0) return null;
  return Math.round((margin.marginPaise * 100) / margin.salesPaise);
}
