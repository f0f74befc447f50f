import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartStreamId, userCartId } from "../../domain/cart";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import type { AppendResult } from "../../eventstore/port";
import { PostgresEventStore } from "../../eventstore/postgres";
import { ordersProjector } from "../../projectors/orders";
import { streamTypeCounts } from "../../projectors/stream-type-counts";
import { ProjectorRunner, readCheckpoint, waitForProjectors } from "../../projectors/runner";
import { replay, verify } from "../../projectors/replay";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { openTestShop, type TestShop } from "../support/shop";
import { SHOP_CLI } from "../support/shop-cli";
import { adapterOf } from "../support/event-store";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const admin = { kind: "admin", id: "admin-1", name: "Asha" };
const shirt = { productId: "school/dps/shirt", size: "30", school: "Delhi Public School", name: "Shirt" };
const belt = { productId: "accessories/belt", size: "Free Size", school: "", name: "Belt" };

/**
 * Events exactly as the shop stored them before schema versions: no `schemaVersion` in
 * their metadata (an order's first event carries only its request hash), data as the
 * deciders of that time wrote it. Appended raw, past the services' stamping.
 */
function versionOneOrder(orderId: string, userId: string) {
  const placedAt = "2026-06-01T09:30:00.000Z";
  return [
    {
      id: randomUUID(),
      type: "OrderPlaced",
      metadata: { requestHash: "0".repeat(64) },
      data: {
        orderId,
        lines: [{ ...shirt, unitPrice: 310, quantity: 2 }, { ...belt, unitPrice: 150, quantity: 1 }],
        total: 770,
        customer: { kind: "user", userId, name: "Ravi", phone: "9876543210" },
        address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
        placedAt,
      },
    },
    { id: randomUUID(), type: "OrderStatusChanged", data: { orderId, from: "pending", to: "shipped", actor: admin, at: "2026-06-02T10:00:00.000Z" } },
    { id: randomUUID(), type: "OrderPaymentStatusChanged", data: { orderId, from: "pending", to: "paid", actor: admin, at: "2026-06-03T11:00:00.000Z" } },
  ];
}

