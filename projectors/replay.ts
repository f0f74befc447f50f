import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/connection";
import type { DB } from "../db/schema";
import type { EventReader, Position, ReadAllOptions, RecordedEvent } from "../eventstore/port";
import { knownEventTypes } from "../domain/events/index";
import type { ReadSpanOptions, Span } from "../eventstore/postgres";
import { streamReaderIn, type ApplyContext, type Projector } from "./projector";
import { wantedEvents } from "./wanted";

/**
 * Rebuilding read models from the first event. The projectors' own code does
 * the work: with `search_path` pointing at a scratch schema first, their
 * unqualified table names land in fresh copies of their tables there.
 *
 * - replay: build in a scratch schema while the live tables keep serving,
 *   catch up to the live position, then swap the tables in one transaction.
 * - verify: build in a scratch schema up to the live checkpoint and compare
 *   row by row.
 */

const SCRATCH_PREFIX = "rebuild_";
// Events per span. 15,000 rather than 5,000: fewer round trips and commits, and reading the next span
// overlaps more of applying this one (a million events: 39,000-46,000 against 37,000-40,000 events/s); 30,000 was no faster
// and holds twice the memory.
const BATCH = 15_000;
// How long a replay waits for a transaction older than its last events to end before it gives up (see seenUpTo).
const HELD_BACK_MS = 120_000;

export interface RebuildProgress {
  done: number;
  total: number;
  /** Events per second so far. */
  rate: number;
}

export interface RebuildOptions {
  batchSize?: number;
  /**
   * Runs a projector's bulk build somewhere else (projectors/replay-threads.ts: a worker
   * thread per projector, so their Node work uses both cores). Without it the builds
   * share this thread. The catch-up and the swap always run here.
   */
  builder?: ScratchBuilder;
  /** A held connection with COPY (`Database.session`, Postgres server only): bulk loads then go in through COPY. */
  session?: Database["session"];
  onProgress?: (progress: RebuildProgress) => void;
  /** Called between batches; a test uses it to interrupt a replay half way. */
  afterBatch?: (done: number) => Promise<void> | void;
}

export class UnknownProjection extends Error {
  override name = "UsageError";
}

/** The projectors named, or all of them; an unknown name lists the known ones. */
export function selectProjectors(all: readonly Projector[], names: string[]): Projector[] {
  if (names.length === 0) return [...all];
  const known = new Map(all.map((p) => [p.name, p]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new UnknownProjection(
      `unknown projection ${unknown.map((n) => `"${n}"`).join(", ")}; known: ${[...known.keys()].join(", ")}`,
    );
  }
  return names.map((n) => known.get(n)!);
}

const ident = (name: string) => sql.id(name);

/** Drops scratch schemas a killed replay or verify left behind. Live tables are never in them. */
export async function dropLeftoverScratch(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ nspname: string }>`
    select nspname from pg_namespace where nspname like ${SCRATCH_PREFIX + "%"}`.execute(db);
  for (const row of rows) await sql`drop schema ${ident(row.nspname)} cascade`.execute(db);
  return rows.map((r) => r.nspname);
}

/**
 * Fresh copies of the tables in a scratch schema, with their keys but without
 * their other indexes: a bulk load into bare tables is much faster, and
 * `addIndexes` builds the indexes once at the end, under their live names.
 */
