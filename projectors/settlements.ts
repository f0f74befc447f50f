import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { settlementReportEvents, settlementsOf } from "../domain/payments/settlement";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import type { Projector } from "./projector";

/**
 * The gateway's settlement reports the owner uploaded (decision 223): `settlement_reports`, one row per report
 * stream with the days it settled and its sums in paise (what parents paid, the gateway's fees, the GST on them,
 * what reached the bank). Times come from the events, so a replay builds the same rows.
 */
export const settlementsProjector: Projector = {
  name: "settlement_reports",
  tables: ["settlement_reports"],
  eventTypes: settlementReportEvents.types,
  categories: [settlementReportEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== settlementReportEvents.category) continue;
      const { reportId, fileName, lines, actor, at } = settlementReportEvents.read(stored).data;
      const settlements = settlementsOf(lines);
      const sum = (pick: (s: (typeof settlements)[number]) => number) => settlements.reduce((total, s) => total + pick(s), 0);
      const days = settlements.map((s) => s.settledOn).sort();
      await trx
        .insertInto("settlement_reports")
        .values({
          id: reportId,
          file_name: fileName,
          read_by: actor.name ?? actor.id ?? actor.kind,
          read_at: new Date(at),
          first_day: days[0] ?? null,
          last_day: days.at(-1) ?? null,
          settlements: settlements.length,
          payments: sum((s) => s.payments),
          gross: sum((s) => s.gross),
          fees: sum((s) => s.fees),
          tax: sum((s) => s.tax),
          net: sum((s) => s.net),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
    }
  },
};
