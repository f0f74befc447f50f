/**
 * The restore drill (decision 112): a shop with orders, UPI and cash payments, a return with its
 * refund, a stock count, accounts, an admin, sessions and sent messages, built through the real
 * services with its projectors and notification reactor running, is backed up while it runs,
 * restored into a fresh Postgres database and into a fresh embedded data folder, replayed, and
 * compared with the original: every read-model table row by row, every table a backup carries
 * row by row, every stream event by event and the whole store in its global order.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { connectPGlite } from "../../db/connection";
import { migrationLevel } from "../../db/migrate";
import type { DB } from "../../db/schema";
import type { Actor } from "../../domain/orders/events";
import { backupToFile } from "../../eventstore/backup";
import { checkBackup } from "../../eventstore/backup-file";
import { PostgresEventStore } from "../../eventstore/postgres";
import { startBackground } from "../../workers/background";
import { startJobHandlers } from "../../workers/index";
import { readModelTables } from "../../workers/backups";
import type { Kysely } from "kysely";
import { createTestAdmin } from "../support/admin";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { TEST_BACKUP_KEY, openTestShop, type TestShop } from "../support/shop";
import { createBottle } from "../support/stock-contract";
import { orderSubject } from "../../domain/privacy/subjects";
import { expectSameReadModels, shopCommand, storedEvents, streamRevisions, tableRows } from "../support/backup";

let shop: TestShop;
let stopJobs: () => Promise<void>;
let stopBackground: () => Promise<void>;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "shop-drill-"));
const backupFile = path.join(scratch, "drill.jsonl.gz");

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
const address = (name: string, phone: string) => ({ name, phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" });

beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  stopJobs = startJobHandlers(shop, () => {});
  stopBackground = await startBackground(shop, () => {});
}, 120_000);

afterAll(async () => {
  await stopBackground?.();
  await stopJobs?.();
  await shop?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The shop's day: what its backups must carry. */
