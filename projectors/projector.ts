import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventReader, ReadStreamOptions, RecordedEvent } from "../eventstore/port";

/**
 * A read model fed from the global stream. `apply` runs inside the same
 * transaction that moves the projector's checkpoint, so a batch is applied
 * exactly once or not at all.
 *
 * Projectors write unqualified table names: a replay points `search_path` at a
 * fresh schema and the same code builds the new tables there.
 *
 * Everything a projector writes must follow from the events alone (times from
 * the events, not the clock), so a replay rebuilds the same rows and
 * `shop verify` can compare them. The one exception: a column whose default is
 * the clock records when the row was projected; verify leaves it out.
 */
export interface Projector {
  name: string;
  /** The tables this projector owns, rebuilt by a replay. */
  tables: readonly string[];
  apply(trx: Kysely<DB>, events: RecordedEvent[], context: ApplyContext): Promise<void>;
  /**
   * The event types `apply` acts on, when it ignores every other: a replay then
   * has the store skip the rest. `apply` must still ignore other types itself
   * (live projection hands it everything).
   */
  eventTypes?: readonly string[];
  /**
   * The stream categories whose every event `apply` reads through its registry, refusing
   * one it cannot read (`UnreadableEvent`). A replay that asks the store for `eventTypes`
   * only asks for these categories' events of a type their registry does not know too, so
   * `apply` refuses such an event in a replay as it does live, instead of the store's
   * filter skipping it unseen.
   */
  categories?: readonly string[];
  /** True when `apply` never looks at an event's data or metadata: a replay leaves them out of its reads. */
  headersOnly?: boolean;
}

/**
 * What a projector may read of the store besides its batch: streams, through the port (decision 162),
 * never an adapter's own tables, so a read model is the same on every store.
 */
export type StreamReader = Pick<EventReader, "readStream" | "comparePositions">;

export interface ApplyContext {
  /** The store's streams as they stand, read in the batch's transaction where the store shares its database. */
  events: StreamReader;
  /**
   * The tables were made empty by a replay and only this build writes them, so no row
   * can be there already: inserts may skip their `on conflict` guard, which about doubles
   * an insert's cost in Postgres.
   */
  freshTables?: boolean;
  /**
   * COPY into one of the fresh tables (Postgres server only): `insertRows` uses it. The
   * text is in COPY's text format, columns in the order given.
   */
  copy?(table: string, columns: readonly string[], text: string): Promise<void>;
}

/**
 * The store's stream reads for a batch applied in `trx`: through the transaction where the store lives in
 * the same database (PGlite has one connection, which the transaction holds), else the store's own.
 */
export function streamReaderIn(store: EventReader, trx: Kysely<DB>): StreamReader {
  const within = store as EventReader & {
    readStreamIn?: (db: Kysely<DB>, streamId: string, options?: ReadStreamOptions) => Promise<RecordedEvent[]>;
  };
  return {
    readStream: (streamId, options) =>
      typeof within.readStreamIn === "function" ? within.readStreamIn(trx, streamId, options) : store.readStream(streamId, options),
    comparePositions: (a, b) => store.comparePositions(a, b),
  };
}
