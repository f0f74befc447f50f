import { sql, type Kysely } from "kysely";

/**
 * The payments report (decision 224): every payment and refund of every order, one row per event, on its day in
 * India, by how the money came (UPI, online through the gateway, cash) and, for a payment, how it was matched to
 * its order (by hand, a bank statement, the gateway, cash in hand). Money in paise, as refunds are (decision 209). Read model of projectors/payments.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payments_received (
      event_id text primary key,
      order_id text not null,
      day text not null,
      at timestamptz not null,
      kind text not null,
      method text not null,
      matched_by text,
      paise integer not null
    )`.execute(db);
  await sql`create index payments_received_day on payments_received (day)`.execute(db);
}
