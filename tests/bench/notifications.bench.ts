/**
 * Order notifications end to end: events appended to the Postgres event store,
 * the reactor (this process, as the projector role runs it) writing sent-message
 * records and BullMQ jobs on the local Redis, and a real `shop worker` process
 * sending to a local SMTP server and a local MSG91-style HTTP server.
 *   npx tsx tests/bench/notifications.bench.ts [orders] [--concurrency=N] [--rate=N] [--seconds=N] [--write] [--profile=DIR]
 * Two runs, each order one SMS to the customer and one email to the shop:
 * - a burst: [orders] (1000) orders appended by 16 writers at once. Reports the drain time (from
 *   the burst's first append to its last message sent), messages per second of the one worker
 *   over it, and the CPU the worker, this database's Postgres connections and Redis spent per message.
 * - steady: --rate (100) orders a second for --seconds (10), each appended on its own schedule.
 * Each reports the delay from order placed (the event's commit time) to message sent (the
 * record's sent time), p50 and p99. --concurrency (default: the shop's WORKER_CONCURRENCY) is
 * the worker's jobs at once. --write puts the results under "## Notifications (workers)" in
 * docs/benchmarks.md; --profile=DIR writes a V8 CPU profile of the worker there.
 */
import fs from "node:fs";
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
import { TEST_DLT_ENV } from "../support/sms-inbox";
import { benchDatabase, cpuSeconds, percentile, runBench, writeBenchmarkSection } from "./support";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ORDERS = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const CONCURRENCY = option("concurrency");
const RATE = Number(option("rate") ?? 100);
const SECONDS = Number(option("seconds") ?? 10);
const profileDir = option("profile");
const write = args.includes("--write");
const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const WARMUP_ORDERS = 20;

/** CPU seconds of every process in a process group (the worker started detached: node and its threads). */
function groupCpuSeconds(pgid: number): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[2]) === pgid) total += cpuSeconds(Number(pid));
    } catch {
      // Gone while we looked.
    }
  }
  return total;
}

/** CPU seconds of the processes `match` picks by command line and name (this database's Postgres backends, Redis). */
function cpuOfCommandLines(match: (cmdline: string, comm: string) => boolean): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const comm = fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      if (match(cmdline, comm)) total += cpuSeconds(Number(pid));
    } catch {
      // Gone while we looked.
    }
  }
  return total;
}

