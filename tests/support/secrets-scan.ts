import { sql, type Kysely } from "kysely";
import { Redis } from "ioredis";
import type { DB } from "../../db/schema";

/**
 * Everything a shop keeps at rest, as text, to look for a secret in: every value of every
 * row of every table, and every Redis key of a queue prefix with its contents.
 */

export async function databaseText(db: Kysely<DB>): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const out: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    for (const r of rows.rows) out.push(`${name}: ${r.row}`);
  }
  return out;
}

export async function redisText(redisUrl: string, prefix: string): Promise<string[]> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const out: string[] = [];
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        const value =
          type === "string" ? await redis.get(key)
          : type === "hash" ? JSON.stringify(await redis.hgetall(key))
          : type === "list" ? JSON.stringify(await redis.lrange(key, 0, -1))
          : type === "set" ? JSON.stringify(await redis.smembers(key))
          : type === "zset" ? JSON.stringify(await redis.zrange(key, "0", "-1"))
          : type === "stream" ? JSON.stringify(await redis.xrange(key, "-", "+"))
          : "";
        out.push(`${key}: ${value}`);
      }
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  return out;
}

/** The texts holding `code` as a number of its own (not inside a longer run of digits or letters). */
export function holding(texts: string[], code: string): string[] {
  const alone = new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`);
  return texts.filter((t) => alone.test(t));
}
