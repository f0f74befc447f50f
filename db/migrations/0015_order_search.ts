import { sql, type Kysely } from "kysely";

/**
 * The dashboard's search (decision 102), in core Postgres only so the same migration runs on
 * the server and in the embedded PGlite (which has no pg_trgm unless the engine is built with it):
 * - names: the words of the customer's and the recipient's name as a 'simple' tsvector (lower
 *   case, no stemming, Devanagari words kept whole), stored and GIN-indexed: a word typed in the
 *   search box matches the start of any word of the name ('ram' finds 'Ramesh Kumar').
 * - phones: the number reversed, so "the last 4+ digits" is a prefix the btree answers.
 * The short order number already has orders_short_id (0006).
 *
 * Page jumps (`?page=N`) read the key of the row before page N with OFFSET over the view's index,
 * which is quick only when the index alone answers it (an index-only scan):
 * - the order-id sort of the listed orders gets an index of its own (the primary key also holds the
 *   deleted orders, so every skipped row was a visit to the table to look at `deleted`);
 * - the user sorts' indexes carry `user_id` itself: Postgres will not answer a query from an index on
 *   `coalesce(user_id, '')` unless the column is in it too (its documentation's own workaround).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders add column name_words tsvector
      generated always as (to_tsvector('simple'::regconfig, customer_name || ' ' || ship_name)) stored`.execute(db);
  await sql`create index orders_name_words on orders using gin (name_words)`.execute(db);
  await sql`create index orders_phone_tail on orders (reverse(phone) text_pattern_ops)`.execute(db);
  await sql`create index orders_ship_phone_tail on orders (reverse(ship_phone) text_pattern_ops)`.execute(db);
  await sql`create index orders_admin_id on orders (id) where not deleted`.execute(db);
  await sql`drop index orders_admin_user`.execute(db);
  await sql`create index orders_admin_user on orders ((user_id is null), coalesce(user_id, ''), id) include (user_id) where not deleted`.execute(db);
  await sql`drop index orders_admin_status_user`.execute(db);
  await sql`create index orders_admin_status_user on orders (status, (user_id is null), coalesce(user_id, ''), id) include (user_id) where not deleted`.execute(db);
}
