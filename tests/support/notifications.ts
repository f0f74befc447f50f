import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { DB, NotificationStatus } from "../../db/schema";
import type { OrderPlaced, OrderStatus, OrderStatusChanged } from "../../domain/orders/events";
import type { EventStore, NewEvent, ShopEvents } from "../../eventstore/port";
import { adapterOf } from "./event-store";
import { eventually } from "./fake-providers";

/** A BullMQ key prefix of its own for one test file, so parallel files never share a queue. */
export function testQueuePrefix(file: string): string {
  return `test-${file}-${randomUUID().slice(0, 8)}`;
}

/** Deletes every Redis key a test file's BullMQ prefix made. */
export async function dropQueuePrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** What OrderPlaced version 3 added; a version 1 event reads them as its total, no offer, no delivery, cash. */
type V3Fields = "subtotal" | "discountPercent" | "discount" | "delivery" | "paymentMethod";

/** Appends an OrderPlaced the way checkout does: a new `order-<id>` stream. */
export async function placeOrder(
  store: ShopEvents | EventStore,
  options: { phone: string; total?: number; orderId?: string; name?: string },
): Promise<{ orderId: string; eventId: string }> {
  const orderId = options.orderId ?? `ORD-${randomUUID().slice(0, 8).toUpperCase()}`;
  const total = options.total ?? 1250;
  // Stored as version 1 (no schemaVersion stamp, no language, no charges): read as an English cash-on-delivery order.
  const event: NewEvent<"OrderPlaced", Omit<OrderPlaced["data"], "language" | V3Fields>> = {
    id: randomUUID(),
    type: "OrderPlaced",
    data: {
      orderId,
      lines: [
        { productId: "white-shirt", name: "White Shirt", size: "32", school: "", unitPrice: total, quantity: 1 },
      ],
      total,
      customer: { kind: "guest", name: options.name ?? "Asha Sharma", phone: options.phone },
      address: { name: options.name ?? "Asha Sharma", phone: options.phone, address: "Ward 12, Station Road", city: "Churu", pincode: "331001" },
      placedAt: new Date().toISOString(),
    },
  };
  await adapterOf(store).append(`order-${orderId}`, [event], "no_stream");
  return { orderId, eventId: event.id };
}

export async function changeStatus(
  store: ShopEvents | EventStore,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
): Promise<{ eventId: string }> {
  const event: NewEvent<"OrderStatusChanged", OrderStatusChanged["data"]> = {
    id: randomUUID(),
    type: "OrderStatusChanged",
    data: { orderId, from, to, actor: { kind: "admin", name: "Test Admin" }, at: new Date().toISOString() },
  };
  await adapterOf(store).append(`order-${orderId}`, [event], "stream_exists");
  return { eventId: event.id };
}

export async function sendRecord(db: Kysely<DB>, key: string) {
  return db.selectFrom("notification_sends").selectAll().where("key", "=", key).executeTakeFirst();
}

/** The outbox record of the newest sign-in code for `phone` (written with the code itself, in sendCode's transaction). */
export async function codeRecord(db: Kysely<DB>, phone: string) {
  return db
    .selectFrom("notification_sends")
    .selectAll()
    .where("queue", "=", "otp")
    .where("recipient", "=", phone)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

/** Waits until the record reaches one of `statuses`. */
export async function waitForStatus(
  db: Kysely<DB>,
  key: string,
  statuses: NotificationStatus[],
  timeoutMs = 15_000,
) {
  return eventually(
    `notification ${key} to be ${statuses.join(" or ")}`,
    async () => {
      const row = await sendRecord(db, key);
      return row && statuses.includes(row.status) ? row : null;
    },
    timeoutMs,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
