import { sql, type Kysely } from "kysely";

/**
 * Named admins (decision 104): when an account became an admin, when it last signed in as
 * one, and whether it is switched off. Plain columns on users, not events: a sign-in must
 * read them without a projector, and the trail names admins by id (the events already
 * carry it). A disabled admin keeps the row, so old events still find who they were.
 * Admins from before this migration count from when their account was made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column admin_since timestamptz`.execute(db);
  await sql`alter table users add column admin_disabled_at timestamptz`.execute(db);
  await sql`alter table users add column last_sign_in_at timestamptz`.execute(db);
  await sql`update users set admin_since = created_at where role = 'admin'`.execute(db);
}
