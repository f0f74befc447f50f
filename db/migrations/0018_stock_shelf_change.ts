import { sql, type Kysely } from "kysely";

/**
 * Stock that knows what left the shelf (decision 109): an order's shipment takes its held
 * units off the shelf without changing what is for sale, so the stock history gets a second
 * figure, `shelf_change`: units on the shelf after the event minus before. Every event stored
 * before a shipment existed moved the shelf exactly as it moved what was for sale (a delivery,
 * a count, a return) or not at all (an order's reservation or release only set units aside or
 * freed them), so the rows already there are filled from `change` the way a replay fills them.
 * The figures on the shelf, held and for sale need no column: on the shelf is `available + held`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stock_history add column shelf_change integer not null default 0`.execute(db);
  await sql`
    update stock_history
    set shelf_change = case when event_type in ('StockReserved', 'StockReleased') then 0 else change end`.execute(db);
}
