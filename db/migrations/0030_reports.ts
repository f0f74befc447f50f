import { sql, type Kysely } from "kysely";

/**
 * The reports' read models (projectors/reports.ts, decision 135): per-day sums the report pages add up
 * by week, month or season, so a page of a shop with 100,000 orders reads a few thousand rows, never the
 * orders or the events. Days are India's calendar days.
 *
 * - `report_orders`: each order as the reports count it (its day, parent, payment method, amounts, lines as
 *   they stand after exchanges, and whether it counts: not cancelled, not deleted), so a later change of
 *   the order moves its sums from what it was to what it is.
 * - `report_parents`: a parent's first order (a signed-in parent by account, a guest by a hash of the
 *   mobile number), for new against returning parents.
 * - `report_daily`: per day and payment method, the orders and money placed that day, and the returns,
 *   exchanges and refunds made that day.
 * - `report_daily_lines`: per day, school, item and size, the units and rupees of the lines placed that day.
 * - `report_items`: the name each item was first sold under, for the pages and the filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_orders (
      order_id text primary key,
      day date not null,
      parent text not null,
      first_order boolean not null,
      payment_method text not null,
      total integer not null,
      subtotal integer not null,
      discount integer not null,
      delivery integer not null,
      status text not null,
      deleted boolean not null,
      lines jsonb not null
    )`.execute(db);
  await sql`
    create table report_parents (
      parent text primary key,
      first_order_id text not null,
      first_day date not null
    )`.execute(db);
  await sql`
    create table report_daily (
      day date not null,
      payment_method text not null,
      orders integer not null,
      new_parents integer not null,
      sales bigint not null,
      subtotal bigint not null,
      discount bigint not null,
      delivery bigint not null,
      offer_orders integer not null,
      returns integer not null,
      exchanges integer not null,
      refunds integer not null,
      refunded bigint not null,
      primary key (day, payment_method)
    )`.execute(db);
  await sql`
    create table report_daily_lines (
      day date not null,
      school text not null,
      product_id text not null,
      size text not null,
      quantity integer not null,
      amount bigint not null,
      primary key (day, school, product_id, size)
    )`.execute(db);
  // A school's or an item's season (season planning, the filtered pages) reads its own rows only.
  await sql`create index report_daily_lines_item on report_daily_lines (product_id, day)`.execute(db);
  await sql`create index report_daily_lines_school on report_daily_lines (school, day)`.execute(db);
  await sql`
    create table report_items (
      product_id text primary key,
      school text not null,
      name text not null
    )`.execute(db);
}
