import type { Database } from "../db/connection";
import type { EventStore } from "./port";
import { PostgresEventStore } from "./postgres";
import type { EventSealer } from "./sealing";

export * from "./port";

/**
 * The Postgres store lives in the shop's own database; EventStoreDB is chosen
 * by EVENTSTORE_URL. The EventStoreDB client is loaded only when asked for.
 */
export async function openEventStore(
  database: Database | undefined,
  eventStoreUrl?: string,
  options: { sealer?: EventSealer } = {},
): Promise<EventStore> {
  if (!eventStoreUrl) {
    if (!database) throw new Error("the Postgres event store needs the shop's database");
    return new PostgresEventStore(database, options);
  }
  const { EventStoreDBEventStore } = await import("./eventstoredb");
  return EventStoreDBEventStore.connect(eventStoreUrl);
}
