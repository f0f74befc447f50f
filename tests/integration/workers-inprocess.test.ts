import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessQueue } from "../../workers/in-process-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { notificationJobId, notificationKey } from "../../workers/reactor";
import { requeueStale, STALE_PENDING_MS, STALE_SENDING_MS } from "../../workers/notifications";
import { sendRow } from "../../workers/sends";
import { readOutbox } from "../../workers/transports/console";
import { createServices, type Shop } from "../../services/index";
import { openTestShop, type TestShop } from "../support/shop";
import { startFakeSms, startFakeSmtp, type FakeSms, type FakeSmtp } from "../support/fake-providers";
import { codeRecord, placeOrder, sleep, waitForStatus } from "../support/notifications";
import { withTimeout } from "../support/time";
import { displayOrderId } from "../../domain/orders/order";

/**
 * The embedded default: no Redis, the same handlers and retry rules in-process,
 * and failures kept in Postgres so they outlive the process.
 */

const SHOP_EMAIL = "orders@churu-uniforms.test";
let nextPhone = 9_830_000_000;
const newPhone = () => String(nextPhone++);

describe("workers on the in-process queue", () => {
  let shop: TestShop;
  let sms: FakeSms;
  let smtp: FakeSmtp;
  let stopBackground: () => Promise<void>;

  beforeAll(async () => {
    sms = await startFakeSms();
    smtp = await startFakeSmtp();
    shop = await openTestShop({
      queue: new InProcessQueue(20),
      env: {
        SMS_PROVIDER: "msg91",
        SMS_URL: sms.url,
        SMS_API_KEY: "test-auth-key",
        SMS_TIMEOUT_MS: "400",
        SMTP_URL: smtp.url,
        SHOP_EMAIL,
      },
    });
    startJobHandlers(shop, () => {});
    stopBackground = await startBackground(shop, () => {});
  });

  afterAll(async () => {
    await stopBackground?.();
    await shop?.close();
    await sms?.close();
    await smtp?.close();
  });

  it("sends an order's SMS and email once, retrying a 5xx like BullMQ does", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) && sms.to(phone).length === 1 ? { status: 502 } : {});
    const { orderId, eventId } = await placeOrder(shop.store, { phone, total: 2_340 });
    const row = await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    sms.reply = () => ({});
    expect(row.attempts).toBe(2);
    expect(sms.to(phone)).toHaveLength(2);
    expect(sms.to(phone)[1].text).toContain("₹2,340");
    expect(smtp.received.filter((m) => m.subject.includes(displayOrderId(orderId)))).toHaveLength(1);
  });

  it("sends each message once when a second reactor follows the same checkpoint", async () => {
    // Two processes started with the reactor by mistake: they race for every batch.
    const stopSecond = await startBackground(shop, () => {});
    try {
      const phones = Array.from({ length: 12 }, newPhone);
      const placed = [];
      for (const phone of phones) placed.push(await placeOrder(shop.store, { phone }));
      for (const { eventId } of placed) await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
      await sleep(200);
      for (const phone of phones) expect(sms.to(phone), phone).toHaveLength(1);
    } finally {
      await stopSecond();
    }
    // The reactor that is left reaches the head: the last batch may still be committing as the second one stops.
    const head = await shop.store.headPosition();
    let checkpoint: string | null = null;
    for (let tries = 0; tries < 200 && checkpoint !== head; tries++) {
      if (tries > 0) await sleep(50);
      ({ position: checkpoint } = await shop.db.selectFrom("reactor_checkpoints").select("position").executeTakeFirstOrThrow());
    }
    expect(checkpoint).toBe(head);
  });

  it("a reactor stopped the moment it started stops at once", async () => {
    // A process told to stop while its reactor still reads its checkpoint (SIGTERM just after start).
    const stop = await startBackground(shop, () => {});
    await withTimeout(stop(), 5000, "the reactor did not stop");
  });

  it("keeps failures in Postgres, so a restarted process lists them and Retry works", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) ? { status: 500 } : {});
    const { eventId } = await placeOrder(shop.store, { phone });
    const key = notificationKey(eventId, "sms");
    await waitForStatus(shop.db, key, ["failed"]);
    expect(sms.to(phone)).toHaveLength(5);

    // "Restart": a fresh in-process queue, which remembers nothing.
    await stopBackground();
    await shop.queue.close();
    const queue = new InProcessQueue(20);
    const restarted: Shop = { ...shop, queue };
    Object.assign(restarted, createServices(restarted));
    startJobHandlers(restarted, () => {});
    stopBackground = await startBackground(restarted, () => {});
    shop.queue = queue;
    shop.notifications = restarted.notifications;

    expect(await queue.failed("notifications")).toEqual([]);
    const { problems } = await restarted.notifications.list();
    expect(problems.find((p) => p.key === key)).toMatchObject({ status: "failed", attempts: 5 });

    sms.reply = () => ({});
    expect(await restarted.notifications.retry(key)).toMatchObject({ ok: true });
    await waitForStatus(shop.db, key, ["sent"]);
    expect(sms.to(phone)).toHaveLength(6);
  });

  it("repairs what a crash leaves: a pending record without a job is sent, a stale claim is not", async () => {
    const lostPhone = newPhone();
    const claimedPhone = newPhone();
    const lostEvent = crypto.randomUUID();
    const claimedEvent = crypto.randomUUID();
    const old = new Date(Date.now() - Math.max(STALE_PENDING_MS, STALE_SENDING_MS) - 1000);
    const base = { kind: "order-placed", channel: "sms" as const, queue: "notifications" as const, jobName: "order-placed-sms" };
    await shop.db
      .insertInto("notification_sends")
      .values([
        // Committed by the reactor, then the process died before queueing it.
        {
          ...sendRow({ ...base, key: notificationKey(lostEvent, "sms"), jobId: notificationJobId(lostEvent, "sms"), eventId: lostEvent, recipient: lostPhone, body: "lost and found" }),
          updated_at: old,
        },
        // Claimed by a worker that died while talking to the provider.
        {
          ...sendRow({ ...base, key: notificationKey(claimedEvent, "sms"), jobId: notificationJobId(claimedEvent, "sms"), eventId: claimedEvent, recipient: claimedPhone, body: "in doubt" }, "sending"),
          updated_at: old,
        },
      ])
      .execute();
    expect(await requeueStale(shop.db, shop.queue)).toBe(1);
    await waitForStatus(shop.db, notificationKey(lostEvent, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(claimedEvent, "sms"), ["unknown"]);
    await sleep(200);
    expect(sms.to(lostPhone)).toHaveLength(1);
    expect(sms.to(claimedPhone)).toHaveLength(0);
  });
});

