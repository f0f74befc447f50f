/**
 * A series of document numbers (CGST Rules rule 46(b): consecutive, unique for a financial year, at most 16
 * characters of letters, digits, `-` and `/`): one stream per series and year, `tax-series-CUH-2627` for invoices,
 * `tax-series-CUH-C2627` for credit notes. Each number is an event appended with the order that takes it, in one
 * command over both streams (decision 126): the stream's expected revision lets only one order take a number, and
 * the loser plans again with the next, so the numbers run 1, 2, 3 ... with no gap and no repeat across processes.
 */
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { indianDay } from "../orders/charges";

/** "2627" for 1 April 2026 to 31 March 2027 (India's day of `at`). */
export function financialYear(at: Date): string {
  const [year, month] = indianDay(at).split("-").map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, "0")}${String((start + 1) % 100).padStart(2, "0")}`;
}

export type SeriesKind = "invoice" | "credit-note";

/** `CUH/2627` or `CUH/C2627`: the series a document's number belongs to. */
export function seriesName(prefix: string, kind: SeriesKind, at: Date): string {
  return `${prefix}/${kind === "credit-note" ? "C" : ""}${financialYear(at)}`;
}

export const seriesStreamId = (series: string) => `tax-series-${series.replace("/", "-")}`;

/** `CUH/2627/000123`, `CUH/C2627/000012`: at most 16 characters with a prefix of at most 4. */
export function documentNumber(series: string, sequence: number): string {
  // Six digits as the shop's numbers have always looked (CUH/2627/000123), fewer only where 16 characters call for it.
  const width = Math.min(6, 16 - series.length - 1);
  return `${series}/${String(sequence).padStart(width, "0")}`;
}

export interface NumberTaken {
  type: "DocumentNumberTaken";
  data: { series: string; sequence: number; number: string; orderId: string; at: string };
}
/** Where streams are appended one by one and the order's part failed after the number was taken (decision 126). */
export interface NumberVoided {
  type: "DocumentNumberVoided";
  data: { series: string; sequence: number; number: string; at: string };
}
export type SeriesEvent = NumberTaken | NumberVoided;

export interface SeriesState {
  last: number;
}

export type SeriesCommand =
  | { type: "TakeNumber"; series: string; orderId: string; at: string }
  | { type: "VoidNumber"; series: string; sequence: number; at: string };

export const seriesDecider: Decider<SeriesState, SeriesCommand, SeriesEvent> = {
  initialState: () => ({ last: 0 }),
  evolve: (state, event) => ({ last: Math.max(state.last, event.data.sequence) }),
  decide(command, state) {
    if (command.type === "VoidNumber") {
      return [{ type: "DocumentNumberVoided", data: { series: command.series, sequence: command.sequence, number: documentNumber(command.series, command.sequence), at: command.at } }];
    }
    const sequence = state.last + 1;
    const number = documentNumber(command.series, sequence);
    if (number.length > 16) throw new RuleViolation("tax.seriesFull", { series: command.series }, 409);
    return [{ type: "DocumentNumberTaken", data: { series: command.series, sequence, number, orderId: command.orderId, at: command.at } }];
  },
};
