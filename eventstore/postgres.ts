import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/connection";
import type { DB } from "../db/schema";
import { runPrepared } from "../db/prepared";
import {
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type StreamAppend,
  type Subscription,
} from "./port";
import type { EventSealer } from "./sealing";

const CHANNEL = "es_events";
/**
 * Appends in a burst are announced to other processes by one NOTIFY per this many ms at
 * most: each NOTIFY is a round trip, and a subscriber woken once reads the whole burst.
 */
const NOTIFY_INTERVAL_MS = 10;
/** Longest a caught-up subscriber sleeps without a notification (a lost LISTEN only slows things down). */
const IDLE_POLL_MS = 1000;

/** Events kept in the subscribers' tail (readShared): a few seconds of a rush, a few MB. */
const TAIL_EVENTS = 2000;

interface EventRow {
  global_position: number | string;
  transaction_id: string;
  stream_id: string;
  stream_revision: number | string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  /** Milliseconds since 1970, exact: a number is far cheaper for pg to hand over than a timestamp string to parse. */
  created_ms: number | string;
}

/** A position is "transaction id:global position": the order readers agree on. */
function encodePosition(transactionId: string | number, globalPosition: string | number): Position {
  return `${transactionId}:${globalPosition}`;
}

function decodePosition(position: Position | undefined): [bigint, bigint] {
  if (position === undefined) return [0n, 0n];
  const match = /^(\d+):(\d+)$/.exec(position);
  if (!match) throw new Error(`not a Postgres event store position: ${position}`);
  return [BigInt(match[1]), BigInt(match[2])];
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    streamId: row.stream_id,
    revision: Number(row.stream_revision),
    position: encodePosition(row.transaction_id, row.global_position),
    data: row.data,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    createdAt: new Date(Number(row.created_ms)),
  };
}

/** created_at to the millisecond (as a JS Date holds it), floored in Postgres's exact arithmetic. */
const CREATED_MS = sql`floor(extract(epoch from es_events.created_at) * 1000)::float8 as created_ms`;

// Ordering must name es_events.transaction_id: the bare name would mean the text alias below and sort "1000" before "999".
const COLUMNS = sql`global_position, transaction_id::text as transaction_id, stream_id, stream_revision,
  event_id::text as event_id, event_type, data, metadata, ${CREATED_MS}`;

