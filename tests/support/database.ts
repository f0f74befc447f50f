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
  if (postgresUrl) {
    const name = `shop_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const inner = await connectPostgres(url.toString(), { poolSize: options.poolSize ?? 12 });
    database = {
      ...inner,
      url: url.toString(),
      async close() {
        await inner.close().catch(() => {});
        const dropper = new pg.Client({ connectionString: postgresUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    };
  } else {
    database = { ...(await connectPGlite()), url: null };
  }
  if (options.migrate !== false) await migrateToLatest(database.db);
  return database;
}