async function createScratch(db: Kysely<DB>, projectors: Projector[]): Promise<string> {
  const schema = `${SCRATCH_PREFIX}${Date.now()}_${randomBytes(3).toString("hex")}`;
  await db.transaction().execute(async (trx) => {
    await sql`create schema ${ident(schema)}`.execute(trx);
    await sql`create table ${sql.table(`${schema}.projector_checkpoints`)}
      (like public.projector_checkpoints including all)`.execute(trx);
    for (const table of projectors.flatMap((p) => p.tables)) {
      await sql`create table ${sql.table(`${schema}.${table}`)}
        (like ${sql.table(`public.${table}`)} including all excluding indexes)`.execute(trx);
      // Keys stay from the start: projectors upsert on them.
      const { rows: keys } = await sql<{ name: string; definition: string }>`
        select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = ${`public.${table}`}::regclass and contype in ('p', 'u', 'x')`.execute(trx);
      for (const key of keys) {
        await sql`alter table ${sql.table(`${schema}.${table}`)} add constraint ${ident(key.name)} ${sql.raw(key.definition)}`.execute(trx);
      }
    }
    await sql`insert into ${sql.table(`${schema}.projector_checkpoints`)} (name, position)
      select unnest(${projectors.map((p) => p.name)}::text[]), null`.execute(trx);
  });
  return schema;
}

/**
 * The live tables' other indexes, built on the scratch copies with the same names and
 * definitions: two at a time (an index build keeps one core busy; this machine has two),
 * each with room to sort in memory.
 */
async function addIndexes(db: Kysely<DB>, schema: string, projectors: Projector[]): Promise<void> {
  const definitions: string[] = [];
  for (const table of projectors.flatMap((p) => p.tables)) {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = ${`public.${table}`}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db);
    for (const { definition } of rows) {
      const onScratch = definition.replace(` ON public.${table} `, ` ON ${schema}.${table} `);
      if (onScratch === definition) throw new Error(`cannot place index on the scratch copy: ${definition}`);
      definitions.push(onScratch);
    }
  }
  const build = async () => {
    for (let next = definitions.shift(); next !== undefined; next = definitions.shift()) {
      const definition = next;
      await db.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        await sql.raw(definition).execute(trx);
      });
    }
  };
  // On PGlite the second waits for the one connection.
  await Promise.all([build(), build()]);
}

/** Runs `work` with the scratch schema first on the search path, in one transaction. */
async function inScratch<T>(db: Kysely<DB>, schema: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
    return work(trx);
  });
}

/** What a build stops at: the live checkpoint (verify), or the head when absent. */
export interface BuildOptions extends RebuildOptions {
  until?: Position;
  done?: number;
  /** After each batch, with the events this build has gone through so far. */
  report?: (done: number) => Promise<void> | void;
  /** Checked between batches: another build running beside this one has failed. */
  halted?: () => boolean;
}

/** A build from the first event into the scratch schema, to where the store's head was when it ended. */
export type ScratchBuilder = (
  projector: Projector,
  schema: string,
  options: BuildOptions,
) => Promise<{ position: Position | undefined; done: number }>;

/**
 * Applies events after `from` (up to `until`, when given) to one projector in
 * the scratch schema, batch by batch, each batch with its checkpoint. The store
 * is asked only for what the projector reads, where it can say so.
 */
export async function build(
  db: Kysely<DB> | Transaction<DB>,
  store: EventReader,
  schema: string,
  projector: Projector,
  from: Position | undefined,
  options: BuildOptions,
): Promise<{ position: Position | undefined; done: number }> {
  let position = from;
  let done = options.done ?? 0;
  const batchSize = options.batchSize ?? BATCH;
  const read = readerFor(store, db, projector);
  const fetch = (after: Position | undefined) => read({ from: after, maxCount: batchSize });
  // The next span is read while this one is applied: reading and writing overlap.
  // Inside a transaction (PGlite's single connection, the swap) they take turns.
  let next = fetch(position);
  for (;;) {
    if (options.halted?.()) {
      await next.catch(() => {});
      break;
    }
    const span = await next;
    if (span.scanned === 0 || span.last === undefined) break;
    let { events, last } = span;
    const reachedUntil = options.until !== undefined && store.comparePositions(last, options.until) >= 0;
    if (reachedUntil) {
      events = events.filter((e) => store.comparePositions(e.position, options.until) <= 0);
      last = options.until!;
    }
    const more = !reachedUntil && (span.scanned === batchSize || options.until !== undefined);
    next = more && !db.isTransaction ? fetch(last) : Promise.resolve(NOTHING);
    try {
      // A span without a single event the projector reads changes none of its rows.
      if (events.length > 0) await applyToScratch(db, store, schema, projector, events, last, options.session);
    } catch (err) {
      await next.catch(() => {});
      throw err;
    }
    position = last;
    done += span.scanned;
    await options.report?.(done);
    if (more && db.isTransaction) next = fetch(last);
  }
  return { position, done };
}

