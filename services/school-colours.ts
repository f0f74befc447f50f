/**
 * The schools' colours (decision 140): read from each school's `schoolColours-{slug}` stream (a
 * handful of the owner's changes a year; none at all for a school on the starting colours) and
 * changed through the one command handler with the colours decider (domain/photos/colours.ts).
 */
import { RuleViolation } from "../domain/errors";
import { coloursOf, schoolColoursDecider, schoolColourEvents, schoolColoursStreamId, type ColourPart, type SchoolColours } from "../domain/photos/colours";
import type { PhotoActor } from "../domain/photos/events";
import { findSchool } from "../domain/schools";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";

export interface ColoursOnFile {
  colours: SchoolColours;
  /** False while the school has the starting colours. */
  own: boolean;
}

export function createSchoolColourService(deps: { store: ShopEvents }) {
  const handler = createCommandHandler(deps.store, { decider: schoolColoursDecider, events: schoolColourEvents }, { cachedStreams: 64 });

  function known(slug: string): string {
    const school = findSchool(slug);
    if (!school) throw new RuleViolation("schoolColours.noSuchSchool", {}, 404);
    return school.slug;
  }

  async function onFile(slug: string): Promise<ColoursOnFile> {
    const { state } = await handler.load(schoolColoursStreamId(slug));
    return { colours: coloursOf(state), own: state.colours !== null };
  }

  return {
    onFile,

    /** The colours of each school named, by slug (a cart's lines name one or two schools). */
    async of(slugs: Iterable<string>): Promise<Map<string, SchoolColours>> {
      const unique = [...new Set(slugs)].filter((slug) => findSchool(slug));
      const found = await Promise.all(unique.map(async (slug) => [slug, (await onFile(slug)).colours] as const));
      return new Map(found);
    },

    async set(slug: string, colours: Record<ColourPart, string>, actor: PhotoActor) {
      const school = known(slug);
      const handled = await handler.handle(schoolColoursStreamId(school), { type: "SetColours", school, colours, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },

    async reset(slug: string, actor: PhotoActor) {
      const school = known(slug);
      const handled = await handler.handle(schoolColoursStreamId(school), { type: "ResetColours", school, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },
  };
}

export type SchoolColourService = ReturnType<typeof createSchoolColourService>;