/** Only rows of transactions that committed before every still-running one: no reader skips a late commit. */
const VISIBLE = sql`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;

/** COLUMNS without the payload: for a reader that only counts events, the bulk of the bytes to send and parse. */
const HEADER_COLUMNS = sql`global_position, transaction_id::text as transaction_id, stream_id, stream_revision,
  event_id::text as event_id, event_type, null::jsonb as data, null::jsonb as metadata, ${CREATED_MS}`;

interface AppendRow {
  next_revision: number | string;
  last_transaction: string;
  last_position: number | string;
  duplicate: boolean;
}

/** The columns of one stream's es_append (db/migrations/0001_event_store.ts), for a select list. */
function appendCall({ streamId, events, expectedRevision }: StreamAppend) {
  if (events.length === 0) throw new Error(`append to ${streamId}: no events`);
  return sql`next_revision, last_transaction::text as last_transaction, last_position, duplicate
    from es_append(${streamId}, ${String(expectedRevision)},
      ${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.type)}::text[],
      ${events.map((e) => JSON.stringify(e.data ?? null))}::jsonb[],
      ${events.map((e) => JSON.stringify(e.metadata ?? {}))}::jsonb[])`;
}

function toAppendResult(row: AppendRow): AppendResult {
  return {
    nextExpectedRevision: Number(row.next_revision),
    position: encodePosition(row.last_transaction, row.last_position),
    duplicate: row.duplicate,
  };
}

export interface ReadSpanOptions extends ReadAllOptions {
  /** Only events of these types are returned; the span still covers the others. */
  types?: readonly string[];
  /**
   * With `types`: also the events of these stream categories whose type is none of the category's
   * known ones, for a reader that must refuse an event it cannot read rather than never see it.
   */
  unknownIn?: readonly { category: string; knownTypes: readonly string[] }[];
  /** Leave out `data` and `metadata` (null and {}): for a reader that looks at types, streams and times only. */
  withoutData?: boolean;
}

/** The next `maxCount` events of the global stream, of which only the wanted ones are returned. */
export interface Span {
  events: RecordedEvent[];
  /** Events of every type the span covers. */
  scanned: number;
  /** Position of the span's last event, wanted or not; undefined when nothing follows `from`. */
  last: Position | undefined;
}

export class PostgresEventStore implements EventStore {
  readonly kind = "postgres" as const;
  readonly description: string;
  private readonly db: Kysely<DB>;
  private wakers = new Set<() => void>();
  /** Reads of the global stream in flight for subscribers, by where they start. */
  private sharedReads = new Map<string, { maxCount: number; events: Promise<RecordedEvent[]> }>();
  /**
   * The newest events read for subscribers, in order with no gap after `after`, as stored:
   * personal fields stay sealed here, so an erasure has nothing of its own to clear.
   */
  private tail: { after: Position | undefined; events: RecordedEvent[] } | undefined;
  private notifyPending = false;
  private lastNotifyAt = 0;
  /** Sent with each NOTIFY, so this store's own listener skips what it was told already. */
  private readonly sender = randomUUID();
  private unlisten?: Promise<() => Promise<void>>;

  /** Seals personal fields on append and opens them on read (eventstore/sealing.ts); without one, events pass as they are. */
  private readonly sealer?: EventSealer;

  constructor(
    private readonly database: Database,
    options: { sealer?: EventSealer } = {},
  ) {
    this.sealer = options.sealer;
    this.db = database.db;
    this.description = `Postgres event store (${database.description})`;
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const result = await this.appendIn(this.db, streamId, events, expectedRevision);
    if (!result.duplicate) this.announce();
    return result;
  }

  readonly appendsToStreamsAtomically = true;

  /** One statement: its implicit transaction makes the streams' appends all or none. */
  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (appends.length === 0) throw new Error("append to no streams");
    if (this.sealer) {
      const sealer = this.sealer;
      appends = await Promise.all(appends.map(async (a) => ({ ...a, events: await sealer.seal(a.streamId, a.events) })));
    }
    try {
      const { rows } = await sql<AppendRow & { part: number }>`${sql.join(
        appends.map((a, part) => sql`(select ${part}::int as part, ${appendCall(a)})`),
        sql` union all `,
      )}`.execute(this.db);
      const results = [...rows].sort((a, b) => a.part - b.part).map(toAppendResult);
      if (results.some((r) => !r.duplicate)) this.announce();
      return results;
    } catch (err) {
      const conflict = (err as { code?: string }).code;
      if (conflict !== "ES409" && conflict !== "23505") throw err;
      throw await this.whichConflicts(appends);
    }
  }

  /** The error does not say which stream refused: the first whose revision is not as expected now. */
  private async whichConflicts(appends: readonly StreamAppend[]): Promise<WrongExpectedVersion> {
    const rows = await this.db
      .selectFrom("es_streams")
      .select(["stream_id", "revision"])
      .where("stream_id", "in", appends.map((a) => a.streamId))
      .execute();
    const revisions = new Map(rows.map((r) => [r.stream_id, Number(r.revision)]));
    for (const { streamId, expectedRevision } of appends) {
      const actual = revisions.get(streamId) ?? -1;
      const ok =
        expectedRevision === "any" ||
        (expectedRevision === "no_stream" && actual === -1) ||
        (expectedRevision === "stream_exists" && actual >= 0) ||
        expectedRevision === actual;
      if (!ok) return new WrongExpectedVersion(streamId, expectedRevision, actual < 0 ? "no_stream" : actual);
    }
    return new WrongExpectedVersion(appends[0].streamId, appends[0].expectedRevision, "unknown");
  }

  /**
   * Wakes subscribers after a commit: this process's at once, other processes'
   * through a NOTIFY sent at once after a quiet spell and then at most once per
   * NOTIFY_INTERVAL_MS. A NOTIFY inside the appending transaction would serialise
   * every commit on Postgres's notify lock. PGlite's files are open in one process
   * only, so there nobody else is told.
   */
  announce(): void {
    for (const w of this.wakers) w();
    if (this.notifyPending || this.database.kind === "pglite") return;
    this.notifyPending = true;
    const send = () => {
      this.notifyPending = false;
      this.lastNotifyAt = Date.now();
      sql`select pg_notify(${CHANNEL}, ${this.sender})`.execute(this.db).catch(() => {
        // Subscribers elsewhere fall back to their idle poll.
      });
    };
    const wait = this.lastNotifyAt + NOTIFY_INTERVAL_MS - Date.now();
    if (wait <= 0) setImmediate(send);
    else setTimeout(send, wait).unref();
  }

  /**
   * Append inside a transaction the caller controls (tests hold one open to
   * prove readers never skip a late commit). Call `announce()` after commit.
   */
  async appendIn(
    db: Kysely<DB>,
    streamId: string,
    events: NewEvent[],
    expectedRevision: ExpectedRevision,
  ): Promise<AppendResult> {
    if (this.sealer) events = await this.sealer.seal(streamId, events);
    try {
      const { rows } = await sql<AppendRow>`select ${appendCall({ streamId, events, expectedRevision })}`.execute(db);
      return toAppendResult(rows[0]);
    } catch (err) {
      const e = err as { code?: string; detail?: string };
      if (e.code === "ES409") {
        const actual = Number(e.detail);
        throw new WrongExpectedVersion(streamId, expectedRevision, actual < 0 ? "no_stream" : actual);
      }
      // Two first appends racing on the same new stream can meet on the unique revision.
      if (e.code === "23505") throw new WrongExpectedVersion(streamId, expectedRevision, "unknown");
      throw err;
    }
  }

  readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.readStreamIn(this.db, streamId, options);
  }

  /** readStream on a connection the caller holds: a projector reading inside its batch's transaction on PGlite. */
  async readStreamIn(db: Kysely<DB>, streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === "backwards";
    const limit = options.maxCount ?? 1_000_000;
    const from = options.fromRevision;
    const bound =
      from === undefined ? sql`true` : backwards ? sql`stream_revision <= ${from}` : sql`stream_revision >= ${from}`;
    // A cart's newest events are read on nearly every page (the badge): a prepared statement.
    const query = sql<EventRow>`select ${options.withoutData ? HEADER_COLUMNS : COLUMNS} from es_events
      where stream_id = ${streamId} and ${bound}
      order by stream_revision ${backwards ? sql`desc` : sql`asc`} limit ${limit}`.compile(db);
    const { rows } = await runPrepared(db, query);
    return options.withoutData ? rows.map(toRecorded) : this.opened(rows.map(toRecorded));
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAllIn(this.db, options);
  }

  /**
   * readAll on a connection the caller holds: a replay reading inside its swap
   * transaction on PGlite, whose single connection that transaction owns.
   */
  async readAllIn(db: Kysely<DB>, options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.opened(await this.readStored(db, options.from, options.maxCount ?? 1000));
  }

  /** The next events of the global stream as stored: personal fields still sealed. */
  private async readStored(db: Kysely<DB>, from: Position | undefined, limit: number): Promise<RecordedEvent[]> {
    const [tx, pos] = decodePosition(from);
    const { rows } = await sql<EventRow>`select ${COLUMNS} from es_events
      where (transaction_id, global_position) > (${tx.toString()}::xid8, ${pos.toString()}::bigint) and ${VISIBLE}
      order by es_events.transaction_id, es_events.global_position limit ${limit}`.execute(db);
    return rows.map(toRecorded);
  }

  /** Events as readers see them: personal fields opened (or erased). */
  private opened(events: RecordedEvent[]): Promise<RecordedEvent[]> | RecordedEvent[] {
    return this.sealer ? this.sealer.open(events) : events;
  }

  readSpan(options: ReadSpanOptions = {}): Promise<Span> {
    return this.readSpanIn(this.db, options);
  }

  /**
   * readAll for a replay that feeds one projector: the next `maxCount` events
   * of the global stream, returning only those of the projector's types, and
   * where the span ended so the next one starts after the skipped events too.
   * Postgres does the skipping; the other events are never sent or decoded.
   */
  async readSpanIn(db: Kysely<DB>, options: ReadSpanOptions = {}): Promise<Span> {
    const [tx, pos] = decodePosition(options.from);
    const limit = options.maxCount ?? 1000;
    const columns = options.withoutData ? HEADER_COLUMNS : COLUMNS;
    if (!options.types) {
      const { rows } = await sql<EventRow>`select ${columns} from es_events
        where (transaction_id, global_position) > (${tx.toString()}::xid8, ${pos.toString()}::bigint) and ${VISIBLE}
        order by es_events.transaction_id, es_events.global_position limit ${limit}`.execute(db);
      const events = options.withoutData ? rows.map(toRecorded) : await this.opened(rows.map(toRecorded));
      return { events, scanned: events.length, last: events.at(-1)?.position };
    }
    // The span is found on the (transaction_id, global_position) index alone; the wanted
    // events are then read inside it, so a filter never turns into a sort of the whole table.
    // The category is the stream id up to its first '-', as `streamCategory` has it.
    const unknown = options.unknownIn?.length
      ? sql.join(
          options.unknownIn.map(
            (u) => sql`(split_part(es_events.stream_id, '-', 1) = ${u.category}
              and es_events.event_type <> all(${[...u.knownTypes]}::text[]))`,
          ),
          sql` or `,
        )
      : sql`false`;
    const { rows } = await sql<EventRow & { scanned: number | string; span_transaction_id: string; span_position: string | number }>`
      with span as materialized (
        select transaction_id, global_position from es_events
        where (transaction_id, global_position) > (${tx.toString()}::xid8, ${pos.toString()}::bigint) and ${VISIBLE}
        order by es_events.transaction_id, es_events.global_position limit ${limit}
      ), tail as (
        select (select count(*) from span) as scanned, transaction_id, global_position from span
        order by transaction_id desc, global_position desc limit 1
      )
      select tail.scanned, tail.transaction_id::text as span_transaction_id, tail.global_position as span_position, wanted.*
      from tail left join lateral (
        select ${columns} from es_events
        where (es_events.transaction_id, es_events.global_position) > (${tx.toString()}::xid8, ${pos.toString()}::bigint)
          and (es_events.transaction_id, es_events.global_position) <= (tail.transaction_id, tail.global_position)
          and (event_type = any(${[...options.types]}::text[]) or ${unknown})
        order by es_events.transaction_id, es_events.global_position
      ) wanted on true`.execute(db);
    if (rows.length === 0) return { events: [], scanned: 0, last: undefined };
    const events: RecordedEvent[] = [];
    for (const row of rows) if (row.event_id !== null) events.push(toRecorded(row));
    return {
      events: options.withoutData ? events : await this.opened(events),
      scanned: Number(rows[0].scanned),
      last: encodePosition(rows[0].span_transaction_id, rows[0].span_position),
    };
  }

  async headPosition(): Promise<Position | undefined> {
    const { rows } = await sql<{ transaction_id: string; global_position: string | number }>`
      select transaction_id::text as transaction_id, global_position from es_events
      where ${VISIBLE} order by es_events.transaction_id desc, es_events.global_position desc limit 1`.execute(this.db);
    return rows[0] ? encodePosition(rows[0].transaction_id, rows[0].global_position) : undefined;
  }

  async committedHeadPosition(): Promise<Position | undefined> {
    const { rows } = await sql<{ transaction_id: string; global_position: string | number }>`
      select transaction_id::text as transaction_id, global_position from es_events
      order by es_events.transaction_id desc, es_events.global_position desc limit 1`.execute(this.db);
    return rows[0] ? encodePosition(rows[0].transaction_id, rows[0].global_position) : undefined;
  }

  async countAfter(from: Position | undefined, cap = 1_000_000): Promise<number> {
    const [tx, pos] = decodePosition(from);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from (select 1 from es_events
      where (transaction_id, global_position) > (${tx.toString()}::xid8, ${pos.toString()}::bigint) and ${VISIBLE}
      limit ${cap}) t`.execute(this.db);
    return Number(rows[0].n);
  }

  comparePositions(a: Position | undefined, b: Position | undefined): number {
    const [atx, apos] = decodePosition(a);
    const [btx, bpos] = decodePosition(b);
    if (atx !== btx) return atx < btx ? -1 : 1;
    return apos === bpos ? 0 : apos < bpos ? -1 : 1;
  }

  /**
   * readAll for subscribers: the projectors and the reactor of one process are woken by
   * the same append and mostly ask for the same events, so a subscriber asking for what
   * another one's read in flight covers waits for that read instead of sending its own,
   * and one asking for events the tail holds gets them from there. Without the tail, ten
   * read models and the reactor, each a little behind the other, read the same events
   * five times per order (docs/benchmarks.md, Orders).
   */
  private readShared(from: Position | undefined, maxCount: number): Promise<RecordedEvent[]> {
    const held = this.fromTail(from, maxCount);
    if (held) return Promise.resolve(this.opened(held));
    const key = from ?? "";
    const inFlight = this.sharedReads.get(key);
    if (inFlight && inFlight.maxCount >= maxCount) {
      return inFlight.events.then((events) => (events.length > maxCount ? events.slice(0, maxCount) : events));
    }
    const stored = this.readStored(this.db, from, maxCount);
    const read = { maxCount, events: stored.then((events) => this.opened(events)) };
    this.sharedReads.set(key, read);
    const done = () => {
      if (this.sharedReads.get(key) === read) this.sharedReads.delete(key);
    };
    stored.then((events) => this.remember(from, events), () => {});
    read.events.then(done, done);
    return read.events;
  }

  /** The tail's events after `from`, or undefined when it does not reach past `from` (ask the database). */
  private fromTail(from: Position | undefined, maxCount: number): RecordedEvent[] | undefined {
    const tail = this.tail;
    if (!tail || tail.events.length === 0 || this.comparePositions(from, tail.after) < 0) return undefined;
    let lo = 0;
    let hi = tail.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.comparePositions(tail.events[mid].position, from) > 0) hi = mid;
      else lo = mid + 1;
    }
    return lo === tail.events.length ? undefined : tail.events.slice(lo, lo + maxCount);
  }

  /**
   * Keeps a subscriber's read in the tail. A read is every event after `from` up to its last
   * one (VISIBLE: no transaction still open can land a position among them), so a read that
   * starts where the tail ends extends it with no gap; one that ends further on starts it anew.
   */
  private remember(from: Position | undefined, events: RecordedEvent[]): void {
    if (events.length === 0) return;
    const tail = this.tail;
    const end = tail ? (tail.events.at(-1)?.position ?? tail.after) : undefined;
    // An erasure seals the person's events stored in clear before sealing existed, in place, before it
    // is recorded: the tail restarts after it, so no copy read before the sealing outlives it here.
    const erased = events.some((e) => e.type === "SubjectErased");
    if (tail && !erased && this.comparePositions(from, end) === 0) tail.events.push(...events);
    else if (erased) this.tail = { after: from, events: [...events] };
    else if (!tail || this.comparePositions(events[events.length - 1].position, end) > 0) this.tail = { after: from, events: [...events] };
    const kept = this.tail!;
    const over = kept.events.length - TAIL_EVENTS;
    if (over > 0) {
      kept.after = kept.events[over - 1].position;
      kept.events = kept.events.slice(over);
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const readAll = (o: { from: Position | undefined; maxCount: number }) => this.readShared(o.from, o.maxCount);
    const listening = () => this.ensureListening();
    const wakers = this.wakers;
    const batchSize = options.batchSize ?? 500;
    let from = options.from;
    let stopped = false;
    // Set by a notification; checked before sleeping so one that arrives mid-query is not lost.
    let notified = false;
    let pendingWake: (() => void) | undefined;
    const waker = () => {
      notified = true;
      pendingWake?.();
    };
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          pendingWake = undefined;
          resolve();
        }
        pendingWake = done;
      });

    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      await listening();
      wakers.add(waker);
      try {
        // When a notification finds nothing visible yet, an older transaction is
        // still open: look again soon, backing off to the idle poll.
        let retryMs = IDLE_POLL_MS;
        while (!stopped) {
          notified = false;
          const batch = await readAll({ from, maxCount: batchSize });
          if (stopped) break;
          if (batch.length > 0) {
            from = batch[batch.length - 1].position;
            yield batch;
            continue;
          }
          if (!notified) await sleep(retryMs);
          retryMs = notified ? 5 : Math.min(retryMs * 2, IDLE_POLL_MS);
        }
      } finally {
        wakers.delete(waker);
      }
    }

    const iterator = batches();
    return {
      [Symbol.asyncIterator]: () => iterator,
      async stop() {
        stopped = true;
        pendingWake?.();
        await iterator.return(undefined);
      },
    };
  }

  private ensureListening(): Promise<() => Promise<void>> {
    // No sender: the LISTEN connection was reopened after a break, and an append may have gone unheard.
    this.unlisten ??= this.database.listen(CHANNEL, (sender) => {
      if (sender === this.sender) return;
      for (const w of this.wakers) w();
    });
    return this.unlisten;
  }

  async close(): Promise<void> {
    for (const w of this.wakers) w();
    if (this.unlisten) await (await this.unlisten)();
  }
}
