import { sql, type Kysely } from "kysely";

/**
 * Delayed messages (the UPI payment reminder, decision 101): `due_at` is when a message may go
 * out, so the repair sweep does not hand a reminder to the queue hours early; 'skipped' is a
 * message the job decided not to send once it was due (the order was paid, reported, cancelled
 * or deleted by then), with `skip_reason` saying which, for the admin's list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_sends drop constraint if exists notification_sends_status_check`.execute(db);
  await sql`
    alter table notification_sends
      add constraint notification_sends_status_check
        check (status in ('pending', 'sending', 'sent', 'failed', 'unknown', 'skipped')),
      add column due_at timestamptz,
      add column skip_reason text`.execute(db);
}
