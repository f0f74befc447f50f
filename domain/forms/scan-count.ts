/**
 * A shelf counted by scanning (decision 182) on the page form pipeline (decision 088): each scan sends
 * the code with the tally so far (`sku:pieces,...`, a field the page fills in itself), so the count
 * lives in the page and works without JavaScript; "save" counts each scanned size at its tally.
 */
import "../zod-in-browser";
import { z } from "zod";

/** Sizes one count may hold: a season's shelf of one school is at most a few hundred SKUs. */
export const MAX_TALLY_SIZES = 300;

export const SCAN_COUNT_FORM_MESSAGES = {
  fromPage: "Please send this form from the scanning page.",
  scan: "Scan a label, or type the 13 digits under its bars.",
} as const;

const TALLY = /^\d{10}:\d{1,5}$/;

export const scanCountForm = z.object({
  intent: z.enum(["scan", "save"], { error: SCAN_COUNT_FORM_MESSAGES.fromPage }),
  tally: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const counted = new Map<number, number>();
      if (text === "") return counted;
      const parts = text.split(",");
      if (parts.length > MAX_TALLY_SIZES) {
        ctx.addIssue({ code: "custom", message: SCAN_COUNT_FORM_MESSAGES.fromPage });
        return z.NEVER;
      }
      for (const part of parts) {
        if (!TALLY.test(part)) {
          ctx.addIssue({ code: "custom", message: SCAN_COUNT_FORM_MESSAGES.fromPage });
          return z.NEVER;
        }
        const [sku, pieces] = part.split(":").map(Number);
        counted.set(sku, pieces);
      }
      return counted;
    }),
  scan: z.string().trim().max(40, { error: SCAN_COUNT_FORM_MESSAGES.scan }).default(""),
});

export const SCAN_COUNT_FORM_OPTIONS = {
  maxLength: { intent: 10, tally: MAX_TALLY_SIZES * 17, scan: 40 },
  pageFields: ["intent", "tally"],
} as const;

/** The tally as the page carries it. */
export const tallyText = (counted: ReadonlyMap<number, number>): string => [...counted].map(([sku, n]) => `${sku}:${n}`).join(",");
