// Stock as events on one store (decision 100), run by the event-store contract suite for
// every adapter: the last units go to exactly as many orders as there are units, a cancelled
// or deleted order gives its units back once, and on "reserve first" a crash between the
// reservation and the order is finished by the stock sweep. "together" runs where the store
// appends to several streams atomically; "reserve first" runs on every store.
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../../db/schema";
import { isRuleViolation, type RuleViolation } from "../../domain/errors";
import { englishOf } from "./refusal";
import { stockEvents, stockStreamId } from "../../domain/stock/events";
import { foldStock } from "../../domain/stock/stock";
import type { EventReader, EventStore } from "../../eventstore/port";
import { handlerOnly } from "../../eventstore/command-handler";
import { ordersProjector } from "../../projectors/orders";
import { applyBatch, ensureCheckpoints, readCheckpoint } from "../../projectors/runner";
import { createCartService } from "../../services/cart";
import { createCatalogueService } from "../../services/catalogue";
import { createLinePricer } from "../../services/line-prices";
import { createOrderService } from "../../services/orders";
import { createStockService, type ReservationStrategy } from "../../services/stock";
import type { ProductService } from "../../services/products";

export interface StockSubject {
  store: EventStore;
  db: Kysely<DB>;
}

const address = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const customer = { kind: "guest" as const, name: "Ravi Kumar", phone: "9876543210" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

/** The shop's order and stock services on this store, the way services/shopping.ts wires them. */
export function stockShop(subject: StockSubject, strategy: ReservationStrategy) {
  const { db } = subject;
  const store = handlerOnly(subject.store);
  const catalogue = createCatalogueService(db);
  const priceLine = createLinePricer((id) => catalogue.productForCart(id));
  const cart = createCartService({ store, priceLine });
  const visible = async () => true;
  const stock = createStockService({ db, store, waitUntilVisible: visible });
  const orders = createOrderService({ db, store, priceLine, cart, stock, waitUntilVisible: visible, atomic: strategy === "together" });
  return { stock, orders };
}

/** A product of the shop's table with `count` units in its stock column (its stream not opened). */
export async function addProduct(db: Kysely<DB>, count: number, name = `Steel Bottle ${randomUUID().slice(0, 6)}`): Promise<number> {
  const row = await db
    .insertInto("products")
    .values({ name, price: 199, stock_quantity: count, category: "accessories", gender: "unisex", size: "Free Size" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A bottle of the shop's own table, made through the product service as the admin makes one; its name is unique. */
export function createBottle(products: { create: ProductService["create"] }, stockQuantity: number, name = `Steel Bottle ${randomUUID().slice(0, 6)}`) {
  return products.create({
    name,
    price: 199,
    description: "Keeps water cool through the school day.",
    imageUrl: null,
    stockQuantity,
    category: "accessories",
    gender: "unisex",
    size: "Free Size",
  });
}

/** The fold of the product's whole stream, read through the registry. */
export async function foldedStock(store: EventReader, productId: number) {
  return foldStock(stockEvents.readAll(await store.readStream(stockStreamId(productId))));
}

/**
 * The position of the newest event committed, shown to readers or not. The Postgres store shows an event only
 * once every older transaction on the whole server has ended (other test files' databases included), so its
 * head may lag behind what this test appended; the events table knows the real end. Other stores: their head.
 */
async function committedHead(db: Kysely<DB>, store: EventReader) {
  const shown = await store.headPosition();
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text as transaction_id, global_position::text as global_position from es_events
    order by transaction_id desc, global_position desc limit 1`.execute(db);
  if (!rows[0] || store.description.includes("EventStoreDB")) return shown;
  const committed = `${rows[0].transaction_id}:${rows[0].global_position}`;
  return store.comparePositions(committed, shown) > 0 ? committed : shown;
}

/**
 * Applies every event not yet projected to the orders and stock read models (one projector),
 * up to the store's head as it is now: an event whose transaction has not yet shown is
 * waited for, not skipped.
 */
export async function catchUp(db: Kysely<DB>, store: EventReader): Promise<void> {
  const projectors = [ordersProjector];
  await ensureCheckpoints(db, projectors);
  const head = await committedHead(db, store);
  const deadline = Date.now() + 15_000;
  for (const projector of projectors) {
    for (;;) {
      const checkpoint = await readCheckpoint(db, projector.name);
      if (store.comparePositions(checkpoint, head) >= 0) break;
      if (Date.now() > deadline) throw new Error(`catchUp: ${projector.name} stuck at ${checkpoint ?? "the start"}, head ${head}`);
      const batch = await store.readAll({ from: checkpoint, maxCount: 500 });
      if (batch.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      else await applyBatch(db, store, projector, batch);
    }
  }
}

export function stockContract(getSubject: () => StockSubject): void {
  const strategies = (): ReservationStrategy[] =>
    getSubject().store.appendsToStreamsAtomically ? ["together", "reserve first"] : ["reserve first"];

  for (const strategy of ["together", "reserve first"] as const) {
    describe(`stock: ${strategy}`, () => {
      const shop = () => stockShop(getSubject(), strategy);
      const skipHere = () => !strategies().includes(strategy);

      const buy = (orders: ReturnType<typeof shop>["orders"], productId: number, quantity: number) =>
        orders.placeOrder({
          scope: "contract",
          idempotencyKey: randomUUID(),
          items: [{ productId: `product/${productId}`, quantity }],
          customer,
          address,
        });

      it("10 buyers for the last 3 units: exactly 3 orders, 7 clear refusals, stock 0", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders } = shop();
        const productId = await addProduct(db, 3);
        const results = await Promise.allSettled(Array.from({ length: 10 }, () => buy(orders, productId, 1)));
        const placed = results.filter((r) => r.status === "fulfilled");
        const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
        expect(placed).toHaveLength(3);
        expect(refused).toHaveLength(7);
        for (const reason of refused) {
          expect(isRuleViolation(reason), String(reason)).toBe(true);
          expect((reason as { status: number }).status).toBe(409);
          expect(englishOf(reason as RuleViolation)).toMatch(/out of stock|Only \d+ of .* left/);
        }
        const state = await foldedStock(store, productId);
        expect(state.available).toBe(0);
        expect(Object.keys(state.held)).toHaveLength(3);
      });

      it("an order of 2 from 18 leaves 16; asking for more than is left names what is left", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders } = shop();
        const productId = await addProduct(db, 18);
        await buy(orders, productId, 2);
        expect((await foldedStock(store, productId)).available).toBe(16);
        const short = (await buy(orders, productId, 17).catch((e: unknown) => e)) as RuleViolation;
        expect({ status: short.status, message: englishOf(short) }).toMatchObject({ status: 409, message: expect.stringMatching(/Only 16 of .* left/) });
        expect((await foldedStock(store, productId)).available).toBe(16);
      });

      it("a retried placement (same key) reserves once", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders } = shop();
        const productId = await addProduct(db, 5);
        const input = {
          scope: "contract",
          idempotencyKey: randomUUID(),
          items: [{ productId: `product/${productId}`, quantity: 2 }],
          customer,
          address,
        };
        const answers = await Promise.all([orders.placeOrder(input), orders.placeOrder(input), orders.placeOrder(input)]);
        expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
        expect((await foldedStock(store, productId)).available).toBe(3);
      });

      it("in one process an order decides on the stock as this process last wrote it: no read of the stock stream", async (context) => {
        if (skipHere() || strategy !== "together") context.skip();
        const { store, db } = getSubject();
        const stockReads: string[] = [];
        const counting: EventStore = Object.create(store);
        counting.readStream = async (streamId, options) => {
          if (streamId.startsWith("stock-")) stockReads.push(streamId);
          return store.readStream(streamId, options);
        };
        const { orders } = stockShop({ store: counting, db }, strategy);
        const productId = await addProduct(db, 10);
        await buy(orders, productId, 1);
        stockReads.length = 0;
        await buy(orders, productId, 2);
        await buy(orders, productId, 3);
        expect(stockReads).toEqual([]);
        // Another process took units meanwhile: the next order's append fails its revision and reads the stream.
        await stockShop(getSubject(), strategy).stock.receive(productId, 1, admin, "Delivery seen by another process");
        await buy(orders, productId, 5);
        expect(stockReads.length).toBeGreaterThan(0);
        expect((await foldedStock(store, productId)).available).toBe(0);
      });

      it("cancelling or deleting gives the units back exactly once, however often it is sent", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders } = shop();
        const productId = await addProduct(db, 5);
        const first = await buy(orders, productId, 2);
        const second = await buy(orders, productId, 1);
        expect((await foldedStock(store, productId)).available).toBe(2);

        await Promise.all([1, 2, 3].map(() => orders.changeStatus(first.orderId, "cancelled", admin)));
        await orders.changeStatus(first.orderId, "cancelled", admin);
        expect((await foldedStock(store, productId)).available).toBe(4);
        // Deleting a cancelled order gives nothing more.
        await orders.deleteOrder(first.orderId, admin);
        expect((await foldedStock(store, productId)).available).toBe(4);

        await Promise.all([1, 2].map(() => orders.deleteOrder(second.orderId, admin)));
        const state = await foldedStock(store, productId);
        expect(state.available).toBe(5);
        expect(state.held).toEqual({});
      });

      it("taking a cancelled order up again holds its units again, or is refused when they are gone", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders, stock } = shop();
        const productId = await addProduct(db, 3);
        const order = await buy(orders, productId, 2);
        await orders.changeStatus(order.orderId, "cancelled", admin);
        await orders.changeStatus(order.orderId, "processing", admin);
        expect((await foldedStock(store, productId)).available).toBe(1);

        await orders.changeStatus(order.orderId, "cancelled", admin);
        await stock.count(productId, 1, admin, "Two bottles broke");
        await expect(orders.changeStatus(order.orderId, "pending", admin)).rejects.toMatchObject({ status: 409 });
        const state = await foldedStock(store, productId);
        expect(state.available).toBe(1);
        expect(state.held).toEqual({});
        const stored = await store.readStream(`order-${order.orderId}`);
        expect(stored.at(-1)?.data).toMatchObject({ to: "cancelled" });
      });

      it("a parcel that came back is on the shelf again, held for its order until it is sent again; cancelled then, it is for sale", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { orders } = shop();
        const productId = await addProduct(db, 3);
        const order = await buy(orders, productId, 2);
        await orders.changeStatus(order.orderId, "shipped", admin);
        expect(await foldedStock(store, productId)).toMatchObject({ available: 1, held: {} });
        // Back in the shop to be sent again: two more on the shelf, both set aside for the order.
        await orders.changeStatus(order.orderId, "processing", admin);
        expect(await foldedStock(store, productId)).toMatchObject({ available: 1, held: { [order.orderId]: 2 } });
        await orders.changeStatus(order.orderId, "shipped", admin);
        expect(await foldedStock(store, productId)).toMatchObject({ available: 1, held: {} });
        // Back again, and this time the order ends: the bottles are for sale.
        await orders.changeStatus(order.orderId, "cancelled", admin);
        expect(await foldedStock(store, productId)).toMatchObject({ available: 3, held: {} });
        // A cancelled order is never sent straight from there.
        await expect(orders.changeStatus(order.orderId, "shipped", admin)).rejects.toMatchObject({ key: "lifecycle.cancelledNotSent", status: 409 });
      });

      it("the admin's count, a delivery and a return each land in the stream with who and why", async (context) => {
        if (skipHere()) context.skip();
        const { store, db } = getSubject();
        const { stock } = shop();
        const productId = await addProduct(db, 4);
        await stock.receive(productId, 10, admin, "Delivery from Jaipur");
        await stock.count(productId, 12, admin, "Counted the shelf");
        await stock.takeBack(productId, 1, admin, "Returned unopened");
        const events = stockEvents.readAll(await store.readStream(stockStreamId(productId)));
        expect(events.map((e) => e.type)).toEqual(["StockAdjusted", "StockReceived", "StockAdjusted", "StockReturned"]);
        expect(events[0].data).toMatchObject({ from: 0, to: 4, actor: { kind: "system" } });
        expect(events[2].data).toMatchObject({ from: 14, to: 12, actor: admin, reason: "Counted the shelf" });
        expect((await foldedStock(store, productId)).available).toBe(13);
      });
    });
  }

  describe("stock: reserve first, after a crash", () => {
    it("units reserved for an order that was never placed go back after the grace time; a placed order keeps them", async () => {
      const { store, db } = getSubject();
      const { stock, orders } = stockShop(getSubject(), "reserve first");
      const productId = await addProduct(db, 4);
      // The process stopped between the reservation and the order.
      const lost = randomUUID();
      await stock.reserve(lost, [{ productId, name: "Bottle", quantity: 3 }]);
      const kept = await orders.placeOrder({
        scope: "contract",
        idempotencyKey: randomUUID(),
        items: [{ productId: `product/${productId}`, quantity: 1 }],
        customer,
        address,
      });
      expect((await foldedStock(store, productId)).available).toBe(0);
      await catchUp(db, store);

      expect((await stock.sweep()).released).toBe(0);
      const later = new Date(Date.now() + 10 * 60_000);
      expect((await stock.sweep({ now: later })).released).toBe(1);
      expect((await stock.sweep({ now: later })).released).toBe(0);
      const state = await foldedStock(store, productId);
      expect(state.available).toBe(3);
      expect(Object.keys(state.held)).toEqual([kept.orderId]);
    });

    it("a cancel whose release was cut off is finished by the sweep, once", async () => {
      const { store, db } = getSubject();
      const { stock, orders } = stockShop(getSubject(), "reserve first");
      const productId = await addProduct(db, 4);
      const order = await orders.placeOrder({
        scope: "contract",
        idempotencyKey: randomUUID(),
        items: [{ productId: `product/${productId}`, quantity: 2 }],
        customer,
        address,
      });
      // The status change was stored; the process stopped before the release.
      await store.append(
        `order-${order.orderId}`,
        [{ id: randomUUID(), type: "OrderStatusChanged", data: { orderId: order.orderId, from: "pending", to: "cancelled", actor: admin, at: new Date().toISOString() }, metadata: { schemaVersion: 1 } }],
        1, // after OrderPlaced and PaymentRequested
      );
      await catchUp(db, store);
      const later = new Date(Date.now() + 10 * 60_000);
      expect((await stock.sweep({ now: later })).released).toBe(1);
      await catchUp(db, store);
      expect((await stock.sweep({ now: later })).released).toBe(0);
      expect((await foldedStock(store, productId)).available).toBe(4);
    });
  });
}
