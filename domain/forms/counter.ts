/**
 * The counter page's forms (decision 210). The sale in progress lives in the page's address (`lines`):
 * a reload, a back button or a second tab shows the same sale, with JavaScript on or off. A line is
 * `item~size~quantity`, lines joined by ",". The payment form sends the same lines, the total it showed
 * and how the parent paid; the counter decider judges the money.
 */
import "../zod-in-browser";
import { z } from "zod";
import { COUNTER_PAYMENTS } from "../counter/payment";
import { MAX_CART_LINES, MAX_QUANTITY } from "../cart";

export interface CounterLine {
  productId: string;
  size: string;
  quantity: number;
}

const LINE = /^([a-z0-9/-]{1,120})~([^~,]{1,30})~(\d{1,2})$/;

/** The lines a page address holds, in order; a part that is not a line is left out, the same item and size added up. */
export function readCounterLines(text: string | null | undefined): CounterLine[] {
  const lines: CounterLine[] = [];
  for (const part of (text ?? "").split(",").slice(0, MAX_CART_LINES * 2)) {
    const match = LINE.exec(part.trim());
    if (!match) continue;
    const [, productId, size, count] = match;
    const quantity = Number(count);
    if (quantity < 1) continue;
    const same = lines.find((l) => l.productId === productId && l.size === size);
    if (same) same.quantity = Math.min(MAX_QUANTITY, same.quantity + quantity);
    else if (lines.length < MAX_CART_LINES) lines.push({ productId, size, quantity: Math.min(MAX_QUANTITY, quantity) });
  }
  return lines;
}

export function writeCounterLines(lines: readonly CounterLine[]): string {
  return lines.map((l) => `${l.productId}~${l.size}~${l.quantity}`).join(",");
}

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`counterForm`). */
export const COUNTER_FORM_MESSAGES = {
  notThePage: "Please send this form from the counter page.",
  mode: "Choose how the parent pays: cash, UPI or both.",
  rupees: "Write a whole number of rupees, like 500.",
} as const;

const rupees = z
  .string()
  .trim()
  .default("")
  .refine((text) => text === "" || /^\d{1,7}$/.test(text), { error: COUNTER_FORM_MESSAGES.rupees })
  .transform((text) => (text === "" ? undefined : Number(text)));

const pageField = z.string({ error: COUNTER_FORM_MESSAGES.notThePage }).min(1, { error: COUNTER_FORM_MESSAGES.notThePage });

export const counterSaleForm = z.object({
  sale: pageField.max(128, { error: COUNTER_FORM_MESSAGES.notThePage }),
  counter: pageField.max(20, { error: COUNTER_FORM_MESSAGES.notThePage }),
  lines: pageField.max(4000, { error: COUNTER_FORM_MESSAGES.notThePage }),
  shownTotal: z.string({ error: COUNTER_FORM_MESSAGES.notThePage }).regex(/^\d{1,7}$/, { error: COUNTER_FORM_MESSAGES.notThePage }).transform(Number),
  mode: z.enum(COUNTER_PAYMENTS, { error: COUNTER_FORM_MESSAGES.mode }),
  cashGiven: rupees,
  upiAmount: rupees,
  upiReference: z.string().trim().max(40).default(""),
  mobile: z.string().trim().max(20).default(""),
  name: z.string().trim().max(80).default(""),
});

export const COUNTER_FORM_OPTIONS = {
  maxLength: { sale: 128, counter: 20, lines: 4000, shownTotal: 10, mode: 10, cashGiven: 10, upiAmount: 10, upiReference: 40, mobile: 20, name: 80 },
  labels: { mode: "How the parent pays", cashGiven: "Cash given (₹)", upiAmount: "UPI part (₹)", upiReference: "UPI reference", mobile: "Parent's mobile", name: "Parent's name" },
  pageFields: ["sale", "counter", "lines", "shownTotal"],
} as const;
