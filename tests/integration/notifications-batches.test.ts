import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Queue } from "bullmq";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { InProcessQueue } from "../../workers/in-process-queue";
import { startJobHandlers } from "../../workers/index";
import { startBackground } from "../../workers/background";
import { notificationKey } from "../../workers/reactor";
import { SendRecords, SkipSend, sendRow, type ClaimedMessage, type SendOutcome } from "../../workers/sends";
import { TransportError } from "../../workers/transports/transport";
import { UnrecoverableJobError, type JobInfo, type JobQueue } from "../../services/queue";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { openTestShop, type TestShop } from "../support/shop";
import { eventually, startFakeSms, startFakeSmtp, type FakeSms, type FakeSmtp } from "../support/fake-providers";
import { dropQueuePrefix, placeOrder, sendRecord, sleep, testQueuePrefix, waitForStatus } from "../support/notifications";

/**
 * Sends in batches (decision 105): the jobs running side by side share one claim statement and
 * one settle statement, and each message still keeps its own record's rules.
 */

const { redisUrl } = inject("services");

const job = (attempt = 1): JobInfo => ({ id: randomUUID(), name: "order-placed-sms", attempt, maxAttempts: 5, queuedAt: new Date() });

describe("claims and settles in batches", () => {
  let database: TestDatabase;
  let records: SendRecords;

  beforeAll(async () => {
    database = await createTestDatabase();
    records = new SendRecords(database.db, { sms: "msg91", email: "smtp" });
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Pending records for `n` messages, as the reactor writes them. */
  async function pending(n: number, extra: { secret?: string } = {}): Promise<string[]> {
    const keys = Array.from({ length: n }, () => notificationKey(randomUUID(), "sms"));
    await database.db
      .insertInto("notification_sends")
      .values(
        keys.map((key, i) => ({
          ...sendRow({
            key,
            kind: "order-placed",
            channel: "sms",
            queue: "notifications",
            jobName: "order-placed-sms",
            jobId: `n-${key}`,
            recipient: `98765${String(i).padStart(5, "0")}`,
            body: `message ${i}`,
          }),
          secret: extra.secret ?? null,
        })),
      )
      .execute();
    return keys;
  }

  const row = (key: string) => sendRecord(database.db, key).then((r) => r!);

  it("claims the sends that start together in one statement, then settles each as its own send went", async () => {
    const [sent, refused, lastTry, rejected, unwanted] = await pending(5, { secret: "sealed" });
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const reached: string[] = [];
    const outcome = (key: string, attempt: number, send: (m: ClaimedMessage) => Promise<{ providerId: string }>) =>
      records.sendOnce(key, job(attempt), async (message) => {
        reached.push(message.body!);
        await released;
        return send(message);
      });

    const runs = [
      outcome(sent, 1, async () => ({ providerId: "req-1" })),
      outcome(refused, 1, async () => {
        throw new TransportError("msg91: HTTP 503", true);
      }),
      outcome(lastTry, 5, async () => {
        throw new TransportError("msg91: HTTP 503", true);
      }),
      outcome(rejected, 1, async () => {
        throw new TransportError("msg91: HTTP 400 invalid number", false);
      }),
      outcome(unwanted, 1, async () => {
        throw new SkipSend("paid");
      }),
    ];
    await eventually("every send to reach the provider", () => reached.length === 5);
    // All five were claimed by one statement: one claim token, each row 'sending', each attempt counted.
    const claimed = await Promise.all([sent, refused, lastTry, rejected, unwanted].map(row));
    expect(claimed.map((r) => r.status)).toEqual(Array(5).fill("sending"));
    expect(new Set(claimed.map((r) => r.claim)).size).toBe(1);
    expect(claimed.map((r) => r.attempts)).toEqual([1, 1, 1, 1, 1]);
    expect(claimed.map((r) => r.transport)).toEqual(Array(5).fill("msg91"));

    release();
    const results = await Promise.allSettled(runs);
    expect(results[0]).toEqual({ status: "fulfilled", value: "sent" });
    // A refusal with tries left throws as it was, for the queue to retry; one another try cannot help is unrecoverable.
    expect(results[1]).toMatchObject({ status: "rejected", reason: { name: "TransportError" } });
    expect(results[2]).toMatchObject({ status: "rejected", reason: { name: "TransportError" } });
    expect(results[3]).toMatchObject({ status: "rejected", reason: expect.any(UnrecoverableJobError) });
    expect(results[4]).toEqual({ status: "fulfilled", value: "skipped" });

    expect(await row(sent)).toMatchObject({ status: "sent", claim: null, secret: null, provider_id: "req-1", last_error: null, sent_at: expect.any(Date) });
    expect(await row(refused)).toMatchObject({ status: "pending", claim: null, secret: "sealed", last_error: "attempt 1: msg91: HTTP 503", sent_at: null });
    expect(await row(lastTry)).toMatchObject({ status: "failed", claim: null, last_error: "attempt 5: msg91: HTTP 503" });
    expect(await row(rejected)).toMatchObject({ status: "failed", claim: null, last_error: "attempt 1: msg91: HTTP 400 invalid number" });
    expect(await row(unwanted)).toMatchObject({ status: "skipped", claim: null, skip_reason: "paid", last_error: null, sent_at: null });

    // The refused one's retry claims it again and sends it; the others are not sent again.
    expect(await records.sendOnce(refused, job(2), async () => ({ providerId: "req-2" }))).toBe("sent");
    expect(await row(refused)).toMatchObject({ status: "sent", attempts: 2, provider_id: "req-2", last_error: null, secret: null });
    let again = 0;
    for (const key of [sent, lastTry, rejected, unwanted]) {
      await records.sendOnce(key, job(2), async () => {
        again++;
        return {};
      });
    }
    expect(again).toBe(0);
  });

  it("sends a message once when its job runs twice in the same batch, and marks the second run in doubt", async () => {
    const [key] = await pending(1);
    let sends = 0;
    const send = async () => {
      sends++;
      await sleep(50);
      return { providerId: "once" };
    };
    const outcomes: SendOutcome[] = await Promise.all([records.sendOnce(key, job(), send), records.sendOnce(key, job(), send)]);
    expect(sends).toBe(1);
    expect(outcomes.sort()).toEqual(["in-doubt", "sent"]);
    // The send that went out is still recorded: the row another run marked unknown is settled by its own claimant.
    expect(await row(key)).toMatchObject({ status: "sent", provider_id: "once" });
  });

  it("claims a large crowd in statements of at most a hundred, each message once", async () => {
    const keys = await pending(250);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const sent = new Map<string, number>();
    const runs = keys.map((key) =>
      records.sendOnce(key, job(), async (message) => {
        sent.set(message.body!, (sent.get(message.body!) ?? 0) + 1);
        await released;
        return {};
      }),
    );
    await eventually("every send to reach the provider", () => sent.size === 250);
    const claims = await database.db.selectFrom("notification_sends").select("claim").where("key", "in", keys).execute();
    const perClaim = new Map<string | null, number>();
    for (const { claim } of claims) perClaim.set(claim, (perClaim.get(claim) ?? 0) + 1);
    expect([...perClaim.values()].sort((a, b) => b - a)).toEqual([100, 100, 50]);
    release();
    expect((await Promise.all(runs)).every((o) => o === "sent")).toBe(true);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
  });
});

/** Both queue backends: BullMQ on Redis (when there is one) and the in-process queue. */
const backends: { name: string; skip: boolean; open: (prefix: string) => Promise<JobQueue> }[] = [
  { name: "BullMQ", skip: !redisUrl, open: (prefix) => BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 50, lockDurationMs: 5000 }) },
  { name: "the in-process queue", skip: false, open: async () => new InProcessQueue(50) },
];