async function aDayOfTheShop() {
  const admin = await createTestAdmin(shop, "http://localhost");
  const actor: Actor = { kind: "admin", id: admin.id, name: admin.name };
  const parent = await shop.auth.registerWithEmail({ email: `drill-${randomUUID()}@example.com`, password: "satchel-2026", name: "Sunita Sharma" });
  await signInShopper(new Request("http://localhost/login"), shop, parent.id);
  const bottle = await createBottle(shop.products, 12);
  const cap = await createBottle(shop.products, 5, `Winter Cap ${randomUUID().slice(0, 6)}`);

  // Cash on delivery: shipped, delivered, cash collected; then a return with its refund.
  const cashPhone = newPhone();
  const cash = await shop.orders.placeOrder({
    scope: `user:${parent.id}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: `product/${bottle.id}`, quantity: 3 }, { productId: "school/dps/shirt", size: "30", quantity: 1 }],
    customer: { kind: "user", userId: parent.id, name: "Sunita Sharma", phone: cashPhone },
    address: address("Sunita Sharma", cashPhone),
    paymentMethod: "cod",
  });
  await shop.orders.changeStatus(cash.orderId, "shipped", actor);
  await shop.orders.changeStatus(cash.orderId, "delivered", actor);
  await shop.orders.pay(cash.orderId, (at) => ({ type: "CollectCash", actor, at }));
  const asked = await shop.orders.requestReturn(
    cash.orderId,
    { lines: [{ productId: `product/${bottle.id}`, size: "Free Size", school: "", quantity: 1 }], want: "refund", reason: "One too many" },
    { kind: "customer", id: parent.id, name: "Sunita Sharma" },
  );
  await shop.orders.approveReturn(cash.orderId, asked.returnId, undefined, actor);
  await shop.orders.receiveReturn(cash.orderId, asked.returnId, "drop-off", actor);
  await shop.orders.pay(cash.orderId, (at) => ({ type: "RefundPayment", paise: 150_00, method: "cash", note: "Return", actor, at }));

  // UPI: the parent reports the reference, the admin confirms it.
  const upiPhone = newPhone();
  const upi = await shop.orders.placeOrder({
    scope: `guest:${upiPhone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: `product/${cap.id}`, quantity: 2 }],
    customer: { kind: "guest", name: "Ramesh Kumar", phone: upiPhone },
    address: address("Ramesh Kumar", upiPhone),
    paymentMethod: "upi",
  });
  const reference = String(randomInt(100_000_000_000, 999_999_999_999));
  await shop.orders.pay(upi.orderId, (at) => ({ type: "ReportPayment", reference, actor: { kind: "guest", name: "Ramesh Kumar" }, at }));
  await shop.orders.pay(upi.orderId, (at) => ({ type: "ConfirmPayment", actor, at }));

  // A count of the shelf, a cancelled order, and a cart still open.
  await shop.stock.count(cap.id, 2, { kind: "admin", id: admin.id, name: admin.name }, "Counted on Monday");
  const cancelledPhone = newPhone();
  const cancelled = await shop.orders.placeOrder({
    scope: `guest:${cancelledPhone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: `product/${bottle.id}`, quantity: 1 }],
    customer: { kind: "guest", name: "Meena Devi", phone: cancelledPhone },
    address: address("Meena Devi", cancelledPhone),
  });
  await shop.orders.changeStatus(cancelled.orderId, "cancelled", actor);
  // The guest asked to be forgotten: her key is gone before the backup, and a restore must not bring her back.
  await shop.privacy.erase(orderSubject(cancelled.orderId), { kind: "admin", id: admin.id, name: admin.name });
  await shop.cart.add({ kind: "guest", token: randomUUID() }, { productId: "school/dps/shirt", size: "32", quantity: 2 });

  // Everything projected, and the reactor has written its messages.
  const head = await shop.store.headPosition();
  expect(await shop.waitForReadModels(head!, 30_000)).toBe(true);
  for (let tries = 0; tries < 100; tries++) {
    const reactor = await shop.db.selectFrom("reactor_checkpoints").select("position").executeTakeFirst();
    if (reactor?.position === head) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // The messages sent (a reminder due in hours stays waiting): a backup then holds the record as it stays.
  for (let tries = 0; tries < 150; tries++) {
    const open = await shop.db
      .selectFrom("notification_sends")
      .select("id")
      .where("status", "in", ["pending", "sending"])
      .where((eb) => eb.or([eb("due_at", "is", null), eb("due_at", "<=", new Date())]))
      .execute();
    if (open.length === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { cash, upi, cancelled };
}

/** Everything a backup carries, row by row and every column: the same in both databases. */
async function expectSameState(source: Kysely<DB>, target: Kysely<DB>, tables: string[]) {
  for (const table of tables) {
    // The reactor's checkpoint is a position, which is per store: compared through the event it names below.
    if (table === "reactor_checkpoints") continue;
    expect(await tableRows(target, table, { everyColumn: true }), `table ${table}`).toEqual(await tableRows(source, table, { everyColumn: true }));
  }
  expect(await storedEvents(target)).toEqual(await storedEvents(source));
  expect(await streamRevisions(target)).toEqual(await streamRevisions(source));
  // The reactor goes on from the same event: its checkpoint names the same event in each store.
  const reached = async (db: Kysely<DB>) => {
    const checkpoint = await db.selectFrom("reactor_checkpoints").select(["name", "position"]).execute();
    const store = new PostgresEventStore({ db } as never);
    const all = await store.readAllIn(db, { maxCount: 100_000 });
    return checkpoint.map((c) => [c.name, all.find((e) => e.position === c.position)?.id ?? null]);
  };
  const before = await reached(source);
  expect(before.length).toBeGreaterThan(0);
  expect(before.every(([, id]) => id !== null)).toBe(true);
  expect(await reached(target)).toEqual(before);
}

/** Every stream, event by event, through the store's own reads. */
async function expectSameStreams(source: Kysely<DB>, target: Kysely<DB>) {
  const from = new PostgresEventStore({ db: source, kind: "postgres", description: "source" } as never);
  const to = new PostgresEventStore({ db: target, kind: "postgres", description: "target" } as never);
  const streams = Object.keys(await streamRevisions(source));
  expect(streams.length).toBeGreaterThanOrEqual(6);
  const strip = (e: Awaited<ReturnType<typeof from.readStream>>[number]) => ({ ...e, position: undefined });
  for (const stream of streams) {
    expect((await to.readStream(stream)).map(strip), stream).toEqual((await from.readStream(stream)).map(strip));
  }
}

describe("the restore drill", () => {
  let tables: string[] = [];

  it("backs up the running shop: every event and every table a replay does not rebuild, checksummed", async () => {
    await aDayOfTheShop();
    if (shop.testDatabase.url) {
      // On a Postgres server `shop backup` runs beside the live shop (its projectors and reactor go on in this process).
      const taken = await shopCommand(["backup", "--to", backupFile], { DATABASE_URL: shop.testDatabase.url });
      expect(taken.code).toBe(0);
      expect(taken.out).toMatch(/^backed up [\d,]+ events and [\d,]+ rows \(.*users [\d,]+.*\) to .*drill\.jsonl\.gz\n {2}[\d.]+ KB, sha256 of the content [0-9a-f]{64}, schema \d{4}_\w+/);
    } else {
      await backupToFile(shop.database, backupFile, { rebuilt: readModelTables(), signingKey: TEST_BACKUP_KEY });
    }
    const { header } = await checkBackup(backupFile, TEST_BACKUP_KEY);
    expect(header.migration).toBe(await migrationLevel(shop.db));
    tables = header.tables.map((t) => t.name);
    // What is in a backup, and what is not (docs/backups.md).
    for (const carried of ["users", "auth_sessions", "api_tokens", "products", "notification_sends", "outbox_messages", "reactor_checkpoints"]) {
      expect(tables).toContain(carried);
    }
    for (const rebuilt of [...readModelTables(), "projector_checkpoints", "es_streams", "worker_heartbeats", "backup_runs"]) {
      expect(tables).not.toContain(rebuilt);
    }
    expect(header.counts.events).toBeGreaterThan(20);
    expect(header.counts.users).toBeGreaterThanOrEqual(2);
    expect(header.counts.notification_sends).toBeGreaterThan(0);
  }, 240_000);

  // The two restores read the same file and write apart: side by side (decision 176).
  it.concurrent("restores into a fresh Postgres database, replays, and holds what the shop held, row by row and event by event", async ({ skip, expect }) => {
    if (!shop.testDatabase.url) skip("no Postgres server: the embedded folder below is the drill");
    let target: TestDatabase | undefined;
    try {
      target = await createTestDatabase({ migrate: false });
      const restored = await shopCommand(["restore", backupFile], { DATABASE_URL: target.url! });
      expect(restored.code, restored.err).toBe(0);
      expect(restored.out).toMatch(/restored [\d,]+ events and [\d,]+ rows .* into Postgres at/);
      expect(restored.out).toMatch(/replayed [\d,]+ events into stream_type_counts, orders/);
      const verified = await shopCommand(["verify"], { DATABASE_URL: target.url! });
      expect(verified.out).toMatch(/live tables match a fresh replay/);
      expect(verified.code).toBe(0);
      await expectSameReadModels(shop.db, target.db);
      await expectSameState(shop.db, target.db, tables);
      await expectSameStreams(shop.db, target.db);
      // The erased guest stays erased in the copy: nothing anywhere in it reads her name.
      const dump = JSON.stringify(await Promise.all(tables.map((t) => tableRows(target!.db, t, { everyColumn: true }))));
      expect(dump).not.toContain("Meena Devi");
      expect(JSON.stringify(await tableRows(target.db, "orders", { everyColumn: true }))).not.toContain("Meena Devi");
      // The restored shop goes on: its next append follows the restored events.
      expect(await migrationLevel(target.db)).toBe(await migrationLevel(shop.db));
    } finally {
      await target?.close();
    }
  }, 360_000);

  it.concurrent("restores into a fresh embedded data folder, replays, and holds the same", async ({ expect }) => {
    const dataDir = path.join(scratch, "fresh-folder");
    const restored = await shopCommand(["restore", backupFile], { DATABASE_URL: "", SHOP_DATA_DIR: dataDir });
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/into embedded PGlite in .*fresh-folder/);
    const verified = await shopCommand(["verify"], { DATABASE_URL: "", SHOP_DATA_DIR: dataDir });
    expect(verified.code, verified.out + verified.err).toBe(0);
    const folder = await connectPGlite(path.join(dataDir, "pglite"));
    try {
      await expectSameReadModels(shop.db, folder.db);
      await expectSameState(shop.db, folder.db, tables);
      await expectSameStreams(shop.db, folder.db);
    } finally {
      await folder.close();
    }
  }, 360_000);
});
