/**
 * Two shops on one database (a `web` and a `projector` process, say): an erasure made in one must stop
 * the other opening that person's data at once, though the other had their key cached a moment before
 * (decision 121, note of 2026-11-26). On a Postgres server the second shop has its own connections,
 * as another process would; on PGlite (one process only) it shares the first one's database.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres, type Database } from "../../db/connection";
import { ERASED } from "../../domain/privacy/erased";
import { orderSubject } from "../../domain/privacy/subjects";
import { KEY_CACHE_MS } from "../../eventstore/sealing";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { createServices, type Shop } from "../../services/index";
import { InProcessQueue } from "../../workers/in-process-queue";
import { eventually } from "../support/fake-providers";
import { openTestShop, TEST_PRIVACY_MASTER_KEY, type TestShop } from "../support/shop";

const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

describe("an erasure reaches every shop process at once", () => {
  let first: TestShop;
  let second: Shop;
  let secondDatabase: Database | undefined;

  beforeAll(async () => {
    first = await openTestShop();
    const url = first.testDatabase.url;
    secondDatabase = url ? await connectPostgres(url, { poolSize: 2 }) : undefined;
    const config = readConfig({ SESSION_SECRET: "test-secret-test-secret", SHOP_DATA_DIR: "data/test", PRIVACY_MASTER_KEY: TEST_PRIVACY_MASTER_KEY, LOG_LEVEL: "warn" });
    const core = await openShopCore(config, { database: secondDatabase ?? first.testDatabase, queue: new InProcessQueue(10) });
    second = { ...core, ...createServices(core) };
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it("the other shop reads the erased order as erased, and seals nothing of theirs again, before its cached key could expire", async () => {
    const name = `Rukmani Sheoran${Math.floor(Math.random() * 1e9)}`;
    const owner = { kind: "guest" as const, token: randomUUID() };
    await first.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    const placed = await first.orders.placeOrderFromCart({
      owner,
      idempotencyKey: randomUUID(),
      details: { name, phone: "9812345670", address: "House 4, Gaushala Road", city: "Churu", pincode: "331001" },
    });
    const stream = `order-${placed.orderId}`;
    const customerIn = async (shop: Shop) => ((await shop.store.readStream(stream, { maxCount: 1 }))[0].data as { customer: { name: string } }).customer.name;

    // The second shop opens the order: the key is now in its cache, trusted for KEY_CACHE_MS.
    const cachedAt = Date.now();
    expect(await customerIn(second)).toBe(name);

    await first.privacy.erase(orderSubject(placed.orderId), admin);
    expect(await customerIn(first)).toBe(ERASED);
    // Waited for, but only until just before that cache could have expired by itself: only the erasure's notice can pass this.
    const bound = cachedAt + KEY_CACHE_MS - 500 - Date.now();
    await eventually("the other shop to read the order as erased", async () => (await customerIn(second)) === ERASED, bound);

    // A note the other shop writes about the erased person now is stored erased, under no key.
    await second.orders.addNote(placed.orderId, `Call ${name} first`, admin);
    const stored = await second.db.selectFrom("es_events").select("data").where("stream_id", "=", stream).execute();
    expect(JSON.stringify(stored)).not.toContain("Rukmani");
  });
});
