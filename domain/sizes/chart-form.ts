/**
 * The admin's size chart form (decision 132) for the page form pipeline: one row of fields per size,
 * `r{n}_size`, `r{n}_ageFrom`, `r{n}_ageTo`, `r{n}_{measure}_min`, `r{n}_{measure}_max`. A row whose
 * size is left blank is dropped. The rules of a chart are the size chart decider's (./chart-events.ts);
 * this only reads the fields as numbers.
 */
import "../zod-in-browser";
import { z } from "zod";
import { CHART_MEASURES, type ItemKind, type Measure, type SizeRow, type Span } from "./charts";
import { MAX_CHART_ROWS } from "./chart-events";

export const SIZE_CHART_FORM_MESSAGES = {
  notThisPage: "Please send this form from the size chart page.",
  figure: "Write a number, like 24 or 24.5.",
  wholeYears: "Write the age in whole years, like 7.",
} as const;

export const chartField = (row: number, name: string) => `r${row}_${name}`;

const figure = z
  .string()
  .trim()
  .regex(/^\d{1,3}(?:\.\d{1,2})?$/, { error: SIZE_CHART_FORM_MESSAGES.figure })
  .transform(Number)
  .optional();
const years = z
  .string()
  .trim()
  .regex(/^\d{1,2}$/, { error: SIZE_CHART_FORM_MESSAGES.wholeYears })
  .transform(Number)
  .optional();

export type SizeChartFormValue = { intent: "save"; rows: SizeRow[] } | { intent: "reset" };

/** The form of a kind's chart: up to MAX_CHART_ROWS rows of the kind's measures. */
export function sizeChartForm(kind: ItemKind) {
  const measures = CHART_MEASURES[kind];
  const shape: Record<string, z.ZodType> = { intent: z.enum(["save", "reset"], { error: SIZE_CHART_FORM_MESSAGES.notThisPage }) };
  for (let row = 0; row < MAX_CHART_ROWS; row += 1) {
    shape[chartField(row, "size")] = z.string().trim().optional();
    shape[chartField(row, "ageFrom")] = years;
    shape[chartField(row, "ageTo")] = years;
    for (const measure of measures) {
      shape[chartField(row, `${measure}_min`)] = figure;
      shape[chartField(row, `${measure}_max`)] = figure;
    }
  }
  return z.object(shape).transform((fields): SizeChartFormValue => {
    if (fields.intent === "reset") return { intent: "reset" };
    const rows: SizeRow[] = [];
    for (let row = 0; row < MAX_CHART_ROWS; row += 1) {
      const size = fields[chartField(row, "size")] as string | undefined;
      if (!size) continue;
      const fits: Partial<Record<Measure, Span>> = {};
      for (const measure of measures) {
        const min = fields[chartField(row, `${measure}_min`)] as number | undefined;
        const max = fields[chartField(row, `${measure}_max`)] as number | undefined;
        // Half a span is no span: 0 for the missing end, which the chart's rules refuse with the row named.
        if (min !== undefined || max !== undefined) fits[measure] = { min: min ?? 0, max: max ?? 0 };
      }
      const ageFrom = fields[chartField(row, "ageFrom")] as number | undefined;
      const ageTo = fields[chartField(row, "ageTo")] as number | undefined;
      // No "from" age is no age at all: the chart's rules refuse it, naming the size.
      rows.push({ size, ageFrom: ageFrom ?? -1, ...(ageTo === undefined ? {} : { ageTo }), fits });
    }
    return { intent: "save", rows };
  });
}
