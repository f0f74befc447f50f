import { sql, type Kysely } from "kysely";

/**
 * Read models of orders, built by projectors from the `order-*` streams:
 * `orders` (customer history, admin list, tracking) and `order_status_history`
 * (each order's trail). Both can be dropped and rebuilt by a replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table orders (
      id text primary key,
      short_id text not null,
      user_id text,
      customer_kind text not null,
      customer_name text not null,
      phone text not null,
      email text,
      ship_name text not null,
      ship_phone text not null,
      address_line text not null,
      city text not null,
      pincode text not null,
      lines jsonb not null,
      item_count integer not null,
      total integer not null,
      status text not null,
      payment_status text not null,
      deleted boolean not null default false,
      deleted_at timestamptz,
      placed_at timestamptz not null,
      updated_at timestamptz not null,
      -- When the projector wrote the row (clock time, not the transaction's): projector lag.
      projected_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index orders_status_placed on orders (status, placed_at desc, id)`.execute(db);
  await sql`create index orders_placed on orders (placed_at desc, id)`.execute(db);
  await sql`create index orders_user_placed on orders (user_id, placed_at desc) where user_id is not null`.execute(db);
  await sql`create index orders_short_id on orders (short_id)`.execute(db);

  await sql`
    create table order_status_history (
      order_id text not null,
      revision integer not null,
      event_type text not null,
      field text not null,
      from_value text,
      to_value text not null,
      actor_kind text not null,
      actor_id text,
      actor_name text,
      at timestamptz not null,
      primary key (order_id, revision)
    )`.execute(db);
}