describe("the console transport (the default)", () => {
  let shop: TestShop;
  let stopBackground: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    shop = await openTestShop({ env: { SHOP_EMAIL } });
    startJobHandlers(shop, (line) => lines.push(line));
    stopBackground = await startBackground(shop, () => {});
  });
  afterAll(async () => {
    await stopBackground?.();
    await shop?.close();
  });

  it("writes codes and order messages to the log and the outbox table, the code itself only to the log", async () => {
    const phone = newPhone();
    await shop.auth.sendCode({ phone });
    const { key } = await codeRecord(shop.db, phone);
    const { orderId, eventId } = await placeOrder(shop.store, { phone, total: 999 });
    await waitForStatus(shop.db, key, ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    // The code and the order's text are sent by separate jobs, in either order.
    const texts = (await readOutbox(shop.db, { channel: "sms", recipient: phone })).map((t) => t.body);
    expect(texts).toHaveLength(2);
    expect(texts).toEqual(expect.arrayContaining([expect.stringMatching(/^\*{6} is your Churu Uniform House sign-in code/)]));
    // Parents are given the 8-character number they can read out on the phone, not the full id.
    expect(texts.find((t) => t.includes(displayOrderId(orderId)))).toContain("₹999");
    expect(texts.some((t) => t.includes(orderId))).toBe(false);
    const [email] = await readOutbox(shop.db, { channel: "email", recipient: SHOP_EMAIL });
    expect(email.subject).toContain(displayOrderId(orderId));
    // Outside production the log shows the code, so the shop can be tried on a laptop.
    expect(lines.some((l) => new RegExp(`^sms to ${phone}: \\d{6} is your`).test(l))).toBe(true);
  });

  it("refuses a phone number that is not 10 digits without retrying", async () => {
    const { eventId } = await placeOrder(shop.store, { phone: "98765" });
    const row = await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["failed"]);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/not a 10-digit/);
    expect(row.last_error).not.toContain("98765");
  });
});

describe("the console transport in production", () => {
  let shop: TestShop;
  const lines: string[] = [];
  let stopJobHandlers: () => Promise<void>;

  beforeAll(async () => {
    shop = await openTestShop({ projectors: false, env: { NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in" } });
    stopJobHandlers = startJobHandlers(shop, (line) => lines.push(line));
  });
  afterAll(async () => {
    await stopJobHandlers?.();
    await shop?.close();
  });

  it("prints a code's text with the code masked, and keeps it masked in the outbox", async () => {
    const phone = newPhone();
    await shop.auth.sendCode({ phone });
    const { key } = await codeRecord(shop.db, phone);
    await waitForStatus(shop.db, key, ["sent"]);
    // The number is not printed in production (docs/privacy.md): the line names the outbox row, which an erasure scrubs.
    const printed = lines.filter((l) => /^sms to \[phone\] \(outbox \d+\):/.test(l));
    expect(printed).toHaveLength(1);
    expect(printed[0]).not.toContain(phone);
    expect(printed[0]).toMatch(/: \*{6} is your Churu Uniform House sign-in code/);
    expect(printed[0]).not.toMatch(/\d{6} is your/);
    const [text] = await readOutbox(shop.db, { channel: "sms", recipient: phone });
    expect(text.body).toMatch(/^\*{6} is your/);
  });
});
