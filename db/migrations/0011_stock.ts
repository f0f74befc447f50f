import { sql, type Kysely } from "kysely";

/**
 * Read models of the `stock-*` streams (decision 100), built by the stock projector and
 * rebuilt by a replay: what each product has for sale, which orders hold units, and each
 * product's stock history (who, when, why). The products table's `stock_quantity` stays
 * as the count a product's stream is opened with; once opened, these tables speak.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stock_levels (
      product_id integer primary key,
      available integer not null check (available >= 0),
      held integer not null check (held >= 0),
      revision integer not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index stock_levels_available on stock_levels (available, product_id)`.execute(db);

  await sql`
    create table stock_holds (
      product_id integer not null,
      order_id text not null,
      quantity integer not null,
      at timestamptz not null,
      primary key (product_id, order_id)
    )`.execute(db);
  await sql`create index stock_holds_order on stock_holds (order_id)`.execute(db);

  await sql`
    create table stock_history (
      product_id integer not null,
      revision integer not null,
      event_type text not null,
      change integer not null,
      available_after integer not null,
      order_id text,
      reason text,
      actor_kind text not null,
      actor_id text,
      actor_name text,
      at timestamptz not null,
      primary key (product_id, revision)
    )`.execute(db);
}
