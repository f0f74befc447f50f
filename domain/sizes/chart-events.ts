/**
 * The owner's size charts (decision 132): one stream per kind of item, `sizeChart-{kind}`. The owner
 * replaces a kind's chart as a whole (`SizeChartSet`) or goes back to the starting chart
 * (`SizeChartReset`); every change is kept, with who made it, so a chart that went wrong can be read
 * back. The rules of a chart (sizes once each, spans the right way round, the deciding measure on every
 * row) are decided here, before anything is stored.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation, refusal } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";
import { normaliseSize } from "../pricing";
import { CHART_MEASURES, DECIDING_MEASURE, ITEM_KINDS, MEASURES, type ItemKind, type Measure, type SizeRow, type Span } from "./charts";

/** More rows than any item is made in (a pant has 17), few enough to refuse junk. */
export const MAX_CHART_ROWS = 30;
/** The longest size the price tables spell ("Free Size" is 9). */
export const MAX_SIZE_LENGTH = 10;
/** No body measure the charts hold reaches this, in inches or centimetres. */
export const MAX_MEASURE = 250;
export const MAX_AGE = 30;

export interface SizeChartSet {
  type: "SizeChartSet";
  data: { kind: ItemKind; rows: SizeRow[]; actor: Actor; at: string };
}

export interface SizeChartReset {
  type: "SizeChartReset";
  data: { kind: ItemKind; actor: Actor; at: string };
}

export type SizeChartEvent = SizeChartSet | SizeChartReset;

export const sizeChartStreamId = (kind: ItemKind) => `sizeChart-${kind}`;

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const span = z.object({ min: z.number(), max: z.number() });
const row = z.object({
  size: z.string(),
  ageFrom: z.number(),
  ageTo: z.number().optional(),
  fits: z.partialRecord(z.enum(MEASURES), span),
});
const kind = z.enum(ITEM_KINDS);

export const sizeChartEvents = createEventRegistry<SizeChartEvent>("sizeChart", {
  SizeChartSet: { version: 1, schema: z.object({ kind, rows: z.array(row), actor, at: z.string() }) },
  SizeChartReset: { version: 1, schema: z.object({ kind, actor, at: z.string() }) },
});

/** The owner's rows, or null while the kind has the starting chart. */
export interface SizeChartState {
  rows: SizeRow[] | null;
}

export type SizeChartCommand =
  | { type: "SetChart"; kind: ItemKind; rows: SizeRow[]; actor: Actor; at: string }
  | { type: "ResetChart"; kind: ItemKind; actor: Actor; at: string };

const measureWord = (measure: Measure) => refusal(`sizeMeasure.${measure}`);

function checkSpan(size: string, measure: Measure, value: Span): void {
  const numbers = [value.min, value.max];
  if (numbers.some((n) => !Number.isFinite(n) || n <= 0 || n > MAX_MEASURE)) {
    throw new RuleViolation("sizes.spanOutOfRange", { size, measure: measureWord(measure), most: MAX_MEASURE }, 422);
  }
  if (value.min >= value.max) throw new RuleViolation("sizes.spanBackwards", { size, measure: measureWord(measure) }, 422);
}

/** The rows as the chart will hold them (sizes spelled as the price tables spell them); refuses a chart that breaks a rule. */
export function checkedRows(kind: ItemKind, rows: readonly SizeRow[]): SizeRow[] {
  if (rows.length === 0) throw new RuleViolation("sizes.noRows", {}, 422);
  if (rows.length > MAX_CHART_ROWS) throw new RuleViolation("sizes.tooManyRows", { most: MAX_CHART_ROWS }, 422);
  const measures = CHART_MEASURES[kind];
  const deciding = DECIDING_MEASURE[kind];
  const seen = new Set<string>();
  return rows.map((given) => {
    const size = normaliseSize(given.size);
    if (size === undefined) throw new RuleViolation("sizes.sizeBlank", {}, 422);
    if (size.length > MAX_SIZE_LENGTH) throw new RuleViolation("sizes.sizeTooLong", { most: MAX_SIZE_LENGTH }, 422);
    if (seen.has(size)) throw new RuleViolation("sizes.sizeTwice", { size }, 422);
    seen.add(size);
    const { ageFrom, ageTo } = given;
    if (!Number.isInteger(ageFrom) || ageFrom < 0 || ageFrom > MAX_AGE || (ageTo !== undefined && (!Number.isInteger(ageTo) || ageTo > MAX_AGE))) {
      throw new RuleViolation("sizes.ageOutOfRange", { size, most: MAX_AGE }, 422);
    }
    if (ageTo !== undefined && ageTo <= ageFrom) throw new RuleViolation("sizes.agesBackwards", { size }, 422);
    const fits: Partial<Record<Measure, Span>> = {};
    for (const [measure, value] of Object.entries(given.fits) as [Measure, Span | undefined][]) {
      if (!value) continue;
      if (!measures.includes(measure)) throw new RuleViolation("sizes.measureNotCharted", { measure: measureWord(measure) }, 422);
      checkSpan(size, measure, value);
      fits[measure] = { min: value.min, max: value.max };
    }
    if (!fits[deciding]) throw new RuleViolation("sizes.decidingMissing", { size, measure: measureWord(deciding) }, 422);
    return ageTo === undefined ? { size, ageFrom, fits } : { size, ageFrom, ageTo, fits };
  });
}

const sameRows = (a: readonly SizeRow[] | null, b: readonly SizeRow[]) => a !== null && JSON.stringify(a) === JSON.stringify(b);

export const sizeChartDecider: Decider<SizeChartState, SizeChartCommand, SizeChartEvent> = {
  initialState: () => ({ rows: null }),
  evolve(state, event) {
    switch (event.type) {
      case "SizeChartSet":
        return { rows: event.data.rows };
      case "SizeChartReset":
        return { rows: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "SetChart": {
        const rows = checkedRows(command.kind, command.rows);
        // Saving the same chart again records nothing: the history shows changes only.
        if (sameRows(state.rows, rows)) return [];
        return [{ type: "SizeChartSet", data: { kind: command.kind, rows, actor: command.actor, at: command.at } }];
      }
      case "ResetChart":
        if (state.rows === null) return [];
        return [{ type: "SizeChartReset", data: { kind: command.kind, actor: command.actor, at: command.at } }];
    }
  },
};
