import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { orderEvents, orderStreamId, type OrderEvent } from "../domain/orders/events";
import type { ReadEvent } from "../domain/events/registry";
import { indiaDay, lineKey, linesAfterSwap, orderContribution, type ReportLine, type ReportOrder } from "../domain/reports/reports";
import { ERASED } from "../domain/privacy/erased";
import { linesAfterDrop } from "../domain/orders/drop-line";
import { privacyEvents } from "../domain/privacy/events";
import { insertRows } from "./bulk";
import { erasedIn, type Erased } from "./erasures";
import type { ApplyContext, Projector, StreamReader } from "./projector";

type ReadOrderEvent = ReadEvent<RecordedEvent, OrderEvent>;

/** The order events the reports count; every other order event changes none of their figures. */
const REPORT_TYPES = ["OrderPlaced", "OrderStatusChanged", "OrderLineDropped", "OrderDeleted", "ExchangeMade", "ReturnRequested", "PaymentRefunded"] as const;
const COUNTED: ReadonlySet<string> = new Set(REPORT_TYPES);

const ORDER_COLUMNS = {
  order_id: "text", day: "date", parent: "text", first_order: "boolean", payment_method: "text", total: "integer", subtotal: "integer",
  discount: "integer", delivery: "integer", status: "text", deleted: "boolean", lines: "jsonb",
};
const PARENT_COLUMNS = { parent: "text", first_order_id: "text", first_day: "date" };
const DAILY_COLUMNS = {
  day: "date", payment_method: "text", orders: "integer", new_parents: "integer", sales: "bigint", subtotal: "bigint", discount: "bigint",
  delivery: "bigint", offer_orders: "integer", returns: "integer", exchanges: "integer", refunds: "integer", refunded: "numeric",
};
const LINE_COLUMNS = { day: "date", school: "text", product_id: "text", size: "text", quantity: "integer", amount: "bigint", net: "bigint" };
const MONTH_COLUMNS = { month: "date", school: "text", product_id: "text", size: "text", quantity: "integer", amount: "bigint", net: "bigint" };
const ITEM_COLUMNS = { product_id: "text", school: "text", name: "text" };

type DailyRow = { day: string; payment_method: string; orders: number; new_parents: number; sales: number; subtotal: number; discount: number; delivery: number; offer_orders: number; returns: number; exchanges: number; refunds: number; refunded: number };
type LineRow = { day: string; school: string; product_id: string; size: string; quantity: number; amount: number; net: number };
type OrderRow = ReportOrder & { orderId: string; parent: string };

/**
 * Who a parent is across orders: the account of a signed-in parent, else the mobile number, kept only as
 * a hash (the reports need to know a parent came back, never who they are). A guest whose order was
 * erased has no number left to read: that order is a parent of its own (`erased:<orderId>`).
 */
function parentOf(customer: { userId?: string; phone: string }, orderId: string): string {
  if (customer.userId) return `account:${customer.userId}`;
  if (customer.phone === ERASED) return `erased:${orderId}`;
  return `phone:${createHash("sha256").update(customer.phone).digest("hex").slice(0, 32)}`;
}

