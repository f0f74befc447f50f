/**
 * Stock that knows what left the shelf (decision 109), on streams the shop wrote before it:
 * version 1 counts (`to` was for sale) and orders long shipped or delivered still holding
 * their units. They project, replay and verify as they did; migration 0018 fills the history's
 * shelf figure the way a replay does; `shipPastOrders` (`shop stock ship-past`, and `shop start`)
 * ships every hold of an order shipped or delivered once, through the command handler, and the
 * read models stay the fold.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { up as stockShelfChange } from "../../db/migrations/0018_stock_shelf_change";
import { orderStreamId } from "../../domain/orders/events";
import { stockEvents, stockStreamId } from "../../domain/stock/events";
import { OPENING_REASON, decide, foldStock, onShelf } from "../../domain/stock/stock";
import type { EventStore, Position } from "../../eventstore/port";
import { PostgresEventStore } from "../../eventstore/postgres";
import { ordersProjector } from "../../projectors/orders";
import { replay, verify } from "../../projectors/replay";
import { applyBatch, ensureCheckpoints, readCheckpoint } from "../../projectors/runner";
import { shipPastOrders } from "../../services/stock-shipped";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { SHOP_CLI } from "../support/shop-cli";
import { handlerOnly } from "../../eventstore/command-handler";

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database);
});
afterAll(async () => {
  await store?.close();
  await database?.close();
});

const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const system = { kind: "system" as const };
/** How the stock decider stamped every stock event before decision 109. */
const v1 = { schemaVersion: 1 };

