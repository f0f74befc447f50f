import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/connection";
import type { DB } from "../db/schema";
import { knownMigrations, migrateTo, migrateToLatest, migrationLevel } from "../db/migrate";
import { BackupRefused, BackupWriter, BACKUP_FILE_PATH, BACKUP_FORMAT, BACKUP_VERSION, readBackup, type BackupHeader, type BackupTable } from "./backup-file";
import { EXACT_CREATED_AT, PostgresEventWriter, type CopiedEvent } from "./copy";

/**
 * Backups of a shop whose events live in its Postgres database (the Postgres event store, on a
 * server or embedded PGlite), and restoring one into an empty database (decision 112).
 *
 * What a backup holds: every event, and every table that is not rebuilt from the events and is
 * not about the database's own processes: accounts and admins, sessions and API tokens, sign-in
 * codes and rate-limit windows, the shop's products, newsletter sign-ups, the notification
 * record and outbox, the reactors' checkpoints. A table added later is in backups unless it is
 * named here or owned by a projector: leaving state out must be a decision, not an accident.
 * What it leaves out: the read models (the caller names the projectors' tables: a replay
 * rebuilds them) and the tables below.
 * Given the photos folder, the owner's photo files follow the rows (decision 139).
 */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  es_events: "the events: in the file as events, not rows",
  es_streams: "each stream's revision: rebuilt from the events on restore",
  projector_checkpoints: "how far each read model has got: a restore rebuilds the read models by replay",
  worker_heartbeats: "signs of life of the source database's job runners",
  backup_runs: "the source database's own backups",
  kysely_migration: "the schema's level: in the header as `migration`",
  kysely_migration_lock: "the schema's migration lock",
};

export interface BackupOptions {
  /** The read models' tables (every projector's `tables`): rebuilt by replay, so not in the file. */
  rebuilt: readonly string[];
  shopName?: string;
  /** Rows fetched per round trip. */
  batchSize?: number;
  /** Stops the backup between batches (the shop is shutting down); the partial file is removed. */
  signal?: AbortSignal;
  /** The photos folder (SHOP_PHOTOS_DIR): its originals and served files go into the backup too (decision 139). */
  photosDir?: string;
  /** The key the file is signed with (backupSigningKey, decision 168). */
  signingKey: Buffer;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  /** Of the uncompressed content, as the trailer holds it. */
  sha256: string;
  migration: string;
  events: number;
  /** Rows per table. */
  rows: Record<string, number>;
  seconds: number;
}

const ident = (name: string) => sql.id(name);

interface TableInfo extends BackupTable {
  /** Primary key columns, to write rows in a stable order. */
  key: string[];
}

/** The tables a backup carries, with their columns, in an order their foreign keys can be loaded in. */
async function backedUpTables(db: Kysely<DB>, rebuilt: readonly string[]): Promise<TableInfo[]> {
  const skip = new Set([...Object.keys(LEFT_OUT), ...rebuilt]);
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`.execute(db);
  const tables = new Map<string, TableInfo>();
  for (const { table_name, column_name } of columns) {
    if (skip.has(table_name)) continue;
    const table = tables.get(table_name) ?? { name: table_name, columns: [], key: [] };
    table.columns.push(column_name);
    tables.set(table_name, table);
  }
  const { rows: keys } = await sql<{ table_name: string; column_name: string }>`
    select cl.relname as table_name, a.attname as column_name
    from pg_index i join pg_class cl on cl.oid = i.indrelid join pg_namespace n on n.oid = cl.relnamespace
    join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
    join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
    where n.nspname = 'public' and i.indisprimary order by cl.relname, k.ord`.execute(db);
  for (const { table_name, column_name } of keys) tables.get(table_name)?.key.push(column_name);
  const { rows: references } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent from pg_constraint f
    join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where f.contype = 'f' and n.nspname = 'public'`.execute(db);
  // Parents before children; otherwise by name, so two backups of one schema list tables alike.
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || !tables.has(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys go round in a circle: ${[...path, name].join(" -> ")}`);
    for (const r of references) if (r.child === name && r.parent !== name) place(r.parent, [...path, name]);
    placed.add(name);
    ordered.push(tables.get(name)!);
  };
  for (const name of [...tables.keys()].sort()) place(name, []);
  return ordered;
}

async function countRows(db: Kysely<DB>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${ident(table)}`.execute(db);
  return Number(rows[0].n);
}

/** Fetches a cursor's rows in batches: inside one transaction, every batch from the same snapshot. */
async function* cursorRows<R>(trx: Transaction<DB>, name: string, query: ReturnType<typeof sql>, batchSize: number, signal?: AbortSignal) {
  await sql`declare ${ident(name)} no scroll cursor for ${query}`.execute(trx);
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { rows } = await sql<R>`fetch forward ${sql.raw(String(batchSize))} from ${ident(name)}`.execute(trx);
      if (rows.length === 0) break;
      yield rows;
    }
  } finally {
    await sql`close ${ident(name)}`.execute(trx).catch(() => {});
  }
}

