import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position, RecordedEvent } from "./port";

/**
 * Copying events from one store into another as they are (decision 112): `shop copy-events` (the
 * live store into a Postgres server or EventStoreDB) and `shop restore` (a backup file into an
 * empty Postgres database). Not a business append: the events were decided long ago, so nothing
 * is folded or decided again; they keep their stream, revision, id, type, data, metadata and
 * time, and arrive in their global order. Lives in eventstore/ because it writes events
 * (decision 110: nothing else does).
 */

/** One event as a copy carries it: everything a store keeps of it, its time exact where the store knows it. */
export interface CopiedEvent {
  id: string;
  streamId: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** ISO 8601 in UTC, to the microsecond where the store keeps that (Postgres): `2025-01-15T03:30:00.123456Z`. */
  createdAt: string;
}

/** A place to read events from, in global order; `after` is opaque and store-specific. */
export interface CopySource {
  description: string;
  read(after: string | undefined, max: number): Promise<{ events: CopiedEvent[]; last: string | undefined }>;
  /** Events in the source now. */
  count(): Promise<number>;
  /** Where its newest event stands, for the report. */
  head(): Promise<string | undefined>;
}

/** A place to copy events into: read back (to resume and to check), and written in order. */
export interface CopyTarget extends CopySource {
  write(events: CopiedEvent[]): Promise<void>;
}

/** A copy that cannot go on: the target holds other events, or a stream would get a gap. One line, for the operator. */
export class CopyRefused extends Error {
  override name = "CopyRefused";
}

/** A microsecond UTC time from a JS Date (milliseconds), in the same form Postgres gives. */
export function exactTime(at: Date): string {
  return at.toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}

/** Postgres's created_at as `CopiedEvent.createdAt`: UTC, microseconds, whatever the session's time zone. */
export const EXACT_CREATED_AT = sql<string>`to_char(es_events.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** JSON with every object's keys sorted: the same event reads the same from a store that reorders keys (jsonb) and one that keeps them. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(",")}}`;
}

/**
 * What makes two copies of an event the same event: all of it. Times are compared to the
 * millisecond, which every store keeps (EventStoreDB's reads give milliseconds).
 */
export function fingerprint(e: CopiedEvent): string {
  return canonical([e.streamId, e.revision, e.id.toLowerCase(), e.type, Date.parse(e.createdAt), e.data ?? null, e.metadata ?? {}]);
}

interface EventRow {
  tx: string;
  gp: number | string;
  stream_id: string;
  stream_revision: number | string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  created_at: string;
}

function fromRow(row: EventRow): CopiedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    type: row.event_type,
    data: row.data,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}

function splitPosition(position: string | undefined): [string, string] {
  if (position === undefined) return ["0", "0"];
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`not a Postgres event store position: ${position}`);
  return [match[1], match[2]];
}

/**
 * The events of a Postgres event store (es_events) in its global order, read directly.
 * `visibleOnly`: only what every reader can already see (the store's own rule), for a source
 * still being written to, so a transaction that commits late is never skipped. A copy target
 * nobody else writes is read whole.
 */
