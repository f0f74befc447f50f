/**
 * What a class kit costs before it is added (decision 240): each line's price in the size shown, times
 * its count, from the same catalogue prices the cart charges (`kitLinePrices` in build.ts), and the kit's
 * subtotal. The offer and the total are the cart's own sums (`chargesBeforeDelivery`), so a kit's total
 * on its page is what the cart shows for the kit alone. A line with no size yet, or one the shop cannot
 * sell (coming soon), has no price and is not counted: the cart would not take it either.
 */
// Read in the browser too (the total follows the sizes as the parent changes them): nothing here
// imports the catalogue; `kitLinePrices` (build.ts) gives each line its prices on the server.

/** One line's prices by size (one-size items under "Free Size"), with the size and count shown. */
export interface KitPriceLine {
  prices: Readonly<Record<string, number>>;
  size: string | null;
  count: number;
}

/** The line's rupees (price x count), or null when it has no size or no price in it. */
export function kitLineAmount(line: KitPriceLine): number | null {
  if (line.size === null) return null;
  const price = line.prices[line.size];
  return price === undefined ? null : price * Math.max(0, Math.trunc(line.count));
}

/** The kit's rupees before the offer: every line that has a price. */
export function kitSubtotal(lines: readonly KitPriceLine[]): number {
  return lines.reduce((sum, line) => sum + (kitLineAmount(line) ?? 0), 0);
}
