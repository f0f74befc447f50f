import { sql, type Kysely } from "kysely";

/**
 * The second probe's answers:
 * - `shop_alerts`: what the owner is told on the admin pages (decision 116): a trip of the
 *   shop-wide budget of sign-in texts, with the cooldown it starts and the codes refused during it.
 *   One row per trip, updated while it lasts, so one trip is one alert and one text to the shop.
 * - `otp_codes (created_at)`: the budget counts the shop's codes of the last hour and day.
 * - `users.password_must_change`: an admin added with a temporary password changes it at the
 *   first sign-in (decision 120); every admin page sends them to the change until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists shop_alerts (
      id uuid primary key,
      kind text not null,
      opened_at timestamptz not null,
      cooldown_until timestamptz not null,
      last_at timestamptz not null,
      refused integer not null default 0,
      details jsonb not null default '{}'::jsonb,
      acknowledged_at timestamptz,
      acknowledged_by uuid
    )`.execute(db);
  await sql`create index if not exists shop_alerts_kind_opened on shop_alerts (kind, opened_at desc)`.execute(db);
  await sql`create index if not exists otp_codes_created on otp_codes (created_at)`.execute(db);
  await sql`alter table users add column if not exists password_must_change boolean not null default false`.execute(db);
}
