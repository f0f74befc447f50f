import { sql, type Kysely } from "kysely";

/**
 * The statements the owner uploaded (decision 220): one row per `statement-<sha256>` stream, what the
 * shop read in it and where its credits stand, for the list on /admin/statements. Read model of
 * projectors/statements.ts; a credit's own detail is read from the stream.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table statements (
      id text primary key,
      file_name text not null,
      shape text not null,
      read_by text not null,
      read_at timestamptz not null,
      first_day text,
      last_day text,
      credits integer not null,
      matched integer not null,
      proposed integer not null,
      unmatched integer not null,
      conflicts integer not null,
      already_paid integer not null,
      settled integer not null default 0
    )`.execute(db);
  await sql`create index statements_read_at on statements (read_at desc)`.execute(db);
}
