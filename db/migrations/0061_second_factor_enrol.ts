import { sql, type Kysely } from "kysely";

/**
 * An admin whose second factor the owner or the operator reset (a lost phone, decision 197): `totp_must_enrol` is set
 * with the reset and cleared by the first code of a new secret; until then every admin page but the second factor's
 * own sends them there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column if not exists totp_must_enrol boolean not null default false`.execute(db);
}
