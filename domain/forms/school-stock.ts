/**
 * The owner's rule for a school item's stock (/admin/school-stock, decision 180) for the page form
 * pipeline (decision 088): the item (a page field), what happens when a size runs out, and the lead
 * time of a made-to-order size. The school stock decider judges the rest (a real school item, 1 to 90 days).
 */
import "../zod-in-browser";
import { z } from "zod";
import { MAX_LEAD_DAYS, WHEN_OUT } from "../stock/school-stock";

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`schoolStockForm`). */
export const SCHOOL_STOCK_FORM_MESSAGES = {
  noSuchItem: "Please send this form from the school's stock page.",
  whenOut: "Choose what happens when a size runs out.",
  leadDays: `The lead time is a whole number of days from 1 to ${MAX_LEAD_DAYS}.`,
} as const;

export const schoolStockRuleForm = z
  .object({
    item: z.string({ error: SCHOOL_STOCK_FORM_MESSAGES.noSuchItem }).min(1, { error: SCHOOL_STOCK_FORM_MESSAGES.noSuchItem }).max(200, { error: SCHOOL_STOCK_FORM_MESSAGES.noSuchItem }),
    whenOut: z.enum(WHEN_OUT, { error: SCHOOL_STOCK_FORM_MESSAGES.whenOut }),
    leadDays: z
      .string()
      .trim()
      .default("")
      .refine((text) => text === "" || /^\d{1,3}$/.test(text), { error: SCHOOL_STOCK_FORM_MESSAGES.leadDays })
      .transform((text) => (text === "" ? null : Number(text))),
  })
  .superRefine((value, ctx) => {
    // The days matter only for an item made to order; one that stops selling ignores the field.
    if (value.whenOut === "make" && (value.leadDays === null || value.leadDays < 1 || value.leadDays > MAX_LEAD_DAYS)) {
      ctx.addIssue({ code: "custom", path: ["leadDays"], message: SCHOOL_STOCK_FORM_MESSAGES.leadDays });
    }
  })
  .transform(({ item, whenOut, leadDays }) => ({ item, whenOut, leadDays: whenOut === "make" ? leadDays : null }));

export const SCHOOL_STOCK_FORM_OPTIONS = {
  maxLength: { item: 200, whenOut: 10, leadDays: 10 },
  labels: { whenOut: "When a size runs out", leadDays: "Lead time (days)" },
  pageFields: ["item"],
} as const;
