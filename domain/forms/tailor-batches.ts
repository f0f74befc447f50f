/**
 * The tailor's work orders on the page form pipeline (decision 088, decision 181): a new work order
 * (item, tailor, cost of a piece, due date and pieces per size), pieces received, and a receipt
 * corrected. Sizes differ from item to item, so a size's pieces come in `q0`, `q1`... in the item's
 * size order; the tailor batch decider judges the rest (real sizes, what the tailor still has).
 */
import "../zod-in-browser";
import { z } from "zod";
import { MAX_BATCH_PIECES, MAX_PIECE_COST, MAX_TAILOR_CHARS } from "../stock/tailor-batches";

/** More sizes than any school item has (17 today). */
export const MAX_BATCH_SIZES = 30;

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`tailorBatchForm`). */
export const TAILOR_BATCH_FORM_MESSAGES = {
  fromPage: "Please send this form from the tailor's work orders page.",
  tailor: `Write the tailor's name (at most ${MAX_TAILOR_CHARS} characters).`,
  cost: `The cost of a piece is a whole number of rupees from 1 to ${MAX_PIECE_COST}.`,
  due: "Choose the day the tailor will deliver.",
  pieces: `Pieces are a whole number from 0 to ${MAX_BATCH_PIECES}.`,
  reason: "Say why the receipt was wrong.",
} as const;

const M = TAILOR_BATCH_FORM_MESSAGES;
const pageText = (most: number) => z.string({ error: M.fromPage }).trim().min(1, { error: M.fromPage }).max(most, { error: M.fromPage });

const piecesField = z
  .string()
  .trim()
  .default("")
  .refine((text) => text === "" || (/^\d{1,5}$/.test(text) && Number(text) <= MAX_BATCH_PIECES), { error: M.pieces })
  .transform((text) => (text === "" ? 0 : Number(text)));

/** q0 ... q29: the pieces of each size of the item, in its size order. */
const pieceFields = Object.fromEntries(Array.from({ length: MAX_BATCH_SIZES }, (_, i) => [`q${i}`, piecesField])) as Record<`q${number}`, typeof piecesField>;

/** The pieces per size the form sent, by the item's sizes (a field beyond them is ignored). */
export function piecesBySize(value: Record<string, unknown>, sizes: readonly string[]): Record<string, number> {
  const pieces: Record<string, number> = {};
  sizes.forEach((size, i) => {
    const n = value[`q${i}`];
    if (typeof n === "number" && n > 0) pieces[size] = n;
  });
  return pieces;
}

/** Every size's field, 0 included: a correction may set a size of the receipt to none. */
export function piecesOfEverySize(value: Record<string, unknown>, sizes: readonly string[]): Record<string, number> {
  return Object.fromEntries(sizes.map((size, i) => [size, typeof value[`q${i}`] === "number" ? (value[`q${i}`] as number) : 0]));
}

export const batchOrderForm = z.object({
  item: pageText(200),
  /** The form's own id: sent twice, the work order is written once. */
  formId: pageText(64),
  tailor: z.string({ error: M.tailor }).trim().min(1, { error: M.tailor }).max(MAX_TAILOR_CHARS, { error: M.tailor }),
  cost: z
    .string({ error: M.cost })
    .trim()
    .refine((text) => /^\d{1,6}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_PIECE_COST, { error: M.cost })
    .transform(Number),
  due: z.string({ error: M.due }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.due }),
  ...pieceFields,
});

const batchReceiveForm = z.object({
  intent: z.literal("receive", { error: M.fromPage }),
  formId: pageText(64),
  ...pieceFields,
});

const batchCorrectForm = z.object({
  intent: z.literal("correct", { error: M.fromPage }),
  formId: pageText(64),
  receipt: pageText(6).regex(/^\d{1,6}$/, { error: M.fromPage }).transform(Number),
  reason: z.string({ error: M.reason }).trim().min(1, { error: M.reason }).max(200, { error: M.reason }),
  ...pieceFields,
});

/** A batch page's two forms: pieces received, or a part corrected (the intent names which). */
export const batchPartForm = z.discriminatedUnion("intent", [batchReceiveForm, batchCorrectForm], { error: M.fromPage });

const pieceCaps = Object.fromEntries(Array.from({ length: MAX_BATCH_SIZES }, (_, i) => [`q${i}`, 10]));

export const BATCH_ORDER_FORM_OPTIONS = {
  maxLength: { item: 200, formId: 64, tailor: MAX_TAILOR_CHARS + 20, cost: 12, due: 12, ...pieceCaps },
  labels: { tailor: "Tailor", cost: "Cost of a piece (₹)", due: "Due date" },
  pageFields: ["item", "formId"],
} as const;

export const BATCH_PART_FORM_OPTIONS = {
  maxLength: { intent: 10, formId: 64, receipt: 6, reason: 220, ...pieceCaps },
  labels: { reason: "Why" },
  pageFields: ["intent", "formId", "receipt"],
} as const;
