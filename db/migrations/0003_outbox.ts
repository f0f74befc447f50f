import { sql, type Kysely } from "kysely";

/**
 * Every message the shop sends (SMS, email), whatever the transport: the
 * console transport's outbox, and the record the admin's notification page reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outbox_messages (
      id bigint generated always as identity primary key,
      channel text not null check (channel in ('sms', 'email')),
      recipient text not null,
      subject text,
      body text not null,
      transport text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index outbox_messages_recipient on outbox_messages (recipient, created_at desc)`.execute(db);
}