export function postgresEvents(db: Kysely<DB>, description: string, options: { visibleOnly: boolean }): CopySource {
  const visible = options.visibleOnly ? sql`and transaction_id < pg_snapshot_xmin(pg_current_snapshot())` : sql``;
  return {
    description,
    async read(after, max) {
      const [tx, gp] = splitPosition(after);
      const { rows } = await sql<EventRow>`
        select transaction_id::text as tx, global_position as gp, stream_id, stream_revision, event_id::text as event_id,
          event_type, data, metadata, ${EXACT_CREATED_AT} as created_at
        from es_events
        where (transaction_id, global_position) > (${tx}::xid8, ${gp}::bigint) ${visible}
        order by es_events.transaction_id, es_events.global_position limit ${max}`.execute(db);
      const last = rows.at(-1);
      return { events: rows.map(fromRow), last: last ? `${last.tx}:${last.gp}` : after };
    },
    async count() {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from es_events where true ${visible}`.execute(db);
      return Number(rows[0].n);
    },
    async head() {
      const { rows } = await sql<{ tx: string; gp: number | string }>`
        select transaction_id::text as tx, global_position as gp from es_events where true ${visible}
        order by es_events.transaction_id desc, es_events.global_position desc limit 1`.execute(db);
      return rows[0] ? `${rows[0].tx}:${rows[0].gp}` : undefined;
    },
  };
}

/** Any store through the port (EventStoreDB): its times to the millisecond. */
export function portEvents(store: EventStore): CopySource {
  return {
    description: store.description,
    async read(after, max) {
      const events = await store.readAll({ from: after as Position | undefined, maxCount: max });
      return { events: events.map(fromRecorded), last: events.at(-1)?.position ?? after };
    },
    count: () => store.countAfter(undefined, Number.MAX_SAFE_INTEGER),
    head: () => store.headPosition(),
  };
}

function fromRecorded(e: RecordedEvent): CopiedEvent {
  return { id: e.id, streamId: e.streamId, revision: e.revision, type: e.type, data: e.data, metadata: e.metadata, createdAt: exactTime(e.createdAt) };
}

/**
 * Writes copied events into a Postgres event store, in the order given, as the store itself
 * would have stored them: es_events rows with their own ids, revisions and times, global
 * positions following the target's last one in the same order, es_streams moved on, and the
 * identity sequence past them so the store's next append follows. Each stream must go on from
 * the target's revision without a gap. `db` may be a transaction (a restore writes everything
 * in one); events written in one transaction share its transaction id and keep their order by
 * global position, which is the store's order (transaction id, global position).
 */
export class PostgresEventWriter {
  /** Each stream's last revision in the target, as this writer has seen and written it. */
  private readonly revisions = new Map<string, number>();

  constructor(private readonly db: Kysely<DB>) {}

  async write(events: readonly CopiedEvent[], db: Kysely<DB> = this.db): Promise<void> {
    if (events.length === 0) return;
    const unseen = [...new Set(events.map((e) => e.streamId))].filter((s) => !this.revisions.has(s));
    if (unseen.length > 0) {
      const rows = await db.selectFrom("es_streams").select(["stream_id", "revision"]).where("stream_id", "in", unseen).execute();
      for (const s of unseen) this.revisions.set(s, -1);
      for (const r of rows) this.revisions.set(r.stream_id, Number(r.revision));
    }
    for (const e of events) {
      const next = this.revisions.get(e.streamId)! + 1;
      if (e.revision !== next) {
        throw new CopyRefused(
          `stream ${e.streamId}: event ${e.id} is revision ${e.revision}, but the target's next revision of that stream is ${next}`,
        );
      }
      this.revisions.set(e.streamId, e.revision);
    }
    const batch = JSON.stringify(events.map((e) => ({ ...e, metadata: e.metadata ?? {}, data: e.data ?? null })));
    // One statement: the rows, their streams' revisions and the identity sequence, in one round trip.
    await sql`
      with batch as (
        select x.ord, x.e from jsonb_array_elements(${batch}::jsonb) with ordinality as x(e, ord)
      ), base as (
        select coalesce(max(global_position), 0) as n from es_events
      ), written as (
        insert into es_events (global_position, stream_id, stream_revision, event_id, event_type, data, metadata, created_at)
        overriding system value
        select base.n + batch.ord, batch.e->>'streamId', (batch.e->>'revision')::bigint, (batch.e->>'id')::uuid,
          batch.e->>'type', batch.e->'data', coalesce(batch.e->'metadata', '{}'::jsonb), (batch.e->>'createdAt')::timestamptz
        from batch, base order by batch.ord
        returning global_position
      ), streams as (
        insert into es_streams (stream_id, revision)
        select batch.e->>'streamId', max((batch.e->>'revision')::bigint) from batch group by 1
        on conflict (stream_id) do update set revision = greatest(es_streams.revision, excluded.revision)
        returning 1
      )
      select setval(pg_get_serial_sequence('es_events', 'global_position'), (select max(global_position) from written)),
        (select count(*) from streams) as streams`.execute(db);
  }
}

/** A Postgres database as a copy target: read back whole, written one transaction per batch. */
export function postgresTarget(db: Kysely<DB>, description: string): CopyTarget {
  const events = postgresEvents(db, description, { visibleOnly: false });
  const writer = new PostgresEventWriter(db);
  return {
    ...events,
    async write(batch) {
      await db.transaction().execute(async (trx) => {
        // Nothing else may write the target while events are copied in (global positions follow its last one).
        await sql`lock table es_events in exclusive mode`.execute(trx);
        await writer.write(batch, trx);
      });
    },
  };
}

/** Reads a source one event at a time; after its end, asking again reads on from where it stopped. */
class Cursor {
  private buffer: CopiedEvent[] = [];
  private at: string | undefined;
  read = 0;

