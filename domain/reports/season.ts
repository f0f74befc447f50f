/**
 * Season planning (decision 136): what to have stitched or ordered before a term starts, from how the
 * same term sold last year. Pure: services/reports.ts reads the sums, this decides the figures.
 */
import { addDays, compareSizes } from "./reports";

/**
 * The two rushes of a school year in Churu: the session opening in April (books, new classes, the summer
 * uniform) and the return after the summer holidays in July. Each term's selling window is the weeks
 * parents buy for it.
 */
export const TERMS = ["april", "july"] as const;
export type Term = (typeof TERMS)[number];

const WINDOWS: Record<Term, { from: string; to: string }> = {
  april: { from: "03-01", to: "04-30" },
  july: { from: "06-01", to: "07-31" },
};

export interface TermChoice {
  term: Term;
  year: number;
}

/** The selling window of a term in a year, as days. */
export function termWindow({ term, year }: TermChoice): { from: string; to: string } {
  return { from: `${year}-${WINDOWS[term].from}`, to: `${year}-${WINDOWS[term].to}` };
}

/** The same term a year earlier: the season whose curve the plan follows. */
export function lastSeason(choice: TermChoice): TermChoice {
  return { term: choice.term, year: choice.year - 1 };
}

/** The next terms whose window has not ended by `today`, nearest first: what the planner offers. */
export function comingTerms(today: string, count = 3): TermChoice[] {
  const year = Number(today.slice(0, 4));
  const all: TermChoice[] = [];
  for (let y = year; all.length < count; y++) {
    for (const term of TERMS) if (termWindow({ term, year: y }).to >= today && all.length < count) all.push({ term, year: y });
  }
  return all;
}

/** "july-2027" as a choice, or undefined. */
export function parseTerm(value: string): TermChoice | undefined {
  const match = /^(april|july)-(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const year = Number(match[2]);
  if (year < 2000 || year > 2100) return undefined;
  return { term: match[1] as Term, year };
}

export const termValue = (choice: TermChoice) => `${choice.term}-${choice.year}`;

/** The owner's growth factor, in percent of last season: 50% to 300%. */
export const GROWTH_MIN = 50;
export const GROWTH_MAX = 300;
export const GROWTH_DEFAULT = 110;

export function parseGrowth(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return GROWTH_DEFAULT;
  if (!/^\d{1,3}$/.test(value.trim())) return undefined;
  const growth = Number(value.trim());
  return growth >= GROWTH_MIN && growth <= GROWTH_MAX ? growth : undefined;
}

export interface SizeFigures {
  size: string;
  /** Units sold in last season's window (after exchanges: the size the child wears). */
  lastSeason: number;
  /** Units on the shelf now (for sale and held), or undefined when the item has no stock count (made to order). */
  onShelf: number | undefined;
  /** Pieces of the size still with the tailor (ordered in a batch, not yet received); 0 for an item not counted. */
  withTailor?: number;
  /** Units already ordered by parents in the coming term's window. */
  ordered: number;
}

export interface SizePlan extends SizeFigures {
  /** Last season's units times the growth factor, rounded up: the units the term is expected to take. */
  expected: number;
  /** What to make or order: expected, less what parents already took, what is on the shelf and what the tailor is making; never below 0. */
  suggested: number;
}

/** The plan for each size, in size order, and its totals. */
export function planSeason(
  figures: readonly SizeFigures[],
  growthPercent: number,
): { sizes: (SizePlan & { withTailor: number })[]; totals: Omit<SizePlan, "size" | "onShelf" | "withTailor"> & { onShelf: number; withTailor: number } } {
  const sizes = [...figures]
    .sort((a, b) => compareSizes(a.size, b.size))
    .map((f) => {
      // Integer arithmetic: 7 units at 110% expect 8 (7.7 up), never 7.700000000000001 rounding to 9.
      const expected = Math.ceil((f.lastSeason * growthPercent) / 100);
      const withTailor = f.withTailor ?? 0;
      const suggested = Math.max(0, expected - f.ordered - (f.onShelf ?? 0) - withTailor);
      return { ...f, withTailor, expected, suggested };
    });
  const totals = sizes.reduce(
    (sum, s) => ({
      lastSeason: sum.lastSeason + s.lastSeason,
      onShelf: sum.onShelf + (s.onShelf ?? 0),
      withTailor: sum.withTailor + s.withTailor,
      ordered: sum.ordered + s.ordered,
      expected: sum.expected + s.expected,
      suggested: sum.suggested + s.suggested,
    }),
    { lastSeason: 0, onShelf: 0, withTailor: 0, ordered: 0, expected: 0, suggested: 0 },
  );
  return { sizes, totals };
}

// ---------------------------------------------------------------------------------------
// Re-order points for the shop's own products
// ---------------------------------------------------------------------------------------

/** The weeks of sales a product's rate is read over. */
export const RATE_DAYS = 28;
/** Days the shop needs to get more in (a supplier in Jaipur, a tailor's batch): re-order at this many days left. */
export const REORDER_DAYS = 14;

export interface StockOutlook {
  /** Units sold per day over the last RATE_DAYS days. */
  perDay: number;
  /** Days the units for sale last at that rate; undefined when nothing sold (no rate to run out at). */
  daysLeft: number | undefined;
  /** At or below the re-order point: the units that many days of sales take, or none left at all. */
  reorder: boolean;
}

/**
 * Days of stock left from the sales rate, replacing the old fixed "5 or fewer": a product that sells 10 a
 * day is short at 100, one that sold nothing in four weeks is not short at 3. Nothing left is always short.
 */
export function stockOutlook(available: number, soldInRateDays: number): StockOutlook {
  const perDay = soldInRateDays / RATE_DAYS;
  if (available <= 0) return { perDay, daysLeft: 0, reorder: true };
  if (soldInRateDays === 0) return { perDay, daysLeft: undefined, reorder: false };
  const daysLeft = Math.floor((available * RATE_DAYS) / soldInRateDays);
  return { perDay, daysLeft, reorder: daysLeft <= REORDER_DAYS };
}

/** The first day of the rate's window ending today. */
export const rateWindowStart = (today: string) => addDays(today, -(RATE_DAYS - 1));
