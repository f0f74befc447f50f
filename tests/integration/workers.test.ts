import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { Queue } from "bullmq";
import { sql } from "kysely";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { notificationKey } from "../../workers/reactor";
import { displayOrderId } from "../../domain/orders/order";
import { ProjectorRunner } from "../../projectors/runner";
import { openTestShop, type TestShop } from "../support/shop";
import { eventually, startFakeSms, startFakeSmtp, type FakeSms, type FakeSmtp } from "../support/fake-providers";
import {
  changeStatus,
  codeRecord,
  dropQueuePrefix,
  placeOrder,
  sendRecord,
  sleep,
  testQueuePrefix,
  waitForStatus,
} from "../support/notifications";

const { redisUrl } = inject("services");
const prefix = testQueuePrefix("workers");
const SHOP_EMAIL = "orders@churu-uniforms.test";

let shop: TestShop;
let sms: FakeSms;
let smtp: FakeSmtp;
let stopBackground: () => Promise<void>;
let otpQueue: Queue;

/** Every test uses its own phone number, so counts never mix. */
let nextPhone = 9_810_000_000;
const newPhone = () => String(nextPhone++);

describe.skipIf(!redisUrl)("workers on BullMQ: codes and order notifications", () => {
  beforeAll(async () => {
    sms = await startFakeSms();
    smtp = await startFakeSmtp();
    const queue = await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 50, lockDurationMs: 5000 });
    shop = await openTestShop({
      queue,
      env: {
        SMS_PROVIDER: "msg91",
        SMS_URL: `${sms.url}/api/v2/sendsms`,
        SMS_API_KEY: "test-auth-key",
        SMS_SENDER: "CHURUU",
        SMS_TIMEOUT_MS: "400",
        SMTP_URL: smtp.url,
        SHOP_EMAIL,
        MAIL_FROM: "Churu Uniform House <no-reply@churu-uniforms.test>",
      },
    });
    startJobHandlers(shop, () => {});
    stopBackground = await startBackground(shop, () => {});
    otpQueue = new Queue("otp", { connection: { url: redisUrl!, maxRetriesPerRequest: null }, prefix });
  });

  afterAll(async () => {
    await otpQueue?.close();
    await stopBackground?.();
    await shop?.close();
    await sms?.close();
    await smtp?.close();
    if (redisUrl) await dropQueuePrefix(redisUrl, prefix);
  });

  it("sends a one-time code once, with its validity and the shop's name, to +91", async () => {
    const phone = newPhone();
    await shop.auth.sendCode({ phone });
    const { key, job_id: jobId } = await codeRecord(shop.db, phone);
    // The same job queued again (a retried hand-over, the relay) is not a second text.
    await shop.queue.add("otp", "send-code", { key }, { jobId });
    await waitForStatus(shop.db, key, ["sent"]);
    await sleep(300);
    const got = sms.to(phone);
    expect(got).toHaveLength(1);
    expect(got[0].to).toBe(`+91${phone}`);
    expect(got[0].headers.authkey).toBe("test-auth-key");
    const code = /^(\d{6}) is your/.exec(got[0].text)?.[1];
    expect(code).toBeTruthy();
    expect(got[0].text).toContain("10 minutes");
    expect(got[0].text).toContain("Churu Uniform House");
    // The code is in the message only: the record shows it masked and keeps no seal once sent.
    const row = await sendRecord(shop.db, key);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row).toMatchObject({ body: expect.stringMatching(/^\*{6} is your Churu Uniform House sign-in code/), secret: null });
  });

  it("does not send a code again when Redis forgets the job and it is queued again", async () => {
    const phone = newPhone();
    await shop.auth.sendCode({ phone });
    const { key, job_id: jobId } = await codeRecord(shop.db, phone);
    await waitForStatus(shop.db, key, ["sent"]);
    await eventually("the job to complete", async () => (await otpQueue.getJobState(jobId)) === "completed");
    await otpQueue.remove(jobId);
    await shop.queue.add("otp", "send-code", { key }, { jobId });
    await eventually("the second job to complete", async () => (await otpQueue.getJobState(jobId)) === "completed");
    expect(sms.to(phone)).toHaveLength(1);
  });

  it("refuses a malformed code job at once instead of retrying it", async () => {
    await shop.queue.add("otp", "send-code", { phone: "12345", code: "1" }, { jobId: "otp-malformed" });
    await eventually("the job to fail", async () => (await otpQueue.getJobState("otp-malformed")) === "failed");
    const job = await otpQueue.getJob("otp-malformed");
    expect(job?.attemptsMade).toBe(1);
  });

  it("turns a placed order into exactly one SMS to the customer and one email to the shop", async () => {
    const phone = newPhone();
    const { orderId, eventId } = await placeOrder(shop.store, { phone, total: 125_000 });
    await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    await sleep(300);

    const texts = sms.to(phone);
    expect(texts).toHaveLength(1);
    // The 8 characters the pages show and a link to the order's tracking page, never the 36-character id.
    expect(texts[0].text).toContain(displayOrderId(orderId));
    expect(texts[0].text).toContain(`${shop.config.shopUrl}/orders/track?orderId=${displayOrderId(orderId)}`);
    expect(texts[0].text).not.toContain(orderId);
    expect(texts[0].text).toContain("₹1,25,000");

    const emails = smtp.received.filter((m) => m.subject.includes(displayOrderId(orderId)));
    expect(emails).toHaveLength(1);
    expect(emails[0].to).toEqual([SHOP_EMAIL]);
    expect(emails[0].subject).toContain("₹1,25,000");
    expect(emails[0].text).toContain(phone);
    expect(emails[0].text).toContain("Churu 331001");
  });

  it("texts the customer when the order ships, is delivered or is cancelled, and not for other changes", async () => {
    const phone = newPhone();
    const { orderId, eventId } = await placeOrder(shop.store, { phone });
    await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    const processing = await changeStatus(shop.store, orderId, "pending", "processing");
    const shipped = await changeStatus(shop.store, orderId, "processing", "shipped");
    const delivered = await changeStatus(shop.store, orderId, "shipped", "delivered");
    await waitForStatus(shop.db, notificationKey(shipped.eventId, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(delivered.eventId, "sms"), ["sent"]);
    await sleep(300);
    expect(await sendRecord(shop.db, notificationKey(processing.eventId, "sms"))).toBeUndefined();
    // Jobs run side by side, so the two texts may arrive in either order.
    const texts = sms.to(phone).map((r) => r.text);
    expect(texts).toHaveLength(3);
    expect(texts.filter((t) => t.includes(`${displayOrderId(orderId)} has been shipped`))).toHaveLength(1);
    expect(texts.filter((t) => t.includes(`${displayOrderId(orderId)} has been delivered`))).toHaveLength(1);
    expect(texts.filter((t) => t.includes(orderId))).toHaveLength(0);

    const other = await placeOrder(shop.store, { phone: newPhone() });
    const cancelled = await changeStatus(shop.store, other.orderId, "pending", "cancelled");
    const row = await waitForStatus(shop.db, notificationKey(cancelled.eventId, "sms"), ["sent"]);
    expect(sms.requests.find((r) => r.text.includes(`${displayOrderId(other.orderId)} has been cancelled`))?.to).toBe(`+91${row.recipient}`);
  });

  it("retries a provider's 5xx with backoff and sends once it answers", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) && sms.to(phone).length <= 2 ? { status: 503 } : {});
    const { eventId } = await placeOrder(shop.store, { phone });
    const row = await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    sms.reply = () => ({});
    expect(sms.to(phone)).toHaveLength(3);
    expect(row.attempts).toBe(3);
    const [a, b, c] = sms.to(phone).map((r) => r.at);
    // Exponential backoff from 50 ms: at least 50 ms, then at least 100 ms between tries.
    expect(b - a).toBeGreaterThanOrEqual(45);
    expect(c - b).toBeGreaterThanOrEqual(95);
  });

  it("retries a provider that does not answer in time", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) && sms.to(phone).length === 1 ? { delayMs: 1500 } : {});
    const { eventId } = await placeOrder(shop.store, { phone });
    const row = await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    sms.reply = () => ({});
    expect(row.attempts).toBe(2);
    expect(sms.to(phone)).toHaveLength(2);
  });

  it("lists a message as failed after five attempts, and the admin's Retry sends it", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) ? { status: 500 } : {});
    const { eventId } = await placeOrder(shop.store, { phone });
    const key = notificationKey(eventId, "sms");
    const failed = await waitForStatus(shop.db, key, ["failed"]);
    expect(failed.attempts).toBe(5);
    expect(failed.last_error).toContain("HTTP 500");
    expect(sms.to(phone)).toHaveLength(5);

    const listed = await shop.notifications.list();
    expect(listed.problems.map((p) => p.key)).toContain(key);
    expect((await shop.queue.failed("notifications")).map((f) => f.id)).toContain(failed.job_id);

    sms.reply = () => ({});
    const result = await shop.notifications.retry(key);
    expect(result.ok).toBe(true);
    await waitForStatus(shop.db, key, ["sent"]);
    expect(sms.to(phone)).toHaveLength(6);
    expect((await shop.notifications.list()).problems.map((p) => p.key)).not.toContain(key);
    expect((await shop.notifications.retry(key)).ok).toBe(false);
  });

  it("fails a message the provider refuses (4xx) at once, without retrying", async () => {
    const phone = newPhone();
    sms.reply = (req) => (req.to.endsWith(phone) ? { status: 400, body: '{"type":"error","message":"invalid number"}' } : {});
    const { eventId } = await placeOrder(shop.store, { phone });
    const row = await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["failed"]);
    sms.reply = () => ({});
    expect(row.attempts).toBe(1);
    await sleep(300);
    expect(sms.to(phone)).toHaveLength(1);
  });

  it("does not send again when a second job for the same message runs", async () => {
    const phone = newPhone();
    const { eventId } = await placeOrder(shop.store, { phone });
    const key = notificationKey(eventId, "sms");
    await waitForStatus(shop.db, key, ["sent"]);
    // As if Redis had lost the job id, or a job ran twice: another job, same record.
    await shop.queue.add("notifications", "order-placed-sms", { key }, { jobId: `dup-${eventId}` });
    const dup = new Queue("notifications", { connection: { url: redisUrl!, maxRetriesPerRequest: null }, prefix });
    try {
      await eventually("the duplicate job to finish", async () => (await dup.getJobState(`dup-${eventId}`)) === "completed");
    } finally {
      await dup.close();
    }
    expect(sms.to(phone)).toHaveLength(1);
  });

  it("sends nothing new when every read model is rebuilt, or the reactor restarts", async () => {
    const phone = newPhone();
    const { eventId } = await placeOrder(shop.store, { phone });
    await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    const smsBefore = sms.requests.length;
    const emailsBefore = smtp.received.length;
    const recordsBefore = await shop.db.selectFrom("notification_sends").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();

    // Rebuild: every projector checkpoint back to the start, their tables emptied, projectors run again.
    await shop.runner?.stop();
    await shop.db.updateTable("projector_checkpoints").set({ position: null }).execute();
    for (const projector of shop.projectors) {
      for (const table of projector.tables) await sql`truncate table ${sql.table(table)}`.execute(shop.db);
    }
    shop.runner = new ProjectorRunner(shop.db, shop.store, shop.projectors, { log: () => {} });
    await shop.runner.start();
    const head = await shop.store.headPosition();
    expect(await shop.waitForReadModels(head!, 10_000)).toBe(true);

    // And the reactor restarts, as after a deploy.
    await stopBackground();
    stopBackground = await startBackground(shop, () => {});
    await sleep(1000);

    expect(sms.requests.length).toBe(smsBefore);
    expect(smtp.received.length).toBe(emailsBefore);
    const recordsAfter = await shop.db.selectFrom("notification_sends").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
    expect(recordsAfter.n).toBe(recordsBefore.n);
  });

  it("sends nothing again even if the reactor's own checkpoint is lost", async () => {
    const phone = newPhone();
    const { eventId } = await placeOrder(shop.store, { phone });
    await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
    await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    const smsBefore = sms.requests.length;
    const emailsBefore = smtp.received.length;
    await stopBackground();
    await shop.db.updateTable("reactor_checkpoints").set({ position: null }).execute();
    stopBackground = await startBackground(shop, () => {});
    await eventually("the reactor to catch up", async () => {
      const row = await shop.db.selectFrom("reactor_checkpoints").select("position").executeTakeFirst();
      return row?.position === (await shop.store.headPosition());
    });
    await sleep(500);
    expect(sms.requests.length).toBe(smsBefore);
    expect(smtp.received.length).toBe(emailsBefore);
  });
});
