/**
 * Crypto-shredding end to end (decisions 121-123, docs/privacy.md): personal fields are sealed in the
 * event table and open for every reader; erasing a person deletes their keys, after which the events,
 * the read models, replay and verify read "erased", and nothing readable of their name or phone is left
 * in any table, the outbox, Redis, or the lines the jobs and sweeps logged (the request log, across a
 * parent's journey through the pages: privacy-erasure-log.test.ts). Run on the Postgres server (when
 * there is one) and on PGlite.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import { orderPage } from "../../app/admin/order-page.server";
import { connectPGlite } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { seedShop } from "../../db/seed";
import { displayOrderId } from "../../domain/orders/order";
import { ERASED } from "../../domain/privacy/erased";
import { orderSubject, accountSubject } from "../../domain/privacy/subjects";
import { PostgresEventStore } from "../../eventstore/postgres";
import { EventSealer, SEALED, SEALED_FOR, privacyMasterKey, sealStored } from "../../eventstore/sealing";
import { ProjectorRunner } from "../../projectors/runner";
import { replay, verify } from "../../projectors/replay";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { createServices } from "../../services/index";
import { readErasures } from "../../services/privacy";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { InProcessQueue } from "../../workers/in-process-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { databaseText, redisText } from "../support/secrets-scan";
import { dropQueuePrefix, testQueuePrefix } from "../support/notifications";
import { openTestShop, type TestShop } from "../support/shop";
import { startSmsInbox, type SmsInbox } from "../support/sms-inbox";
import { eventually } from "../support/fake-providers";

const { redisUrl } = inject("services");
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

/** A name and a number no seed or other test uses, so finding them anywhere means they were left. */
function person() {
  const n = Math.floor(Math.random() * 90_000_000) + 10_000_000;
  return { name: `Zorawar Pratapsingh${n}`, phone: `9${String(n).padStart(9, "0")}`.slice(0, 10), address: `House ${n}, Gaushala Road`, city: "Churu", pincode: "331001" };
}

async function placeGuestOrder(shop: TestShop, details: ReturnType<typeof person>) {
  const owner = { kind: "guest" as const, token: randomUUID() };
  await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 1 });
  const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details });
  await shop.waitForReadModels(placed.position);
  return placed;
}

