/**
 * Order notifications end to end: events appended to the Postgres event store,
 * the reactor (this process, as the projector role runs it) writing sent-message
 * records and BullMQ jobs on the local Redis, and a real `shop worker` process
 * sending to a local SMTP server and a local MSG91-style HTTP server.
 *   npx tsx tests/bench/notifications.bench.ts [orders] [--concurrency=N] [--write]
 * Reports notifications per second for a burst of orders, and the delay from
 * order placed (the event's commit time) to notification sent (the record's
 * sent time), p50 and p99, for the burst and for a steady trickle.
 * --write puts the results under "## Notifications (workers)" in docs/benchmarks.md.
 */
import os from "node:os";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { createServices, type Shop } from "../../services/index";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { startBackground } from "../../workers/background";
import { startFakeSms, startFakeSmtp } from "../support/fake-providers";
import { dropQueuePrefix, placeOrder } from "../support/notifications";
import { benchDatabase, percentile, writeBenchmarkSection } from "./support";

const args = process.argv.slice(2);
const ORDERS = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const CONCURRENCY = Number(args.find((a) => a.startsWith("--concurrency="))?.split("=")[1] ?? 20);
const TRICKLE_ORDERS = 200;
const TRICKLE_PER_SECOND = 20;
const write = args.includes("--write");
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

async function main() {
  const prefix = `bench-notify-${randomUUID().slice(0, 8)}`;
  const database = await benchDatabase(16);
  const sms = await startFakeSms();
  const smtp = await startFakeSmtp();
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    SESSION_SECRET: "bench-secret-bench-secret",
    SHOP_DATA_DIR: "data/bench",
    SHOP_EMAIL: "orders@churu-uniforms.test",
    SMS_PROVIDER: "msg91",
    SMS_URL: sms.url,
    SMS_API_KEY: "bench-key",
    SMTP_URL: smtp.url,
    WORKER_CONCURRENCY: String(CONCURRENCY),
  };
  const config = readConfig(env);
  const core = await openShopCore(config, {
    database,
    queue: await BullMQQueue.connect(REDIS_URL, { prefix }),
  });
  const shop: Shop = { ...core, ...createServices(core) };
  const stopBackground = await startBackground(shop, () => {});

  const worker = spawn("npx", ["tsx", "bin/shop.ts", "worker"], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  worker.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  worker.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  const workerClosed = new Promise((r) => worker.on("close", r));
  while (!output.includes("jobs:")) {
    if (worker.exitCode !== null) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const sentCount = async () =>
    Number(
      (
        await shop.db
          .selectFrom("notification_sends")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("status", "=", "sent")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const waitForSent = async (n: number) => {
    const deadline = Date.now() + 10 * 60_000;
    while ((await sentCount()) < n) {
      if (Date.now() > deadline) throw new Error(`only ${await sentCount()} of ${n} sent after 10 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Placed -> sent delays of the orders to these phones: [all, sms, email], each sorted. */
  const delays = async (phones: Set<string>) => {
    const rows = await sql<{ ms: number; recipient: string; event_id: string; channel: string }>`
      select extract(epoch from (s.sent_at - e.created_at)) * 1000 as ms, s.recipient, s.event_id::text as event_id, s.channel
        from notification_sends s join es_events e on e.event_id = s.event_id
       where s.status = 'sent'`.execute(shop.db);
    const ours = new Set(rows.rows.filter((r) => phones.has(r.recipient)).map((r) => r.event_id));
    const pick = (channel?: string) =>
      rows.rows
        .filter((r) => ours.has(r.event_id) && (!channel || r.channel === channel))
        .map((r) => Number(r.ms))
        .sort((a, b) => a - b);
    return [pick(), pick("sms"), pick("email")] as const;
  };
  const describe = (d: readonly number[][]) =>
    `p50 ${percentile(d[0], 50).toFixed(0)} ms, p99 ${percentile(d[0], 99).toFixed(0)} ms ` +
    `(SMS p50 ${percentile(d[1], 50).toFixed(0)} / p99 ${percentile(d[1], 99).toFixed(0)}, ` +
    `email p50 ${percentile(d[2], 50).toFixed(0)} / p99 ${percentile(d[2], 99).toFixed(0)})`;

  // Warm up: connections, JIT, the worker's first jobs.
  for (let i = 0; i < 20; i++) await placeOrder(shop.store, { phone: `97000${String(i).padStart(5, "0")}` });
  await waitForSent(40);

  // Burst: ORDERS orders as fast as 16 writers can append them.
  const burstPhones = new Set<string>();
  const burstStart = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ORDERS) {
        const phone = `98${String(next++).padStart(8, "0")}`;
        burstPhones.add(phone);
        await placeOrder(shop.store, { phone, total: 1250 });
      }
    }),
  );
  const appendedMs = Date.now() - burstStart;
  await waitForSent(40 + ORDERS * 2);
  const burstMs = Date.now() - burstStart;
  const burstDelays = await delays(burstPhones);

  // Trickle: a steady TRICKLE_PER_SECOND orders a second, the delay a customer sees on a normal day.
  const tricklePhones = new Set<string>();
  for (let i = 0; i < TRICKLE_ORDERS; i++) {
    const phone = `96${String(i).padStart(8, "0")}`;
    tricklePhones.add(phone);
    const started = Date.now();
    await placeOrder(shop.store, { phone });
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 / TRICKLE_PER_SECOND - (Date.now() - started))));
  }
  await waitForSent(40 + ORDERS * 2 + TRICKLE_ORDERS * 2);
  const trickleDelays = await delays(tricklePhones);

  const messages = ORDERS * 2;
  const perSecond = messages / (burstMs / 1000);
  const extraSms = sms.requests.length - (20 + ORDERS + TRICKLE_ORDERS);
  const extraEmail = smtp.received.length - (20 + ORDERS + TRICKLE_ORDERS);
  const lines = [
    `${ORDERS} orders appended by 16 writers in ${(appendedMs / 1000).toFixed(1)} s; ${messages} notifications (SMS + email) sent in ${(burstMs / 1000).toFixed(1)} s`,
    `throughput: ${perSecond.toFixed(0)} notifications/s (one worker process, concurrency ${CONCURRENCY})`,
    `order placed -> sent, burst: ${describe(burstDelays)}`,
    `order placed -> sent, steady ${TRICKLE_PER_SECOND} orders/s: ${describe(trickleDelays)}`,
    `duplicates at the fakes: ${extraSms} SMS, ${extraEmail} email`,
  ];
  console.log(lines.join("\n"));

  if (write) {
    const command = `npx tsx tests/bench/notifications.bench.ts ${args.filter((a) => a !== "--write").join(" ")}`.trim();
    const section = [
      "## Notifications (workers)",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), local Postgres and Redis,`,
      "one `shop worker` process, the reactor in the benchmark process, local SMTP (smtp-server) and HTTP (MSG91-style) fakes.",
      "Delay is from the event's commit time to the sent-message record's sent time (both Postgres clocks).",
      "",
      "```",
      `$ ${command}`,
      ...lines,
      "```",
      "",
    ].join("\n");
    writeBenchmarkSection(section);
  }

  try {
    process.kill(-worker.pid!, "SIGTERM");
  } catch {
    // gone
  }
  await workerClosed;
  await stopBackground();
  await core.close();
  await database.drop();
  await sms.close();
  await smtp.close();
  await dropQueuePrefix(REDIS_URL, prefix);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
