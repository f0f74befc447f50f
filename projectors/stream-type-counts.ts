import { sql } from "kysely";
import { streamCategory } from "../eventstore/port";
import type { Projector } from "./projector";

/** How many events of each type each stream category holds: the operator's first look at the store. */
export const streamTypeCounts: Projector = {
  name: "stream_type_counts",
  tables: ["stream_type_counts"],
  headersOnly: true,
  async apply(trx, events) {
    const counts = new Map<string, { category: string; eventType: string; count: number; last: Date }>();
    for (const event of events) {
      const category = streamCategory(event.streamId);
      const key = `${category}\u0000${event.type}`;
      const entry = counts.get(key) ?? { category, eventType: event.type, count: 0, last: event.createdAt };
      entry.count += 1;
      if (event.createdAt > entry.last) entry.last = event.createdAt;
      counts.set(key, entry);
    }
    if (counts.size === 0) return;
    await trx
      .insertInto("stream_type_counts")
      .values([...counts.values()].map((c) => ({
        category: c.category,
        event_type: c.eventType,
        count: c.count,
        last_event_at: c.last,
      })))
      .onConflict((oc) =>
        oc.columns(["category", "event_type"]).doUpdateSet({
          count: sql`stream_type_counts.count + excluded.count`,
          last_event_at: sql`greatest(stream_type_counts.last_event_at, excluded.last_event_at)`,
        }),
      )
      .execute();
  },
};
