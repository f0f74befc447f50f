/**
 * What a page costs a shopper with a long cart history against one with a short one.
 * A cart stream is never closed (a signed-in shopper keeps one for years); the command
 * handler keeps its load flat with a snapshot every CART_SNAPSHOT_EVERY events (decision 093).
 *   npx tsx tests/bench/cart-history.bench.ts [seconds-per-row] [--write]
 * 1. The home page, rendered for a parent whose cart has 5 events and for one whose cart
 *    has 500 (built through the /cart form, as a parent would), autocannon at 10 connections
 *    against `shop web` (production build, one process).
 * 2. The cart load alone (what the badge and the cart page fold), in this process, for a
 *    500-event stream read from its newest snapshot and the same stream read whole, as every
 *    load did before snapshots.
 * --write puts the results under "## Cart history" in docs/benchmarks.md.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { buildIfNeeded } from "../../bin/build";
import { CART_SNAPSHOT_EVERY, cartDecider, cartSnapshots, cartStreamId, userCartId } from "../../domain/cart";
import { cartEvents } from "../../domain/cart/events";
import { createCommandHandler } from "../../eventstore/command-handler";
import { PostgresEventStore } from "../../eventstore/postgres";
import { benchDatabase, cpuSeconds, percentile, reportBenchmark, startNodeProcess } from "./support";
import { handlerOnly } from "../../eventstore/command-handler";

const args = process.argv.slice(2);
const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 8);
const write = args.includes("--write");
const CONNECTIONS = 10;
const LONG = 500;
const SHORT = 5;

async function post(base: string, cookie: string, fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  if (res.status >= 400) throw new Error(`/cart answered ${res.status}`);
  const set = (res.headers.get("set-cookie") ?? "").split(";")[0];
  return set.startsWith("shop_cart=") ? set : cookie;
}

/** A guest cart with `events` events: two lines added, then the shirt's quantity changed back and forth. */
async function cartWithHistory(base: string, events: number): Promise<string> {
  let cookie = await post(base, "", { intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" });
  cookie = await post(base, cookie, { intent: "add", productId: "stationery/geometric-box-set", quantity: "1" });
  for (let i = 2; i < events; i++) {
    await post(base, cookie, { intent: "update", productId: "school/dps/shirt", size: "30", school: "DPS", quantity: String(i % 2 === 0 ? 2 : 1) });
  }
  return cookie;
}

function load(url: string, duration: number, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  await buildIfNeeded((line) => console.log(line));
  const database = await benchDatabase(4);
  const { child, match } = await startNodeProcess(
    ["bin/shop.ts", "web"],
    {
      SMS_PROVIDER: "console",
      ...process.env,
      NODE_ENV: "production",
      SHOP_URL: process.env.SHOP_URL ?? "http://127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: "",
      EVENTSTORE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SESSION_SECRET: "bench-secret-bench-secret",
      SHOP_DATA_DIR: "data/bench",
      LOG_LEVEL: "warn",
    },
    /is open at (\S+)/,
  );
  const base = match[1].replace("localhost", "127.0.0.1").replace(/\/$/, "");
  try {
    const pages: string[] = [];
    const cookies = new Map<number, string>();
    for (const events of [SHORT, LONG]) cookies.set(events, await cartWithHistory(base, events));
    const loadBefore = os.loadavg()[0];
    // Short, long, short, long: a machine whose load changes during the run shows it in both.
    for (const events of [SHORT, LONG, SHORT, LONG]) {
      const cookie = cookies.get(events)!;
      const url = `${base}/`;
      await load(url, 2, { Cookie: cookie });
      const before = cpuSeconds(child.pid!);
      const result = await load(url, seconds, { Cookie: cookie });
      const cpuMs = ((cpuSeconds(child.pid!) - before) * 1000) / Math.max(1, result.requests.total);
      const line = `| home / for a cart of ${events} events | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.non2xx} | ${cpuMs.toFixed(2)} |`;
      console.log(line);
      pages.push(line);
    }

    // The load alone, snapshot against whole stream, on the same events.
    const store = new PostgresEventStore(database);
    const withSnapshots = createCommandHandler(handlerOnly(store), { decider: cartDecider, events: cartEvents, snapshots: cartSnapshots });
    const whole = createCommandHandler(handlerOnly(store), { decider: cartDecider, events: cartEvents });
    const streamId = cartStreamId(userCartId("bench-parent"));
    const line = (quantity: number) => ({ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", quantity });
    await withSnapshots.handle(streamId, { type: "AddItem", line: line(1) });
    for (let i = 1; i < LONG; i++) await withSnapshots.handle(streamId, { type: "ChangeQuantity", line: line(1), quantity: i % 2 === 0 ? 1 : 2 });
    const loads: string[] = [];
    for (const [name, handler] of [
      ["from the newest snapshot", withSnapshots],
      ["whole stream (before snapshots)", whole],
    ] as const) {
      for (let i = 0; i < 50; i++) await handler.load(streamId);
      const times: number[] = [];
      for (let i = 0; i < 500; i++) {
        const started = performance.now();
        await handler.load(streamId);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const row = `| load a ${LONG}-event cart ${name} | ${percentile(times, 50).toFixed(2)} | ${percentile(times, 99).toFixed(2)} |`;
      console.log(row);
      loads.push(row);
    }

    const section = [
      "## Cart history",
      "",
      `Command: \`npx tsx tests/bench/cart-history.bench.ts ${seconds} --write\` (${new Date().toISOString().slice(0, 10)}; ` +
        `${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore.toFixed(1)} before the pages, ` +
        `${os.loadavg()[0].toFixed(1)} after). Server CPU per request is the figure to compare when the machine is busy. A cart stream carries its whole state every ${CART_SNAPSHOT_EVERY} ` +
        "events and a load reads backwards to the newest one (decision 093), so what a page costs does not grow with a " +
        `shopper's history. The pages: \`shop web\` (production build) on a scratch database, guest carts built through the /cart ` +
        `form, autocannon with ${CONNECTIONS} connections, ${seconds} s per row after a 2 s warm-up, short and long in turn twice.`,
      "",
      "| page | req/s | p50 ms | p99 ms | errors | server CPU ms/req |",
      "|---|---|---|---|---|---|",
      ...pages,
      "",
      "The cart load alone (in the benchmark's process, 500 loads after 50 warm-up loads, local Postgres):",
      "",
      "| load | p50 ms | p99 ms |",
      "|---|---|---|",
      ...loads,
      "",
    ].join("\n");
    reportBenchmark(section, write);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
