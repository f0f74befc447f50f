import type { CompiledQuery, Kysely, QueryResult } from "kysely";
import type { DB } from "./schema";

/**
 * The few statements nearly every page runs (who is signed in, the cart's newest events), kept
 * parsed and planned on each Postgres connection as named prepared statements. Sent unnamed,
 * Postgres parses and plans such a statement on every run: for the session lookup that was half
 * of its cost (pgbench: 8,050 runs/s unnamed against 17,100 prepared, about an empty round
 * trip's 17,300; docs/benchmarks.md). Only statements whose text is fixed by the code belong
 * here, never one whose text grows with the data (an `in (...)` list): each distinct text stays
 * on every connection for its life, so there are at most MAX_PREPARED of them.
 */
const MAX_PREPARED = 32;

const names = new Map<string, string>();

/**
 * Runs `query` as a prepared statement on a Postgres server (on PGlite, in process, as any query).
 * Its columns should be named, not `*`: a statement keeps the row shape it was prepared with.
 */
export function runPrepared<R>(db: Kysely<DB>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (!names.has(query.sql) && names.size < MAX_PREPARED) names.set(query.sql, `shop_prepared_${names.size + 1}`);
  return db.executeQuery(query);
}

/** The statement name for a query text runPrepared has seen, for the Postgres connection to send. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}
