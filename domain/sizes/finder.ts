/**
 * The size finder (decision 131): from what a parent knows about a child (a measurement, last year's
 * size, height or age) the size of an item to buy, with the reason in words a parent can check
 * ("chest 28 in fits size 30; one size up for growth"). Where the chart does not cover what was
 * given it says so and asks for a measurement: it never guesses silently.
 *
 * Reasons are keys of the `sizes` locale namespace (`reason.*`) with their values; `measure` and
 * `unit` values name a Measure and "in"/"cm", which a page words in its language (app/sizes).
 */
import { normaliseSize } from "../pricing";
import {
  CHART_MEASURES,
  DEFAULT_SIZE_CHARTS,
  FREE_SIZE,
  MEASURE_UNIT,
  chartOf,
  rowsOffered,
  spanContains,
  type ItemKind,
  type Measure,
  type SizeCharts,
  type SizeRow,
} from "./charts";

/** What a parent may know about a child. Lengths in centimetres; the finder reads them in the chart's unit. */
export interface Measurements {
  ageYears?: number;
  heightCm?: number;
  chestCm?: number;
  waistCm?: number;
  hipCm?: number;
  insideLegCm?: number;
  footCm?: number;
  /** The size of this item the child wore last year (as the shop spells sizes). */
  lastSize?: string;
}

export interface SizeReason {
  key: string;
  values: Record<string, string | number>;
}

export type SizeAdvice = { kind: "fits"; size: string; reason: SizeReason } | { kind: "measure"; reason: SizeReason };

/** From this age on a child is taken to have stopped growing: no "one size up". */
export const GROWN_AGE = 16;

const MEASUREMENT_FIELD: Readonly<Record<Measure, keyof Measurements>> = {
  chest: "chestCm",
  waist: "waistCm",
  hip: "hipCm",
  insideLeg: "insideLegCm",
  foot: "footCm",
  height: "heightCm",
};

const usable = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value > 0;

/** A measurement in the chart's unit (inches to one decimal, centimetres as given), or undefined. */
function given(m: Measurements, measure: Measure): number | undefined {
  const cm = m[MEASUREMENT_FIELD[measure]];
  if (!usable(cm)) return undefined;
  return MEASURE_UNIT[measure] === "in" ? Math.round((cm / 2.54) * 10) / 10 : Math.round(cm * 10) / 10;
}

const isGrowing = (m: Measurements) => !usable(m.ageYears) || m.ageYears < GROWN_AGE;

function reason(key: string, values: Record<string, string | number> = {}): SizeReason {
  return { key: `reason.${key}`, values };
}

/** The next bigger row by a measure: the first later row that starts where this one ends (or later). */
function nextRowUp(rows: readonly SizeRow[], from: SizeRow, measure: Measure, refine: (row: SizeRow) => boolean): SizeRow | undefined {
  const end = from.fits[measure]?.max;
  if (end === undefined) return undefined;
  const bigger = rows.slice(rows.indexOf(from) + 1).filter((row) => (row.fits[measure]?.min ?? -Infinity) >= end);
  return bigger.find(refine) ?? bigger[0];
}

/** The size a measurement fits, one size up when the child is growing and already past the middle of it. */
function byMeasure(rows: readonly SizeRow[], measure: Measure, value: number, kind: ItemKind, m: Measurements): SizeAdvice {
  const values = { measure, value, unit: MEASURE_UNIT[measure] };
  const charted = rows.filter((row) => row.fits[measure]);
  const fitting = charted.filter((row) => spanContains(row.fits[measure]!, value));
  if (fitting.length === 0) {
    if (charted.length === 0) return { kind: "measure", reason: reason("noChart", values) };
    const smallest = Math.min(...charted.map((row) => row.fits[measure]!.min));
    const largest = Math.max(...charted.map((row) => row.fits[measure]!.max));
    if (value < smallest) return { kind: "measure", reason: reason("tooSmall", { ...values, size: charted[0].size }) };
    if (value >= largest) return { kind: "measure", reason: reason("tooBig", { ...values, size: charted.at(-1)!.size }) };
    return { kind: "measure", reason: reason("between", values) };
  }

  // The other measures the parent gave pick between sizes the first leaves open (a pant's waist).
  const others = CHART_MEASURES[kind].filter((other) => other !== measure && other !== "height");
  const refine = (row: SizeRow) =>
    others.every((other) => {
      const value = given(m, other);
      const span = row.fits[other];
      return value === undefined || !span || spanContains(span, value);
    });
  // A row that has the other measure and fits it beats one that has no figure for it (a pant combo's waist
  // beats the plain length-38 pant), which beats the first that fits the deciding measure alone.
  const confirmed = (row: SizeRow) => others.some((other) => given(m, other) !== undefined && row.fits[other] !== undefined) && refine(row);
  const chosen = fitting.find(confirmed) ?? fitting.find(refine) ?? fitting[0];
  const span = chosen.fits[measure]!;
  const middle = (span.min + span.max) / 2;
  if (isGrowing(m) && value >= middle) {
    const up = nextRowUp(rows, chosen, measure, refine);
    if (up) return { kind: "fits", size: up.size, reason: reason("growth", { ...values, fits: chosen.size, size: up.size }) };
    // Said, not hidden: a growing child past the middle of the biggest size made will outgrow it soon.
    return { kind: "fits", size: chosen.size, reason: reason("fitsNoRoom", { ...values, size: chosen.size }) };
  }
  return { kind: "fits", size: chosen.size, reason: reason("fits", { ...values, size: chosen.size }) };
}