const NOTHING: Span = { events: [], scanned: 0, last: undefined };

/** The Postgres store's span reads (see `PostgresEventStore.readSpanIn`); other stores are read whole. */
type SpanReading = EventReader & {
  readSpan?: (o: ReadSpanOptions) => Promise<Span>;
  readSpanIn?: (db: Kysely<DB>, o: ReadSpanOptions) => Promise<Span>;
  readAllIn?: (db: Kysely<DB>, o: ReadAllOptions) => Promise<RecordedEvent[]>;
};

/**
 * Reads spans of the global stream for one projector. Inside a transaction it
 * reads through it where the store lives in the same database (PGlite has one
 * connection).
 */
function readerFor(store: EventReader, db: Kysely<DB>, projector: Projector): (o: ReadAllOptions) => Promise<Span> {
  const spans = store as SpanReading;
  // Besides its types, a projector gets the events of its categories that no registry knows: its `apply`
  // refuses them with their position, as live projection does, where a filter on types alone would skip them.
  const unknownIn = projector.categories?.map((category) => ({ category, knownTypes: knownEventTypes(category) }));
  const span: ReadSpanOptions = { types: projector.eventTypes, unknownIn, withoutData: projector.headersOnly };
  if (db.isTransaction && typeof spans.readSpanIn === "function") return (o) => spans.readSpanIn!(db, { ...o, ...span });
  if (!db.isTransaction && typeof spans.readSpan === "function") return (o) => spans.readSpan!({ ...o, ...span });
  const readAll =
    db.isTransaction && typeof spans.readAllIn === "function"
      ? (o: ReadAllOptions) => spans.readAllIn!(db, o)
      : (o: ReadAllOptions) => store.readAll(o);
  const wanted = wantedEvents(projector);
  return async (o) => {
    const all = await readAll(o);
    return { events: wanted ? all.filter(wanted) : all, scanned: all.length, last: all.at(-1)?.position };
  };
}

async function applyToScratch(
  db: Kysely<DB> | Transaction<DB>,
  store: EventReader,
  schema: string,
  projector: Projector,
  events: RecordedEvent[],
  last: Position,
  session?: Database["session"],
): Promise<void> {
  const work = async (trx: Kysely<DB>, copy?: ApplyContext["copy"]) => {
    // A scratch batch lost in a crash is rebuilt by the next run: no need to wait for the disk.
    if (!db.isTransaction) await sql`set local synchronous_commit = off`.execute(trx);
    await projector.apply(trx, events, { events: streamReaderIn(store, trx), freshTables: true, copy });
    await sql`update ${sql.table(`${schema}.projector_checkpoints`)} set position = ${last},
      updated_at = now() where name = ${projector.name}`.execute(trx);
  };
  if (db.isTransaction) {
    await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(db);
    try {
      await work(db);
    } finally {
      await sql`select set_config('search_path', 'public', true)`.execute(db);
    }
  } else if (session) {
    // The batch's transaction on one held connection, so its COPYs and its checkpoint commit together.
    await session(async ({ db: held, copy }) => {
      await sql`begin`.execute(held);
      try {
        await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(held);
        await work(held, copy);
        await sql`commit`.execute(held);
      } catch (err) {
        await sql`rollback`.execute(held).catch(() => {});
        throw err;
      }
    });
  } else {
    await inScratch(db as Kysely<DB>, schema, (trx) => work(trx));
  }
}