describe("sealing and erasure on the shop's own database", () => {
  let shop: TestShop;
  let sms: SmsInbox;
  let stopJobs: () => Promise<void>;
  let stopBackground: () => Promise<void>;
  const prefix = testQueuePrefix("privacy-erasure");
  const ledger = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "erasures-")), "erasures.log");
  /** What the jobs and sweeps wrote to the shop's log (its request lines: privacy-erasure-log.test.ts). */
  const logged: string[] = [];

  beforeAll(async () => {
    sms = await startSmsInbox();
    const queue = redisUrl ? await BullMQQueue.connect(redisUrl, { prefix, backoffMs: 50 }) : new InProcessQueue(10);
    shop = await openTestShop({ queue, env: { ...sms.env, PRIVACY_ERASURES_FILE: ledger, ERASURE_COOLING_OFF_HOURS: "0", ...(redisUrl ? { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix } : {}) } });
    stopJobs = startJobHandlers(shop, (line) => logged.push(line));
    stopBackground = await startBackground(shop, (line) => logged.push(line));
  });
  afterAll(async () => {
    await stopBackground?.();
    await stopJobs?.();
    await shop?.close();
    await sms?.close();
    if (redisUrl) await dropQueuePrefix(redisUrl, prefix);
  });

  it("stores the order's personal fields sealed and reads them open", async () => {
    const details = person();
    const placed = await placeGuestOrder(shop, details);
    const row = await shop.db.selectFrom("es_events").select(["data", "metadata"]).where("stream_id", "=", `order-${placed.orderId}`).where("stream_revision", "=", 0).executeTakeFirstOrThrow();
    const stored = JSON.stringify(row.data);
    expect(stored).not.toContain(details.name);
    expect(stored).not.toContain(details.phone);
    expect((row.metadata as Record<string, unknown>)[SEALED_FOR]).toBe(orderSubject(placed.orderId));
    const [event] = await shop.store.readStream(`order-${placed.orderId}`, { maxCount: 1 });
    expect((event.data as { customer: { name: string } }).customer.name).toBe(details.name);
    const order = await shop.db.selectFrom("orders").select(["customer_name", "phone"]).where("id", "=", placed.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ customer_name: details.name, phone: details.phone });
  });

  it("makes one key for a new person however many appends race for it", async () => {
    const subject = orderSubject(randomUUID());
    const sealer = shop.sealer;
    const sealed = await Promise.all(
      Array.from({ length: 8 }, () => sealer.seal("order-x", [{ id: randomUUID(), type: "OrderNoteAdded", data: { orderId: subject.slice(6), text: "ring twice", actor: admin, at: "2026-11-26T00:00:00Z" } }])),
    );
    const keys = await shop.db.selectFrom("privacy_keys").select("subject").where("subject", "=", subject).execute();
    expect(keys).toHaveLength(1);
    // Every one of them opens with the one key there is.
    const opened = await sealer.open(sealed.map(([e], i) => ({ ...e, streamId: "order-x", revision: i, position: String(i), createdAt: new Date(), metadata: e.metadata ?? {} })));
    expect(opened.map((e) => (e.data as { text: string }).text)).toEqual(Array(8).fill("ring twice"));
  });

  it("erases a guest: events, read models, replay and verify read erased; nothing readable is left anywhere; the parent is texted", async () => {
    const details = person();
    const placed = await placeGuestOrder(shop, details);
    const subject = orderSubject(placed.orderId);
    await shop.privacy.consent({ subject, place: "checkout", language: "en" });
    const asked = await shop.privacy.requestErasure(subject, "guest");
    await shop.waitForReadModels(asked.position!);
    const open = (await shop.privacy.requests()).open.find((r) => r.subject === subject);
    expect(open).toBeDefined();
    expect(new Date(open!.due_by).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    // The order's own texts have gone out (or been recorded) before the erasure.
    await eventually("the order's text", () => (sms.to(details.phone).length > 0 ? true : null));
    const complaint = `The shirt for ${details.name} came torn`;
    const filed = await shop.grievances.file({ key: randomUUID(), name: details.name, phone: details.phone, orderNumber: displayOrderId(placed.orderId), topic: "product", text: complaint, language: "en" });
    if (!("ticketId" in filed)) throw new Error("the guest's complaint was not filed");
    await eventually("the desk's ticket", async () => ((await shop.db.selectFrom("grievance_tickets").select("ticket_id").where("ticket_id", "=", filed.ticketId).executeTakeFirst()) ? true : null));
    expect((await shop.privacy.copy(subject)).grievances).toMatchObject([{ ticket: { ticket_id: filed.ticketId, name: details.name, text: complaint } }]);

    const result = await shop.privacy.erase(subject, admin);
    expect(result).toEqual({ erased: true, texted: true });
    await eventually("the erasure's text", () => (sms.to(details.phone).some((t) => /erased|मिटा/.test(t.text)) ? true : null));
    await eventually("the text's record forgets the number", async () =>
      (await shop.db.selectFrom("notification_sends").select("recipient").where("key", "=", `privacy-erased:${subject}`).executeTakeFirst())?.recipient === ERASED ? true : null,
    );
    await eventually("the order's row scrubbed", async () =>
      (await shop.db.selectFrom("orders").select("customer_name").where("id", "=", placed.orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
    );

    const [event] = await shop.store.readStream(`order-${placed.orderId}`, { maxCount: 1 });
    expect((event.data as { customer: { name: string; phone: string } }).customer).toMatchObject({ name: ERASED, phone: ERASED });
    const order = await shop.db.selectFrom("orders").select(["customer_name", "phone", "ship_name", "address_line", "total"]).where("id", "=", placed.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ customer_name: ERASED, phone: ERASED, ship_name: ERASED, address_line: ERASED });
    expect(order.total).toBe(placed.total);
    expect((await shop.privacy.requests()).open.find((r) => r.subject === subject)).toBeUndefined();

    await eventually("the ticket scrubbed", async () =>
      (await shop.db.selectFrom("grievance_tickets").select("name").where("ticket_id", "=", filed.ticketId).executeTakeFirst())?.name === ERASED ? true : null,
    );
    await eventually("the reports' row re-keyed", async () =>
      (await shop.db.selectFrom("report_orders").select("parent").where("order_id", "=", placed.orderId).executeTakeFirst())?.parent.startsWith("erased:") ? true : null,
    );
    const ticket = await shop.db.selectFrom("grievance_tickets").select(["name", "phone", "text", "topic"]).where("ticket_id", "=", filed.ticketId).executeTakeFirstOrThrow();
    expect(ticket).toEqual({ name: ERASED, phone: ERASED, text: ERASED, topic: "product" });
    // The reports keep the order's sums and forget the hash of the number.
    const hashed = `phone:${createHash("sha256").update(details.phone).digest("hex").slice(0, 32)}`;
    expect(await shop.db.selectFrom("report_parents").select("parent").where("parent", "=", hashed).execute()).toEqual([]);
    expect(await shop.db.selectFrom("report_orders").select(["parent", "total"]).where("order_id", "=", placed.orderId).executeTakeFirstOrThrow()).toEqual({ parent: `erased:${placed.orderId}`, total: placed.total });

    const texts = [...(await databaseText(shop.db)), ...(redisUrl ? await redisText(redisUrl, prefix) : []), ...logged];
    expect(texts.filter((t) => t.includes(details.name) || t.includes(details.phone) || t.includes(details.address) || t.includes(hashed.slice(6)))).toEqual([]);

    // Every read model agrees with a replay of the erased events.
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
    expect(readErasures(ledger)).toContain(subject);

    // The admin's order page and trail word "erased" in the page's language, never the raw marker.
    const pageIn = async (language: string) => {
      const page = await orderPage(shop, new Request(`http://shop.test/admin/orders/${placed.orderId}`, { headers: { "Accept-Language": language } }), placed.orderId);
      if (!page.ok) throw new Error("the erased order's page was refused");
      return JSON.stringify(page.data);
    };
    const hindi = await pageIn("hi");
    expect(hindi).toContain("मिटाया गया");
    expect(hindi).not.toContain(ERASED);
    expect(hindi).not.toContain("erased");
    const english = await pageIn("en");
    expect(english).toContain("erased");
    expect(english).not.toContain(ERASED);
  });

  it("erases a signed-in parent with the guest order linked to their account", async () => {
    const details = person();
    const guest = await placeGuestOrder(shop, details);
    const userId = randomUUID();
    await shop.db.insertInto("users").values({ id: userId, name: details.name, email: `${userId}@example.in`, phone: details.phone, password_hash: null, google_id: null }).execute();
    // Linked as a phone sign-in links it: by an event, so a replay links it too.
    const { linked } = await shop.accounts.linkGuestOrders({ id: userId, name: details.name, phone: details.phone });
    expect(linked).toContain(guest.orderId);
    const subject = accountSubject(userId);
    await shop.privacy.consent({ subject, place: "sign-up", language: "hi" });
    const childName = `Kesar${details.phone.slice(2)}`;
    await shop.children.add(userId, { name: childName, school: "dps", className: "5", measurements: { heightCm: 131, chestCm: 67 }, sizes: { shirt: "30" } });
    const complaint = `Kesar's blazer for ${details.name} is late`;
    // The complaint gives the account's own number, proven by its code (only such a number is texted, decision 191):
    // the desk's text to it is forgotten too.
    const ticketPhone = details.phone;
    const filed = await shop.grievances.file({ key: randomUUID(), userId, name: details.name, phone: ticketPhone, topic: "delivery", text: complaint, language: "hi" });
    if (!("ticketId" in filed)) throw new Error("the parent's complaint was not filed");
    await eventually("the desk's text", () => (sms.to(ticketPhone).length > 0 ? true : null));
    await eventually("the child's and the ticket's rows", async () =>
      (await shop.db.selectFrom("account_children").select("child_id").where("user_id", "=", userId).executeTakeFirst()) &&
      (await shop.db.selectFrom("grievance_tickets").select("ticket_id").where("ticket_id", "=", filed.ticketId).executeTakeFirst())
        ? true
        : null,
    );
    const copy = await shop.privacy.copy(subject);
    expect(copy.children).toMatchObject([{ name: childName, school: "dps", class_name: "5" }]);
    expect((copy.childrenEvents as { type: string }[]).map((e) => e.type)).toEqual(["ChildAdded"]);
    expect(copy.grievances).toMatchObject([{ ticket: { ticket_id: filed.ticketId, text: complaint }, events: [{ type: "GrievanceFiled" }] }]);
    expect(JSON.stringify(copy)).toContain(details.name);
    expect(copy).toMatchObject({ subject, account: { id: userId, phone: details.phone } });
    expect((copy.privacy as { type: string }[]).map((e) => e.type)).toEqual(["ConsentGiven"]);

    await shop.privacy.erase(subject, admin);
    await eventually("the order's row scrubbed", async () =>
      (await shop.db.selectFrom("orders").select("customer_name").where("id", "=", guest.orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
    );
    // The "done" text needs the number until it has gone; then its record forgets it.
    await eventually("the erasure's text", () => (sms.to(details.phone).some((t) => /erased|मिटा/.test(t.text)) ? true : null));
    await eventually("the text's record forgets the number", async () =>
      (await shop.db.selectFrom("notification_sends").select("recipient").where("key", "=", `privacy-erased:${subject}`).executeTakeFirst())?.recipient === ERASED ? true : null,
    );
    const user = await shop.db.selectFrom("users").select(["name", "phone", "email"]).where("id", "=", userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ name: ERASED, phone: null, email: null });
    expect(await shop.db.selectFrom("privacy_keys").select("subject").where("subject", "in", [subject, orderSubject(guest.orderId)]).execute()).toEqual([]);
    await eventually("the children's rows gone and the ticket scrubbed", async () =>
      !(await shop.db.selectFrom("account_children").select("child_id").where("user_id", "=", userId).executeTakeFirst()) &&
      (await shop.db.selectFrom("grievance_tickets").select("name").where("ticket_id", "=", filed.ticketId).executeTakeFirst())?.name === ERASED
        ? true
        : null,
    );
    const afterCopy = await shop.privacy.copy(subject);
    expect(afterCopy.grievances).toMatchObject([{ ticket: { ticket_id: filed.ticketId, name: ERASED, phone: ERASED, text: ERASED } }]);
    const after = JSON.stringify(afterCopy);
    expect(after).not.toContain(details.name);
    expect(after).not.toContain(details.phone);
    expect(after).not.toContain(childName);

    // Nothing readable of the parent, their child or their complaint is left anywhere.
    const texts = [...(await databaseText(shop.db)), ...(redisUrl ? await redisText(redisUrl, prefix) : []), ...logged];
    expect(texts.filter((t) => [details.name, details.phone, details.address, ticketPhone, childName, "Kesar's blazer"].some((w) => t.includes(w)))).toEqual([]);
    // Live read models equal a replay; after `shop replay` they still do.
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
    await replay(shop.db, shop.store, [...shop.projectors]);
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
    expect(await shop.db.selectFrom("account_children").select("child_id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("keeps the reports' sums when a guest's first order is erased; the number's next order becomes its first", async () => {
    const details = person();
    const first = await placeGuestOrder(shop, details);
    const second = await placeGuestOrder(shop, details);
    const sums = () => sql<{ sales: string; orders: string }>`select coalesce(sum(sales), 0)::text as sales, coalesce(sum(orders), 0)::text as orders from report_daily`.execute(shop.db).then((r) => r.rows[0]);
    const before = await sums();
    const flags = () => shop.db.selectFrom("report_orders").select(["order_id", "first_order", "parent"]).where("order_id", "in", [first.orderId, second.orderId]).orderBy("order_id").execute();
    expect((await flags()).find((r) => r.order_id === second.orderId)?.first_order).toBe(false);

    const erased = await shop.privacy.erase(orderSubject(first.orderId), admin);
    expect(erased.erased).toBe(true);
    await eventually("the reports' row re-keyed", async () =>
      (await shop.db.selectFrom("report_orders").select("parent").where("order_id", "=", first.orderId).executeTakeFirst())?.parent.startsWith("erased:") ? true : null,
    );
    expect(await sums()).toEqual(before);
    const rows = await flags();
    expect(rows.find((r) => r.order_id === first.orderId)).toMatchObject({ first_order: true, parent: `erased:${first.orderId}` });
    expect(rows.find((r) => r.order_id === second.orderId)).toMatchObject({ first_order: true, parent: expect.stringMatching(/^phone:/) });
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  });
});

describe("events stored before sealing, on PGlite", () => {
  it("reads them as they are, seals them in place to the same meaning, and replay and verify agree before and after", async () => {
    const database = await connectPGlite();
    await migrateToLatest(database.db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "privacy-pglite-"));
    const config = readConfig({ SESSION_SECRET: "test-secret-test-secret", SHOP_DATA_DIR: dataDir, PRIVACY_MASTER_KEY: "a".repeat(40), LOG_LEVEL: "warn" });
    const core = await openShopCore(config, { database, queue: new InProcessQueue(10) });
    const shop = { ...core, ...createServices(core) };
    await seedShop(shop.db);
    const runner = new ProjectorRunner(shop.db, shop.store, shop.projectors, { log: () => {} });
    await runner.start();
    try {
      // An order as it was stored before this change: its OrderPlaced at version 1, in the clear, through a store that does not seal.
      const plain = new PostgresEventStore(database);
      const orderId = randomUUID();
      const details = person();
      await plain.append(`order-${orderId}`, [
        {
          id: randomUUID(),
          type: "OrderPlaced",
          data: {
            orderId,
            lines: [{ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 450, quantity: 1 }],
            total: 450,
            customer: { kind: "guest", name: details.name, phone: details.phone },
            address: { name: details.name, phone: details.phone, address: details.address, city: details.city, pincode: details.pincode },
            placedAt: "2025-06-01T05:00:00.000Z",
          },
          metadata: {},
        },
      ], "no_stream");
      await shop.waitForReadModels((await shop.store.headPosition())!);
      const before = await shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      expect(before.customer_name).toBe(details.name);
      expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);

      const report = await sealStored(shop.db, shop.sealer);
      expect(report.sealed).toBeGreaterThanOrEqual(1);
      const raw = await shop.db.selectFrom("es_events").select(["data", "metadata"]).where("stream_id", "=", `order-${orderId}`).executeTakeFirstOrThrow();
      expect(JSON.stringify(raw.data)).not.toContain(details.name);
      // Still version 1 as stored (no schemaVersion stamped), now sealed: the registry upcasts it as before.
      expect(raw.metadata).toEqual({ [SEALED_FOR]: orderSubject(orderId), [SEALED]: expect.any(String) });
      expect((await sealStored(shop.db, shop.sealer)).sealed).toBe(0);

      await replay(shop.db, shop.store, [...shop.projectors]);
      const after = await shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
      expect({ ...after, projected_at: null }).toEqual({ ...before, projected_at: null });
      expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);

      // A sealer under another master key cannot open them: the key is not in the clear anywhere.
      const stranger = new PostgresEventStore(database, { sealer: new EventSealer(database.db, privacyMasterKey("b".repeat(40))) });
      await expect(stranger.readStream(`order-${orderId}`)).rejects.toThrow(/PRIVACY_MASTER_KEY/);

      // Erased, then an old backup's key brought back by a restore is erased again from the list kept apart.
      const keyRow = await shop.db.selectFrom("privacy_keys").selectAll().where("subject", "=", orderSubject(orderId)).executeTakeFirstOrThrow();
      await shop.privacy.erase(orderSubject(orderId), admin);
      expect(readErasures(config.privacy.erasuresFile)).toContain(orderSubject(orderId));
      await shop.db.deleteFrom("privacy_erasures").execute();
      await shop.db.insertInto("privacy_keys").values(keyRow).execute();
      const [back] = await shop.store.readStream(`order-${orderId}`, { maxCount: 1 }).then(async () => {
        // The restored key would open it again (after the cache forgets): that is what reapplying prevents.
        return [await sql<{ n: number }>`select count(*)::int as n from privacy_keys where subject = ${orderSubject(orderId)}`.execute(shop.db)];
      });
      expect(back.rows[0].n).toBe(1);
      expect(await shop.privacy.reapplyErasures()).toBe(1);
      expect(await shop.db.selectFrom("privacy_keys").select("subject").where("subject", "=", orderSubject(orderId)).execute()).toEqual([]);
      const [reread] = await shop.store.readStream(`order-${orderId}`, { maxCount: 1 });
      expect((reread.data as { customer: { name: string } }).customer.name).toBe(ERASED);
    } finally {
      await runner.stop();
      await core.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // An embedded database migrated from nothing (every migration, in one process with the test) takes a minute on a
    // busy 2-core machine before the test proper starts.
  }, 240_000);
});