/**
 * Takes a backup of `database` into `file`: one repeatable-read transaction, so the events and
 * every table are as they stood at one moment while the shop goes on writing (on a Postgres
 * server); on embedded PGlite the transaction holds the one connection, so the shop's own
 * queries wait for it. The file appears under its name only once it is whole and on disk.
 */
export async function backupToFile(database: Database, file: string, options: BackupOptions): Promise<BackupSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 5000;
  const writer = await BackupWriter.create(file, options.signingKey);
  try {
    const taken = await database.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const migration = await migrationLevel(trx);
        if (!migration) throw new BackupRefused(`${database.description} holds no shop (its schema was never migrated)`);
        const tables = await backedUpTables(trx, options.rebuilt);
        const counts: Record<string, number> = { events: await countRows(trx, "es_events") };
        for (const table of tables) counts[table.name] = await countRows(trx, table.name);
        const photoFiles = options.photosDir ? await listPhotoFiles(options.photosDir) : [];
        if (options.photosDir) counts.files = photoFiles.length;
        const { rows: heads } = await sql<{ head: string | null }>`
          select transaction_id::text || ':' || global_position as head from es_events
          order by transaction_id desc, global_position desc limit 1`.execute(trx);
        const header: BackupHeader = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          ...(options.shopName ? { shopName: options.shopName } : {}),
          source: database.description,
          migration,
          head: heads[0]?.head ?? null,
          counts,
          tables: tables.map(({ name, columns }) => ({ name, columns })),
          leftOut: {
            ...LEFT_OUT,
            ...Object.fromEntries(options.rebuilt.map((t) => [t, "a read model: rebuilt from the events by replay"])),
          },
          reactorCheckpoints: await reactorCheckpointEvents(trx),
        };
        await writer.line(JSON.stringify(header));

        // Every committed event in the store's order (transaction id, global position). Postgres writes the
        // lines' JSON itself: the data is never parsed and written again here.
        const events = sql`
          select row_to_json(r)::text as line from es_events cross join lateral (
            select es_events.stream_id as "streamId", es_events.stream_revision as revision, es_events.event_id as id,
              es_events.event_type as type, ${EXACT_CREATED_AT} as "createdAt", es_events.data, es_events.metadata,
              es_events.transaction_id::text || ':' || es_events.global_position as position
          ) r
          order by es_events.transaction_id, es_events.global_position`;
        for await (const rows of cursorRows<{ line: string }>(trx, "backup_events", events, batchSize, options.signal)) {
          for (const { line } of rows) await writer.line(`["event",${line}]`);
        }
        for (const table of tables) {
          const prefix = `["row",${JSON.stringify(table.name)},`;
          const list = sql.join(table.columns.map((c) => ident(c)));
          const order = table.key.length ? sql`order by ${sql.join(table.key.map((c) => ident(c)))}` : sql``;
          const query = sql`select row_to_json(t)::text as line from (select ${list} from ${ident(table.name)} ${order}) t`;
          for await (const rows of cursorRows<{ line: string }>(trx, `backup_${table.name}`, query, batchSize, options.signal)) {
            for (const { line } of rows) await writer.line(`${prefix}${line}]`);
          }
        }
        // The photos last: content-addressed, so the list taken above names files that never change.
        for (const name of photoFiles) {
          if (options.signal?.aborted) throw options.signal.reason;
          const bytes = await fs.readFile(path.join(options.photosDir!, name));
          await writer.line(JSON.stringify(["file", name, bytes.toString("base64")]));
        }
        return { migration, counts };
      });
    const { sha256, bytes } = await writer.finish(taken.counts);
    const { events, ...rows } = taken.counts;
    return { file, bytes, sha256, migration: taken.migration, events, rows, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** Each reactor's checkpoint as the id of the last event at or before it. */
async function reactorCheckpointEvents(trx: Kysely<DB>): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ name: string; event_id: string | null }>`
    select c.name, (
      select e.event_id::text from es_events e
      where c.position is not null
        and (e.transaction_id, e.global_position) <= (split_part(c.position, ':', 1)::xid8, split_part(c.position, ':', 2)::bigint)
      order by e.transaction_id desc, e.global_position desc limit 1
    ) as event_id
    from reactor_checkpoints c order by c.name`.execute(trx);
  return Object.fromEntries(rows.map((r) => [r.name, r.event_id]));
}