/**
 * Runs one build per projector side by side: each reads only what its
 * projector needs and writes its own tables, so Postgres works on one while
 * Node decodes for another. The first failure stops the others between
 * batches and is rethrown once all have stopped.
 */
async function sideBySide<T>(builds: ((halted: () => boolean) => Promise<T>)[]): Promise<T[]> {
  let failed = false;
  const halted = () => failed;
  const results = await Promise.allSettled(
    builds.map((run) =>
      run(halted).catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    ),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failure) throw failure.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** Progress of builds running side by side: the events every one of them has gone through. */
function progressOf(projectors: Projector[], options: RebuildOptions, total: number, started: number) {
  const passed = new Map(projectors.map((p) => [p.name, 0]));
  return (projector: Projector) => async (done: number) => {
    passed.set(projector.name, done);
    const slowest = Math.min(...passed.values());
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    options.onProgress?.({ done: slowest, total: Math.max(total, slowest), rate: slowest / seconds });
    await options.afterBatch?.(slowest);
  };
}

export interface ReplayResult {
  events: number;
  seconds: number;
  position: Position | undefined;
  schema: string;
}

/**
 * Blue-green replay: the live tables serve throughout; the new ones replace
 * them atomically once caught up. Killed half way, it leaves the live tables as
 * they were and a scratch schema the next run drops.
 */
export async function replay(
  db: Kysely<DB>,
  store: EventReader,
  projectors: Projector[],
  options: RebuildOptions = {},
): Promise<ReplayResult> {
  await dropLeftoverScratch(db);
  const schema = await createScratch(db, projectors);
  const started = Date.now();
  try {
    // Every event committed before the replay began is in what it swaps in, even one readers cannot see yet.
    const committed = await store.committedHeadPosition();
    const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
    const report = progressOf(projectors, options, total, started);
    const builder: ScratchBuilder =
      options.builder ?? ((projector, scratch, o) => build(db, store, scratch, projector, undefined, o));
    const built = await sideBySide(
      projectors.map((projector) => (halted: () => boolean) =>
        builder(projector, schema, { ...options, report: report(projector), halted }),
      ),
    );
    await addIndexes(db, schema, projectors);
    await seenUpTo(store, committed);

    const caughtUp = await db.transaction().execute(async (trx) => {
      // Holding the live checkpoints stops the live projectors between batches:
      // nothing is applied to the old tables while the new ones catch up and move in.
      await trx
        .selectFrom("projector_checkpoints")
        .select("name")
        .where("name", "in", projectors.map((p) => p.name))
        .forUpdate()
        .execute();
      const reached: { position: Position | undefined; done: number }[] = [];
      for (const [i, projector] of projectors.entries()) {
        const { position, done } = built[i];
        reached.push(await build(trx, store, schema, projector, position, { ...options, done, report: report(projector) }));
      }
      const retired = `${schema}_old`;
      await sql`create schema ${ident(retired)}`.execute(trx);
      for (const table of projectors.flatMap((p) => p.tables)) {
        await sql`alter table ${sql.table(`public.${table}`)} set schema ${ident(retired)}`.execute(trx);
        await sql`alter table ${sql.table(`${schema}.${table}`)} set schema public`.execute(trx);
      }
      for (const [i, projector] of projectors.entries()) {
        await trx
          .updateTable("projector_checkpoints")
          .set({ position: reached[i].position ?? null, updated_at: new Date() })
          .where("name", "=", projector.name)
          .execute();
      }
      return reached;
    });
    // Every projector went through the same events, unless some arrived between two catch-ups.
    const furthest = caughtUp.reduce((a, b) => (store.comparePositions(b.position, a.position) > 0 ? b : a), caughtUp[0]);
    return {
      events: Math.max(0, ...caughtUp.map((r) => r.done)),
      seconds: (Date.now() - started) / 1000,
      position: furthest?.position,
      schema,
    };
  } finally {
    await dropLeftoverScratch(db);
  }
}

/**
 * Waits until readers see the events up to `committed`. On Postgres, events whose transaction committed while an
 * older transaction (of any database on the server: transaction ids are the server's) still runs are held back
 * from every read until it ends, so no reader skips them; a replay that swapped in before then would leave them
 * to the live projectors, and a read model read at once would lack them.
 */
async function seenUpTo(store: EventReader, committed: Position | undefined): Promise<void> {
  const deadline = Date.now() + HELD_BACK_MS;
  while (store.comparePositions(await store.headPosition(), committed) < 0) {
    if (Date.now() > deadline) {
      throw new Error(
        `replay: the newest events are still held back after ${HELD_BACK_MS / 1000} s by a transaction on the database server that began before they were committed; the live tables are unchanged, end that transaction (pg_stat_activity) and replay again`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface TableDifference {
  projector: string;
  table: string;
  /** Rows only in the live table. */
  onlyLive: Record<string, unknown>[];
  /** Rows only in the rebuilt table. */
  onlyRebuilt: Record<string, unknown>[];
}

/**
 * Rebuilds into scratch tables up to each live checkpoint and compares row by
 * row. An empty answer means live projection and replay agree.
 */
export async function verify(
  db: Kysely<DB>,
  store: EventReader,
  projectors: Projector[],
  options: RebuildOptions & { sampleRows?: number } = {},
): Promise<TableDifference[]> {
  await dropLeftoverScratch(db);
  const differences: TableDifference[] = [];
  try {
    for (const projector of projectors) {
      const schema = await createScratch(db, [projector]);
      const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
      const head = await db
        .selectFrom("projector_checkpoints")
        .select("position")
        .where("name", "=", projector.name)
        .executeTakeFirst();
      const report = progressOf([projector], options, total, Date.now());
      let { position, done } = await build(db, store, schema, projector, undefined, {
        ...options, until: head?.position ?? undefined, report: report(projector),
      });
      await db.transaction().execute(async (trx) => {
        // Compare at one position: hold the live projector still and bring the scratch copy to where it stands.
        const live = await trx
          .selectFrom("projector_checkpoints")
          .select("position")
          .where("name", "=", projector.name)
          .forUpdate()
          .executeTakeFirst();
        const until = live?.position ?? undefined;
        if (until !== undefined && store.comparePositions(position, until) < 0) {
          ({ position, done } = await build(trx, store, schema, projector, position, { ...options, until, done }));
        }
        for (const table of projector.tables) {
          const diff = await compareTables(trx, table, schema, options.sampleRows ?? 20);
          if (diff.onlyLive.length || diff.onlyRebuilt.length) differences.push({ projector: projector.name, table, ...diff });
        }
      });
      await sql`drop schema ${ident(schema)} cascade`.execute(db);
    }
  } finally {
    await dropLeftoverScratch(db);
  }
  return differences;
}

async function compareTables(trx: Transaction<DB>, table: string, schema: string, limit: number) {
  // Not compared: identity columns (they number rows in insert order, which a rebuild need not repeat)
  // and columns defaulting to the clock (they record when a row was projected, not what happened).
  const { rows: columns } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_identity = 'NO' and is_generated = 'NEVER'
      and coalesce(column_default, '') !~* '(now\(\)|clock_timestamp|current_timestamp|statement_timestamp|transaction_timestamp)'
    order by ordinal_position`.execute(trx);
  const list = sql.join(columns.map((c) => sql.id(c.column_name)));
  const live = sql.table(`public.${table}`);
  const rebuilt = sql.table(`${schema}.${table}`);
  const onlyLive = await sql<Record<string, unknown>>`
    (select ${list} from ${live} except all select ${list} from ${rebuilt}) limit ${limit}`.execute(trx);
  const onlyRebuilt = await sql<Record<string, unknown>>`
    (select ${list} from ${rebuilt} except all select ${list} from ${live}) limit ${limit}`.execute(trx);
  return { onlyLive: onlyLive.rows, onlyRebuilt: onlyRebuilt.rows };
}
