/**
 * The counter's return form (decision 214): which lines come back (`q0`, `q1`, ... by the order's lines as the page
 * listed them), why, and what the parent gets: another size, or the refund the page showed, in cash or by UPI. The
 * order decider judges everything else.
 */
import "../zod-in-browser";
import { z } from "zod";

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`counterReturnForm`). */
export const COUNTER_RETURN_FORM_MESSAGES = {
  notThePage: "Please send this form from the counter's returns page.",
  outcome: "Choose what the parent gets: another size or their money back.",
  reason: "Say in a few words why it came back.",
} as const;

/** The most lines an order lists on the return form. */
export const RETURN_FORM_LINES = 20;

const pageField = z.string({ error: COUNTER_RETURN_FORM_MESSAGES.notThePage }).trim().min(1, { error: COUNTER_RETURN_FORM_MESSAGES.notThePage });
const count = z.string().trim().default("0").refine((text) => /^\d{1,2}$/.test(text), { error: COUNTER_RETURN_FORM_MESSAGES.notThePage }).transform(Number);

export const counterReturnForm = z.object({
  order: pageField.max(40, { error: COUNTER_RETURN_FORM_MESSAGES.notThePage }),
  ret: pageField.max(128, { error: COUNTER_RETURN_FORM_MESSAGES.notThePage }),
  counter: pageField.max(20, { error: COUNTER_RETURN_FORM_MESSAGES.notThePage }),
  outcome: z.enum(["exchange", "refund"], { error: COUNTER_RETURN_FORM_MESSAGES.outcome }),
  reason: z.string({ error: COUNTER_RETURN_FORM_MESSAGES.reason }).trim().min(1, { error: COUNTER_RETURN_FORM_MESSAGES.reason }).max(500),
  size: z.string().trim().max(20).default(""),
  method: z.string().trim().max(10).default(""),
  reference: z.string().trim().max(40).default(""),
  shownAmount: z.string().trim().default("0").refine((text) => /^\d{1,7}$/.test(text), { error: COUNTER_RETURN_FORM_MESSAGES.notThePage }).transform(Number),
  ...Object.fromEntries(Array.from({ length: RETURN_FORM_LINES }, (_, i) => [`q${i}`, count])),
});

export const COUNTER_RETURN_FORM_OPTIONS = {
  maxLength: { order: 40, ret: 128, counter: 20, outcome: 10, reason: 500, size: 20, method: 10, reference: 40, shownAmount: 10 },
  labels: { outcome: "What the parent gets", reason: "Why it came back", size: "Size instead", method: "Money back in", reference: "UPI refund reference" },
  pageFields: ["order", "ret", "counter", "shownAmount"],
} as const;

/** The quantities the form sends, by the index of the line the page listed. */
export function chosenCounts(value: Record<string, unknown>): number[] {
  return Array.from({ length: RETURN_FORM_LINES }, (_, i) => {
    const n = value[`q${i}`];
    return typeof n === "number" ? n : 0;
  });
}