/** Tables in the database that hold rows, with their counts; migration bookkeeping aside. */
export async function nonEmptyTables(db: Kysely<DB>): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'kysely_migration%'
    order by c.relname`.execute(db);
  const found: Record<string, number> = {};
  for (const { name } of rows) {
    const n = await countRows(db, name);
    if (n > 0) found[name] = n;
  }
  return found;
}

export interface RestoreOptions {
  /** The key the file must be signed with (decision 168). */
  signingKey: Buffer;
  batchSize?: number;
  /** Where the backup's photo files are written (SHOP_PHOTOS_DIR); without it they are checked and left out. */
  photosDir?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface RestoreSummary {
  migration: string;
  events: number;
  rows: Record<string, number>;
  sha256: string;
  /** Where the last restored event stands in this store. */
  head: string | undefined;
  seconds: number;
}

/**
 * Restores a backup into `database`, which must hold nothing (a fresh database, or one only
 * migrated): the schema is brought to the backup's level, the events and rows are written in one
 * transaction that commits only once the whole file has been read and its digest and counts
 * checked, and then the schema is migrated to this code's level. The read models stay empty:
 * the caller replays them. The events keep their streams, revisions, ids, types, data, metadata,
 * times and order; their positions are this store's (transaction ids are per server), and each
 * reactor's checkpoint is moved to the position of the event it had reached.
 */
export async function restoreFromFile(database: Database, file: string, options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const db = database.db;
  const batchSize = options.batchSize ?? 2000;
  const entries = readBackup(file, options.signingKey);
  const first = await entries.next();
  if (first.done || first.value.kind !== "header") throw new BackupRefused(`${file}: not a shop backup`);
  const header = first.value.header;
  try {
    if (!knownMigrations().includes(header.migration)) {
      throw new BackupRefused(
        `${file} was made by a newer shop (schema ${header.migration}, which this one does not know): restore it with that version`,
      );
    }
    await refuseUnlessEmpty(database);
    const level = await migrationLevel(db);
    if (level && level > header.migration) {
      throw new BackupRefused(
        `${database.description} is already at schema ${level}, past the backup's ${header.migration}: restore into a database that has not been migrated`,
      );
    }
    await migrateTo(db, header.migration);
    await checkColumns(db, header);

    let sha256 = "";
    const total = header.counts.events ?? 0;
    await db.transaction().execute(async (trx) => {
      // Nobody else writes while the file goes in, and nothing was written since the check above.
      await sql`lock table es_events in exclusive mode`.execute(trx);
      await refuseUnlessEmpty({ ...database, db: trx });
      const writer = new PostgresEventWriter(trx);
      let events: CopiedEvent[] = [];
      let rows: Record<string, unknown>[] = [];
      let rowsOf: string | undefined;
      let done = 0;
      const flushEvents = async () => {
        if (events.length === 0) return;
        await writer.write(events);
        done += events.length;
        events = [];
        options.onProgress?.(done, total);
      };
      const flushRows = async () => {
        if (!rowsOf || rows.length === 0) return;
        await loadRows(trx, header.tables.find((t) => t.name === rowsOf)!, rows);
        rows = [];
      };
      for await (const entry of entries) {
        if (entry.kind === "event") {
          const { position: _position, ...event } = entry.event;
          events.push(event);
          if (events.length >= batchSize) await flushEvents();
        } else if (entry.kind === "row") {
          await flushEvents();
          if (entry.table !== rowsOf) {
            await flushRows();
            if (!header.tables.some((t) => t.name === entry.table)) {
              throw new BackupRefused(`${file}: rows of ${entry.table}, a table its header does not list: the backup is damaged`);
            }
            rowsOf = entry.table;
          }
          rows.push(entry.row);
          if (rows.length >= batchSize) await flushRows();
        } else if (entry.kind === "file") {
          // Written as they come: each is named by its content, so one left behind by a failed restore is harmless.
          if (options.photosDir) await writePhotoFile(options.photosDir, entry.path, entry.bytes);
        } else if (entry.kind === "end") {
          sha256 = entry.trailer.sha256;
        }
      }
      await flushEvents();
      await flushRows();
      // The whole file has been read and checked (readBackup throws before its end otherwise).
      await moveReactorCheckpoints(trx, header.reactorCheckpoints ?? {});
      for (const table of header.tables) await restartIdentities(trx, table.name);
    });
    await migrateToLatest(db);
    const { rows: heads } = await sql<{ head: string | null }>`
      select transaction_id::text || ':' || global_position as head from es_events
      order by transaction_id desc, global_position desc limit 1`.execute(db);
    const { events, ...rows } = header.counts;
    return {
      migration: header.migration,
      events: events ?? 0,
      rows,
      sha256,
      head: heads[0]?.head ?? undefined,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await entries.return(undefined);
  }
}