describe.each(backends)("a rush of orders on $name", ({ skip, open }) => {
  const prefix = testQueuePrefix("notifications-batches");
  let shop: TestShop;
  let sms: FakeSms;
  let smtp: FakeSmtp;
  let stopBackground: () => Promise<void>;
  let stopHandlers: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    sms = await startFakeSms();
    smtp = await startFakeSmtp();
    shop = await openTestShop({
      queue: await open(prefix),
      env: {
        SMS_PROVIDER: "msg91",
        SMS_URL: sms.url,
        SMS_API_KEY: "test-auth-key",
        SMTP_URL: smtp.url,
        SHOP_EMAIL: "orders@churu-uniforms.test",
        WORKER_CONCURRENCY: "10",
      },
    });
    stopHandlers = startJobHandlers(shop, () => {});
    stopBackground = await startBackground(shop, () => {});
  });

  afterAll(async () => {
    if (skip) return;
    await stopBackground?.();
    await stopHandlers?.();
    await shop?.close();
    await sms?.close();
    await smtp?.close();
    if (redisUrl) await dropQueuePrefix(redisUrl, prefix);
  });

  it.skipIf(skip)("sends every message of a rush once; the one the provider refused is retried, the rest are not held back", async () => {
    const phones = Array.from({ length: 30 }, (_, i) => String(9_840_000_000 + i));
    const refused = phones[17];
    sms.reply = (req) => (req.to === `+91${refused}` && sms.to(refused).length === 1 ? { status: 503 } : {});
    const placed = await Promise.all(phones.map((phone) => placeOrder(shop.store, { phone })));
    for (const { eventId } of placed) {
      await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent"]);
      await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"]);
    }
    sms.reply = () => ({});
    await sleep(200);
    for (const phone of phones) expect(sms.to(phone), phone).toHaveLength(phone === refused ? 2 : 1);
    const rows = await Promise.all(placed.map(({ eventId }) => sendRecord(shop.db, notificationKey(eventId, "sms"))));
    expect(rows.map((r) => r!.attempts)).toEqual(phones.map((phone) => (phone === refused ? 2 : 1)));
    expect(smtp.received).toHaveLength(30);
  });

  it.skipIf(skip)("queues many jobs in one call, and a job id it already has not again", async () => {
    const queue = shop.queue;
    // Code jobs naming no record: the handler fails each at once, which is enough to count how often each ran.
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const jobs = ids.map((id) => ({ name: "send-code", data: { key: `otp:${id}` }, options: { jobId: `bulk-${id}` } }));
    await queue.addBulk("otp", jobs);
    await queue.addBulk("otp", [...jobs, ...jobs]);
    const ours = async () => (await queue.failed("otp", 100)).filter((f) => f.id.startsWith("bulk-"));
    await eventually("the jobs to fail as unrecoverable", async () => (await ours()).length >= 3);
    await sleep(300);
    const failed = await ours();
    expect(failed.map((f) => f.id).sort()).toEqual(ids.map((id) => `bulk-${id}`).sort());
    expect(failed.every((f) => f.attempts === 1)).toBe(true);
    if (queue.kind === "bullmq") {
      const otp = new Queue("otp", { connection: { url: redisUrl!, maxRetriesPerRequest: null }, prefix });
      try {
        expect(await otp.getJobCountByTypes("waiting", "active", "delayed")).toBe(0);
      } finally {
        await otp.close();
      }
    }
  });
});
