import { randomBytes } from "node:crypto";
import pg from "pg";
import { connectPostgres, type Database } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";

const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** A scratch database on the local Postgres server for one benchmark run, dropped by `drop()`. */
export async function benchDatabase(poolSize = 16): Promise<Database & { url: string; drop(): Promise<void> }> {
  const name = `shop_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), { poolSize });
  await migrateToLatest(database.db);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `writers` loops of `op` for `seconds`; returns operations per second. */
export async function throughput(writers: number, seconds: number, op: (writer: number, i: number) => Promise<void>) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await op(w, i);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}
