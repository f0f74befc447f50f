/**
 * The admin's stock page form (/admin/products/{id}/stock) for the page form pipeline
 * (decision 088): the shelf counted, a delivery received, goods a parent brought back. The
 * rules (bounds, a reason) are the stock decider's (domain/stock/stock.ts); this reads the
 * fields as numbers and text.
 */
import "../zod-in-browser";
import { z } from "zod";

export const STOCK_FORM_MESSAGES = {
  notAStockChange: "That request was not a stock count, delivery or return.",
  wholeNumber: "Enter a whole number of units.",
  reasonRequired: "Say why the stock changed.",
  orderNumber: "An order number is the 8 letters and digits on the order, like 3F9A1C2E.",
  pieceCost: "Enter the cost of a piece in rupees, like 95 or 95.50.",
} as const;

/** What a piece cost, typed in rupees and paise ("95", "95.50"), as paise; empty: not entered. The bounds are the decider's. */
const pieceCost = z
  .string({ error: STOCK_FORM_MESSAGES.pieceCost })
  .trim()
  .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, { error: STOCK_FORM_MESSAGES.pieceCost })
  .transform((value) => (value === "" ? undefined : Math.round(Number(value) * 100)))
  .optional();

const units = z
  .string({ error: STOCK_FORM_MESSAGES.wholeNumber })
  .trim()
  .regex(/^\d{1,6}$/, { error: STOCK_FORM_MESSAGES.wholeNumber })
  .transform(Number);
const reason = z.string({ error: STOCK_FORM_MESSAGES.reasonRequired }).trim().min(1, { error: STOCK_FORM_MESSAGES.reasonRequired });

export const stockForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("count"), to: units, reason }),
    z.object({ intent: z.literal("receive"), quantity: units, cost: pieceCost, reason }),
    z.object({
      intent: z.literal("return"),
      quantity: units,
      reason,
      order: z
        .string()
        .trim()
        .regex(/^[0-9A-Fa-f]{8}$/, { error: STOCK_FORM_MESSAGES.orderNumber })
        .transform((value) => value.toUpperCase())
        .optional(),
    }),
  ],
  { error: STOCK_FORM_MESSAGES.notAStockChange },
);

export const STOCK_FORM_LIMITS = {
  maxLength: { reason: 200, to: 10, quantity: 10, order: 20, cost: 12 },
  labels: { to: "Units on the shelf", quantity: "Units", reason: "Why", order: "Order number", cost: "Cost of a piece" },
  pageFields: ["intent"],
} as const;
