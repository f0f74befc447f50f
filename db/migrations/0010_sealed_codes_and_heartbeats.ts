import { sql, type Kysely } from "kysely";

/**
 * Sign-in codes go through the Postgres outbox (docs/decisions/085, 086).
 *
 * `notification_sends.secret` holds a sign-in code sealed with AES-256-GCM under a key
 * derived from the shop's session secret (workers/sealed-codes.ts): the row is written in
 * the same transaction as the code's hash, so a code is never lost to a Redis outage, and
 * the job only carries the row's key. The secret is cleared once the text is sent or the
 * code expires. Code texts already in the console outbox are masked here.
 *
 * `worker_heartbeats`: every job runner (`shop worker`, or the in-process runner) writes
 * "seen at" every few seconds; /healthz reports the newest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_sends add column secret text`.execute(db);
  await sql`
    update outbox_messages set body = regexp_replace(body, '^[0-9]{6} is your', '****** is your')
    where channel = 'sms' and body ~ '^[0-9]{6} is your'`.execute(db);
  await sql`
    create table worker_heartbeats (
      worker text primary key,
      queue text not null,
      seen_at timestamptz not null default now()
    )`.execute(db);
}
