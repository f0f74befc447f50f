/**
 * A kit made for one child (decision 134): each item of the kit with the size the child needs, from
 * the size the parent knows for that item, else the size finder (domain/sizes/finder.ts) on what the
 * parent measured. An item whose size cannot be told, or that the shop does not make in it, stays in
 * the list with no size and the reason: the page names it and lets the parent choose, never drops it.
 * Also next year's sizes: an order's lines moved up with the chart's ages (`sizeUp`).
 */
import { catalogueId, findCatalogueProduct, priceCatalogueLine } from "../catalogue";
import { FREE_SIZE, normaliseSize } from "../pricing";
import { findSchool, type SchoolItem } from "../schools";
import { CHART_MEASURES, MEASURE_UNIT, itemKindOf, type SizeCharts } from "../sizes/charts";
import { findSize, sizeUp, type Measurements, type SizeReason } from "../sizes/finder";
import type { Kit } from "./kits";

export interface KitLine {
  /** The school item's slug and the catalogue id the cart prices. */
  item: string;
  productId: string;
  /** English, as the catalogue names it (the page words it in its language). */
  name: string;
  count: number;
  /** The sizes the item is made in ([] for one size). */
  sizesOffered: string[];
  /** The size to buy; null when it cannot be told or is not made (see `reason`). */
  size: string | null;
  reason: SizeReason;
  comingSoon: boolean;
}

/** What the kit's sizes are read from: a child's known sizes and measurements, or the finder's form. */
export interface KitSizing {
  measurements: Measurements;
  /** Sizes the parent knows, by item slug. */
  sizes?: Record<string, string>;
}

// A reason's key: the finder's own ("reason.fits") words itself in the `sizes` namespace; the kit's own
// reasons name their namespace ("kits:reason.known").
const known = (size: string): SizeReason => ({ key: "kits:reason.known", values: { size } });
const notMade = (size: string): SizeReason => ({ key: "kits:reason.notMade", values: { size } });

/** The size of one school item for this child, with why. */
export function sizeFor(schoolSlug: string, item: SchoolItem, sizing: KitSizing, charts?: Partial<SizeCharts>): Pick<KitLine, "size" | "reason" | "sizesOffered"> {
  const product = findCatalogueProduct(catalogueId.schoolItem(schoolSlug, item.slug));
  const sizesOffered = product ? [...product.sizes] : [];
  const given = normaliseSize(sizing.sizes?.[item.slug]);
  if (given !== undefined) {
    if (sizesOffered.length === 0 || sizesOffered.includes(given)) return { size: sizesOffered.length ? given : "Free Size", reason: known(given), sizesOffered };
    return { size: null, reason: notMade(given), sizesOffered };
  }
  const kind = itemKindOf(catalogueId.schoolItem(schoolSlug, item.slug));
  if (!kind) {
    // A belt or a tie: one size, or sizes no chart describes (the parent chooses).
    return sizesOffered.length === 0
      ? { size: "Free Size", reason: { key: "reason.oneSize", values: {} }, sizesOffered }
      : { size: null, reason: { key: "kits:reason.choose", values: {} }, sizesOffered };
  }
  const advice = findSize(kind, sizesOffered, sizing.measurements, charts);
  return advice.kind === "fits" ? { size: advice.size, reason: advice.reason, sizesOffered } : { size: null, reason: advice.reason, sizesOffered };
}

/** Every item of `kit` for this child, in the kit's order. */
export function buildKit(schoolSlug: string, kit: Kit, sizing: KitSizing, charts?: Partial<SizeCharts>): KitLine[] {
  const school = findSchool(schoolSlug);
  if (!school) return [];
  return kit.items.flatMap(({ item: slug, count }) => {
    const item = school.items.find((candidate) => candidate.slug === slug);
    if (!item) return [];
    return [{ item: slug, productId: catalogueId.schoolItem(school.slug, slug), name: item.name, count, comingSoon: item.comingSoon, ...sizeFor(school.slug, item, sizing, charts) }];
  });
}

/**
 * A catalogue item's price in each size it is sold in (one size under "Free Size"), as the cart prices
 * it; {} when it cannot be sold now (coming soon). The kit page's prices (decision 240, price.ts).
 */
export function kitLinePrices(productId: string, sizesOffered: readonly string[]): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const size of sizesOffered.length ? sizesOffered : [FREE_SIZE]) {
    const priced = priceCatalogueLine(productId, size);
    if (priced.ok) prices[priced.size] = priced.unitPrice;
  }
  return prices;
}

export interface ReorderLine {
  productId: string;
  name: string;
  school: string;
  quantity: number;
  oldSize: string;
  /** The size a year on; null when the chart cannot say (the page asks to measure). */
  newSize: string | null;
  reason: SizeReason;
}

/**
 * An order's lines a year or more on: each size moved up where the chart's ages say the child has
 * grown out of it (`sizeUp`), with the child's age now where the parent gave it. An item with no chart
 * (a belt) keeps its size.
 */
export function nextYearSizes(
  lines: readonly { productId: string; name: string; size: string; school: string; quantity: number }[],
  years: number,
  ageYears: number | undefined,
  charts?: Partial<SizeCharts>,
): ReorderLine[] {
  return lines.map((line): ReorderLine => {
    const product = findCatalogueProduct(line.productId);
    const sizesOffered = product ? [...product.sizes] : [];
    const kind = itemKindOf(line.productId);
    const base = { productId: line.productId, name: line.name, school: line.school, quantity: line.quantity, oldSize: line.size };
    if (!product) return { ...base, newSize: null, reason: { key: "kits:reason.gone", values: {} } };
    if (!kind || sizesOffered.length === 0) return { ...base, newSize: line.size, reason: { key: "kits:reason.sameSize", values: { size: line.size } } };
    const up = sizeUp(kind, line.size, Math.max(1, years), sizesOffered, charts, ageYears);
    const measure = CHART_MEASURES[kind][0];
    if (up === null) return { ...base, newSize: null, reason: { key: "reason.lastSizeTop", values: { last: line.size, measure, unit: MEASURE_UNIT[measure] } } };
    return { ...base, newSize: up, reason: { key: up === line.size ? "reason.lastSizeStill" : "reason.lastSizeUp", values: { last: line.size, size: up } } };
  });
}
