import { sql, type Kysely } from "kysely";

/**
 * Indexes for the admin dashboard's keyset pages (services/admin-orders.ts), one per
 * sort, each in the shape of the query's row comparison so a page is an index seek,
 * whatever its depth. Partial on `not deleted`: the default lists never show deleted
 * orders; the "Deleted" filter has its own small index.
 * Guests have no user id: the user sort's key is ((user_id is null), coalesce(user_id, ''), id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_admin_placed on orders (placed_at, id) where not deleted`.execute(db);
  await sql`create index orders_admin_status_placed on orders (status, placed_at, id) where not deleted`.execute(db);
  await sql`create index orders_admin_status_id on orders (status, id) where not deleted`.execute(db);
  await sql`create index orders_admin_user on orders ((user_id is null), coalesce(user_id, ''), id) where not deleted`.execute(db);
  await sql`create index orders_admin_status_user on orders (status, (user_id is null), coalesce(user_id, ''), id) where not deleted`.execute(db);
  await sql`create index orders_admin_deleted on orders (placed_at, id) where deleted`.execute(db);
}
