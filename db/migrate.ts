import { Migrator, sql, type Kysely } from "kysely";
import { migrations } from "./migrations/index";

function migrator(db: Kysely<any>): Migrator {
  // Each piece of work takes migration numbers from its own range, so a shop already at 0090 still gets a later
  // 0050: every migration stands alone and runs once, whatever its number (kysely's unordered migrations).
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
}

function failure(error: unknown, results: { migrationName: string; status: string }[] | undefined): Error {
  const failed = results?.find((r) => r.status === "Error");
  return new Error(`database migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** Brings the schema up to date. Safe to run on every start and from several processes. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw failure(error, results);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Brings the schema up to `name` and no further (a restore loads a backup at the level it was taken). */
export async function migrateTo(db: Kysely<any>, name: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`no migration named ${name}`);
  const { error, results } = await migrator(db).migrateTo(name);
  if (error) throw failure(error, results);
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The last migration applied (names sort in the order they run), or undefined for a database never migrated. */
export async function migrationLevel(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('public.kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return undefined;
  const { rows: level } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return level[0]?.name ?? undefined;
}

/** Every migration this code knows, in the order they run. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}
