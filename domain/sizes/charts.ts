/**
 * Size charts as data (decision 131, docs/sizes.md): for every kind of item the shop makes, the body
 * measurements each size fits and the usual age. The figures below are the shop's starting charts,
 * worked out from one table of how Indian children grow (GROWTH) and how each garment's size number
 * is read (a shirt's number is the chest it is cut for, a pant's its length, a shoe's the UK/Indian
 * shoe size); the owner replaces any chart from the admin area (decision 132), and pages, the size
 * finder and next year's sizes read the owner's version when there is one.
 *
 * Units are the ones the shop and Indian parents use: garment measures (chest, waist, hip, inside
 * leg) in inches, foot length and height in centimetres. Pages show both units.
 */
import { FREE_SIZE, normaliseSize } from "../pricing";
import { findSchoolItem } from "../schools";
import { SCHOOL_ITEM_TYPES, type SchoolItemName } from "../school-entry";
import type { UniformType } from "../pricing";

export const ITEM_KINDS = [
  "shirt",
  "tshirt",
  "pant",
  "whitePant",
  "skirt",
  "tunik",
  "kurtiSalwaar",
  "jacket",
  "lower",
  "socks",
  "shoes",
  "kidsShoes",
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export function isItemKind(value: string): value is ItemKind {
  return (ITEM_KINDS as readonly string[]).includes(value);
}

export const MEASURES = ["chest", "waist", "hip", "insideLeg", "foot", "height"] as const;
export type Measure = (typeof MEASURES)[number];

/** The unit a chart stores a measure in. */
export const MEASURE_UNIT: Readonly<Record<Measure, "in" | "cm">> = {
  chest: "in",
  waist: "in",
  hip: "in",
  insideLeg: "in",
  foot: "cm",
  height: "cm",
};

/** A body measurement a size fits: from `min` up to, not including, `max` (in the measure's unit). */
export interface Span {
  min: number;
  max: number;
}

export interface SizeRow {
  /** The size as the shop's price tables spell it ("30", "38-32", "M"). */
  size: string;
  /** Usual age in whole years: from `ageFrom` up to, not including, `ageTo`; no `ageTo` = "and older". */
  ageFrom: number;
  ageTo?: number;
  /** The spans this size fits, for the measures of its kind (CHART_MEASURES). */
  fits: Partial<Record<Measure, Span>>;
}

export interface SizeChart {
  kind: ItemKind;
  /** Smallest size first: the finder's "one size up" is the next row. */
  rows: readonly SizeRow[];
}

export type SizeCharts = Readonly<Record<ItemKind, SizeChart>>;

/**
 * The measures of each kind, the one that decides the size first: the finder uses the first one the
 * parent gave, the others pick between sizes the first leaves open (a pant's length, then its waist).
 * Height comes last everywhere: it says less than a tape on the body, but more than age alone.
 */
export const CHART_MEASURES: Readonly<Record<ItemKind, readonly Measure[]>> = {
  shirt: ["chest", "height"],
  tshirt: ["chest", "height"],
  jacket: ["chest", "height"],
  kurtiSalwaar: ["chest", "hip", "height"],
  tunik: ["chest", "height"],
  pant: ["insideLeg", "waist", "height"],
  whitePant: ["insideLeg", "waist", "height"],
  lower: ["insideLeg", "waist", "height"],
  skirt: ["waist", "hip", "height"],
  socks: ["foot"],
  shoes: ["foot"],
  kidsShoes: ["foot"],
};

/**
 * The measure a kind's size number is read from: every row of a chart carries it. A skirt's or a
 * tunik's size is its length, which fits a height; the others are read from their first measure.
 */
export const DECIDING_MEASURE: Readonly<Record<ItemKind, Measure>> = {
  ...(Object.fromEntries(Object.entries(CHART_MEASURES).map(([kind, measures]) => [kind, measures[0]])) as Record<ItemKind, Measure>),
  skirt: "height",
  tunik: "height",
};

// ------------------------------------------------------------------------------------------------
// Mapping the catalogue to kinds
// ------------------------------------------------------------------------------------------------

const KIND_OF_UNIFORM_TYPE: Readonly<Record<UniformType, ItemKind | null>> = {
  shirt: "shirt",
  "t-shirt": "tshirt",
  pant: "pant",
  "pant-class-1-to-5": "pant",
  "pant-class-6-to-12": "pant",
  "white-pant": "whitePant",
  skirt: "skirt",
  "white-skirt": "skirt",
  tunik: "tunik",
  "white-tunik": "tunik",
  belt: null,
  tie: null,
  socks: "socks",
  "socks-sized": "socks",
  lower: "lower",
  "kurti-salwaar": "kurtiSalwaar",
  jacket: "jacket",
};

// The white uniforms of /white-products, by their key (domain/pricing.ts WHITE_PRODUCTS). White shorts
// have no chart of their own: the item list has none, so the finder says to measure.
const KIND_OF_WHITE_PRODUCT: Readonly<Record<string, ItemKind>> = {
  shirt: "shirt",
  pant: "whitePant",
  skirt: "skirt",
  tunik: "tunik",
  "salwar-suit": "kurtiSalwaar",
  socks: "socks",
};

/**
 * The kind of a catalogue line: a catalogue id ("school/dps/shirt", "white/pant", "kids-shoes/velcro",
 * "shoes/sports-shoes"), a product or line carrying one as `id` or `productId`, or a school item's name
 * ("Pant Class 1 to 5"). null for what has no size chart (belt, tie, bags, stationery, the /shop's
 * products).
 */
export function itemKindOf(item: string | { id: string } | { productId: string }): ItemKind | null {
  const key = typeof item === "string" ? item : "id" in item ? item.id : item.productId;
  if (Object.hasOwn(SCHOOL_ITEM_TYPES, key)) return KIND_OF_UNIFORM_TYPE[SCHOOL_ITEM_TYPES[key as SchoolItemName]];
  const parts = key.split("/");
  if (parts[0] === "school" && parts.length === 3) {
    const found = findSchoolItem(parts[1], parts[2]);
    return found ? KIND_OF_UNIFORM_TYPE[found.item.priceType] : null;
  }
  if (parts.length !== 2) return null;
  if (parts[0] === "white") return Object.hasOwn(KIND_OF_WHITE_PRODUCT, parts[1]) ? KIND_OF_WHITE_PRODUCT[parts[1]] : null;
  if (parts[0] === "kids-shoes") return "kidsShoes";
  if (parts[0] === "shoes") return "shoes";
  return null;
}

// ------------------------------------------------------------------------------------------------
// The starting charts
// ------------------------------------------------------------------------------------------------

/**
 * How a child grows, year by year (age in years -> body measure, the chart's unit): rounded middle
 * values for Indian boys and girls together, read from the Indian Academy of Paediatrics 2015 height
 * charts for height and from the shop's own counter experience for the rest (decision 131 says which
 * figures are assumed). Between two ages the value is read on the straight line.
 */
const GROWTH: Readonly<Record<Measure, readonly number[]>> = {
  //         age 2   3     4     5     6     7     8     9     10    11    12    13    14    15    16    17    18
  height:    [86,    94,   101,  108,  114,  120,  126,  131,  137,  142,  148,  154,  159,  163,  165,  167,  168],
  chest:     [19.5,  20,   21,   22,   23,   24,   25,   26,   27,   28,   29.5, 31,   32.5, 34,   35,   36,   37],
  waist:     [19,    19.5, 20,   20.5, 21,   21.5, 22,   23,   24,   25,   26,   27,   28,   29,   30,   30.5, 31],
  hip:       [20,    21,   22,   23,   24,   25,   26,   27.5, 29,   30.5, 32,   33.5, 35,   36,   37,   37.5, 38],
  insideLeg: [14.5,  16.5, 18,   19,   20,   21.5, 22.5, 23.5, 24.5, 25.5, 26.5, 28,   29,   30,   30.5, 31,   31],
  foot:      [13,    15,   16,   17,   18,   19,   20,   21,   21.5, 22.5, 23.5, 24,   25,   25.5, 26,   26,   26],
};
const FIRST_AGE = 2;
const TALLEST_CHARTED_CM = 176;
const GROWN_UP_AGE = FIRST_AGE + GROWTH.height.length - 1;

/** The measure at an age (fractional), on the straight line between two whole years. */
function measureAtAge(measure: Measure, age: number): number {
  const table = GROWTH[measure];
  const at = Math.min(Math.max(age - FIRST_AGE, 0), table.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, table.length - 1);
  return table[below] + (table[above] - table[below]) * (at - below);
}

/** The age at which a child reaches a measure; undefined past the grown-up end of the table. */
function ageAtMeasure(measure: Measure, value: number): number | undefined {
  const table = GROWTH[measure];
  if (value <= table[0]) return FIRST_AGE;
  for (let i = 1; i < table.length; i += 1) {
    if (value <= table[i]) {
      // Flat stretches (a foot stops growing) are reached at their start.
      const step = table[i] - table[i - 1];
      return FIRST_AGE + i - 1 + (step === 0 ? 0 : (value - table[i - 1]) / step);
    }
  }
  return undefined;
}

// Kept to two decimals so 0.1 steps do not print as 15.700000000000001.
const roundTo = (value: number, step: number) => Number((Math.round(value / step) * step).toFixed(2));
const ROUNDING: Readonly<Record<Measure, number>> = { chest: 0.5, waist: 0.5, hip: 0.5, insideLeg: 0.5, foot: 0.5, height: 1 };

/**
 * One row from the span of the measure that decides its size: the ages it is usually worn at follow
 * from GROWTH, and so do the other measures' spans (worked out from the unrounded ages, so next rows
 * meet without a gap). A size past the grown-up end of the table is for "16 and older" and carries
 * only what decides it, and what `extra` adds (a pant combo's waist).
 */
function rowFrom(size: string, kind: ItemKind, by: Measure, span: Span, extra: Partial<Record<Measure, Span>> = {}): SizeRow {
  const from = ageAtMeasure(by, span.min);
  const to = ageAtMeasure(by, span.max);
  const fits: Partial<Record<Measure, Span>> = {};
  for (const measure of CHART_MEASURES[kind]) {
    if (measure === by) fits[measure] = span;
    else if (extra[measure]) fits[measure] = extra[measure];
    else if (from !== undefined && to !== undefined) {
      fits[measure] = {
        min: roundTo(measureAtAge(measure, from), ROUNDING[measure]),
        max: roundTo(measureAtAge(measure, to), ROUNDING[measure]),
      };
    }
  }
  const ageFrom = from === undefined ? GROWN_UP_AGE : Math.round(from);
  if (to === undefined) return { size, ageFrom, fits };
  // A size worn for less than a year still gets a year of its own in the table.
  return { size, ageFrom, ageTo: Math.max(Math.round(to), ageFrom + 1), fits };
}

function evenSizes(from: number, to: number): number[] {
  const sizes: number[] = [];
  for (let size = from; size <= to; size += 2) sizes.push(size);
  return sizes;
}

// A shirt, T-shirt, jacket or kurti is sold by the chest it is cut for: size 30 fits a chest of 27 to
// 29 inches, leaving the ease a school shirt needs to be worn over a vest and to move in.
function chestChart(kind: ItemKind, sizes: readonly number[]): SizeChart {
  return { kind, rows: sizes.map((size) => rowFrom(String(size), kind, "chest", { min: size - 3, max: size - 1 })) };
}

// A pant or lower is sold by its length in inches (waist band to hem); the leg inside is about seven
// inches less. A combo "38-32" is a length-38 pant with a 32-inch waist, for seniors whose waist and
// length no longer go together.
function pantChart(kind: ItemKind, sizes: readonly number[], combos: readonly string[]): SizeChart {
  const leg = (length: number): Span => ({ min: length - 7, max: length - 5 });
  const rows = sizes.map((size) => rowFrom(String(size), kind, "insideLeg", leg(size)));
  for (const combo of combos) {
    const [length, waist] = combo.split("-").map(Number);
    rows.push(rowFrom(combo, kind, "insideLeg", leg(length), { waist: { min: waist - 1, max: waist + 1 } }));
  }
  // Shortest first, then by waist: the finder's "next row" is then the next size up.
  rows.sort((a, b) => (a.fits.insideLeg?.min ?? 0) - (b.fits.insideLeg?.min ?? 0) || (a.fits.waist?.min ?? 0) - (b.fits.waist?.min ?? 0));
  return { kind, rows };
}

// A skirt or tunik is sold by its length in inches; what fits is the child's height. The school sizes
// (skirt 14 to 32, tunik 22 to 36) run over the school years, 3 to 17: the shop's own reading.
function lengthChart(kind: ItemKind, sizes: readonly number[], firstSize: number, cmPerInch: number): SizeChart {
  const height = (size: number) => roundTo(GROWTH.height[1] + (size - firstSize) * cmPerInch, 1);
  // Lengths past any grown child (a white skirt of 42 inches) get no row: no figure is better than a made-up one.
  const charted = sizes.filter((size) => height(size - 1) < TALLEST_CHARTED_CM);
  return { kind, rows: charted.map((size) => rowFrom(String(size), kind, "height", { min: height(size - 1), max: height(size + 1) })) };
}

// Shoes follow the UK (and Indian) numbering: a size is a third of an inch of shoe, children's sizes run
// 1 to 13, then grown-up sizes start again at 1. The shoe is about two thirds of an inch longer than
// the foot it fits.
function footForShoe(size: number, grownUp: boolean): number {
  const shoeInches = (size + (grownUp ? 25 : 12)) / 3;
  return (shoeInches - 2 / 3) * 2.54;
}

function shoeChart(kind: ItemKind, sizes: ReadonlyArray<{ size: string; grownUp: boolean }>): SizeChart {
  const half = (2.54 / 3) / 2;
  const rows = sizes.map(({ size, grownUp }) => {
    const foot = footForShoe(Number(size), grownUp);
    return { size, span: { min: roundTo(foot - half, 0.1), max: roundTo(foot + half, 0.1) } };
  });
  // Neighbours meet exactly; the shop sells no children's 13, so 12 stretches up to the 1.
  for (let i = 1; i < rows.length; i += 1) rows[i - 1].span.max = rows[i].span.min;
  return { kind, rows: rows.map(({ size, span }) => rowFrom(size, kind, "foot", span)) };
}

function socksChart(): SizeChart {
  const numbered = [2, 3, 4, 5, 6, 7].map((n) => rowFrom(String(n), "socks", "foot", { min: 2 * n + 11, max: 2 * n + 13 }));
  const lettered = ["XS", "S", "M", "L", "XL"].map((letter, i) => rowFrom(letter, "socks", "foot", { min: 15 + 3 * i, max: 18 + 3 * i }));
  return { kind: "socks", rows: [...numbered, ...lettered] };
}

const PANT_COMBOS = ["38-30", "38-32", "40-30", "40-32", "40-34", "42-32", "42-34", "42-36", "42-38"];

/** The shop's starting charts, before the owner changes any (every size any product of a kind is sold in). */
export const DEFAULT_SIZE_CHARTS: SizeCharts = {
  shirt: chestChart("shirt", evenSizes(22, 46)),
  tshirt: chestChart("tshirt", evenSizes(24, 46)),
  jacket: chestChart("jacket", evenSizes(24, 46)),
  kurtiSalwaar: chestChart("kurtiSalwaar", evenSizes(22, 42)),
  tunik: lengthChart("tunik", evenSizes(22, 42), 22, 5.2),
  skirt: lengthChart("skirt", evenSizes(14, 42), 14, 4),
  pant: pantChart("pant", evenSizes(24, 38), PANT_COMBOS),
  whitePant: pantChart("whitePant", evenSizes(22, 42), PANT_COMBOS.filter((c) => !["40-34", "42-36", "42-38"].includes(c))),
  lower: pantChart("lower", evenSizes(24, 38), []),
  socks: socksChart(),
  kidsShoes: shoeChart("kidsShoes", [
    ...["7", "8", "9", "10", "11", "12"].map((size) => ({ size, grownUp: false })),
    ...["1", "2", "3"].map((size) => ({ size, grownUp: true })),
  ]),
  shoes: shoeChart("shoes", ["3", "4", "5", "6", "7", "8", "9", "10"].map((size) => ({ size, grownUp: true }))),
};

// ------------------------------------------------------------------------------------------------
// Reading a chart
// ------------------------------------------------------------------------------------------------

/** The owner's chart of a kind, or the starting one. */
export function chartOf(kind: ItemKind, charts: Partial<SizeCharts> = DEFAULT_SIZE_CHARTS): SizeChart {
  return charts[kind] ?? DEFAULT_SIZE_CHARTS[kind];
}

/** The rows of a chart for the sizes a product is sold in, in the chart's order. */
export function rowsOffered(chart: SizeChart, sizesOffered: readonly string[]): SizeRow[] {
  const offered = new Set(sizesOffered.map((size) => normaliseSize(size)));
  return chart.rows.filter((row) => offered.has(normaliseSize(row.size)));
}

/** A size as the tables spell it, for comparing sizes written differently ("38 32", "38-32"). */
export const normaliseSizeKey = (size: string) => normaliseSize(size) ?? "";

export const spanContains = (span: Span, value: number) => value >= span.min && value < span.max;

/** Inches to centimetres and back, to one decimal: what a page shows beside the chart's unit. */
export const inchesToCm = (inches: number) => Math.round(inches * 25.4) / 10;
export const cmToInches = (cm: number) => Math.round((cm / 2.54) * 10) / 10;

/** A pant combo "38-32": its length and waist in inches, or undefined for any other size. */
export function pantCombo(size: string): { length: number; waist: number } | undefined {
  const match = /^(\d{2})-(\d{2})$/.exec(normaliseSize(size) ?? "");
  return match ? { length: Number(match[1]), waist: Number(match[2]) } : undefined;
}

export { FREE_SIZE };

/** Two sizes of a chart that both fit the same figures of a measure: the finder can only give the first. */
export interface ChartOverlap {
  measure: Measure;
  sizes: [string, string];
  /** The figures both fit, in the measure's unit: from `min` up to, not including, `max`. */
  span: Span;
}

/**
 * Where an owner's chart has two sizes fit the same body (issue 48): for each pair of rows with the same
 * measures, a measure whose spans meet over a stretch, unless another measure (not height, which only
 * breaks a tie) keeps them apart, as a pant combo's waist keeps 38-30 and 38-32 apart. A plain length-38
 * pant beside its combos is not an overlap: the finder prefers the row that has the parent's waist. The page
 * warns; the chart is saved all the same (the owner may mean it for a while).
 */
export function chartOverlaps(chart: SizeChart): ChartOverlap[] {
  const measuresOf = (row: SizeRow) => (Object.keys(row.fits) as Measure[]).filter((m) => row.fits[m] !== undefined);
  const meet = (a: Span, b: Span) => a.min < b.max && b.min < a.max;
  const overlaps: ChartOverlap[] = [];
  chart.rows.forEach((a, i) => {
    for (const b of chart.rows.slice(i + 1)) {
      const own = measuresOf(a);
      const body = (ms: Measure[]) => ms.filter((m) => m !== "height").sort().join();
      // Numbered and lettered sizes (socks 2-7, XS-L) are two products' sizes in one chart: never offered together.
      if (body(own) !== body(measuresOf(b)) || /^\d/.test(a.size) !== /^\d/.test(b.size)) continue;
      const shared = own.filter((m) => b.fits[m] !== undefined);
      for (const measure of shared) {
        const x = a.fits[measure]!;
        const y = b.fits[measure]!;
        if (!meet(x, y)) continue;
        const apart = shared.some((other) => other !== measure && other !== "height" && !meet(a.fits[other]!, b.fits[other]!));
        if (!apart) overlaps.push({ measure, sizes: [a.size, b.size], span: { min: Math.max(x.min, y.min), max: Math.min(x.max, y.max) } });
      }
    }
  });
  return overlaps;
}
