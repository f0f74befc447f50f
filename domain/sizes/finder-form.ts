/**
 * The size finder's form (a GET form: asking is not changing anything, and the answer is a page that
 * works with JavaScript off): what a parent typed, read into `Measurements`, or the fields to fix.
 * Chest, waist, hip and inside leg come in inches or centimetres as the parent chose; height and foot
 * length in centimetres.
 */
import "../zod-in-browser";
import { z } from "zod";
import { normaliseSize } from "../pricing";
import type { Measure } from "./charts";
import type { Measurements } from "./finder";

export const FINDER_FIELDS = ["age", "height", "chest", "waist", "hip", "leg", "foot", "last", "unit"] as const;
export type FinderField = (typeof FINDER_FIELDS)[number];
export type FinderValues = Partial<Record<FinderField, string>>;

/** The form field that asks each measure. */
export const FINDER_FIELD_OF: Readonly<Record<Measure, FinderField>> = { chest: "chest", waist: "waist", hip: "hip", insideLeg: "leg", foot: "foot", height: "height" };

/** The sensible range of each figure, in the unit the form asks it in. */
export const FINDER_LIMITS = {
  age: { min: 1, max: 25 },
  height: { min: 50, max: 220 },
  foot: { min: 8, max: 35 },
  body: { in: { min: 10, max: 60 }, cm: { min: 25, max: 150 } },
} as const;

export interface FinderProblem {
  /** A key of the `sizes` namespace. */
  key: string;
  values: Record<string, number>;
}

export type FinderInput =
  | { asked: false; values: FinderValues }
  | { asked: true; values: FinderValues; measurements: Measurements }
  | { asked: true; values: FinderValues; problems: Partial<Record<FinderField, FinderProblem>> };

// A figure: up to three digits, a decimal point (or comma) and two more: linear, nothing to backtrack.
const FIGURE = /^\d{1,3}(?:[.,]\d{1,2})?$/;
const figure = z.string().max(8).regex(FIGURE).transform((text) => Number(text.replace(",", ".")));
const LAST_SIZE = /^[A-Za-z0-9][A-Za-z0-9 -]{0,9}$/;

const BODY_FIELDS = { chest: "chestCm", waist: "waistCm", hip: "hipCm", leg: "insideLegCm" } as const;

/** What the query asked, if it asked anything (any finder field filled in). */
export function readFinderForm(query: URLSearchParams): FinderInput {
  const values: FinderValues = {};
  for (const field of FINDER_FIELDS) {
    const value = query.get(field)?.trim().slice(0, 40);
    if (value) values[field] = value;
  }
  if (!FINDER_FIELDS.some((field) => field !== "unit" && values[field] !== undefined)) return { asked: false, values };

  const unit = values.unit === "cm" ? "cm" : "in";
  const problems: Partial<Record<FinderField, FinderProblem>> = {};
  const measurements: Measurements = {};
  const read = (field: FinderField, limits: { min: number; max: number }): number | undefined => {
    const text = values[field];
    if (text === undefined) return undefined;
    const parsed = figure.safeParse(text);
    if (!parsed.success || parsed.data < limits.min || parsed.data > limits.max) {
      problems[field] = { key: "finder.badNumber", values: { min: limits.min, max: limits.max } };
      return undefined;
    }
    return parsed.data;
  };

  const age = read("age", FINDER_LIMITS.age);
  if (age !== undefined) measurements.ageYears = age;
  const height = read("height", FINDER_LIMITS.height);
  if (height !== undefined) measurements.heightCm = height;
  const foot = read("foot", FINDER_LIMITS.foot);
  if (foot !== undefined) measurements.footCm = foot;
  for (const [field, key] of Object.entries(BODY_FIELDS) as [keyof typeof BODY_FIELDS, (typeof BODY_FIELDS)[keyof typeof BODY_FIELDS]][]) {
    const value = read(field, FINDER_LIMITS.body[unit]);
    if (value !== undefined) measurements[key] = unit === "in" ? value * 2.54 : value;
  }
  if (values.last !== undefined) {
    if (LAST_SIZE.test(values.last)) measurements.lastSize = normaliseSize(values.last);
    else problems.last = { key: "finder.badSize", values: {} };
  }
  return Object.keys(problems).length > 0 ? { asked: true, values, problems } : { asked: true, values, measurements };
}
