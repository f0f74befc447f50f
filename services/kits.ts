/**
 * The schools' class kits (decision 134): read from each school's `kit-{slug}` stream (a handful of
 * the owner's changes; none at all for a school still on the kit its item set gives) and changed
 * through the one command handler with the kit decider (domain/kits/kits.ts).
 */
import { kitDecider, kitEvents, kitStreamId, kitsOf, type Kit, type KitFor } from "../domain/kits/kits";
import type { ClassName } from "../domain/children/children";
import { findSchool } from "../domain/schools";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";

export function createKitService(deps: { store: ShopEvents }) {
  const kits = createCommandHandler(deps.store, { decider: kitDecider, events: kitEvents });

  return {
    /** The school's kits today; [] for a school the shop does not list. */
    async of(schoolSlug: string): Promise<Kit[]> {
      const school = findSchool(schoolSlug);
      if (!school) return [];
      const { state } = await kits.load(kitStreamId(school.slug));
      return kitsOf(state, school);
    },

    /** True while the school has the kits its item list gives: the owner has changed none yet. */
    async fromItemList(schoolSlug: string): Promise<boolean> {
      return (await kits.load(kitStreamId(schoolSlug))).state.kits === null;
    },

    async set(schoolSlug: string, kit: Kit, actor: string) {
      const handled = await kits.handle(kitStreamId(schoolSlug), { type: "SetKit", school: schoolSlug, kit, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },

    async remove(schoolSlug: string, range: { from: ClassName; to: ClassName; side: KitFor }, actor: string) {
      const handled = await kits.handle(kitStreamId(schoolSlug), { type: "RemoveKit", school: schoolSlug, ...range, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },
  };
}

export type KitService = ReturnType<typeof createKitService>;
