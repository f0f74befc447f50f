import type { Database } from "../db/connection";
import type { EventReader, EventStore } from "./port";
import { PostgresEventStore } from "./postgres";
import type { EventStoreDBEventStore } from "./eventstoredb";
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
  return connectEventStoreDB(eventStoreUrl, options);
}

/**
 * EventStoreDB at `url` (the client is loaded only now). With a sealer it seals and opens personal
 * fields exactly as the Postgres store does (decision 121); without one (`shop copy-events`) events
 * pass as stored. NOT RUN against a live EventStoreDB (README, "EventStoreDB").
 */
export async function connectEventStoreDB(url: string, options: { sealer?: EventSealer } = {}): Promise<EventStoreDBEventStore> {
  const { EventStoreDBEventStore } = await import("./eventstoredb");
  const store = await EventStoreDBEventStore.connect(url);
  return options.sealer ? store.sealWith(options.sealer) : store;
}

/** The Postgres store as a reader only, for a process that reads and never appends (a replay's thread). */
export function openPostgresReader(database: Database, options: { sealer?: EventSealer } = {}): EventReader & { close(): Promise<void> } {
  return new PostgresEventStore(database, options);
}
