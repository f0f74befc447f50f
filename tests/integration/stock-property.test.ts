// Random rounds of concurrent orders, cancellations, re-openings, deletions and the admin's
// counts and deliveries on one product, on the real Postgres server, both ways an order
// reaches the store: stock is never below zero at any event, what orders hold is exactly
// what the live orders ordered, and the read model equals the fold of the stream.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockEvents, stockStreamId } from "../../domain/stock/events";
import { evolve, initialStockState } from "../../domain/stock/stock";
import { orderEvents } from "../../domain/orders/events";
import { foldOrder } from "../../domain/orders/order";
import { isRuleViolation } from "../../domain/errors";
import { PostgresEventStore } from "../../eventstore/postgres";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { addProduct, catchUp, stockShop } from "../support/stock-contract";

type Step =
  | { kind: "order"; quantity: number }
  | { kind: "cancel" | "reopen" | "delete"; pick: number }
  | { kind: "count"; to: number }
  | { kind: "receive"; quantity: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("order" as const), quantity: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom("cancel" as const, "reopen" as const, "delete" as const), pick: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("count" as const), to: fc.integer({ min: 0, max: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("receive" as const), quantity: fc.integer({ min: 1, max: 5 }) }) },
);

const address = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

describe("stock under random concurrent changes", () => {
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

  for (const strategy of ["together", "reserve first"] as const) {
    it(`${strategy}: never below zero, holds match live orders, read model equals the fold`, { timeout: 240_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.array(fc.array(step, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), async (opening, rounds) => {
          const { orders, stock } = stockShop({ store, db: database.db }, strategy);
          const productId = await addProduct(database.db, opening);
          const placed: string[] = [];
          for (const round of rounds) {
            // One round's steps run at once, as parents and the admin would.
            await Promise.all(
              round.map(async (s) => {
                try {
                  if (s.kind === "order") {
                    const order = await orders.placeOrder({
                      scope: "property",
                      idempotencyKey: randomUUID(),
                      items: [{ productId: `product/${productId}`, quantity: s.quantity }],
                      customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
                      address,
                    });
                    placed.push(order.orderId);
                  } else if (s.kind === "count") {
                    await stock.count(productId, s.to, admin, "Counted");
                  } else if (s.kind === "receive") {
                    await stock.receive(productId, s.quantity, admin, "Delivery");
                  } else if (placed.length > 0) {
                    const orderId = placed[s.pick % placed.length];
                    if (s.kind === "cancel") await orders.changeStatus(orderId, "cancelled", admin);
                    if (s.kind === "reopen") await orders.changeStatus(orderId, "processing", admin);
                    if (s.kind === "delete") await orders.deleteOrder(orderId, admin);
                  }
                } catch (err) {
                  // The shop may refuse (no stock left, a deleted order): never anything else.
                  if (!isRuleViolation(err)) throw err;
                  expect([404, 409, 422]).toContain(err.status);
                }
              }),
            );
          }

          // Every event of the stream, folded one at a time: never below zero.
          const events = stockEvents.readAll(await store.readStream(stockStreamId(productId)));
          let state = initialStockState();
          for (const event of events) {
            state = evolve(state, event);
            expect(state.available).toBeGreaterThanOrEqual(0);
          }
          // What orders hold is exactly what the live (not cancelled, not deleted) orders ordered.
          const live: Record<string, number> = {};
          for (const orderId of placed) {
            const order = foldOrder(orderEvents.readAll(await store.readStream(`order-${orderId}`)));
            if (order.exists && order.status !== "cancelled" && !order.deleted) live[orderId] = order.placed.lines[0].quantity;
          }
          expect(state.held).toEqual(live);

          // The read model is the fold.
          await catchUp(database.db, store);
          const level = await stock.level(productId);
          if (events.length > 0) expect(level?.available).toBe(state.available);
          const holds = await database.db.selectFrom("stock_holds").select(["order_id", "quantity"]).where("product_id", "=", productId).execute();
          expect(Object.fromEntries(holds.map((h) => [h.order_id, h.quantity]))).toEqual(state.held);
          if (events.length > 0) expect(level?.held).toBe(Object.values(state.held).reduce((a, b) => a + b, 0));
        }),
        { numRuns: 15 },
      );
    });
  }
});
