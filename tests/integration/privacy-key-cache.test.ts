/**
 * Two shops on one database (a `web` and a `projector` process, say): an erasure made in one must stop
 * the other opening that person's data at once, though the other had their key cached a moment before
 * (decision 121, note of 2026-11-26). On a Postgres server the second shop has its own connections,
 * as another process would; on PGlite (one process only) it shares the first one's database.
 * On a server, the listening connections are also killed, as an operator or a restart would: they come
 * back by themselves and the next erasure still reaches the other shop at once (decision 147).
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
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

  /** Places an order, has the second shop cache its key, erases it in the first: the second must read it erased before that cache expires. */
  async function erasureReachesTheOtherShopAtOnce() {
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
  }

  it("the other shop reads the erased order as erased, and seals nothing of theirs again, before its cached key could expire", async () => {
    await erasureReachesTheOtherShopAtOnce();
  });

  it.runIf(inject("services").postgresUrl)("after the listening connections are killed they come back, and an erasure still reaches the other shop at once", async () => {
    // A listener of the test's own beside the shops', to see the reopen and a notification after it.
    const heard: (string | undefined)[] = [];
    const stopHearing = await secondDatabase!.listen("shop_test_reopen", (payload) => heard.push(payload));
    try {
      const listeners = sql<{ pid: number }>`select pid from pg_stat_activity
        where datname = current_database() and application_name like 'shop listen %' and query ilike 'LISTEN%' and state = 'idle'`;
      const before = (await listeners.execute(first.db)).rows.map((r) => r.pid);
      // Both shops' erasure listeners and the test's at least.
      expect(before.length).toBeGreaterThanOrEqual(3);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid in (${sql.join(before)})`.execute(first.db);

      await eventually("the killed listeners to be reopened", async () => {
        const now = (await listeners.execute(first.db)).rows.map((r) => r.pid);
        return now.length === before.length && now.every((pid) => !before.includes(pid));
      });
      // Reopened, the handler is told once that it may have missed something; then it hears what is sent.
      await eventually("the test's listener to be told it was reopened", () => heard.includes(undefined));
      await sql`select pg_notify('shop_test_reopen', 'after the break')`.execute(first.db);
      await eventually("a notification after the reopen", () => heard.includes("after the break"));
      expect(heard.filter((p) => p === undefined)).toHaveLength(1);

      await erasureReachesTheOtherShopAtOnce();
    } finally {
      await stopHearing();
    }
  });
});