/** A product of the shop's table (its stock column is what the stream opened with). */
async function addProduct(count: number): Promise<number> {
  const row = await database.db
    .insertInto("products")
    .values({ name: `Steel Bottle ${randomUUID().slice(0, 6)}`, price: 199, stock_quantity: count, category: "accessories", gender: "unisex", size: "Free Size" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An order as the shop stored it in its first version, its status moved through `statuses`. */
async function order(lines: { productId: number; quantity: number }[], statuses: string[]): Promise<string> {
  const orderId = randomUUID();
  const events = [
    {
      id: randomUUID(),
      type: "OrderPlaced",
      metadata: { requestHash: "0".repeat(64) },
      data: {
        orderId,
        lines: lines.map((l) => ({ productId: `product/${l.productId}`, name: "Steel Bottle", size: "Free Size", school: "", unitPrice: 199, quantity: l.quantity })),
        total: lines.reduce((sum, l) => sum + 199 * l.quantity, 0),
        customer: { kind: "guest", name: "Meena Sharma", phone: "9876543210" },
        address: { name: "Meena Sharma", phone: "9876543210", address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
        placedAt: "2026-06-01T09:30:00.000Z",
      },
    },
    ...statuses.map((to, i) => ({
      id: randomUUID(),
      type: "OrderStatusChanged",
      data: { orderId, from: i === 0 ? "pending" : statuses[i - 1], to, actor: admin, at: `2026-06-0${2 + i}T10:00:00.000Z` },
    })),
  ];
  await store.append(orderStreamId(orderId), events, "no_stream");
  return orderId;
}

async function appendStock(productId: number, events: { type: string; data: Record<string, unknown> }[]): Promise<Position> {
  const stream = stockStreamId(productId);
  const existing = await store.readStream(stream);
  const result = await store.append(
    stream,
    events.map((e) => ({ id: randomUUID(), type: e.type, data: { productId, ...e.data }, metadata: v1 })),
    existing.length === 0 ? "no_stream" : existing.length - 1,
  );
  return result.position;
}

/** Projects every event up to `position` into the orders and stock read models (one projector). */
async function catchUp(db: TestDatabase["db"], events: EventStore, position: Position): Promise<void> {
  await ensureCheckpoints(db, [ordersProjector]);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const checkpoint = await readCheckpoint(db, ordersProjector.name);
    if (checkpoint && events.comparePositions(checkpoint, position) >= 0) return;
    if (Date.now() > deadline) throw new Error(`catchUp: stuck at ${checkpoint ?? "the start"}, waiting for ${position}`);
    const batch = await events.readAll({ from: checkpoint, maxCount: 500 });
    if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    else await applyBatch(db, events, ordersProjector, batch);
  }
}

const at = "2026-06-01T09:30:00.000Z";

/** The stock read models of these products as rows, for comparing a live build with a rebuild. */
async function stockRows(productIds: number[]) {
  const db = database.db;
  return {
    levels: await db.selectFrom("stock_levels").select(["product_id", "available", "held", "revision"]).where("product_id", "in", productIds).orderBy("product_id").execute(),
    holds: await db.selectFrom("stock_holds").select(["product_id", "order_id", "quantity"]).where("product_id", "in", productIds).orderBy("product_id").orderBy("order_id").execute(),
    history: await db
      .selectFrom("stock_history")
      .select(["product_id", "revision", "event_type", "change", "available_after", "shelf_change", "order_id"])
      .where("product_id", "in", productIds)
      .orderBy("product_id")
      .orderBy("revision")
      .execute(),
  };
}

describe("stock streams written before decision 109", () => {
  let bottle: number;
  let flask: number;
  let delivered: string;
  let packing: string;
  let cancelled: string;
  let shipped: string;
  let head: Position;

  beforeAll(async () => {
    bottle = await addProduct(20);
    flask = await addProduct(6);
    delivered = await order([{ productId: bottle, quantity: 5 }, { productId: flask, quantity: 1 }], ["processing", "shipped", "delivered"]);
    packing = await order([{ productId: bottle, quantity: 3 }], ["processing"]);
    cancelled = await order([{ productId: bottle, quantity: 2 }], ["cancelled"]);
    shipped = await order([{ productId: flask, quantity: 2 }], ["shipped"]);
    // As the shop wrote them: a count set what was for sale, and a shipped or delivered order kept its hold.
    await appendStock(bottle, [
      { type: "StockAdjusted", data: { from: 0, to: 20, actor: system, reason: OPENING_REASON, at } },
      { type: "StockReserved", data: { orderId: delivered, quantity: 5, at } },
      { type: "StockReserved", data: { orderId: packing, quantity: 3, at } },
      { type: "StockReserved", data: { orderId: cancelled, quantity: 2, at } },
      { type: "StockAdjusted", data: { from: 10, to: 12, actor: admin, reason: "Counted after the fair", at } },
      { type: "StockReleased", data: { orderId: cancelled, quantity: 2, reason: "cancelled", at } },
    ]);
    await store.append(
      stockStreamId(bottle),
      // A return of one of the delivered order's units, as decision 103 stored it: off the order's hold.
      [{ id: randomUUID(), type: "StockReturned", data: { productId: bottle, quantity: 1, orderId: delivered, fromHold: 1, actor: admin, reason: "Returned", at }, metadata: { schemaVersion: 2 } }],
      5,
    );
    head = await appendStock(flask, [
      { type: "StockAdjusted", data: { from: 0, to: 6, actor: system, reason: OPENING_REASON, at } },
      { type: "StockReserved", data: { orderId: delivered, quantity: 1, at } },
      { type: "StockReserved", data: { orderId: shipped, quantity: 2, at } },
    ]);
    await catchUp(database.db, store, head);
  });

  it("read as they were: version 1 counts set what is for sale, shipped orders still hold; the read model is the fold", async () => {
    const events = stockEvents.readAll(await store.readStream(stockStreamId(bottle)));
    expect(events[4].data).toMatchObject({ from: 10, to: 12, onShelf: null, held: null });
    const state = foldStock(events);
    expect(state).toMatchObject({ available: 15, held: { [delivered]: 4, [packing]: 3 } });
    const rows = await stockRows([bottle, flask]);
    expect(rows.levels).toEqual([
      { product_id: bottle, available: 15, held: 7, revision: 6 },
      { product_id: flask, available: 3, held: 3, revision: 2 },
    ]);
    // The shelf moves with deliveries, counts and returns; a reservation or a release sets units aside or frees them.
    expect(rows.history.filter((h) => h.product_id === bottle).map((h) => [h.event_type, h.change, h.shelf_change])).toEqual([
      ["StockAdjusted", 20, 20],
      ["StockReserved", -5, 0],
      ["StockReserved", -3, 0],
      ["StockReserved", -2, 0],
      ["StockAdjusted", 2, 2],
      ["StockReleased", 2, 0],
      ["StockReturned", 1, 1],
    ]);
  });

  it("replay and verify agree with the live tables; migration 0018 fills stored history rows as a replay does", async () => {
    // The history as it stood before the migration: no shelf figure. The migration adds it and fills it.
    await sql`alter table stock_history drop column shelf_change`.execute(database.db);
    // A migration runs on an untyped Kysely, as the migrator gives it one.
    await stockShelfChange(database.db as unknown as Kysely<unknown>);
    expect(await verify(database.db, store, [ordersProjector])).toEqual([]);
    const live = await stockRows([bottle, flask]);
    await replay(database.db, store, [ordersProjector], { batchSize: 3 });
    expect(await stockRows([bottle, flask])).toEqual(live);
    expect(await verify(database.db, store, [ordersProjector])).toEqual([]);
  });

  it("ship-past ships every hold of an order shipped or delivered once, leaves orders not yet shipped holding, and the models stay the fold", async () => {
    const first = await shipPastOrders({ db: database.db, store: handlerOnly(store) });
    expect(first).toMatchObject({ holds: 3, shipped: 3 });
    const bottleEvents = stockEvents.readAll(await store.readStream(stockStreamId(bottle)));
    expect(bottleEvents.at(-1)).toEqual(expect.objectContaining({ type: "StockShipped", data: expect.objectContaining({ orderId: delivered, quantity: 4 }) }));
    const bottleState = foldStock(bottleEvents);
    // For sale unchanged; held now only by the order being packed; on the shelf what is physically there.
    expect(bottleState).toMatchObject({ available: 15, held: { [packing]: 3 } });
    expect(onShelf(bottleState)).toBe(18);
    expect(foldStock(stockEvents.readAll(await store.readStream(stockStreamId(flask))))).toMatchObject({ available: 3, held: {} });

    // Run again before the read model has seen the shipments: it finds the holds and ships nothing.
    expect(await shipPastOrders({ db: database.db, store: handlerOnly(store) })).toMatchObject({ holds: 3, shipped: 0 });
    await catchUp(database.db, store, first.position!);
    expect(await shipPastOrders({ db: database.db, store: handlerOnly(store) })).toEqual({ holds: 0, shipped: 0, position: undefined });

    const rows = await stockRows([bottle, flask]);
    expect(rows.levels).toEqual([
      { product_id: bottle, available: 15, held: 3, revision: 7 },
      { product_id: flask, available: 3, held: 0, revision: 4 },
    ]);
    expect(rows.holds).toEqual([{ product_id: bottle, order_id: packing, quantity: 3 }]);
    const byOrder = (a: readonly unknown[], b: readonly unknown[]) => `${a[0]}:${a[1]}`.localeCompare(`${b[0]}:${b[1]}`);
    expect(rows.history.filter((h) => h.event_type === "StockShipped").map((h) => [h.product_id, h.order_id, h.change, h.shelf_change]).sort(byOrder)).toEqual(
      [
        [bottle, delivered, 0, -4],
        [flask, delivered, 0, -1],
        [flask, shipped, 0, -2],
      ].sort(byOrder),
    );

    // A count is now of the shelf: 18 counted with 3 held leaves 15 for sale; 2 is fewer than held.
    const [counted] = decide({ type: "CountStock", productId: bottle, onShelf: 18, actor: admin, reason: "Counted", at }, { ...bottleState, available: 14 });
    expect(counted.data).toMatchObject({ to: 15, onShelf: 18, held: 3 });

    expect(await verify(database.db, store, [ordersProjector])).toEqual([]);
    const live = await stockRows([bottle, flask]);
    await replay(database.db, store, [ordersProjector]);
    expect(await stockRows([bottle, flask])).toEqual(live);
  });

  it("checks each order on its own stream: one the read model still shows shipped but cancelled since is left alone", async () => {
    const lamp = await addProduct(4);
    const moved = await order([{ productId: lamp, quantity: 2 }], ["shipped"]);
    const position = await appendStock(lamp, [
      { type: "StockAdjusted", data: { from: 0, to: 4, actor: system, reason: OPENING_REASON, at } },
      { type: "StockReserved", data: { orderId: moved, quantity: 2, at } },
    ]);
    await catchUp(database.db, store, position);
    // Cancelled after the read model looked, its release still on its way (a store without multi-stream appends).
    await store.append(
      orderStreamId(moved),
      [{ id: randomUUID(), type: "OrderStatusChanged", data: { orderId: moved, from: "shipped", to: "cancelled", actor: admin, at } }],
      1,
    );
    expect(await shipPastOrders({ db: database.db, store: handlerOnly(store) })).toMatchObject({ holds: 1, shipped: 0 });
    expect(foldStock(stockEvents.readAll(await store.readStream(stockStreamId(lamp))))).toMatchObject({ available: 2, held: { [moved]: 2 } });
  });
});

describe("shop stock ship-past", () => {
  it("ships what is left and says so; run again, it ships nothing", async (context) => {
    if (!database.url) context.skip();
    const run = () =>
      spawnSync(process.execPath, [...SHOP_CLI, "stock", "ship-past"], {
        env: { ...process.env, REDIS_URL: "", EVENTSTORE_URL: "", DATABASE_URL: database.url! },
        encoding: "utf8",
        timeout: 120_000,
      });
    const desk = await addProduct(3);
    const sent = await order([{ productId: desk, quantity: 1 }], ["shipped", "delivered"]);
    const position = await appendStock(desk, [
      { type: "StockAdjusted", data: { from: 0, to: 3, actor: system, reason: OPENING_REASON, at } },
      { type: "StockReserved", data: { orderId: sent, quantity: 1, at } },
    ]);
    await catchUp(database.db, store, position);
    const first = run();
    expect(first.stderr).not.toMatch(/Error/);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/stock: 1 of 1 holds of orders shipped or delivered taken off the shelf now/);
    expect(foldStock(stockEvents.readAll(await store.readStream(stockStreamId(desk))))).toMatchObject({ available: 2, held: {} });
    const again = run();
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/stock: 0 of \d+ holds/);
    expect((await store.readStream(stockStreamId(desk))).filter((e) => e.type === "StockShipped")).toHaveLength(1);
  });
});
