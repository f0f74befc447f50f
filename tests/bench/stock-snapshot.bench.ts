/**
 * What a product's stock snapshot weighs, and what the command handler's load of its stream
 * costs, after 10,000 past orders (decision 109). Before it an order held its units for good
 * (shipped and delivered too), so every snapshot carried every order the product ever had;
 * now a shipment ends the hold and a snapshot names only orders not yet shipped.
 *   npx tsx tests/bench/stock-snapshot.bench.ts [orders] [--write]
 * On a scratch database of the local Postgres, three streams of one product each, built
 * through the command handler with the stock decider (a snapshot every 50 events):
 * 1. before: each order reserved and never shipped, as every stream was written before;
 * 2. after: each order reserved, then shipped;
 * 3. the first stream after `shop stock ship-past` shipped all its holds (timed: the migration's
 *    appends for one busy product, without the read-model query and the order-stream checks).
 * For each: the newest snapshot's size (its JSON, and as Postgres stores it) and the load a
 * command starts with (read back to the newest snapshot, fold), 300 times after 30 to warm up.
 * --write puts the results under "## Stock snapshots" in docs/benchmarks.md.
 */
import os from "node:os";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { stockEvents, stockStreamId } from "../../domain/stock/events";
import { stockDecider, stockSnapshots, type StockCommand } from "../../domain/stock/stock";
import { createCommandHandler } from "../../eventstore/command-handler";
import { PostgresEventStore } from "../../eventstore/postgres";
import { benchDatabase, percentile, reportBenchmark, runBench } from "./support";
import { handlerOnly } from "../../eventstore/command-handler";

const args = process.argv.slice(2);
const ORDERS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const write = args.includes("--write");
const LOADS = 300;
const WARM_UP = 30;
const at = "2026-11-24T10:00:00.000Z";

type Store = PostgresEventStore;
const aggregate = { decider: stockDecider, events: stockEvents, snapshots: stockSnapshots };

/** A writer that keeps the stream folded (as the stock service does), so building reads only what it appended. */
const writerFor = (store: Store) => createCommandHandler(handlerOnly(store), aggregate, { cachedStreams: 4 });

/** A product's stream with `ORDERS` orders of one unit each, shipped or not; returns the order ids. */
async function build(store: Store, productId: number, ship: boolean): Promise<string[]> {
  const writer = writerFor(store);
  const streamId = stockStreamId(productId);
  await writer.handle(streamId, { type: "OpenStock", productId, at, openingCount: ORDERS + 100 });
  const orders: string[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const orderId = randomUUID();
    orders.push(orderId);
    await writer.handle(streamId, { type: "ReserveStock", productId, orderId, quantity: 1, name: "Steel Bottle", at });
    if (ship) await writer.handle(streamId, { type: "ShipStock", productId, orderId, at });
    if ((i + 1) % 2000 === 0) console.log(`  stock-${productId}: ${i + 1} orders`);
  }
  return orders;
}

interface Measured {
  events: number;
  held: number;
  jsonBytes: number;
  storedBytes: number;
  p50: number;
  p99: number;
}

async function measure(store: Store, database: Awaited<ReturnType<typeof benchDatabase>>, productId: number): Promise<Measured> {
  const streamId = stockStreamId(productId);
  const { rows } = await sql<{ data: unknown; stored: number; events: string }>`
    select data, pg_column_size(data) as stored, (select count(*) from es_events where stream_id = ${streamId}) as events
    from es_events where stream_id = ${streamId} and event_type = 'StockSnapshotted'
    order by stream_revision desc limit 1`.execute(database.db);
  const snapshot = rows[0];
  if (!snapshot) throw new Error(`${streamId} has no snapshot`);
  // A reader as every command starts: no cache, from the newest snapshot on.
  const reader = createCommandHandler(handlerOnly(store), aggregate);
  for (let i = 0; i < WARM_UP; i++) await reader.load(streamId);
  const times: number[] = [];
  let held = 0;
  for (let i = 0; i < LOADS; i++) {
    const started = performance.now();
    const loaded = await reader.load(streamId);
    times.push(performance.now() - started);
    held = Object.keys(loaded.state.held).length;
  }
  times.sort((a, b) => a - b);
  return {
    events: Number(snapshot.events),
    held,
    jsonBytes: Buffer.byteLength(JSON.stringify(snapshot.data)),
    storedBytes: Number(snapshot.stored),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

const kb = (bytes: number) => (bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${bytes} B`);
const row = (name: string, m: Measured) =>
  `| ${name} | ${m.events.toLocaleString("en-IN")} | ${m.held.toLocaleString("en-IN")} | ${kb(m.jsonBytes)} | ${kb(m.storedBytes)} | ${m.p50.toFixed(2)} | ${m.p99.toFixed(2)} |`;

async function main() {
  const database = await benchDatabase(4);
  const store = new PostgresEventStore(database);
  try {
    const loadBefore = os.loadavg()[0];
    console.log(`building 3 streams of ${ORDERS} orders...`);
    await build(store, 1, false);
    await build(store, 2, true);
    const migrated = await build(store, 3, false);

    const rows: string[] = [];
    const before = await measure(store, database, 1);
    rows.push(row("before: every order still holds (never shipped)", before));
    const after = await measure(store, database, 2);
    rows.push(row("after: each order reserved, then shipped", after));

    // `shop stock ship-past` on the third stream: one ShipStock per hold, through a handler as services/stock-shipped.ts makes it.
    const shipper = createCommandHandler(handlerOnly(store), aggregate, { cachedStreams: 16 });
    const started = performance.now();
    for (const orderId of migrated) {
      const command: StockCommand = { type: "ShipStock", productId: 3, orderId, at };
      await shipper.handle(stockStreamId(3), command);
    }
    const migrationSeconds = (performance.now() - started) / 1000;
    const shipped = await measure(store, database, 3);
    rows.push(row("before, then `ship-past` shipped every hold", shipped));

    const section = [
      "## Stock snapshots",
      "",
      `Command: \`npx tsx tests/bench/stock-snapshot.bench.ts ${ORDERS}${write ? " --write" : ""}\` (${new Date().toISOString().slice(0, 10)}; ` +
        `${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after; local Postgres). ` +
        `One product's stock stream with ${ORDERS.toLocaleString("en-IN")} past orders of one unit, built through the command handler with the stock ` +
        "decider (a snapshot every 50 events). Before decision 109 an order held its units for good, so the newest snapshot named every order the " +
        "product ever had and every command on the product read and parsed it; a shipment now ends the hold (decision 109). The load is what every " +
        `stock command starts with: read back to the newest snapshot and fold (${LOADS} loads after ${WARM_UP} to warm up, no cache).`,
      "",
      "| stream | events | orders held | newest snapshot (JSON) | stored (jsonb) | load p50 ms | load p99 ms |",
      "|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `\`shop stock ship-past\`'s appends for that one product, ${ORDERS.toLocaleString("en-IN")} holds one \`ShipStock\` at a time: ` +
        `${migrationSeconds.toFixed(1)} s (${(ORDERS / migrationSeconds).toFixed(0)} a second; the snapshot shrinks by 50 orders every 50 events).`,
      "",
    ].join("\n");
    reportBenchmark(section, write);
  } finally {
    await store.close();
    await database.drop();
  }
}

runBench(main);
