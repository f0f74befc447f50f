import { sql, type Kysely } from "kysely";

/**
 * WhatsApp (decision 230). A parent's text may go as an approved WhatsApp template instead of an SMS: its
 * record keeps the WhatsApp message's id, the latest state its webhook reported (sent, delivered, read,
 * failed), why WhatsApp refused or failed it, and when it was handed to SMS instead (once). The parents'
 * choice of WhatsApp is read from their privacy streams into `whatsapp_consents` (projectors/whatsapp-consents.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table notification_sends
      add column if not exists whatsapp_id text,
      add column if not exists whatsapp_state text,
      add column if not exists whatsapp_error text,
      add column if not exists whatsapp_at timestamptz,
      add column if not exists fallback_at timestamptz`.execute(db);
  await sql`create index if not exists notification_sends_whatsapp_id on notification_sends (whatsapp_id) where whatsapp_id is not null`.execute(db);
  // The fallback sweep's rows: sent by WhatsApp, not yet handed to SMS.
  await sql`
    create index if not exists notification_sends_whatsapp_waiting on notification_sends (sent_at)
      where transport = 'whatsapp' and status = 'sent' and fallback_at is null`.execute(db);
  await sql`
    create table if not exists whatsapp_consents (
      subject text primary key,
      consented boolean not null,
      language text not null,
      place text not null,
      at timestamptz not null
    )`.execute(db);
}
