import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { orderEvents } from "../domain/orders/events";
import { receivedOf } from "../domain/payments/received";
import { indiaDay } from "../domain/reports/reports";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import type { Projector } from "./projector";

const TYPES = ["PaymentConfirmed", "CashCollected", "PaymentRefunded"] as const;

/**
 * The payments report (decision 224): `payments_received`, one row per payment or refund event of any order,
 * with how the money came and how it was matched (domain/payments/received.ts), on its day in India. Times and
 * days come from the events, so a replay builds the same rows.
 */
export const paymentsProjector: Projector = {
  name: "payments",
  tables: ["payments_received"],
  eventTypes: TYPES,
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== orderEvents.category || !(TYPES as readonly string[]).includes(stored.type)) continue;
      const event = orderEvents.read(stored);
      if (event.type !== "PaymentConfirmed" && event.type !== "CashCollected" && event.type !== "PaymentRefunded") continue;
      const received = receivedOf(event);
      if (!received) continue;
      const { orderId, at } = event.data;
      await trx
        .insertInto("payments_received")
        .values({
          event_id: stored.id,
          order_id: orderId,
          day: indiaDay(at),
          at,
          kind: received.kind,
          method: received.method,
          matched_by: received.matchedBy ?? null,
          paise: received.paise,
        })
        .onConflict((oc) => oc.column("event_id").doNothing())
        .execute();
    }
  },
};