/** CPU seconds the whole machine spent busy (every core, every process, and time the VM's host took: steal). */
function machineBusySeconds(): number {
  const [user, nice, system, , , irq, softirq, steal] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

async function main() {
  const prefix = `bench-notify-${randomUUID().slice(0, 8)}`;
  const database = await benchDatabase(16);
  const databaseName = new URL(database.url).pathname.slice(1);
  const sms = await startFakeSms();
  const smtp = await startFakeSmtp();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    SESSION_SECRET: "bench-secret-bench-secret",
    SHOP_DATA_DIR: "data/bench",
    SHOP_EMAIL: "orders@churu-uniforms.test",
    SMS_PROVIDER: "msg91",
    SMS_URL: sms.url,
    SMS_API_KEY: "bench-key",
    // The worker runs in production, where MSG91 needs its DLT sender id and template ids.
    ...TEST_DLT_ENV,
    SMTP_URL: smtp.url,
    ...(CONCURRENCY ? { WORKER_CONCURRENCY: CONCURRENCY } : {}),
  };
  const config = readConfig(env);
  const core = await openShopCore(config, {
    database,
    queue: await BullMQQueue.connect(REDIS_URL, { prefix }),
  });
  const shop: Shop = { ...core, ...createServices(core) };
  const stopBackground = await startBackground(shop, () => {});

  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const worker = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "bin/shop.ts", "worker"], {
    env: { SHOP_URL: "http://127.0.0.1", ...process.env, ...env, NODE_ENV: "production" },
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
      await new Promise((r) => setTimeout(r, 10));
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
  const cpu = () => {
    const bench = process.cpuUsage();
    return {
      at: Date.now(),
      machine: machineBusySeconds(),
      bench: (bench.user + bench.system) / 1e6,
      worker: groupCpuSeconds(worker.pid!),
      postgres: cpuOfCommandLines((cmdline, comm) => comm === "postgres" && cmdline.includes(databaseName)),
      redis: cpuOfCommandLines((_, comm) => comm.startsWith("redis-server")),
    };
  };
  /** CPU per message of each part, and how busy everything else on the machine kept its cores meanwhile. */
  const perMessage = (before: ReturnType<typeof cpu>, messages: number) => {
    const after = cpu();
    const used = (key: Exclude<keyof typeof before, "at">) => after[key] - before[key];
    const ms = (key: Exclude<keyof typeof before, "at">) => ((used(key) * 1000) / messages).toFixed(2);
    const ours = used("bench") + used("worker") + used("postgres") + used("redis");
    const others = Math.max(0, used("machine") - ours) / ((after.at - before.at) / 1000);
    return (
      `worker ${ms("worker")} ms, Postgres (this database's connections) ${ms("postgres")} ms, Redis ${ms("redis")} ms, ` +
      `this process (orders, reactor, fakes) ${ms("bench")} ms; other work on the machine meanwhile ${others.toFixed(1)} of ${os.cpus().length} cores`
    );
  };
  const load = () => os.loadavg().map((l) => l.toFixed(1)).join(", ");

  // Warm up: connections, JIT, the worker's first jobs.
  for (let i = 0; i < WARMUP_ORDERS; i++) await placeOrder(shop.store, { phone: `97000${String(i).padStart(5, "0")}` });
  let expected = WARMUP_ORDERS * 2;
  await waitForSent(expected);
  const loadBefore = load();

  // Burst: ORDERS orders as fast as 16 writers can append them.
  const burstPhones = new Set<string>();
  const burstCpu = cpu();
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
  expected += ORDERS * 2;
  await waitForSent(expected);
  const burstMs = Date.now() - burstStart;
  const burstCpuLine = perMessage(burstCpu, ORDERS * 2);
  const burstDelays = await delays(burstPhones);

  // Steady: RATE orders a second, each appended at its own time (not after the one before), as customers do.
  const steadyPhones = new Set<string>();
  const steadyOrders = RATE * SECONDS;
  const steadyCpu = cpu();
  const steadyStart = Date.now();
  const appends: Promise<unknown>[] = [];
  for (let i = 0; i < steadyOrders; i++) {
    const due = steadyStart + (i * 1000) / RATE;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const phone = `96${String(i).padStart(8, "0")}`;
    steadyPhones.add(phone);
    appends.push(placeOrder(shop.store, { phone }));
  }
  await Promise.all(appends);
  const steadyAppendMs = Date.now() - steadyStart;
  expected += steadyOrders * 2;
  await waitForSent(expected);
  const steadyCpuLine = perMessage(steadyCpu, steadyOrders * 2);
  const steadyDelays = await delays(steadyPhones);
  const loadAfter = load();

  const messages = ORDERS * 2;
  const workerConcurrency = CONCURRENCY ?? String(config.workerConcurrency);
  const extraSms = sms.requests.length - (WARMUP_ORDERS + ORDERS + steadyOrders);
  const extraEmail = smtp.received.length - (WARMUP_ORDERS + ORDERS + steadyOrders);
  const lines = [
    `burst: ${ORDERS} orders appended by 16 writers in ${(appendedMs / 1000).toFixed(1)} s; all ${messages} messages (SMS + email) sent ${(burstMs / 1000).toFixed(1)} s after the first append`,
    `burst throughput: ${(messages / (burstMs / 1000)).toFixed(0)} messages/s (one worker process, concurrency ${workerConcurrency})`,
    `burst CPU per message: ${burstCpuLine}`,
    `burst, order placed -> sent: ${describe(burstDelays)}`,
    `steady ${RATE} orders/s for ${SECONDS} s (${steadyOrders} orders appended in ${(steadyAppendMs / 1000).toFixed(1)} s), order placed -> sent: ${describe(steadyDelays)}`,
    `steady CPU per message: ${steadyCpuLine}`,
    `duplicates at the fakes: ${extraSms} SMS, ${extraEmail} email`,
    `load average before ${loadBefore}; after ${loadAfter}`,
  ];
  console.log(lines.join("\n"));

  if (write) {
    const command = `npx tsx tests/bench/notifications.bench.ts ${args.filter((a) => a !== "--write").join(" ")}`.trim();
    const section = [
      "## Notifications (workers)",
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), local Postgres and Redis,`,
      "one `shop worker` process, the reactor in the benchmark process, local SMTP (smtp-server) and HTTP (MSG91-style) fakes.",
      "Delay is from the event's commit time to the sent-message record's sent time. Other work on the machine shows in the",
      "load average; compare runs made side by side (before and after: the next section).",
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

runBench(main);
