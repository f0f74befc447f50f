import { sql, type Kysely } from "kysely";

/**
 * Payments and charges on the orders read model (decision 101): how the order is paid, what
 * came in and went back, the reference to match against the bank statement, and the
 * subtotal, offer and delivery the total is made of. `payment_status` now holds where the
 * money stands (unpaid, reported, paid, partly refunded, refunded). A replay rebuilds the
 * same from the events; rows already there are rewritten in the new words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column payment_method text not null default 'cod',
      add column payment_reference text,
      add column amount_paid integer not null default 0,
      add column amount_refunded integer not null default 0,
      add column subtotal integer,
      add column discount_percent integer not null default 0,
      add column discount integer not null default 0,
      add column delivery integer not null default 0`.execute(db);
  await sql`update orders set subtotal = total, amount_paid = case when payment_status = 'paid' then total else 0 end,
    payment_status = case when payment_status = 'paid' then 'paid' else 'unpaid' end`.execute(db);
  await sql`alter table orders alter column subtotal set not null`.execute(db);
  // The dashboard's payment filter, newest first like its other lists.
  await sql`create index orders_payment_placed on orders (payment_status, placed_at desc, id)`.execute(db);
  await sql`create index orders_payment_reference on orders (payment_reference) where payment_reference is not null`.execute(db);
}
