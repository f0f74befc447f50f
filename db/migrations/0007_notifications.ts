import { sql, type Kysely } from "kysely";

/**
 * Notifications: the sent-message record (one row per message the shop means to
 * send, unique per event and channel) and the reactor's own checkpoint.
 *
 * `notification_sends` is what makes a send happen at most once: a worker claims
 * the row (status 'sending') in a committed step before it talks to a provider,
 * and a second run of the same job finds the claim and does not send again.
 * It also holds failures, so the admin's list survives a restart of the
 * in-process queue.
 *
 * `reactor_checkpoints` is deliberately not `projector_checkpoints`: a read-model
 * rebuild resets every projector, and must never make the reactor re-send.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_sends (
      id bigint generated always as identity primary key,
      key text not null,
      kind text not null,
      channel text not null check (channel in ('sms', 'email')),
      queue text not null,
      job_name text not null,
      job_id text not null,
      event_id uuid,
      stream_id text,
      recipient text not null,
      -- The message itself for order notifications; null for one-time codes,
      -- whose text holds the code and lives only in the job.
      subject text,
      body text,
      status text not null check (status in ('pending', 'sending', 'sent', 'failed', 'unknown')),
      attempts int not null default 0,
      claim text,
      transport text,
      provider_id text,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz,
      constraint notification_sends_key unique (key),
      constraint notification_sends_event_channel unique (event_id, channel)
    )`.execute(db);
  await sql`create index notification_sends_recent on notification_sends (created_at desc)`.execute(db);
  await sql`create index notification_sends_open on notification_sends (status, updated_at)
    where status in ('pending', 'sending', 'failed', 'unknown')`.execute(db);
  await sql`
    create table reactor_checkpoints (
      name text primary key,
      position text,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
