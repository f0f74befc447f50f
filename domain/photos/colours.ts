/**
 * A school's colours (decision 140): the shirt, the pant/skirt (the bottom: pant, skirt, tunic,
 * lower, jacket) and the accent (tie, T-shirt, socks' stripes, belt's buckle), as the owner sets
 * them. The drawings a school's items show until there is a photo are drawn in them. One stream
 * per school, `schoolColours-{slug}`; no stream means the shop's starting colours (the ones the
 * drawings were made in: a white shirt, a navy pant and skirt, a maroon tie). Every change names
 * the admin who made it.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation, refusal } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { PhotoActor } from "./events";

export const COLOUR_PARTS = ["shirt", "bottom", "accent"] as const;
export type ColourPart = (typeof COLOUR_PARTS)[number];

/** Each part as `#rrggbb`, lower case. */
export type SchoolColours = Record<ColourPart, string>;

/**
 * What a school shows until the owner sets its colours. The school list and the spec name no
 * school's colours, so every school starts with the colours the drawings were made in.
 */
export const DEFAULT_SCHOOL_COLOURS: SchoolColours = { shirt: "#ffffff", bottom: "#2f4f86", accent: "#9b2945" };

const HEX = /^#?([0-9a-f]{6})$/i;

/** `#rrggbb` in lower case, or undefined for anything else (a colour input always sends that form). */
export function normaliseColour(value: string): string | undefined {
  const match = HEX.exec(value.trim());
  return match ? `#${match[1].toLowerCase()}` : undefined;
}

export interface SchoolColoursSet {
  type: "SchoolColoursSet";
  data: { school: string; colours: SchoolColours; actor: PhotoActor; at: string };
}
export interface SchoolColoursReset {
  type: "SchoolColoursReset";
  data: { school: string; actor: PhotoActor; at: string };
}
export type SchoolColoursEvent = SchoolColoursSet | SchoolColoursReset;

export const schoolColoursStreamId = (school: string) => `schoolColours-${school}`;

const actor = z.object({ kind: z.literal("admin"), id: z.string(), name: z.string() });
const colour = z.string().regex(/^#[0-9a-f]{6}$/);

export const schoolColourEvents = createEventRegistry<SchoolColoursEvent>("schoolColours", {
  SchoolColoursSet: {
    version: 1,
    schema: z.object({ school: z.string(), colours: z.object({ shirt: colour, bottom: colour, accent: colour }), actor, at: z.string() }),
  },
  SchoolColoursReset: { version: 1, schema: z.object({ school: z.string(), actor, at: z.string() }) },
});

/** The owner's colours, or null while the school has the starting ones. */
export interface SchoolColoursState {
  colours: SchoolColours | null;
}

export type SchoolColoursCommand =
  | { type: "SetColours"; school: string; colours: Record<ColourPart, string>; actor: PhotoActor; at: string }
  | { type: "ResetColours"; school: string; actor: PhotoActor; at: string };

/** The colours a school's drawings are drawn in: the owner's, else the starting ones. */
export const coloursOf = (state: SchoolColoursState): SchoolColours => state.colours ?? DEFAULT_SCHOOL_COLOURS;

const same = (a: SchoolColours, b: SchoolColours) => COLOUR_PARTS.every((part) => a[part] === b[part]);

export const schoolColoursDecider: Decider<SchoolColoursState, SchoolColoursCommand, SchoolColoursEvent> = {
  initialState: () => ({ colours: null }),
  evolve(_state, event) {
    switch (event.type) {
      case "SchoolColoursSet":
        return { colours: event.data.colours };
      case "SchoolColoursReset":
        return { colours: null };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "SetColours": {
        const colours = {} as SchoolColours;
        for (const part of COLOUR_PARTS) {
          const value = normaliseColour(command.colours[part] ?? "");
          if (!value) throw new RuleViolation("schoolColours.notAColour", { part: refusal(`schoolColourPart.${part}`) }, 422);
          colours[part] = value;
        }
        // The colours the school already shows (its own, or the starting ones while it has none): nothing to record.
        if (same(coloursOf(state), colours)) return [];
        return [{ type: "SchoolColoursSet", data: { school: command.school, colours, actor: command.actor, at: command.at } }];
      }
      case "ResetColours":
        if (state.colours === null) return [];
        return [{ type: "SchoolColoursReset", data: { school: command.school, actor: command.actor, at: command.at } }];
    }
  },
};
