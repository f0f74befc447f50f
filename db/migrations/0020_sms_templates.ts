import { sql, type Kysely } from "kysely";

/**
 * Each SMS's registered template (India's DLT rules, domain/sms-templates.ts): "orderPlaced.hi",
 * recorded with the send so the transport can name its template id to the provider. Null for
 * an email and for a record made before this column (it goes without a template id, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notification_sends add column if not exists template text`.execute(db);
}
