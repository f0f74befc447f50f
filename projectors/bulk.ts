import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";

/**
 * Inserts many rows as one array per column (`insert ... select * from
 * unnest(...)`): a handful of parameters whatever the batch size, where a
 * multi-row VALUES list needs one per cell and stops at Postgres's 65,535.
 * `columns` maps each column to its Postgres type.
 */
export async function insertColumns(
  trx: Kysely<DB>,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  onConflict: RawBuilder<unknown> = sql``,
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const arrays = names.map((name) => sql`${rows.map((row) => row[name] ?? null)}::${sql.raw(columns[name])}[]`);
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.id(n)))})
    select * from unnest(${sql.join(arrays)}) ${onConflict}`.execute(trx);
}
