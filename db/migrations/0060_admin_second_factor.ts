import { sql, type Kysely } from "kysely";

/**
 * The admins' second factor (decision 197). An admin's authenticator secret is kept sealed (AES-256-GCM under a key
 * derived from the session secret, bound to the admin's id), never in plain text: `totp_pending_sealed` while it is
 * being set up, `totp_secret_sealed` once a first code confirmed it. `totp_last_step` is the 30-second step of the last
 * code taken, so no code is taken twice. Recovery codes are kept as their sha-256, each used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column if not exists totp_secret_sealed text,
      add column if not exists totp_pending_sealed text,
      add column if not exists totp_enabled_at timestamptz,
      add column if not exists totp_last_step bigint`.execute(db);
  await sql`
    create table if not exists admin_recovery_codes (
      user_id uuid not null references users (id) on delete cascade,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (user_id, code_hash)
    )`.execute(db);
}
