import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import { orderEvents } from "../domain/orders/events";
import { itemKindOf } from "../domain/sizes/charts";
import { sizeChartEvents } from "../domain/sizes/chart-events";
import type { Projector } from "./projector";

/**
 * The owner's size charts (decision 132: `size_charts`, one row per kind the owner changed) and what
 * exchanges say about the charts (`size_exchanges`: units exchanged per product from one size to
 * another, from the orders' ExchangeMade events). Only items with a size chart are counted: the report
 * is there to correct the charts. Times come from the events, so a replay builds the same rows.
 */
export const sizesProjector: Projector = {
  name: "sizes",
  tables: ["size_charts", "size_exchanges"],
  eventTypes: [...sizeChartEvents.types, "ExchangeMade"],
  categories: [sizeChartEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      const category = streamCategory(stored.streamId);
      if (category === sizeChartEvents.category) {
        const event = sizeChartEvents.read(stored);
        if (event.type === "SizeChartReset") {
          await trx.deleteFrom("size_charts").where("kind", "=", event.data.kind).execute();
          continue;
        }
        const { kind, rows, actor, at } = event.data;
        const row = { rows: JSON.stringify(rows), changed_by: actor.name ?? actor.id ?? actor.kind, changed_at: new Date(at) };
        await trx
          .insertInto("size_charts")
          .values({ kind, ...row })
          .onConflict((oc) => oc.column("kind").doUpdateSet(row))
          .execute();
        continue;
      }
      if (category !== orderEvents.category || stored.type !== "ExchangeMade") continue;
      const event = orderEvents.read(stored);
      if (event.type !== "ExchangeMade") continue;
      for (const line of event.data.lines) {
        const kind = itemKindOf(line.productId);
        if (!kind) continue;
        await trx
          .insertInto("size_exchanges")
          .values({
            item_kind: kind,
            product_id: line.productId,
            from_size: line.fromSize,
            to_size: line.toSize,
            units: line.quantity,
            exchanges: 1,
            last_at: new Date(event.data.at),
          })
          .onConflict((oc) =>
            oc.columns(["product_id", "from_size", "to_size"]).doUpdateSet({
              units: sql`size_exchanges.units + excluded.units`,
              exchanges: sql`size_exchanges.exchanges + 1`,
              last_at: sql`greatest(size_exchanges.last_at, excluded.last_at)`,
            }),
          )
          .execute();
      }
    }
  },
};