/**
 * The size of an item for a child. `sizesOffered` are the product's sizes ([] = one size); `charts` the
 * owner's charts (the starting ones when left out). What decides, in order: a measurement of the body
 * part the item is sized by, last year's size of this item, height, age.
 */
export function findSize(kind: ItemKind, sizesOffered: readonly string[], m: Measurements, charts: Partial<SizeCharts> = DEFAULT_SIZE_CHARTS): SizeAdvice {
  if (sizesOffered.length === 0) return { kind: "fits", size: FREE_SIZE, reason: reason("oneSize") };
  const rows = rowsOffered(chartOf(kind, charts), sizesOffered);
  const measures = CHART_MEASURES[kind];
  if (rows.length === 0) return { kind: "measure", reason: reason("noChart", { measure: measures[0], unit: MEASURE_UNIT[measures[0]] }) };

  for (const measure of measures) {
    if (measure === "height") continue;
    const value = given(m, measure);
    if (value !== undefined) return byMeasure(rows, measure, value, kind, m);
  }

  const last = normaliseSize(m.lastSize);
  if (last !== undefined) {
    const next = sizeUp(kind, last, 1, sizesOffered, charts, usable(m.ageYears) ? m.ageYears : undefined);
    if (next === null) {
      const known = rows.some((row) => normaliseSize(row.size) === last);
      return { kind: "measure", reason: reason(known ? "lastSizeTop" : "lastSizeUnknown", { last, measure: measures[0], unit: MEASURE_UNIT[measures[0]] }) };
    }
    return { kind: "fits", size: next, reason: reason(next === last ? "lastSizeStill" : "lastSizeUp", { last, size: next }) };
  }

  const height = given(m, "height");
  if (height !== undefined && measures.includes("height")) return byMeasure(rows, "height", height, kind, m);

  if (usable(m.ageYears)) {
    const age = m.ageYears;
    const row = rows.find((candidate) => age >= candidate.ageFrom && (candidate.ageTo === undefined || age < candidate.ageTo));
    const values = { age, measure: measures[0], unit: MEASURE_UNIT[measures[0]] };
    return row
      ? { kind: "fits", size: row.size, reason: reason("byAge", { ...values, size: row.size }) }
      : { kind: "measure", reason: reason("ageOutside", values) };
  }
  return { kind: "measure", reason: reason("nothingGiven", { measure: measures[0], unit: MEASURE_UNIT[measures[0]] }) };
}

/**
 * Next year's size: the size to buy `years` after `size` was bought, where the chart's ages say the
 * child has grown out of it. The child's age then is `ageYears` when known, otherwise taken as the
 * middle of the size's usual ages plus `years`. Gives `size` itself while the child is still inside
 * its ages, and null when the chart cannot say: a size the chart does not know, or a child grown past
 * the biggest size offered (measure instead).
 */
export function sizeUp(
  kind: ItemKind,
  size: string,
  years: number,
  sizesOffered: readonly string[],
  charts: Partial<SizeCharts> = DEFAULT_SIZE_CHARTS,
  ageYears?: number,
): string | null {
  const wanted = normaliseSize(size);
  const rows = rowsOffered(chartOf(kind, charts), sizesOffered);
  const chart = chartOf(kind, charts).rows;
  const current = chart.find((row) => normaliseSize(row.size) === wanted);
  if (!current || !Number.isFinite(years) || years < 0) return null;
  const until = current.ageTo;
  if (until === undefined) return rows.includes(current) ? current.size : null;
  const age = ageYears ?? (current.ageFrom + until) / 2 + years;
  if (age < until) return rows.includes(current) ? current.size : null;
  // Grown out of it: the first bigger offered size whose ages reach the child's, else the biggest one.
  const bigger = rows.filter((row) => chart.indexOf(row) > chart.indexOf(current));
  if (bigger.length === 0) return null;
  const fitting = bigger.find((row) => row.ageTo === undefined || age < row.ageTo);
  return (fitting ?? bigger[bigger.length - 1]).size;
}
