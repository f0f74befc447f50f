import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../db/schema";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import { statementEvents } from "../domain/payments/statement";
import type { Projector } from "./projector";

/**
 * The statements the owner uploaded (decision 220): `statements`, one row per statement stream with how
 * many of its credits were matched, proposed, left unmatched, in conflict or paid already when read, and
 * how many the owner confirmed since. Times come from the events, so a replay builds the same rows.
 */
export const statementsProjector: Projector = {
  name: "statements",
  tables: ["statements"],
  eventTypes: statementEvents.types,
  categories: [statementEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== statementEvents.category) continue;
      const event = statementEvents.read(stored);
      if (event.type === "StatementRead") {
        const { statementId, fileName, shape, credits, matches, actor, at } = event.data;
        const count = (standing: string) => matches.filter((m) => m.standing === standing).length;
        const days = credits.map((c) => c.on).sort();
        await trx
          .insertInto("statements")
          .values({
            id: statementId,
            file_name: fileName,
            shape,
            read_by: actor.name ?? actor.id ?? actor.kind,
            read_at: new Date(at),
            first_day: days[0] ?? null,
            last_day: days.at(-1) ?? null,
            credits: credits.length,
            matched: count("matched"),
            proposed: count("proposed"),
            unmatched: count("unmatched"),
            conflicts: count("conflict"),
            already_paid: count("alreadyPaid"),
          })
          .onConflict((oc) => oc.column("id").doNothing())
          .execute();
      } else {
        await trx
          .updateTable("statements")
          .set({ settled: sql`settled + ${event.data.settled.length}` })
          .where("id", "=", event.data.statementId)
          .execute();
      }
    }
  },
};
