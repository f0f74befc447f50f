import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";

/**
 * Inserts many rows as one JSON text (`insert ... select ... from
 * json_to_recordset($1)`): one parameter whatever the batch size, where a
 * multi-row VALUES list needs one per cell and stops at Postgres's 65,535.
 * V8's JSON.stringify writes it far faster than pg builds array literals, and
 * Postgres reads it in one pass. `columns` maps each column to its Postgres
 * type; a jsonb column takes the value itself, not a string of it.
 */
export async function insertJson(
  trx: Kysely<DB>,
  table: string,
  columns: Record<string, string>,
  rows: object[],
  onConflict: RawBuilder<unknown> = sql``,
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const shape = sql.join(names.map((n) => sql`${sql.id(n)} ${sql.raw(columns[n])}`));
  const list = sql.join(names.map((n) => sql.id(n)));
  await sql`insert into ${sql.table(table)} (${list})
    select ${list} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${shape}) ${onConflict}`.execute(trx);
}
