import { execFile } from "node:child_process";
import { sql, type Kysely } from "kysely";
import { expect } from "vitest";
import type { DB } from "../../db/schema";
import { projectors } from "../../projectors/index";
import { TEST_BACKUP_SIGNING_KEY, TEST_PRIVACY_MASTER_KEY } from "./shop";
import { SHOP_CLI } from "./shop-cli";

/** The `shop` command in a process of its own, as an operator runs it; it never blocks this test's event loop. */
export function shopCommand(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...SHOP_CLI, ...args],
      { env: { ...process.env, REDIS_URL: "", EVENTSTORE_URL: "", LOG_LEVEL: "warn", PRIVACY_MASTER_KEY: TEST_PRIVACY_MASTER_KEY, BACKUP_SIGNING_KEY: TEST_BACKUP_SIGNING_KEY, ...env }, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, out: stdout, err: stderr });
      },
    );
  });
}

/** Every table the projectors own. */
export const READ_MODEL_TABLES = projectors.flatMap((p) => p.tables);

/**
 * A table's rows as JSON, sorted, times in UTC: two databases' copies compare with toEqual. Without
 * `everyColumn`, identity columns and columns defaulting to the clock are left out, as `shop verify` leaves
 * them out (a replay numbers rows and stamps projection times of its own).
 */
export async function tableRows(db: Kysely<DB>, table: string, options: { everyColumn?: boolean } = {}): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    const { rows: columns } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = 'public' and table_name = ${table}
        and (${options.everyColumn ?? false} or (is_identity = 'NO' and is_generated = 'NEVER'
          and coalesce(column_default, '') !~* '(now\\(\\)|clock_timestamp)'))
      order by ordinal_position`.execute(trx);
    const list = sql.join(columns.map((c) => sql.id(c.column_name)));
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from (select ${list} from ${sql.id(table)}) t`.execute(trx);
    return rows.map((r) => r.row).sort();
  });
}

/** Every event as stored, in the store's global order, times to the microsecond (positions are per store: left out). */
export async function storedEvents(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`
    select json_build_array(stream_id, stream_revision, event_id, event_type, data, metadata,
      to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'))::text as row
    from es_events order by transaction_id, global_position`.execute(db);
  return rows.map((r) => r.row);
}

/** Each stream's revision as es_streams holds it. */
export async function streamRevisions(db: Kysely<DB>): Promise<Record<string, number>> {
  const rows = await db.selectFrom("es_streams").select(["stream_id", "revision"]).orderBy("stream_id").execute();
  return Object.fromEntries(rows.map((r) => [r.stream_id, Number(r.revision)]));
}

/** The two databases hold the same read models, row by row, every table. */
export async function expectSameReadModels(source: Kysely<DB>, target: Kysely<DB>): Promise<void> {
  for (const table of READ_MODEL_TABLES) {
    const [before, after] = [await tableRows(source, table), await tableRows(target, table)];
    expect(after, `read model ${table}`).toEqual(before);
  }
}