describe("events stored before schema versions (version 1)", () => {
  it("fold, project, replay and verify into today's models", async () => {
    const userId = randomUUID();
    const cartId = userCartId(userId);
    const cart = await adapterOf(shop.store).append(
      cartStreamId(cartId),
      [
        { id: randomUUID(), type: "CartItemAdded", data: { ...shirt, quantity: 3 } },
        { id: randomUUID(), type: "CartItemAdded", data: { ...belt, quantity: 1 } },
        { id: randomUUID(), type: "CartItemQuantityChanged", data: { productId: belt.productId, size: belt.size, school: "", quantity: 2 } },
        { id: randomUUID(), type: "CartMerged", data: { fromCartId: "guest.old", fromRevision: 4, lines: [{ ...shirt, quantity: 1 }] } },
        { id: randomUUID(), type: "CartCheckedOut", data: { orderId: randomUUID(), lines: [{ productId: shirt.productId, size: "30", school: shirt.school, quantity: 2 }] } },
        { id: randomUUID(), type: "CartItemRemoved", data: { productId: belt.productId, size: belt.size, school: "" } },
      ],
      "no_stream",
    );
    const emptied = await adapterOf(shop.store).append(
      cartStreamId(userCartId(randomUUID())),
      [
        { id: randomUUID(), type: "CartItemAdded", data: { ...belt, quantity: 1 } },
        { id: randomUUID(), type: "CartCleared", data: {} },
      ],
      "no_stream",
    );
    const orderId = randomUUID();
    await adapterOf(shop.store).append(orderStreamId(orderId), versionOneOrder(orderId, userId), "no_stream");
    const deletedId = randomUUID();
    const deleted = await adapterOf(shop.store).append(
      orderStreamId(deletedId),
      [...versionOneOrder(deletedId, userId), { id: randomUUID(), type: "OrderDeleted", data: { orderId: deletedId, actor: admin, at: "2026-06-04T12:00:00.000Z" } }],
      "no_stream",
    );
    expect((await shop.store.readStream(orderStreamId(orderId)))[1].metadata).toEqual({});

    // Folds: the cart service and the order decider read them through the registry.
    const view = await shop.cart.viewById(cartId);
    expect(view.revision).toBe(5);
    expect(view.lines.map((l) => `${l.name} (${l.size}) x ${l.quantity}`)).toEqual(["Shirt (30) x 2"]);
    expect(view.count).toBe(2);
    const trail = await shop.orders.getOrderTrail(orderId);
    expect(trail.map((e) => e.type)).toEqual(["OrderPlaced", "OrderStatusChanged", "OrderPaymentStatusChanged"]);
    // Lifted through version 2 (language) to 3 (charges): charged its lines' sum, cash on delivery, as it was.
    expect(trail[0].data).toMatchObject({ language: "en", subtotal: 770, discountPercent: 0, discount: 0, delivery: 0, total: 770, paymentMethod: "cod" });
    // A command on a version-1 stream folds it and appends today's version after it.
    await shop.orders.changeStatus(orderId, "delivered", { kind: "admin", id: "admin-1", name: "Asha" });
    const [, , , appended] = await shop.store.readStream(orderStreamId(orderId));
    expect(appended.metadata[SCHEMA_VERSION]).toBe(1);

    // Projection: the read model as the shop shows it.
    for (const position of [cart.position, emptied.position, deleted.position]) {
      expect(await shop.waitForReadModels(position, 20_000)).toBe(true);
    }
    const order = await shop.orders.getOrder(orderId);
    expect(order).toMatchObject({ total: 770, subtotal: 770, itemCount: 3, status: "delivered", paymentStatus: "paid", amountPaid: 770, deleted: false, userId });
    expect(await shop.orders.getOrder(deletedId)).toMatchObject({ status: "shipped", paymentStatus: "paid", deleted: true });
    expect((await shop.orders.getStatusHistory(orderId)).map((h) => `${h.field}:${h.to}`)).toEqual([
      "status:pending",
      "status:shipped",
      "payment_status:paid",
      "status:delivered",
    ]);

    // Replay and verify: rebuilt from the same events, the same rows.
    // projected_at is the projector's own clock (verify leaves it out too).
    const rows = async () =>
      (await sql<{ projected_at?: unknown }>`select * from orders order by id`.execute(shop.db)).rows.map(({ projected_at, ...row }) => {
        void projected_at;
        return row;
      });
    const live = await rows();
    await replay(shop.db, shop.store, [...shop.projectors], { batchSize: 3 });
    expect(await rows()).toEqual(live);
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  }, 60_000);
});

