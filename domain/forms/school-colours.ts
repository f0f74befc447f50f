/**
 * The admin's school colours form (/admin/photos/colours, decision 140) for the page form pipeline
 * (decision 088): a school's three colours, or back to the starting ones. A colour input sends
 * `#rrggbb`; the colours decider judges each (a refusal names the part), the page fills the rest.
 */
import "../zod-in-browser";
import { z } from "zod";

export const SCHOOL_COLOUR_INTENTS = ["set", "reset"] as const;
export type SchoolColourIntent = (typeof SCHOOL_COLOUR_INTENTS)[number];

export const schoolColoursForm = z.object({
  school: z.string().max(100),
  intent: z.enum(SCHOOL_COLOUR_INTENTS),
  shirt: z.string().max(20).default(""),
  bottom: z.string().max(20).default(""),
  accent: z.string().max(20).default(""),
});

export const SCHOOL_COLOURS_FORM_OPTIONS = { pageFields: ["school", "intent"] } as const;
