/**
 * The counter's cash forms (decisions 211, 212) for the page form pipeline (decision 088): a drawer opened with
 * its cash and closed with the notes counted (/admin/cash), and a COD parcel given to a delivery person, paid or
 * refused at the door, and its cash handed into a drawer (/admin/cod). The deciders in domain/cash/ judge the rest.
 */
import "../zod-in-browser";
import { z } from "zod";

/** The forms' refusals, in English; their Hindi is in app/locales/hi/refusals.json (`cashForm`). */
export const CASH_FORM_MESSAGES = {
  notThePage: "Please send this form from its page.",
  rupees: "Write a whole number of rupees, like 500.",
  order: "Write the order number, like 7F3A2C9E.",
} as const;
const M = CASH_FORM_MESSAGES;

const page = z.string({ error: M.notThePage }).trim().min(1, { error: M.notThePage }).max(64, { error: M.notThePage });
const rupees = z.string({ error: M.rupees }).trim().regex(/^\d{1,7}$/, { error: M.rupees }).transform(Number);
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const drawerForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open"), counter: page, day: page, openingCash: rupees }),
    z.object({ intent: z.literal("close"), counter: page, day: page, counted: rupees, reason: z.string().trim().max(300).default("") }),
  ],
  { error: M.notThePage },
);

export const DRAWER_FORM_OPTIONS = {
  maxLength: { intent: 10, counter: 20, day: 10, openingCash: 10, counted: 10, reason: 300 },
  labels: { openingCash: "Cash in the drawer (₹)", counted: "Cash counted (₹)", reason: "Why it differs" },
  pageFields: ["intent", "counter", "day"],
} as const;

const orderId = z.string({ error: M.notThePage }).regex(ORDER_ID, { error: M.notThePage });

export const codForm = z.discriminatedUnion(
  "intent",
  [
    // The order's 8-character number as the staff read it off the parcel, or its full id.
    z.object({
      intent: z.literal("give"),
      number: z.string({ error: M.order }).trim().regex(/^(?:[0-9A-Fa-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/, { error: M.order }),
      person: z.string().trim().max(60).default(""),
    }),
    z.object({ intent: z.literal("collect"), orderId }),
    z.object({ intent: z.literal("refuse"), orderId, note: z.string().trim().max(300).default("") }),
    z.object({
      intent: z.literal("handIn"),
      person: page,
      counter: z.string().trim().max(20).default(""),
      // Unticked boxes send nothing: none ticked is the decider's refusal, in the staff's words.
      order: z.array(orderId, { error: M.notThePage }).max(200, { error: M.notThePage }).default([]),
    }),
  ],
  { error: M.notThePage },
);

export const COD_FORM_OPTIONS = {
  maxLength: { intent: 10, number: 40, person: 60, orderId: 40, note: 300, counter: 20, order: 40 },
  labels: { number: "Order number", person: "Delivery person", note: "Note", counter: "Counter" },
  pageFields: ["intent", "orderId"],
} as const;

/** The courier's COD remittance sheet (/admin/cod/remittance, decision 233): the file is the pipeline's `documents` option. */
export const remittanceUploadForm = z.object({ intent: z.literal("remittance", { error: "Please send this form from its page." }) });
export const REMITTANCE_UPLOAD_OPTIONS = { pageFields: ["intent"] } as const;
/** A payout's sheet: a few hundred rows, well under a megabyte. */
export const REMITTANCE_MAX_BYTES = 1024 * 1024;
