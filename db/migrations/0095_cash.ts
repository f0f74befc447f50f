import { sql, type Kysely } from "kysely";

/**
 * The counter's cash (decisions 211, 212), read models of projectors/cash.ts:
 * - `cash_counter_orders`: which orders were sold at which counter (their money counts in its drawer);
 * - `cash_takings`: every payment and refund of a counter sale (and every refund), the day (India) it was
 *   taken, by whom and how: the day close sums these, so the close is the sum of the bills;
 * - `cod_parcels`: each cash-on-delivery parcel given to a delivery person and where its cash stands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cash_counter_orders (
      order_id text primary key,
      counter text not null
    )`.execute(db);
  await sql`
    create table cash_takings (
      event_id text primary key,
      order_id text not null,
      day text not null,
      at timestamptz not null,
      counter text,
      kind text not null,
      method text not null,
      person_id text not null,
      person_name text not null,
      amount numeric(12, 2) not null
    )`.execute(db);
  await sql`create index cash_takings_day on cash_takings (day, counter)`.execute(db);
  await sql`
    create table cod_parcels (
      order_id text primary key,
      person text not null,
      person_key text not null,
      amount integer not null,
      stage text not null,
      out_at timestamptz not null,
      out_day text not null,
      settled_at timestamptz,
      counter text,
      handed_in_day text
    )`.execute(db);
  await sql`create index cod_parcels_stage on cod_parcels (stage, person_key)`.execute(db);
}
