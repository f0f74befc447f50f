import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type Selectable, type SqlBool } from "kysely";
import type { DB, OrdersTable } from "../db/schema";
import type { DashboardCounts, DashboardCursor, DashboardFilter, DashboardQuery, DashboardScope } from "../domain/admin-orders";
import { DASHBOARD_FILTERS, DASHBOARD_PAGE_SIZE, dayRangeInstants, isOrderStatusFilter, namePrefixQuery, shortIdRange } from "../domain/admin-orders";
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

/**
 * The search, date range and payment filter as one condition, each on an index
 * (db/migrations/0015_order_search.ts, 0008, 0013). Every value is a parameter.
 */
function scopeCondition(eb: ExpressionBuilder<DB, "orders">, scope: DashboardScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const search = scope.search;
  if (search?.kind === "number") parts.push(search.partial ? shortIdStarts(eb, search.shortId) : eb("short_id", "=", search.shortId));
  else if (search?.kind === "phone") {
    const tail = `${[...search.digits].reverse().join("")}%`;
    const either = [
      sql<SqlBool>`reverse(phone) like ${tail}`,
      sql<SqlBool>`reverse(ship_phone) like ${tail}`,
      ...(search.shortId ? [eb("short_id", "=", search.shortId)] : []),
    ];
    parts.push(eb.or(either));
  } else if (search?.kind === "name") {
    const name = sql<SqlBool>`name_words @@ to_tsquery('simple'::regconfig, ${namePrefixQuery(search.words)})`;
    parts.push(search.shortId ? eb.or([name, shortIdStarts(eb, search.shortId)]) : name);
  }
  const { start, end } = dayRangeInstants(scope.from, scope.to);
  if (start) parts.push(eb("placed_at", ">=", start));
  if (end) parts.push(eb("placed_at", "<", end));
  if (scope.payment) parts.push(eb("payment_status", "=", scope.payment));
  return eb.and(parts);
}

/** Orders whose number starts with `start`: a range on orders_short_id. */
function shortIdStarts(eb: ExpressionBuilder<DB, "orders">, start: string): Expression<SqlBool> {
  const { from, to } = shortIdRange(start);
  return eb.and([eb("short_id", ">=", from), eb("short_id", "<=", to)]);
}

function filterCondition(eb: ExpressionBuilder<DB, "orders">, filter: DashboardFilter): Expression<SqlBool> {
  if (filter === "deleted") return eb("deleted", "=", true);
  if (isOrderStatusFilter(filter)) return eb.and([eb("deleted", "=", false), eb("status", "=", filter)]);
  return eb("deleted", "=", false);
}

/** Orders by the export, read in keyset batches so 100,000 rows never sit in memory at once. */
export const EXPORT_BATCH = 1000;

