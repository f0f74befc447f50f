import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { connectPGlite, connectPostgres, type Database } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";

export interface TestDatabase extends Database {
  /** The URL of the scratch database, when it is a real Postgres. */
  url: string | null;
}

/**
 * A fresh, migrated database for one test file: a scratch database on the real
 * Postgres server (dropped on close), or an in-memory PGlite without one.
 */
export async function createTestDatabase(options: { migrate?: boolean; poolSize?: number } = {}): Promise<TestDatabase> {
  const { postgresUrl } = inject("services");
  let database: TestDatabase;
  // On the server a migrated database is copied from the run's migrated one: one statement instead of every migration.
  const template = postgresUrl && options.migrate !== false ? inject("migratedDatabase") : null;
  if (postgresUrl) {
    const name = scratchName();
    await onServer(postgresUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
    const url = databaseUrl(postgresUrl, name);
    const inner = await connectPostgres(url, { poolSize: options.poolSize ?? 12 });
    database = {
      ...inner,
      url,
      async close() {
        await inner.close().catch(() => {});
        await onServer(postgresUrl, `drop database if exists ${name} with (force)`);
      },
    };
  } else {
    database = { ...(await connectPGlite()), url: null };
  }
  if (options.migrate !== false && !template) await migrateToLatest(database.db);
  return database;
}

/**
 * The run's migrated database on the Postgres server, made once by the global setup: each test's database
 * is copied from it (`create database ... template`, about 70 ms) instead of running every migration again
 * (about 400 ms on a quiet machine, more of Postgres's time on a busy one). Answers its name and how to drop it.
 */
export async function createMigratedTemplate(postgresUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = scratchName("shop_test_migrated");
  await onServer(postgresUrl, `create database ${name}`);
  const database = await connectPostgres(databaseUrl(postgresUrl, name), { poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    // A template takes no copy while anyone is connected to it.
    await database.close();
  }
  return { name, drop: () => onServer(postgresUrl, `drop database if exists ${name} with (force)`) };
}

function scratchName(prefix = "shop_test"): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on the server's admin database, on a connection of its own. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
