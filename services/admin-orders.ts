import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely";
import type { DB, OrdersTable } from "../db/schema";
import type { DashboardCursor, DashboardQuery } from "../domain/admin-orders";
import { DASHBOARD_PAGE_SIZE, isOrderStatusFilter } from "../domain/admin-orders";
import { toOrderSummary, type OrderSummary } from "./orders";

type Row = Selectable<OrdersTable> & { placed_at_text: string };

export interface DashboardPage {
  orders: OrderSummary[];
  /** The cursor for 'Next' (after the last row), when there are more rows. */
  next?: DashboardCursor;
  /** The cursor for 'Previous' (before the first row), when this is not the first page. */
  previous?: DashboardCursor;
}

/**
 * The sort key of each column as one row value, so a page boundary is one row
 * comparison the index answers (db/migrations/0008_admin_order_indexes.ts has an index
 * for each, in the same shape). Guests have no user id: `(user_id is null)` puts them
 * after every user in ascending order.
 */
const KEY_COLUMNS = {
  date: ["placed_at", "id"],
  id: ["id"],
  user: ["(user_id is null)", "coalesce(user_id, '')", "id"],
} as const;

function cursorValues(cursor: DashboardCursor): RawBuilder<unknown> {
  switch (cursor.sort) {
    case "date":
      return sql`(${cursor.placedAt}::timestamptz, ${cursor.id}::text)`;
    case "id":
      return sql`(${cursor.id}::text)`;
    case "user":
      return sql`(${cursor.guest}::boolean, ${cursor.userId}::text, ${cursor.id}::text)`;
  }
}

function cursorOf(sort: DashboardQuery["sort"], row: Row): DashboardCursor {
  switch (sort) {
    case "date":
      return { sort, placedAt: row.placed_at_text, id: row.id };
    case "id":
      return { sort, id: row.id };
    case "user":
      return { sort, guest: row.user_id === null, userId: row.user_id ?? "", id: row.id };
  }
}

/** The admin dashboard's queries on the orders read model (projectors/orders.ts). */
export function createAdminOrderQueries(db: Kysely<DB>) {
  return {
    /**
     * One keyset page of the dashboard: filter, sort and a cursor from the URL. No
     * OFFSET: the database seeks to the cursor in an index, so page 2,000 costs what
     * page 1 costs. Deleted orders appear only under the "deleted" filter.
     */
    async listPage(query: DashboardQuery, limit = DASHBOARD_PAGE_SIZE): Promise<DashboardPage> {
      const size = Math.max(1, Math.min(limit, 500));
      const columns = KEY_COLUMNS[query.sort];
      const key = sql.raw(`(${columns.join(", ")})`);
      const backwards = query.before !== undefined;
      // Scanning backwards (a 'Previous' link) reads the other way and turns the rows round after.
      const ascending = (query.direction === "asc") !== backwards;
      const direction = ascending ? "asc" : "desc";

      let select = db
        .selectFrom("orders")
        .selectAll()
        .select(sql<string>`to_json(placed_at) #>> '{}'`.as("placed_at_text"));
      if (query.filter === "deleted") select = select.where("deleted", "=", true);
      else {
        select = select.where("deleted", "=", false);
        if (isOrderStatusFilter(query.filter)) select = select.where("status", "=", query.filter);
      }
      // Answered by orders_payment_placed (db/migrations/0013_order_payments.ts) on the default date order.
      if (query.payment) select = select.where("payment_status", "=", query.payment);
      const cursor = query.after ?? query.before;
      if (cursor) select = select.where(sql<boolean>`${key} ${sql.raw(ascending ? ">" : "<")} ${cursorValues(cursor)}`);
      const rows = (await select
        .orderBy(sql.raw(columns.map((c) => `${c} ${direction}`).join(", ")))
        .limit(size + 1)
        .execute()) as Row[];

      const more = rows.length > size;
      const pageRows = rows.slice(0, size);
      if (backwards) pageRows.reverse();
      const first = pageRows[0];
      const last = pageRows[pageRows.length - 1];
      const page: DashboardPage = { orders: pageRows.map(toOrderSummary) };
      if (!first) {
        // Past either end (rows deleted since the link was made): offer the way back.
        if (query.after) page.previous = query.after;
        if (query.before) page.next = query.before;
        return page;
      }
      if (backwards ? true : more) page.next = cursorOf(query.sort, last);
      if (backwards ? more : query.after !== undefined) page.previous = cursorOf(query.sort, first);
      return page;
    },
  };
}

export type AdminOrderQueries = ReturnType<typeof createAdminOrderQueries>;