/** The admin dashboard's queries on the orders read model (projectors/orders.ts). */
export function createAdminOrderQueries(db: Kysely<DB>) {
  /** The rows of one keyset page (or export batch) in the view's order, `size + 1` to know whether more follow. */
  async function keysetRows(query: DashboardQuery, size: number, backwards: boolean): Promise<Row[]> {
    const columns = KEY_COLUMNS[query.sort];
    const key = sql.raw(`(${columns.join(", ")})`);
    const ascending = (query.direction === "asc") !== backwards;
    const direction = ascending ? "asc" : "desc";
    let select = db
      .selectFrom("orders")
      .selectAll()
      .select(sql<string>`to_json(placed_at) #>> '{}'`.as("placed_at_text"))
      .where((eb) => eb.and([filterCondition(eb, query.filter), scopeCondition(eb, query)]));
    const cursor = query.after ?? query.before;
    if (cursor) select = select.where(sql<boolean>`${key} ${sql.raw(ascending ? ">" : "<")} ${cursorValues(cursor)}`);
    return (await select
      .orderBy(sql.raw(columns.map((c) => `${c} ${direction}`).join(", ")))
      .limit(size + 1)
      .execute()) as Row[];
  }

  return {
    /**
     * How many orders each status filter option holds under the view's search, dates and
     * payment filter: one grouped query (status x deleted), so "1,234 orders" and the number
     * beside every option cost one scan of what the search left.
     */
    async counts(scope: DashboardScope): Promise<DashboardCounts> {
      // Two queries in the shape of the partial indexes: the listed orders grouped by status (orders_admin_status_placed,
      // read in status order, an index-only scan once vacuum has marked the pages), and the few deleted ones.
      const [listed, deleted] = await Promise.all([
        db
          .selectFrom("orders")
          .select(["status", sql<string>`count(*)`.as("n")])
          .where((eb) => eb.and([eb("deleted", "=", false), scopeCondition(eb, scope)]))
          .groupBy("status")
          .execute(),
        db
          .selectFrom("orders")
          .select(sql<string>`count(*)`.as("n"))
          .where((eb) => eb.and([eb("deleted", "=", true), scopeCondition(eb, scope)]))
          .executeTakeFirstOrThrow(),
      ]);
      const rows = [...listed.map((row) => ({ ...row, deleted: false })), { status: "", deleted: true, n: deleted.n }];
      const byFilter = Object.fromEntries(DASHBOARD_FILTERS.map((f) => [f, 0])) as Record<DashboardFilter, number>;
      for (const row of rows) {
        const n = Number(row.n);
        if (row.deleted) byFilter.deleted += n;
        else {
          byFilter.all += n;
          if (isOrderStatusFilter(row.status as DashboardFilter)) byFilter[row.status as DashboardFilter] += n;
        }
      }
      return { byFilter };
    },

    /**
     * Where page N starts: the key of the last row of page N-1, read with OFFSET over the key
     * columns only (an index-only scan of the view's index), then the page itself is the usual
     * keyset seek. Undefined for page 1 or past the end. Given the view's `total` (the counts),
     * a row in the second half is counted from the other end, so 'Last page' skips a few rows,
     * not all of them, and no jump skips more than half the view.
     */
    async pageCursor(query: DashboardQuery, page: number, size = DASHBOARD_PAGE_SIZE, total?: number): Promise<DashboardCursor | undefined> {
      if (page <= 1) return undefined;
      const columns = KEY_COLUMNS[query.sort];
      const index = (page - 1) * size - 1;
      const fromEnd = total !== undefined && index < total ? total - 1 - index : undefined;
      const backwards = fromEnd !== undefined && fromEnd < index;
      const offset = backwards ? fromEnd : index;
      const direction = (query.direction === "asc") !== backwards ? "asc" : "desc";
      // Only the sort's own key: for the date and id sorts every column read is in the view's index, so the
      // rows skipped are read from the index alone (with `user_id` in the list, every skipped row was a heap visit).
      const row = await db
        .selectFrom("orders")
        .select("id")
        .$if(query.sort === "date", (q) => q.select(sql<string>`to_json(placed_at) #>> '{}'`.as("placed_at_text")))
        .$if(query.sort === "user", (q) => q.select("user_id"))
        .where((eb) => eb.and([filterCondition(eb, query.filter), scopeCondition(eb, query)]))
        .orderBy(sql.raw(columns.map((c) => `${c} ${direction}`).join(", ")))
        .offset(offset)
        .limit(1)
        .executeTakeFirst();
      return row ? cursorOf(query.sort, row as Row) : undefined;
    },

    /** Every order of a view, or of a selection, in the view's order: batches of EXPORT_BATCH by keyset. */
    async *exportRows(query: DashboardQuery, ids?: readonly string[]): AsyncGenerator<OrderSummary[]> {
      if (ids) {
        if (ids.length === 0) return;
        const rows = await db.selectFrom("orders").selectAll().where("id", "in", [...ids]).orderBy("placed_at", "desc").orderBy("id", "desc").execute();
        yield rows.map(toOrderSummary);
        return;
      }
      let batchQuery: DashboardQuery = { ...query, after: undefined, before: undefined };
      for (;;) {
        const rows = await keysetRows(batchQuery, EXPORT_BATCH, false);
        const batch = rows.slice(0, EXPORT_BATCH);
        if (batch.length) yield batch.map(toOrderSummary);
        if (rows.length <= EXPORT_BATCH) return;
        batchQuery = { ...batchQuery, after: cursorOf(query.sort, batch[batch.length - 1]) };
      }
    },

    /**
     * One keyset page of the dashboard: filter, sort and a cursor from the URL. No
     * OFFSET: the database seeks to the cursor in an index, so page 2,000 costs what
     * page 1 costs. Deleted orders appear only under the "deleted" filter.
     */
    async listPage(query: DashboardQuery, limit = DASHBOARD_PAGE_SIZE): Promise<DashboardPage> {
      const size = Math.max(1, Math.min(limit, 500));
      const backwards = query.before !== undefined;
      const rows = await keysetRows(query, size, backwards);

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

    /**
     * The orders each 8-character number names (upper case), deleted ones too (a deleted order
     * still prints, marked deleted). Two orders can share a number: both are returned, and the
     * caller asks for the full id rather than guess.
     */
    async idsByNumber(numbers: readonly string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>(numbers.map((n) => [n, []]));
      if (numbers.length === 0) return found;
      const rows = await db.selectFrom("orders").select(["id", "short_id"]).where("short_id", "in", [...new Set(numbers)]).orderBy("id").execute();
      for (const row of rows) found.get(row.short_id)?.push(row.id);
      return found;
    },
  };
}

export type AdminOrderQueries = ReturnType<typeof createAdminOrderQueries>;
