import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import { itemFactsEvents } from "../domain/seller/item-facts";
import type { Projector } from "./projector";

/**
 * The facts of the catalogue's bought-in items as the owner set them (decision 142): `item_facts`, one
 * row per item with a stream, its facts and who changed them last. Times come from the events, so a
 * replay builds the same rows and `shop verify` can compare them.
 */
export const itemFactsProjector: Projector = {
  name: "item_facts",
  tables: ["item_facts"],
  eventTypes: itemFactsEvents.types,
  categories: [itemFactsEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== itemFactsEvents.category) continue;
      const event = itemFactsEvents.read(stored);
      const { item, countryOfOrigin, maker, netQuantity, actor, at } = event.data;
      const row = {
        country_of_origin: countryOfOrigin,
        maker,
        net_quantity: netQuantity,
        changed_by: actor.name ?? actor.id ?? actor.kind,
        changed_at: new Date(at),
      };
      await trx
        .insertInto("item_facts")
        .values({ item_id: item, ...row })
        .onConflict((oc) => oc.column("item_id").doUpdateSet(row))
        .execute();
    }
  },
};
