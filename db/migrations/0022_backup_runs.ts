import { sql, type Kysely } from "kysely";

/**
 * Every backup this database has had made of it (decision 112): the scheduled ones inside the
 * running shop, one per scheduled time (`slot`, unique, so two processes never both take the same
 * one), and `shop backup` by hand (no slot). /healthz and the admin frame read the newest that
 * finished without an error. About this database only: never in a backup itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table backup_runs (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('scheduled', 'manual')),
      slot timestamptz unique,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      file text,
      bytes bigint,
      events bigint,
      sha256 text,
      error text
    )`.execute(db);
  await sql`create index backup_runs_finished on backup_runs (finished_at desc) where error is null and finished_at is not null`.execute(db);
}