  constructor(
    private readonly source: CopySource,
    private readonly batchSize: number,
  ) {}

  async next(): Promise<CopiedEvent | undefined> {
    if (this.buffer.length === 0) {
      const { events, last } = await this.source.read(this.at, this.batchSize);
      this.buffer = events;
      this.at = last;
    }
    const event = this.buffer.shift();
    if (event) this.read++;
    return event;
  }
}

export interface CopyProgress {
  /** Events gone through: checked in the target, or copied. */
  done: number;
  total: number;
}

export interface CopyReport {
  /** Events the target held already, each checked to be this store's, in the same place. */
  alreadyThere: number;
  copied: number;
  /** Events in the target after the copy, each checked against the source. */
  targetEvents: number;
  sourceHead: string | undefined;
  targetHead: string | undefined;
  /** sha256 over every event's fingerprint in global order: the same on both sides. */
  digest: string;
  seconds: number;
}

/**
 * Copies what the target lacks, and checks it all (decision 112):
 * 1. the target's events must be this store's first ones, in the same order (a target holding
 *    anything else is refused, naming the first event that differs): that is how a second run
 *    knows where the first one stopped, and why it copies nothing twice;
 * 2. the rest is written in batches, in global order;
 * 3. what was written is read back from the target and must match the source event for event
 *    (compared as one digest over their fingerprints) and in number.
 */
export async function copyEvents(
  source: CopySource,
  target: CopyTarget,
  options: { batchSize?: number; onProgress?: (p: CopyProgress) => void } = {},
): Promise<CopyReport> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 2000;
  const total = await source.count();
  const from = new Cursor(source, batchSize);
  const into = new Cursor(target, batchSize);
  const sourceDigest = createHash("sha256");
  const targetDigest = createHash("sha256");

  let alreadyThere = 0;
  for (let held = await into.next(); held; held = await into.next()) {
    const own = await from.next();
    if (!own) {
      throw new CopyRefused(
        `the target holds more events than this store (${alreadyThere + 1} or more against ${alreadyThere}): it is not a copy of it; copy into an empty database`,
      );
    }
    const print = fingerprint(own);
    if (fingerprint(held) !== print) {
      throw new CopyRefused(
        `the target's event number ${alreadyThere + 1} is ${held.streamId} revision ${held.revision} (${held.id}), ` +
          `this store's is ${own.streamId} revision ${own.revision} (${own.id}): the target holds other events; copy into an empty database`,
      );
    }
    sourceDigest.update(print);
    targetDigest.update(print);
    alreadyThere++;
    if (alreadyThere % batchSize === 0) options.onProgress?.({ done: alreadyThere, total });
  }

  const copiedDigest = createHash("sha256");
  let copied = 0;
  let batch: CopiedEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await target.write(batch);
    copied += batch.length;
    batch = [];
    options.onProgress?.({ done: alreadyThere + copied, total: Math.max(total, alreadyThere + copied) });
  };
  for (let own = await from.next(); own; own = await from.next()) {
    const print = fingerprint(own);
    sourceDigest.update(print);
    copiedDigest.update(print);
    batch.push(own);
    if (batch.length >= batchSize) await flush();
  }
  await flush();

  // Read back what was written: the target's cursor goes on from the end of what it held.
  const readBack = createHash("sha256");
  let readCount = 0;
  for (let written = await into.next(); written; written = await into.next()) {
    const print = fingerprint(written);
    readBack.update(print);
    targetDigest.update(print);
    readCount++;
  }
  if (readCount !== copied || readBack.digest("hex") !== copiedDigest.digest("hex")) {
    throw new CopyRefused(
      `the target does not read back what was copied (${readCount} events read back, ${copied} copied): was it written to meanwhile?`,
    );
  }
  const digest = sourceDigest.digest("hex");
  if (targetDigest.digest("hex") !== digest) throw new CopyRefused("the target's events differ from this store's after the copy");
  return {
    alreadyThere,
    copied,
    targetEvents: into.read,
    sourceHead: await source.head(),
    targetHead: await target.head(),
    digest,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * A store that takes copied events through its own adapter (EventStoreDB's `importEvents`) as a
 * copy target, read back through the port. NOT RUN against a live EventStoreDB here.
 */
export function importingTarget(store: EventStore & { importEvents(events: readonly CopiedEvent[]): Promise<void> }): CopyTarget {
  return { ...portEvents(store), write: (events) => store.importEvents(events) };
}
