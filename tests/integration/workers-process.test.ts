import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { startBackground } from "../../workers/background";
import { notificationKey } from "../../workers/reactor";
import { openTestShop, type TestShop } from "../support/shop";
import { displayOrderId } from "../../domain/orders/order";
import { eventually, startFakeSms, startFakeSmtp, type FakeSms, type FakeSmtp } from "../support/fake-providers";
import { dropQueuePrefix, placeOrder, sendRecord, sleep, testQueuePrefix, waitForStatus } from "../support/notifications";
import { SHOP_CLI } from "../support/shop-cli";

/**
 * The worker as its own process (`shop worker`), as in production: killed in the
 * middle of a send, restarted, and stopped gently with SIGTERM.
 */

const { redisUrl, postgresUrl } = inject("services");
const prefix = testQueuePrefix("workers-process");
const SHOP_EMAIL = "orders@churu-uniforms.test";
const LOCK_MS = 2000;

let shop: TestShop;
let sms: FakeSms;
let smtp: FakeSmtp;
let stopBackground: () => Promise<void>;
const workers = new Set<Worker>();

interface Worker {
  child: ChildProcess;
  output: string[];
  closed: Promise<number | null>;
}

function workerEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "NODE_OPTIONS") delete env[name];
  return {
    ...env,
    NODE_ENV: "production",
    SHOP_URL: "https://shop.example.in",
    DATABASE_URL: shop.testDatabase.url ?? "",
    REDIS_URL: redisUrl ?? "",
    QUEUE_PREFIX: prefix,
    JOB_LOCK_MS: String(LOCK_MS),
    JOB_BACKOFF_MS: "100",
    WORKER_CONCURRENCY: "1",
    SESSION_SECRET: "test-secret-test-secret",
    SHOP_DATA_DIR: "data/test",
    SMS_PROVIDER: "twilio",
    SMS_URL: sms.url,
    SMS_ACCOUNT_SID: "AC0123456789",
    SMS_AUTH_TOKEN: "test-token",
    SMS_SENDER: "+15005550006",
    SMS_TIMEOUT_MS: "30000",
    SMTP_URL: smtp.url,
    SHOP_EMAIL,
  };
}

