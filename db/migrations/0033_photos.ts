import { sql, type Kysely } from "kysely";

/**
 * The owner's photos as the pages read them (decision 139), kept by projectors/photos.ts from
 * the `photos-*` streams: one row per photo, its place among its owner's photos, whether it is
 * the main one, and the served files once the photo job has made them. A replay rebuilds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table photos (
      owner text not null,
      photo_id text not null,
      position integer not null,
      main boolean not null default false,
      status text not null check (status in ('processing', 'ready', 'failed')),
      width integer not null,
      height integer not null,
      variants jsonb not null default '[]',
      original text not null,
      uploaded_at timestamptz not null,
      uploaded_by text not null,
      primary key (owner, photo_id)
    )`.execute(db);
}
