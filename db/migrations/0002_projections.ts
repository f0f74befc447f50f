import { sql, type Kysely } from "kysely";

/** Projector checkpoints, and the first read model: events counted per stream category and type. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projector_checkpoints (
      name text primary key,
      position text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table stream_type_counts (
      category text not null,
      event_type text not null,
      count bigint not null,
      last_event_at timestamptz not null,
      primary key (category, event_type)
    )`.execute(db);
}
