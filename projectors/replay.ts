import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position, ReadAllOptions, RecordedEvent } from "../eventstore/port";
import type { Projector } from "./projector";

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
const BATCH = 5000;

export interface RebuildProgress {
  done: number;
  total: number;
  /** Events per second so far. */
  rate: number;
}

export interface RebuildOptions {
  batchSize?: number;
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

/** The live tables' other indexes, built on the scratch copies with the same names and definitions. */
async function addIndexes(db: Kysely<DB>, schema: string, projectors: Projector[]): Promise<void> {
  for (const table of projectors.flatMap((p) => p.tables)) {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = ${`public.${table}`}::regclass
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db);
    for (const { definition } of rows) {
      const onScratch = definition.replace(` ON public.${table} `, ` ON ${schema}.${table} `);
      if (onScratch === definition) throw new Error(`cannot place index on the scratch copy: ${definition}`);
      await sql.raw(onScratch).execute(db);
    }
  }
}

/** Runs `work` with the scratch schema first on the search path, in one transaction. */
async function inScratch<T>(db: Kysely<DB>, schema: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
    return work(trx);
  });
}

/**
 * Applies events after `from` (up to `until`, when given) to every projector in
 * the scratch schema, batch by batch, each batch with its checkpoint.
 */
async function build(
  db: Kysely<DB> | Transaction<DB>,
  store: EventStore,
  schema: string,
  projectors: Projector[],
  from: Position | undefined,
  options: RebuildOptions & { until?: Position; total?: number; started?: number; done?: number },
): Promise<{ position: Position | undefined; done: number }> {
  let position = from;
  let done = options.done ?? 0;
  const started = options.started ?? Date.now();
  const batchSize = options.batchSize ?? BATCH;
  const read = readerFor(store, db);
  const fetch = async (after: Position | undefined) => {
    const batch = await read({ from: after, maxCount: batchSize });
    return options.until === undefined ? batch : batch.filter((e) => store.comparePositions(e.position, options.until) <= 0);
  };
  // The next batch is read while this one is applied: reading and writing overlap.
  // Inside a transaction (PGlite's single connection, the swap) they take turns.
  let next = fetch(position);
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    const last = batch[batch.length - 1].position;
    const more = batch.length === batchSize || options.until !== undefined;
    next = more && !db.isTransaction ? fetch(last) : Promise.resolve([]);
    try {
      await applyToScratch(db, schema, projectors, batch);
    } catch (err) {
      await next.catch(() => {});
      throw err;
    }
    position = last;
    done += batch.length;
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    options.onProgress?.({ done, total: Math.max(options.total ?? 0, done), rate: done / seconds });
    await options.afterBatch?.(done);
    if (more && db.isTransaction) next = fetch(last);
  }
  return { position, done };
}

/** Inside a transaction, read through it where the store lives in the same database (PGlite has one connection). */
function readerFor(store: EventStore, db: Kysely<DB>) {
  const inSameDatabase = store as EventStore & { readAllIn?: (db: Kysely<DB>, o: ReadAllOptions) => Promise<RecordedEvent[]> };
  if (db.isTransaction && typeof inSameDatabase.readAllIn === "function") {
    return (o: ReadAllOptions) => inSameDatabase.readAllIn!(db, o);
  }
  return (o: ReadAllOptions) => store.readAll(o);
}

async function applyToScratch(
  db: Kysely<DB> | Transaction<DB>,
  schema: string,
  projectors: Projector[],
  batch: RecordedEvent[],
): Promise<void> {
  const work = async (trx: Kysely<DB>) => {
    // A scratch batch lost in a crash is rebuilt by the next run: no need to wait for the disk.
    if (!db.isTransaction) await sql`set local synchronous_commit = off`.execute(trx);
    for (const projector of projectors) await projector.apply(trx, batch);
    await sql`update ${sql.table(`${schema}.projector_checkpoints`)} set position = ${batch[batch.length - 1].position},
      updated_at = now() where name in (${sql.join(projectors.map((p) => p.name))})`.execute(trx);
  };
  if (db.isTransaction) {
    await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(db);
    try {
      await work(db);
    } finally {
      await sql`select set_config('search_path', 'public', true)`.execute(db);
    }
  } else {
    await inScratch(db as Kysely<DB>, schema, work);
  }
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
  store: EventStore,
  projectors: Projector[],
  options: RebuildOptions = {},
): Promise<ReplayResult> {
  await dropLeftoverScratch(db);
  const schema = await createScratch(db, projectors);
  const started = Date.now();
  try {
    const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
    let { position, done } = await build(db, store, schema, projectors, undefined, { ...options, total, started });
    await addIndexes(db, schema, projectors);

    await db.transaction().execute(async (trx) => {
      // Holding the live checkpoints stops the live projectors between batches:
      // nothing is applied to the old tables while the new ones catch up and move in.
      await trx
        .selectFrom("projector_checkpoints")
        .select("name")
        .where("name", "in", projectors.map((p) => p.name))
        .forUpdate()
        .execute();
      ({ position, done } = await build(trx, store, schema, projectors, position, {
        ...options, total, started, done,
      }));
      const retired = `${schema}_old`;
      await sql`create schema ${ident(retired)}`.execute(trx);
      for (const table of projectors.flatMap((p) => p.tables)) {
        await sql`alter table ${sql.table(`public.${table}`)} set schema ${ident(retired)}`.execute(trx);
        await sql`alter table ${sql.table(`${schema}.${table}`)} set schema public`.execute(trx);
      }
      await trx
        .updateTable("projector_checkpoints")
        .set({ position: position ?? null, updated_at: new Date() })
        .where("name", "in", projectors.map((p) => p.name))
        .execute();
    });
    return { events: done, seconds: (Date.now() - started) / 1000, position, schema };
  } finally {
    await dropLeftoverScratch(db);
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
  store: EventStore,
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
      let { position, done } = await build(db, store, schema, [projector], undefined, {
        ...options, total, until: head?.position ?? undefined,
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
          ({ position, done } = await build(trx, store, schema, [projector], position, { ...options, until, done }));
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
