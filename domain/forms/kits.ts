/**
 * The class kit's forms as zod schemas for the page form pipeline (decision 134): the school page's
 * "whole kit" submit (one line per item: its product, the size chosen, the count) and the admin's kit
 * editor (a count per school item). The rules are the cart's and the kit decider's; these only read.
 */
import "../zod-in-browser";
import { z } from "zod";
import { CLASSES } from "../children/children";
import { KIT_FOR, MAX_KIT_COUNT, MAX_KIT_ITEMS, type Kit } from "../kits/kits";
import { SCHOOL_ITEM_TYPES, type SchoolItemName } from "../school-entry";
import { schoolSlug } from "../schools";

const NOT_THIS_PAGE = "Please send this form from the shop's page.";
export const KIT_FORM_MESSAGES = {
  countInvalid: "Please write each count as a whole number from 0 to 9.",
} as const;

const pageText = z.string({ error: NOT_THIS_PAGE });
const count = (max: number) =>
  z
    .string({ error: KIT_FORM_MESSAGES.countInvalid })
    .regex(/^\d{1,2}$/, KIT_FORM_MESSAGES.countInvalid)
    .transform(Number)
    .refine((n) => n <= max, KIT_FORM_MESSAGES.countInvalid);

/** The whole kit in one submit: `product_0`, `size_0`, `count_0`, ... one trio per item of the kit. */
const lineFields = Object.fromEntries(
  Array.from({ length: MAX_KIT_ITEMS }, (_, i) => [
    [`product_${i}`, pageText.max(200).optional()],
    [`size_${i}`, pageText.max(20).optional()],
    [`count_${i}`, count(MAX_KIT_COUNT).optional()],
  ]).flat(),
) as Record<string, z.ZodOptional<z.ZodType<string | number>>>;

export const kitCartForm = z
  .object({ child: pageText.max(64).optional(), ...lineFields })
  .transform((typed) => {
    const fields = typed as Record<string, string | number | undefined>;
    const lines: { productId: string; size?: string; quantity: number }[] = [];
    for (let i = 0; i < MAX_KIT_ITEMS; i++) {
      const productId = fields[`product_${i}`];
      const quantity = fields[`count_${i}`];
      if (typeof productId !== "string" || typeof quantity !== "number" || quantity === 0) continue;
      const size = fields[`size_${i}`];
      lines.push({ productId, ...(typeof size === "string" && size !== "" ? { size } : {}), quantity });
    }
    return { child: typed.child, lines };
  });

export const KIT_CART_FORM_LIMITS = {
  pageFields: ["child", ...Array.from({ length: MAX_KIT_ITEMS }, (_, i) => `product_${i}`)],
} as const;

/** Every school item's slug: the admin form's count fields are `count_{slug}`. */
export const ITEM_SLUGS = (Object.keys(SCHOOL_ITEM_TYPES) as SchoolItemName[]).map(schoolSlug);

const range = { school: pageText, from: z.enum(CLASSES, { error: NOT_THIS_PAGE }), to: z.enum(CLASSES, { error: NOT_THIS_PAGE }), side: z.enum(KIT_FOR, { error: NOT_THIS_PAGE }) };

export const adminKitForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("set"), ...range, ...Object.fromEntries(ITEM_SLUGS.map((slug) => [`count_${slug}`, count(99).optional()])) }),
    z.object({ intent: z.literal("remove"), ...range }),
  ],
  { error: NOT_THIS_PAGE },
);

/** The kit the admin's form describes: the items counted above 0, in the form's order. */
export function kitOfForm(typed: { from: Kit["from"]; to: Kit["to"]; side: Kit["side"] }): Kit {
  const counts = typed as unknown as Record<string, number | undefined>;
  const items = ITEM_SLUGS.flatMap((item) => {
    const n = counts[`count_${item}`];
    return n ? [{ item, count: n }] : [];
  });
  return { from: typed.from, to: typed.to, side: typed.side, items };
}

export const ADMIN_KIT_FORM_LIMITS = { pageFields: ["intent", "school"] } as const;