/** Refuses a database that holds anything: one line naming what it holds. */
async function refuseUnlessEmpty(database: Pick<Database, "db" | "description">): Promise<void> {
  const held = await nonEmptyTables(database.db);
  const names = Object.entries(held);
  if (names.length === 0) return;
  const list = names
    .slice(0, 4)
    .map(([table, n]) => `${table}: ${n.toLocaleString("en-IN")} ${n === 1 ? "row" : "rows"}`)
    .join(", ");
  throw new BackupRefused(
    `${database.description} is not empty (${list}${names.length > 4 ? ", ..." : ""}): a backup is restored only into an empty database or data folder`,
  );
}

/** Every table the backup lists must take its columns at the backup's schema level. */
async function checkColumns(db: Kysely<DB>, header: BackupHeader): Promise<void> {
  for (const table of header.tables) {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table.name}`.execute(db);
    const present = new Set(rows.map((r) => r.column_name));
    const missing = table.columns.filter((c) => !present.has(c));
    if (missing.length > 0) {
      throw new BackupRefused(
        `the backup's ${table.name} has ${missing.join(", ")}, which this database's ${table.name} lacks at schema ${header.migration}`,
      );
    }
  }
}

/** Rows as the backup holds them (Postgres's own JSON of each row), read back by Postgres: exact for every type. */
async function loadRows(trx: Kysely<DB>, table: BackupTable, rows: Record<string, unknown>[]): Promise<void> {
  const list = sql.join(table.columns.map((c) => ident(c)));
  await sql`insert into ${ident(table.name)} (${list}) overriding system value
    select ${list} from jsonb_populate_recordset(null::${ident(table.name)}, ${JSON.stringify(rows)}::jsonb)`.execute(trx);
}

/** An identity column's sequence past the restored rows, so the next insert does not collide. */
async function restartIdentities(trx: Kysely<DB>, table: string): Promise<void> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_identity = 'YES'`.execute(trx);
  for (const { column_name } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column_name}), max_value, true)
      from (select max(${ident(column_name)}) as max_value from ${ident(table)}) m where max_value is not null`.execute(trx);
  }
}

/** Each reactor's checkpoint at the position, in this store, of the event it had reached. */
async function moveReactorCheckpoints(trx: Kysely<DB>, reached: Record<string, string | null>): Promise<void> {
  for (const [name, eventId] of Object.entries(reached)) {
    await sql`update reactor_checkpoints set position = (
        select transaction_id::text || ':' || global_position from es_events where event_id = ${eventId}::uuid
      ) where name = ${name}`.execute(trx);
  }
}

/** The photo files under `photosDir` a backup carries, as paths under it (BACKUP_FILE_PATH), sorted. */
async function listPhotoFiles(photosDir: string): Promise<string[]> {
  const names: string[] = [];
  for (const folder of ["originals", "files"]) {
    let entries: string[];
    try {
      entries = await fs.readdir(path.join(photosDir, folder));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    for (const name of entries) if (BACKUP_FILE_PATH.test(`${folder}/${name}`)) names.push(`${folder}/${name}`);
  }
  return names.sort();
}

/** Writes one restored photo file beside its place and renames it in, so no half file is ever served. */
async function writePhotoFile(photosDir: string, name: string, bytes: Buffer): Promise<void> {
  const file = path.join(photosDir, name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
}
