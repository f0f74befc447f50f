import { sql, type Kysely } from "kysely";

/**
 * The gateway's settlement reports the owner uploaded (decision 223): one row per `settlement-<sha256>` stream,
 * the days and sums it settled, for the list on /admin/settlements. Read model of projectors/settlements.ts; a
 * report's lines are read from its stream. Sums in paise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table settlement_reports (
      id text primary key,
      file_name text not null,
      read_by text not null,
      read_at timestamptz not null,
      first_day text,
      last_day text,
      settlements integer not null,
      payments integer not null,
      gross bigint not null,
      fees bigint not null,
      tax bigint not null,
      net bigint not null
    )`.execute(db);
  await sql`create index settlement_reports_read_at on settlement_reports (read_at desc)`.execute(db);
}
