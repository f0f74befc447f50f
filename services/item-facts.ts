/**
 * The facts of the catalogue's bought-in items (decision 142): set by the owner through the one command
 * handler with the item facts decider, read from their read model (`item_facts`). A change answers its
 * position: the admin page waits for the read model with it, so the page the owner lands on shows the
 * change, then calls `shown()`: the web server's page cache listens (`onChange`), so the item's page
 * shows it on the next view rather than after the few seconds a catalogue page is kept.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";
import type { Actor } from "../domain/orders/events";
import { NO_ITEM_FACTS, itemFactsDecider, itemFactsEvents, itemFactsStreamId, type ItemFactValues } from "../domain/seller/item-facts";

/** An item's facts as the admin page shows them, with who set them last. */
export interface ItemFactsOnFile {
  facts: ItemFactValues;
  changed?: { by: string; at: Date };
}

export function createItemFactsService(deps: { db: Kysely<DB>; store: ShopEvents }) {
  const handler = createCommandHandler(deps.store, { decider: itemFactsDecider, events: itemFactsEvents });
  const listeners = new Set<() => void>();

  async function onFile(ids?: readonly string[]): Promise<Map<string, ItemFactsOnFile>> {
    if (ids && ids.length === 0) return new Map();
    let query = deps.db.selectFrom("item_facts").selectAll();
    if (ids) query = query.where("item_id", "in", ids);
    const rows = await query.execute();
    return new Map(
      rows.map((row) => [
        row.item_id,
        {
          facts: { countryOfOrigin: row.country_of_origin, maker: row.maker, netQuantity: row.net_quantity },
          changed: { by: row.changed_by, at: row.changed_at },
        },
      ]),
    );
  }

  return {
    /** Calls `listener` after every change of facts; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Tells the listeners (the web server's page cache) that facts changed: called once the read model
     * holds the change, so a page built after it cannot be the old one kept again.
     */
    shown(): void {
      for (const listener of listeners) listener();
    },

    /** The facts of these items (all the owner set, without ids), keyed by item id; an item not set is absent. */
    onFile,

    /** One item's facts: what the owner set, or none set. */
    async of(id: string): Promise<ItemFactValues> {
      return (await onFile([id])).get(id)?.facts ?? NO_ITEM_FACTS;
    },

    async set(item: string, facts: ItemFactValues, actor: Actor): Promise<{ changed: boolean; position?: Position }> {
      const handled = await handler.handle(itemFactsStreamId(item), { type: "SetItemFacts", item, facts, actor, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },
  };
}

export type ItemFactsService = ReturnType<typeof createItemFactsService>;