async function ordersBefore(trx: Kysely<DB>, ids: string[]): Promise<Map<string, OrderRow>> {
  const found = new Map<string, OrderRow>();
  if (ids.length === 0) return found;
  const rows = await trx
    .selectFrom("report_orders")
    .select(["order_id", sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "parent", "first_order", "payment_method", "total", "subtotal", "discount", "delivery", "status", "deleted", "lines"])
    .where("order_id", "in", ids)
    .execute();
  for (const row of rows) {
    found.set(row.order_id, {
      orderId: row.order_id, day: row.day, parent: row.parent, firstOrder: row.first_order, paymentMethod: row.payment_method,
      total: Number(row.total), subtotal: Number(row.subtotal), discount: Number(row.discount), delivery: Number(row.delivery),
      status: row.status, deleted: row.deleted,
      lines: (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as ReportLine[],
    });
  }
  return found;
}

async function parentsBefore(trx: Kysely<DB>, parents: string[]): Promise<Set<string>> {
  if (parents.length === 0) return new Set();
  const rows = await trx.selectFrom("report_parents").select("parent").where("parent", "in", parents).execute();
  return new Set(rows.map((r) => r.parent));
}

function emptyDaily(day: string, method: string): DailyRow {
  return { day, payment_method: method, orders: 0, new_parents: 0, sales: 0, subtotal: 0, discount: 0, delivery: 0, offer_orders: 0, returns: 0, exchanges: 0, refunds: 0, refunded: 0 };
}

/**
 * The reports' read models (migration 0030, decision 135). A batch is folded in memory: each order it
 * touches is read as the table holds it, its events applied, and its day's sums moved by what it adds
 * now less what it added before (an order cancelled leaves its day's sales; an exchange moves units
 * from one size to another). Returns, exchanges and refunds count on the day they happened. Every key a
 * batch touches is written, even with a change of 0, so live projection and a replay in other batch
 * sizes leave the same rows for `shop verify` to compare.
 */
export const reportsProjector: Projector = {
  name: "reports",
  tables: ["report_orders", "report_parents", "report_daily", "report_daily_lines", "report_monthly_lines", "report_items"],
  eventTypes: [...REPORT_TYPES, "SubjectErased"],
  categories: [orderEvents.category, privacyEvents.category],
  async apply(trx, events, context) {
    await countOrders(trx, events, context);
    const erased = erasedIn(events);
    if (erased) await forgetParents(trx, erased, context.events);
  },
};

/** The batch's order events counted into the report tables (see reportsProjector). */
async function countOrders(trx: Kysely<DB>, events: RecordedEvent[], context?: ApplyContext): Promise<void> {
  const read: ReadOrderEvent[] = [];
  for (const event of events) {
    if (streamCategory(event.streamId) !== orderEvents.category) continue;
    // Read every order event through the registry (one it cannot read stops the projector with its position).
    const order = orderEvents.read(event);
    if (COUNTED.has(order.type)) read.push(order);
  }
  if (read.length === 0) return;
  const placedHere = new Set(read.filter((e) => e.type === "OrderPlaced").map((e) => e.data.orderId));
  const before = await ordersBefore(trx, [...new Set(read.map((e) => e.data.orderId).filter((id) => !placedHere.has(id)))]);
  const knownParents = await parentsBefore(
    trx,
    [...new Set(read.flatMap((e) => (e.type === "OrderPlaced" ? [parentOf(e.data.customer, e.data.orderId)] : [])))],
  );
  const now = new Map<string, OrderRow>(before);
  const newParents: { parent: string; first_order_id: string; first_day: string }[] = [];
  const items = new Map<string, { product_id: string; school: string; name: string }>();
  const daily = new Map<string, DailyRow>();
  const dailyOf = (day: string, method: string) => {
    const key = `${day}\n${method}`;
    let row = daily.get(key);
    if (!row) daily.set(key, (row = emptyDaily(day, method)));
    return row;
  };
  const noteItems = (lines: readonly ReportLine[]) => {
    for (const line of lines) if (!items.has(line.productId)) items.set(line.productId, { product_id: line.productId, school: line.school, name: line.name });
  };

  for (const event of read) {
    const { orderId } = event.data;
    if (event.type === "OrderPlaced") {
      if (now.has(orderId)) continue;
      const { data } = event;
      const parent = parentOf(data.customer, orderId);
      const firstOrder = !knownParents.has(parent);
      const day = indiaDay(data.placedAt);
      if (firstOrder) {
        knownParents.add(parent);
        newParents.push({ parent, first_order_id: orderId, first_day: day });
      }
      const lines = data.lines.map(({ productId, name, size, school, unitPrice, quantity }) => ({ productId, name, size, school, unitPrice, quantity }));
      noteItems(lines);
      now.set(orderId, {
        orderId, parent, firstOrder, day, paymentMethod: data.paymentMethod, total: data.total, subtotal: data.subtotal,
        discount: data.discount, delivery: data.delivery, status: "pending", deleted: false, lines,
      });
      continue;
    }
    const order = now.get(orderId);
    // An event of an order placed before the reports existed in this database cannot be: the projector
    // starts at the first event. One whose OrderPlaced is missing has nothing to count against.
    if (!order) continue;
    switch (event.type) {
      case "OrderStatusChanged":
        now.set(orderId, { ...order, status: event.data.to });
        break;
      case "OrderDeleted":
        now.set(orderId, { ...order, deleted: true });
        break;
      case "OrderLineDropped": {
        // Never sold (decision 204): the order counts what it still sends, at the money the drop recorded.
        const { subtotal, discount, delivery, total } = event.data.charges;
        now.set(orderId, { ...order, lines: linesAfterDrop(order.lines, event.data.line), subtotal, discount, delivery, total });
        break;
      }
      case "ExchangeMade": {
        const lines = linesAfterSwap(order.lines, event.data.lines);
        noteItems(lines);
        now.set(orderId, { ...order, lines });
        dailyOf(indiaDay(event.data.at), order.paymentMethod).exchanges += 1;
        break;
      }
      case "ReturnRequested":
        dailyOf(indiaDay(event.data.at), order.paymentMethod).returns += 1;
        break;
      case "PaymentRefunded": {
        const row = dailyOf(indiaDay(event.data.at), order.paymentMethod);
        row.refunds += 1;
        // Rupees to the paisa (decision 209): summed in paise, so no float error creeps in.
        row.refunded = (Math.round(row.refunded * 100) + event.data.paise) / 100;
        break;
      }
    }
  }

  const lineRows = new Map<string, LineRow>();
  for (const [orderId, after] of now) {
    const was = orderContribution(before.get(orderId));
    const is = orderContribution(after);
    const row = dailyOf(after.day, after.paymentMethod);
    row.orders += is.orders - was.orders;
    row.new_parents += is.newParents - was.newParents;
    row.sales += is.sales - was.sales;
    row.subtotal += is.subtotal - was.subtotal;
    row.discount += is.discount - was.discount;
    row.delivery += is.delivery - was.delivery;
    row.offer_orders += is.offerOrders - was.offerOrders;
    // Every line the order has or had, counted or not: a replay that sees an order placed and cancelled
    // in one batch writes its rows (at 0) as live projection, which saw the two apart, did.
    const touched = new Set([...(before.get(orderId)?.lines ?? []), ...after.lines].map(lineKey));
    for (const key of touched) {
      const [school, productId, size] = key.split("\n");
      const dayKey = `${after.day}\n${lineKey({ school, productId, size })}`;
      const sum = lineRows.get(dayKey) ?? { day: after.day, school, product_id: productId, size, quantity: 0, amount: 0, net: 0 };
      sum.quantity += (is.lines.get(key)?.quantity ?? 0) - (was.lines.get(key)?.quantity ?? 0);
      sum.amount += (is.lines.get(key)?.amount ?? 0) - (was.lines.get(key)?.amount ?? 0);
      sum.net += (is.lines.get(key)?.net ?? 0) - (was.lines.get(key)?.net ?? 0);
      lineRows.set(dayKey, sum);
    }
  }

  const orderRows = [...now.values()].map((o) => ({
    order_id: o.orderId, day: o.day, parent: o.parent, first_order: o.firstOrder, payment_method: o.paymentMethod, total: o.total,
    subtotal: o.subtotal, discount: o.discount, delivery: o.delivery, status: o.status, deleted: o.deleted, lines: o.lines,
  }));
  // Orders placed in this batch are new rows (COPY in a replay's fresh tables); the others change in place.
  await insertRows(trx, "report_orders", ORDER_COLUMNS, orderRows.filter((r) => !before.has(r.order_id)), {
    onConflict: context?.freshTables ? undefined : sql`on conflict (order_id) do nothing`,
    context,
  });
  await insertRows(trx, "report_orders", ORDER_COLUMNS, orderRows.filter((r) => before.has(r.order_id)), {
    // A drop before dispatch changes the order's money too (decision 204), not only its lines.
    onConflict: sql`on conflict (order_id) do update set status = excluded.status, deleted = excluded.deleted, lines = excluded.lines,
      subtotal = excluded.subtotal, discount = excluded.discount, delivery = excluded.delivery, total = excluded.total`,
  });
  await insertRows(trx, "report_parents", PARENT_COLUMNS, newParents, { onConflict: sql`on conflict (parent) do nothing` });
  await insertRows(trx, "report_items", ITEM_COLUMNS, [...items.values()], { onConflict: sql`on conflict (product_id) do nothing` });
  await insertRows(trx, "report_daily", DAILY_COLUMNS, [...daily.values()], {
    onConflict: sql`on conflict (day, payment_method) do update set
      orders = report_daily.orders + excluded.orders, new_parents = report_daily.new_parents + excluded.new_parents,
      sales = report_daily.sales + excluded.sales, subtotal = report_daily.subtotal + excluded.subtotal,
      discount = report_daily.discount + excluded.discount, delivery = report_daily.delivery + excluded.delivery,
      offer_orders = report_daily.offer_orders + excluded.offer_orders, returns = report_daily.returns + excluded.returns,
      exchanges = report_daily.exchanges + excluded.exchanges, refunds = report_daily.refunds + excluded.refunds,
      refunded = report_daily.refunded + excluded.refunded`,
  });
  await insertRows(trx, "report_daily_lines", LINE_COLUMNS, [...lineRows.values()], {
    onConflict: sql`on conflict (day, school, product_id, size) do update set
      quantity = report_daily_lines.quantity + excluded.quantity, amount = report_daily_lines.amount + excluded.amount,
      net = report_daily_lines.net + excluded.net`,
  });
  // The same changes by month: every month key a day key touched, so both tables hold the same rows live and rebuilt.
  const monthRows = new Map<string, { month: string; school: string; product_id: string; size: string; quantity: number; amount: number; net: number }>();
  for (const row of lineRows.values()) {
    const month = `${row.day.slice(0, 7)}-01`;
    const key = `${month}\n${lineKey({ school: row.school, productId: row.product_id, size: row.size })}`;
    const sum = monthRows.get(key) ?? { month, school: row.school, product_id: row.product_id, size: row.size, quantity: 0, amount: 0, net: 0 };
    sum.quantity += row.quantity;
    sum.amount += row.amount;
    sum.net += row.net;
    monthRows.set(key, sum);
  }
  await insertRows(trx, "report_monthly_lines", MONTH_COLUMNS, [...monthRows.values()], {
    onConflict: sql`on conflict (month, school, product_id, size) do update set
      quantity = report_monthly_lines.quantity + excluded.quantity, amount = report_monthly_lines.amount + excluded.amount,
      net = report_monthly_lines.net + excluded.net`,
  });
}

/**
 * A guest's order erased (SubjectErased): the hash of their number goes from the reports, and the rows read
 * as a replay, which reads that number as erased, rebuilds them. The order becomes a parent of its own
 * (`erased:<orderId>`, a first order); the number's next order, if the number ordered again, becomes its
 * first. Sales, lines and the other sums do not move; only "new parents" may count one more, as the shop
 * can no longer tell the two orders were one parent's (decision 121).
 */
async function forgetParents(trx: Kysely<DB>, erased: Erased, store: StreamReader): Promise<void> {
  const ids = [...new Set([...erased.orderIds, ...erased.orderSubjects])];
  if (ids.length === 0) return;
  const rows = [...(await ordersBefore(trx, ids)).values()].filter((o) => o.parent.startsWith("phone:"));
  const moveNewParents = async (before: OrderRow, after: OrderRow) => {
    const change = orderContribution(after).newParents - orderContribution(before).newParents;
    if (change === 0) return;
    await trx
      .updateTable("report_daily")
      .set((eb) => ({ new_parents: eb("new_parents", "+", change) }))
      .where("day", "=", before.day)
      .where("payment_method", "=", before.paymentMethod)
      .execute();
  };
  const numbersLosingFirst = new Set<string>();
  for (const row of rows) {
    const own = `erased:${row.orderId}`;
    if (row.firstOrder) numbersLosingFirst.add(row.parent);
    await moveNewParents(row, { ...row, parent: own, firstOrder: true });
    await trx.updateTable("report_orders").set({ parent: own, first_order: true }).where("order_id", "=", row.orderId).execute();
    await trx.insertInto("report_parents").values({ parent: own, first_order_id: row.orderId, first_day: row.day }).onConflict((oc) => oc.column("parent").doNothing()).execute();
  }
  for (const parent of numbersLosingFirst) {
    // The number's first order left: its next, in the order the shop took them, is now its first.
    const next = await firstTaken(store, await trx
      .selectFrom("report_orders")
      .select("order_id")
      .where("parent", "=", parent)
      .where("order_id", "not in", ids)
      .execute());
    if (!next) {
      await trx.deleteFrom("report_parents").where("parent", "=", parent).execute();
      continue;
    }
    const order = (await ordersBefore(trx, [next.order_id])).get(next.order_id)!;
    await moveNewParents(order, { ...order, firstOrder: true });
    await trx.updateTable("report_orders").set({ first_order: true }).where("order_id", "=", order.orderId).execute();
    await trx.updateTable("report_parents").set({ first_order_id: order.orderId, first_day: order.day }).where("parent", "=", parent).execute();
  }
}

/**
 * Of a parent's orders, the one the shop took first: the one whose stream began first in the store's
 * global order, read through the port (decision 162). A number orders a handful of times, so a read each.
 */
async function firstTaken(store: StreamReader, orders: readonly { order_id: string }[]): Promise<{ order_id: string } | undefined> {
  let first: { order_id: string; position: string } | undefined;
  for (const order of orders) {
    const [placed] = await store.readStream(orderStreamId(order.order_id), { maxCount: 1, withoutData: true });
    if (!placed) continue;
    if (!first || store.comparePositions(placed.position, first.position) < 0) first = { order_id: order.order_id, position: placed.position };
  }
  return first;
}
