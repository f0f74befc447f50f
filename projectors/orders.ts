import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import type { OrderEvent, OrderPlaced } from "../domain/orders/events";
import { displayOrderId } from "../domain/orders/order";
import type { Projector } from "./projector";

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
    placed_at: data.placedAt,
    updated_at: data.placedAt,
  };
}

/**
 * One row per order: the customer's history, the admin list (filters and sorts
 * have their indexes), guest tracking. A deleted order keeps its row, flagged.
 */
async function applyOrders(trx: Kysely<DB>, events: RecordedEvent[]): Promise<void> {
  // Consecutive placements go in one insert: under load a batch is mostly new orders.
  let pending: ReturnType<typeof placedRow>[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await trx
      .insertInto("orders")
      .values(pending)
      .onConflict((oc) => oc.column("id").doNothing())
      .execute();
    pending = [];
  };
  for (const event of events) {
    if (!isOrderEvent(event)) continue;
    switch (event.type) {
      case "OrderPlaced":
        pending.push(placedRow(event.data));
        break;
      case "OrderStatusChanged":
        await flush();
        await trx
          .updateTable("orders")
          .set({ status: event.data.to, updated_at: event.data.at })
          .where("id", "=", event.data.orderId)
          .execute();
        break;
      case "OrderPaymentStatusChanged":
        await flush();
        await trx
          .updateTable("orders")
          .set({ payment_status: event.data.to, updated_at: event.data.at })
          .where("id", "=", event.data.orderId)
          .execute();
        break;
      case "OrderDeleted":
        await flush();
        await trx
          .updateTable("orders")
          .set({ deleted: true, deleted_at: event.data.at, updated_at: event.data.at })
          .where("id", "=", event.data.orderId)
          .execute();
        break;
    }
  }
  await flush();
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
  if (rows.length === 0) return;
  await trx
    .insertInto("order_status_history")
    .values(rows)
    .onConflict((oc) => oc.columns(["order_id", "revision"]).doNothing())
    .execute();
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
