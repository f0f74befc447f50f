/**
 * The owner's statement forms (/admin/statements, decision 220) for the page form pipeline (decision 088):
 * the upload (the file itself is the pipeline's `documents` option; nothing else is typed) and the bulk
 * confirmation of proposals, each box one credit's row and the order proposed for it ("12:<order id>").
 * The statement decider judges the rest (a real row, not confirmed yet, each order once).
 */
import "../zod-in-browser";
import { z } from "zod";
import { SETTLE_MAX_CHOICES } from "../payments/limits";

/** The forms' refusals, in English; their Hindi is in app/locales/hi/refusals.json (`statementsForm`). */
export const STATEMENT_FORM_MESSAGES = {
  notThePage: "Please send this form from the statement's page.",
  tooMany: `Confirm at most ${SETTLE_MAX_CHOICES} credits at a time.`,
} as const;

const ORDER_ID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CHOICE = new RegExp(`^(\\d{1,6}):(${ORDER_ID})$`);

export const statementUploadForm = z.object({ intent: z.literal("read", { error: STATEMENT_FORM_MESSAGES.notThePage }) });

export const settleCreditsForm = z.object({
  intent: z.literal("settle", { error: STATEMENT_FORM_MESSAGES.notThePage }),
  // Unchecked boxes send nothing: none chosen is the decider's refusal, in the owner's words.
  credit: z
    .array(z.string().regex(CHOICE, { error: STATEMENT_FORM_MESSAGES.notThePage }), { error: STATEMENT_FORM_MESSAGES.notThePage })
    .max(SETTLE_MAX_CHOICES, { error: STATEMENT_FORM_MESSAGES.tooMany })
    .default([])
    .transform((boxes) =>
      boxes.map((box) => {
        const [, row, orderId] = CHOICE.exec(box)!;
        return { row: Number(row), orderId };
      }),
    ),
});

export const STATEMENT_UPLOAD_OPTIONS = { pageFields: ["intent"] } as const;
export const SETTLE_CREDITS_OPTIONS = { maxLength: { credit: 60, intent: 10 }, pageFields: ["intent", "credit"] } as const;
