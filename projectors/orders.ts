import { sql, type Insertable, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import type { OrderEvent, OrderPlaced } from "../domain/orders/events";
import { displayOrderId } from "../domain/orders/order";
import type { Projector } from "./projector";
import { insertColumns } from "./bulk";

function isOrderEvent(event: RecordedEvent): event is RecordedEvent & OrderEvent {
  return (
    streamCategory(event.streamId) === "order" &&
    (event.type === "OrderPlaced" ||
      event.type === "OrderStatusChanged" ||
      event.type === "OrderPaymentStatusChanged" ||
      event.type === "OrderDeleted")
  );
}

function placedRow(data: OrderPlaced["data"]) {
  return {
    id: data.orderId,
    short_id: displayOrderId(data.orderId),
    user_id: data.customer.userId ?? null,
    customer_kind: data.customer.kind,
    customer_name: data.customer.name,
    phone: data.customer.phone,
    email: data.customer.email ?? null,
    ship_name: data.address.name,
    ship_phone: data.address.phone,
    address_line: data.address.address,
    city: data.address.city,
    pincode: data.address.pincode,
    lines: JSON.stringify(data.lines),
    item_count: data.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: data.total,
    status: "pending",
    payment_status: "pending",
    deleted: false,
    deleted_at: null as string | null,
    placed_at: data.placedAt,
    updated_at: data.placedAt,
  };
}

const ORDER_COLUMNS = {
  id: "text", short_id: "text", user_id: "text", customer_kind: "text", customer_name: "text", phone: "text",
  email: "text", ship_name: "text", ship_phone: "text", address_line: "text", city: "text", pincode: "text",
  lines: "jsonb", item_count: "integer", total: "integer", status: "text", payment_status: "text",
  deleted: "boolean", deleted_at: "timestamptz", placed_at: "timestamptz", updated_at: "timestamptz",
};

const HISTORY_COLUMNS = {
  order_id: "text", revision: "integer", event_type: "text", field: "text", from_value: "text", to_value: "text",
  actor_kind: "text", actor_id: "text", actor_name: "text", at: "timestamptz",
};

interface OrderChange {
  status?: string;
  payment_status?: string;
  deleted?: boolean;
  deleted_at?: string;
  updated_at: string;
}

/**
 * One row per order: the customer's history, the admin list (filters and sorts
 * have their indexes), guest tracking. A deleted order keeps its row, flagged.
 *
 * A batch is folded in memory first: orders placed in the batch are inserted
 * with their latest state, and changes to older orders become one bulk
 * update. A replay of a million events then costs a few statements per batch,
 * not one per event.
 */
async function applyOrders(trx: Kysely<DB>, events: RecordedEvent[]): Promise<void> {
  const placed = new Map<string, ReturnType<typeof placedRow>>();
  const changed = new Map<string, OrderChange>();
  for (const event of events) {
    if (!isOrderEvent(event)) continue;
    if (event.type === "OrderPlaced") {
      placed.set(event.data.orderId, placedRow(event.data));
      continue;
    }
    const change: OrderChange =
      event.type === "OrderStatusChanged"
        ? { status: event.data.to, updated_at: event.data.at }
        : event.type === "OrderPaymentStatusChanged"
          ? { payment_status: event.data.to, updated_at: event.data.at }
          : { deleted: true, deleted_at: event.data.at, updated_at: event.data.at };
    const row = placed.get(event.data.orderId);
    if (row) Object.assign(row, change);
    else changed.set(event.data.orderId, { ...changed.get(event.data.orderId), ...change });
  }
  await insertColumns(trx, "orders", ORDER_COLUMNS, [...placed.values()], sql`on conflict (id) do nothing`);
  if (changed.size > 0) {
    const values = [...changed.entries()].map(
      ([id, c]) =>
        sql`(${id}, ${c.status ?? null}, ${c.payment_status ?? null}, ${c.deleted ?? null}::boolean, ${c.deleted_at ?? null}::timestamptz, ${c.updated_at}::timestamptz)`,
    );
    await sql`update orders as o set
        status = coalesce(v.status, o.status),
        payment_status = coalesce(v.payment_status, o.payment_status),
        deleted = coalesce(v.deleted, o.deleted),
        deleted_at = coalesce(v.deleted_at, o.deleted_at),
        updated_at = v.updated_at
      from (values ${sql.join(values)}) as v(id, status, payment_status, deleted, deleted_at, updated_at)
      where o.id = v.id`.execute(trx);
  }
}

/** Every change of an order, in stream order: the trail the admin and a tracking customer see. */
async function applyStatusHistory(trx: Kysely<DB>, events: RecordedEvent[]): Promise<void> {
  const rows: Insertable<DB["order_status_history"]>[] = [];
  for (const event of events) {
    if (!isOrderEvent(event)) continue;
    const base = { order_id: event.data.orderId, revision: event.revision, event_type: event.type };
    switch (event.type) {
      case "OrderPlaced": {
        const customer = event.data.customer;
        rows.push({
          ...base,
          field: "status",
          from_value: null,
          to_value: "pending",
          actor_kind: customer.kind === "user" ? "customer" : "guest",
          actor_id: customer.userId ?? null,
          actor_name: customer.name,
          at: event.data.placedAt,
        });
        break;
      }
      case "OrderStatusChanged":
      case "OrderPaymentStatusChanged":
        rows.push({
          ...base,
          field: event.type === "OrderStatusChanged" ? "status" : "payment_status",
          from_value: event.data.from,
          to_value: event.data.to,
          actor_kind: event.data.actor.kind,
          actor_id: event.data.actor.id ?? null,
          actor_name: event.data.actor.name ?? null,
          at: event.data.at,
        });
        break;
      case "OrderDeleted":
        rows.push({
          ...base,
          field: "deleted",
          from_value: null,
          to_value: "deleted",
          actor_kind: event.data.actor.kind,
          actor_id: event.data.actor.id ?? null,
          actor_name: event.data.actor.name ?? null,
          at: event.data.at,
        });
        break;
    }
  }
  await insertColumns(trx, "order_status_history", HISTORY_COLUMNS, rows, sql`on conflict (order_id, revision) do nothing`);
}

/**
 * The order read models: `orders` and `order_status_history`, one projector so
 * one read of the global stream and one transaction per batch feed both (and a
 * page that waits for its order waits for one checkpoint).
 */
export const ordersProjector: Projector = {
  name: "orders",
  tables: ["orders", "order_status_history"],
  async apply(trx, events) {
    const orderEvents = events.filter(isOrderEvent);
    if (orderEvents.length === 0) return;
    await applyOrders(trx, orderEvents);
    await applyStatusHistory(trx, orderEvents);
  },
};
