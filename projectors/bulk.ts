import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../db/schema";
import type { ApplyContext } from "./projector";

/** Each column's Postgres type: how a value is written. A jsonb column takes the value itself, not a string of it. */
export type Columns = Record<string, string>;

/**
 * Inserts many rows in one statement. In a replay's fresh tables, with COPY at hand
 * (`context.copy`), the rows go in through COPY: Postgres reads its text format several
 * times faster than it takes rows apart from JSON (docs/decisions/078). Otherwise, and
 * always with `onConflict`, as one JSON text (`insert ... select ... from
 * json_to_recordset($1)`): one parameter whatever the batch size, where a multi-row
 * VALUES list needs one per cell and stops at Postgres's 65,535.
 */
export async function insertRows(
  trx: Kysely<DB>,
  table: string,
  columns: Columns,
  rows: object[],
  options: { onConflict?: RawBuilder<unknown>; context?: ApplyContext } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  if (options.context?.copy && !options.onConflict) {
    await options.context.copy(table, names, copyText(columns, rows));
    return;
  }
  const shape = sql.join(names.map((n) => sql`${sql.id(n)} ${sql.raw(columns[n])}`));
  const list = sql.join(names.map((n) => sql.id(n)));
  await sql`insert into ${sql.table(table)} (${list})
    select ${list} from json_to_recordset(${JSON.stringify(rows)}::json) as r(${shape}) ${options.onConflict ?? sql``}`.execute(trx);
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = new RegExp(SPECIAL.source, "g");
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** A value in COPY's text format: \N for null, and backslash, tab and line breaks escaped. */
function copyValue(value: unknown, type: string): string {
  if (value === null || value === undefined) return "\\N";
  const text =
    type === "jsonb" || type === "json"
      ? JSON.stringify(value)
      : type === "boolean"
        ? value
          ? "t"
          : "f"
        : value instanceof Date
          ? value.toISOString()
          : String(value);
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ESCAPES[c]) : text;
}

/** Rows in COPY's text format: a line per row, tab between columns, in `columns`' order. */
export function copyText(columns: Columns, rows: object[]): string {
  const entries = Object.entries(columns);
  let text = "";
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    let line = "";
    for (let i = 0; i < entries.length; i++) {
      const [name, type] = entries[i];
      line += (i === 0 ? "" : "\t") + copyValue(values[name], type);
    }
    text += line + "\n";
  }
  return text;
}