/** `shop worker` in its own process group, ready once it reports its job queue. */
async function startWorker(env: Record<string, string> = {}): Promise<Worker> {
  const child = spawn(process.execPath, [...SHOP_CLI, "worker"], {
    env: { ...workerEnv(), ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (b: Buffer) => output.push(b.toString()));
  child.stderr!.on("data", (b: Buffer) => output.push(b.toString()));
  const closed = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const worker = { child, output, closed };
  workers.add(worker);
  void closed.then(() => workers.delete(worker));
  await eventually(
    "the worker to start",
    async () => {
      if (child.exitCode !== null) throw new Error(`worker exited: ${output.join("")}`);
      return output.join("").includes("jobs:");
    },
    60_000,
  );
  return worker;
}

/** To the whole group: the shop and anything it started. */
function signal(worker: Worker, name: NodeJS.Signals): void {
  try {
    process.kill(-worker.child.pid!, name);
  } catch {
    // Already gone.
  }
}

describe.skipIf(!redisUrl || !postgresUrl)("the worker process", () => {
  beforeAll(async () => {
    sms = await startFakeSms();
    smtp = await startFakeSmtp();
    // This process only produces: the reactor queues jobs, the child worker sends.
    const queue = await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 100, lockDurationMs: LOCK_MS });
    shop = await openTestShop({ queue, env: { SHOP_EMAIL } });
    stopBackground = await startBackground(shop, () => {});
  });

  afterAll(async () => {
    for (const w of workers) signal(w, "SIGKILL");
    await stopBackground?.();
    await shop?.close();
    await sms?.close();
    await smtp?.close();
    if (redisUrl) await dropQueuePrefix(redisUrl, prefix);
  });

  it("delivers exactly once when the worker is killed mid-send and started again", { timeout: 120_000 }, async () => {
    const first = await startWorker();
    const heldPhone = "9820000001";
    const laterPhone = "9820000002";
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    sms.reply = async (req) => {
      if (req.to === `+91${heldPhone}`) await released;
      return {};
    };

    const held = await placeOrder(shop.store, { phone: heldPhone });
    const later = await placeOrder(shop.store, { phone: laterPhone });
    await eventually("the provider to hold the first SMS", () => sms.to(heldPhone).length === 1, 30_000);
    expect((await sendRecord(shop.db, notificationKey(held.eventId, "sms")))?.status).toBe("sending");

    signal(first, "SIGKILL");
    await first.closed;
    release();
    sms.reply = () => ({});

    const second = await startWorker();
    // The killed job's lock lapses, BullMQ hands it to the new worker, which finds the claim and does not send again.
    const inDoubt = await waitForStatus(shop.db, notificationKey(held.eventId, "sms"), ["unknown"], 30_000);
    expect(inDoubt.last_error).toMatch(/stopped while sending/);
    await waitForStatus(shop.db, notificationKey(held.eventId, "email"), ["sent"], 30_000);
    await waitForStatus(shop.db, notificationKey(later.eventId, "sms"), ["sent"], 30_000);
    await waitForStatus(shop.db, notificationKey(later.eventId, "email"), ["sent"], 30_000);
    await sleep(500);

    expect(sms.to(heldPhone)).toHaveLength(1);
    expect(sms.to(laterPhone)).toHaveLength(1);
    expect(sms.to(laterPhone)[0].to).toBe(`+91${laterPhone}`);
    expect(sms.to(laterPhone)[0].headers.authorization).toBe(`Basic ${Buffer.from("AC0123456789:test-token").toString("base64")}`);
    expect(smtp.received.filter((m) => m.subject.includes(displayOrderId(held.orderId)))).toHaveLength(1);
    expect(smtp.received.filter((m) => m.subject.includes(displayOrderId(later.orderId)))).toHaveLength(1);

    // The admin sees the one in doubt, and may decide to send it again.
    const { problems } = await shop.notifications.list();
    expect(problems.find((p) => p.key === notificationKey(held.eventId, "sms"))?.status).toBe("unknown");
    expect((await shop.notifications.retry(notificationKey(held.eventId, "sms"))).ok).toBe(true);
    await waitForStatus(shop.db, notificationKey(held.eventId, "sms"), ["sent"], 30_000);
    expect(sms.to(heldPhone)).toHaveLength(2);

    signal(second, "SIGKILL");
    await second.closed;
  });

  it("sends exactly once what the provider never saw when the worker is killed mid-batch", { timeout: 120_000 }, async () => {
    // Ten sends at once, claimed and settled in batches (decision 105); fifteen orders' texts, so some wait their turn.
    const first = await startWorker({ WORKER_CONCURRENCY: "10" });
    const phones = Array.from({ length: 15 }, (_, i) => String(9_820_000_100 + i));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    sms.reply = async (req) => {
      if (phones.some((phone) => req.to === `+91${phone}`)) await released;
      return {};
    };
    const placed = await Promise.all(phones.map((phone) => placeOrder(shop.store, { phone })));
    await eventually("the provider to hold ten texts", () => phones.filter((p) => sms.to(p).length > 0).length === 10, 30_000);

    signal(first, "SIGKILL");
    await first.closed;
    const seenBeforeKill = new Set(phones.filter((p) => sms.to(p).length > 0));
    release();
    sms.reply = () => ({});
    // Orders placed while no worker runs go out once one is back.
    const later = await Promise.all(["9820000200", "9820000201"].map((phone) => placeOrder(shop.store, { phone })));

    const second = await startWorker({ WORKER_CONCURRENCY: "10" });
    const rows = [];
    for (const { eventId } of [...placed, ...later]) {
      rows.push(await waitForStatus(shop.db, notificationKey(eventId, "sms"), ["sent", "unknown"], 30_000));
      await waitForStatus(shop.db, notificationKey(eventId, "email"), ["sent"], 30_000);
    }
    await sleep(500);

    // A text the provider had when the worker died is in doubt and not sent again; every other went exactly once.
    for (const [i, phone] of phones.entries()) {
      expect(sms.to(phone), phone).toHaveLength(1);
      expect(rows[i].status, phone).toBe(seenBeforeKill.has(phone) ? "unknown" : "sent");
    }
    expect(seenBeforeKill.size).toBe(10);
    for (const phone of ["9820000200", "9820000201"]) expect(sms.to(phone), phone).toHaveLength(1);
    expect(rows.slice(phones.length).map((r) => r.status)).toEqual(["sent", "sent"]);
    for (const { orderId } of [...placed, ...later]) {
      expect(smtp.received.filter((m) => m.subject.includes(displayOrderId(orderId)))).toHaveLength(1);
    }

    signal(second, "SIGKILL");
    await second.closed;
  });

  it("lets a running send finish on SIGTERM, then exits", { timeout: 120_000 }, async () => {
    const worker = await startWorker();
    const phone = "9820000003";
    sms.reply = (req) => (req.to === `+91${phone}` ? { delayMs: 1500 } : {});
    const order = await placeOrder(shop.store, { phone });
    await eventually("the provider to receive the SMS", () => sms.to(phone).length === 1, 30_000);

    const signalledAt = Date.now();
    signal(worker, "SIGTERM");
    await worker.closed;
    sms.reply = () => ({});
    // npx itself dies of the signal; what counts is the worker under it: it waited, finished, closed cleanly.
    const log = worker.output.join("");
    expect(log).toContain("SIGTERM: finishing requests and jobs");
    expect(log).toMatch(/\nstopped\n/);
    expect(log).not.toContain("stopping anyway");
    expect(Date.now() - signalledAt).toBeGreaterThan(500);
    expect((await sendRecord(shop.db, notificationKey(order.eventId, "sms")))?.status).toBe("sent");
    expect(sms.to(phone)).toHaveLength(1);
  });
});