describe("an order event nobody can read", () => {
  // A fresh database of its own: the event stays unreadable for good, and no other test meets it.
  let database: TestDatabase;
  let store: PostgresEventStore;
  let good: string;
  let first: AppendResult;
  let bad: AppendResult;
  let after: AppendResult;
  let refusal: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database);
    good = randomUUID();
    first = await store.append(orderStreamId(good), versionOneOrder(good, "u1").slice(0, 1), "no_stream");
    // Appended straight to the store, as a newer version of the shop (or a mistake) would: no registry in the way.
    bad = await store.append(
      orderStreamId(good),
      [{ id: randomUUID(), type: "OrderTeleported", data: { orderId: good } }],
      0,
    );
    const later = randomUUID();
    after = await store.append(orderStreamId(later), versionOneOrder(later, "u2").slice(0, 1), "no_stream");
    refusal =
      `cannot read event OrderTeleported at revision 1 of stream ${orderStreamId(good)} ` +
      `(global position ${bad.position}): unknown event type for order streams ` +
      // Every type the order registry knows, in its order: the refusal names them all.
      `(known: ${orderEvents.types.join(", ")})`;
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  /** Where the live orders projector stands, whether or not a runner has made its row yet. */
  async function setLiveCheckpoint(position: string): Promise<void> {
    await database.db
      .insertInto("projector_checkpoints")
      .values({ name: ordersProjector.name, position })
      .onConflict((oc) => oc.column("name").doUpdateSet({ position }))
      .execute();
  }

  it("stops the orders projector with its stream, revision and position instead of being skipped", async () => {
    const lines: string[] = [];
    const runner = new ProjectorRunner(database.db, store, [ordersProjector], { log: (l) => lines.push(l), batchSize: 1 });
    await runner.start();
    try {
      expect(await waitForProjectors(database.db, store, [ordersProjector.name], first.position, 10_000)).toBe(true);
      while (!lines.some((l) => l.includes("OrderTeleported"))) await new Promise((r) => setTimeout(r, 20));
      expect(lines.find((l) => l.includes("OrderTeleported"))).toBe(`projector orders: ${refusal}; retrying`);
      // Held at the event before it: nothing after it is applied, nothing is skipped.
      expect(await waitForProjectors(database.db, store, [ordersProjector.name], after.position, 300)).toBe(false);
      expect(await readCheckpoint(database.db, ordersProjector.name)).toBe(first.position);
      const ids = await database.db.selectFrom("orders").select("id").execute();
      expect(ids.map((r) => r.id)).toEqual([good]);
    } finally {
      await runner.stop();
    }
  });

  it("stops a replay too, though the replay asks the store only for the types the orders projector reads", async () => {
    // Where the live projector stopped (the test above), whatever ran first.
    await setLiveCheckpoint(first.position);
    const liveRows = async () => (await database.db.selectFrom("orders").select("id").orderBy("id").execute()).map((r) => r.id);
    const live = await liveRows();

    // On Postgres the store skips the other types itself (decision 076); each batch size puts the event elsewhere in a span.
    for (const batchSize of [1, 2, 15_000]) {
      await expect(replay(database.db, store, [ordersProjector], { batchSize }), `batch ${batchSize}`).rejects.toThrow(refusal);
    }
    // The whole list, as `shop replay` runs it: stream_type_counts counts the event, the orders build refuses it.
    await expect(replay(database.db, store, [streamTypeCounts, ordersProjector])).rejects.toThrow(refusal);
    // A store without span reads (EventStoreDB) is read whole and filtered here: the same refusal.
    const withoutSpans = new Proxy(store, {
      get(target, name) {
        if (name === "readSpan" || name === "readSpanIn" || name === "readAllIn") return undefined;
        const value: unknown = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(replay(database.db, withoutSpans, [ordersProjector], { batchSize: 2 })).rejects.toThrow(refusal);

    // The live tables are as they were, and no half-built copy is left behind.
    expect(await liveRows()).toEqual(live);
    expect(await readCheckpoint(database.db, ordersProjector.name)).toBe(first.position);
    const { rows: scratch } = await sql<{ nspname: string }>`
      select nspname from pg_namespace where nspname like 'rebuild_%'`.execute(database.db);
    expect(scratch).toEqual([]);

    // Live tables projected past it (by code from before the registry, which skipped what it did not know):
    // verify rebuilds up to there and refuses it rather than calling the tables a match.
    await setLiveCheckpoint(after.position);
    await expect(verify(database.db, store, [ordersProjector])).rejects.toThrow(refusal);
    await setLiveCheckpoint(first.position);
  }, 60_000);

  it("`shop replay`, `shop verify` and `shop stream` refuse it in one line naming it, and exit 1", async (context) => {
    // The command opens the database by URL: a scratch database on the Postgres server (PGlite's is in memory).
    if (!database.url) return context.skip();
    const run = (...args: string[]) => {
      const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
        env: { ...process.env, DATABASE_URL: database.url!, REDIS_URL: "", EVENTSTORE_URL: "", DEBUG: "" },
        encoding: "utf8",
        timeout: 120_000,
      });
      // Besides its progress lines, what the command says on stderr: one line, no stack trace.
      const said = result.stderr.split("\n").filter((line) => !/^(replay|verify): [\d,]+\/[\d,]+ events/.test(line) && line.trim());
      return { code: result.status, out: result.stdout, err: said.join("\n") };
    };

    // Every projector, each build on a worker thread of its own: the refusal crosses from the orders build's thread.
    const replayed = run("replay");
    expect(replayed.err).toBe(`shop: ${refusal}`);
    expect(replayed.code).toBe(1);
    expect(replayed.out).not.toMatch(/the new tables are live/);

    // The stream is shown as stored, and the event it cannot read is named on stderr.
    const shown = run("stream", orderStreamId(good));
    expect(shown.out).toMatch(/^OrderTeleported\s+1\s/m);
    expect(shown.err).toBe(`shop: ${refusal}`);
    expect(shown.code).toBe(1);

    await setLiveCheckpoint(after.position);
    try {
      const verified = run("verify", "orders");
      expect(verified.err).toBe(`shop: ${refusal}`);
      expect(verified.code).toBe(1);
      expect(verified.out).not.toMatch(/match/);
    } finally {
      await setLiveCheckpoint(first.position);
    }
  }, 180_000);
});
