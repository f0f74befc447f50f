/**
 * What sealing costs a replay and an order (decision 121): the same orders read from the global stream
 * through a store that does not seal (events stored in the clear, as before) and through the sealing
 * store (events stored sealed, one key per order, keys cached), on embedded PGlite; and appends of new
 * orders (a new key each) with and without sealing.
 * Then how soon an erasure in one process stops another process opening the person's data (the other
 * had the key cached), and what the erasure and a key not cached cost (decision 121, note of
 * 2026-11-26): on PGlite (two sealers in one process) and on the local Postgres server (the other
 * process's sealer on connections of its own; skipped when no server answers).
 *   npx tsx tests/bench/privacy-seal.bench.ts [orders=5000] [erasures=200]
 */
import { randomUUID } from "node:crypto";
import { connectPGlite } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { PostgresEventStore } from "../../eventstore/postgres";
import { EventSealer, privacyMasterKey } from "../../eventstore/sealing";
import { orderEvents } from "../../domain/orders/events";
import { orderSubject } from "../../domain/privacy/subjects";
import { ERASED } from "../../domain/privacy/erased";
import { connectPostgres, type Database } from "../../db/connection";
import type { RecordedEvent } from "../../eventstore/port";
import { benchDatabase, percentile } from "./support";

const orders = Number(process.argv[2] ?? 5000);
const erasures = Number(process.argv[3] ?? 200);

function placed(orderId: string) {
  return orderEvents.toAppend(
    {
      type: "OrderPlaced",
      data: {
        orderId,
        lines: [{ productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 2 }],
        total: 620,
        customer: { kind: "guest", name: "Ravi Kumar", phone: "9876543210" },
        address: { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
        placedAt: "2026-11-26T06:00:00.000Z",
        language: "en",
        subtotal: 620,
        discountPercent: 0,
        discount: 0,
        delivery: 0,
        paymentMethod: "cod",
      },
    },
    randomUUID(),
  );
}

async function readAllSeconds(store: PostgresEventStore): Promise<number> {
  const started = performance.now();
  let from: string | undefined;
  let n = 0;
  for (;;) {
    const batch = await store.readAll({ from, maxCount: 1000 });
    if (batch.length === 0) break;
    for (const e of batch) orderEvents.read(e);
    n += batch.length;
    from = batch.at(-1)!.position;
  }
  if (n !== orders) throw new Error(`read ${n} events, expected ${orders}`);
  return (performance.now() - started) / 1000;
}

async function run(sealed: boolean) {
  const database = await connectPGlite();
  await migrateToLatest(database.db);
  const store = new PostgresEventStore(database, sealed ? { sealer: new EventSealer(database.db, privacyMasterKey("bench-master-key-bench-master-key")) } : {});
  const appendStarted = performance.now();
  for (let i = 0; i < orders; i++) {
    const orderId = randomUUID();
    await store.append(`order-${orderId}`, [placed(orderId)], "no_stream");
  }
  const appendSeconds = (performance.now() - appendStarted) / 1000;
  // A second reader: a fresh process's cache is empty, as a replay's is.
  const reader = new PostgresEventStore(database, sealed ? { sealer: new EventSealer(database.db, privacyMasterKey("bench-master-key-bench-master-key")) } : {});
  const cold = await readAllSeconds(reader);
  const warm = await readAllSeconds(reader);
  await database.close();
  return { appendSeconds, cold, warm };
}

// Interleaved and repeated, the best of each kept: the machine is shared, and the first run warms the JIT.
const best = (a: Awaited<ReturnType<typeof run>>, b: Awaited<ReturnType<typeof run>>) => ({
  appendSeconds: Math.min(a.appendSeconds, b.appendSeconds),
  cold: Math.min(a.cold, b.cold),
  warm: Math.min(a.warm, b.warm),
});
let plain = await run(false);
let sealed = await run(true);
for (let round = 1; round < 3; round++) {
  plain = best(plain, await run(false));
  sealed = best(sealed, await run(true));
}
const rate = (s: number) => Math.round(orders / s).toLocaleString("en-IN");
console.log(`| | appends of new orders/s | replay read events/s (cold keys) | (keys cached) |`);
console.log(`|---|---|---|---|`);
console.log(`| in the clear | ${rate(plain.appendSeconds)} | ${rate(plain.cold)} | ${rate(plain.warm)} |`);
console.log(`| sealed | ${rate(sealed.appendSeconds)} | ${rate(sealed.cold)} | ${rate(sealed.warm)} |`);

/**
 * `erasures` people, each with one sealed OrderPlaced that the other process has opened (its key
 * cached): erased one by one in the first process, each timed until the other reads it erased.
 */
async function erasureReach(label: string, here: Database, there: Database) {
  const masterKey = privacyMasterKey("bench-master-key-bench-master-key");
  const eraser = new EventSealer(here.db, masterKey);
  const other = new EventSealer(there.db, masterKey);
  const stopWatching = await other.watchErasures(there);
  const eraseMs: number[] = [];
  const reachMs: number[] = [];
  const cachedMs: number[] = [];
  const fetchedMs: number[] = [];
  try {
    for (let i = 0; i < erasures; i++) {
      const orderId = randomUUID();
      const [sealed] = await eraser.seal(`order-${orderId}`, [placed(orderId)]);
      const recorded: RecordedEvent = { ...sealed, streamId: `order-${orderId}`, revision: 0, position: String(i), createdAt: new Date(), metadata: sealed.metadata ?? {} };
      const customer = async (sealer: EventSealer) => ((await sealer.open([recorded]))[0].data as { customer: { name: string } }).customer.name;
      // What a key not cached costs a read (the fallback makes it at most once per person per KEY_CACHE_MS)...
      let started = performance.now();
      if ((await customer(other)) === ERASED) throw new Error("opened erased before the erasure");
      fetchedMs.push(performance.now() - started);
      // ...and one cached.
      started = performance.now();
      await customer(other);
      cachedMs.push(performance.now() - started);
      started = performance.now();
      await eraser.erase([orderSubject(orderId)]);
      const erased = performance.now();
      eraseMs.push(erased - started);
      while ((await customer(other)) !== ERASED) await new Promise((resolve) => setImmediate(resolve));
      reachMs.push(performance.now() - erased);
    }
  } finally {
    await stopWatching();
  }
  const row = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(2)} / ${percentile(sorted, 99).toFixed(2)}`;
  };
  console.log(`| ${label} | ${row(reachMs)} | ${row(eraseMs)} | ${row(fetchedMs)} | ${row(cachedMs)} |`);
}

console.log(`\n${erasures} erasures, each of a person the other process had opened (ms, p50 / p99):\n`);
console.log(`| | erased until the other process reads "erased" | the erasure (keys deleted, notice sent) | a read whose key is not cached | a read whose key is |`);
console.log(`|---|---|---|---|---|`);
{
  const database = await connectPGlite();
  await migrateToLatest(database.db);
  await erasureReach("PGlite (one process, two sealers)", database, database);
  await database.close();
}
let server: Awaited<ReturnType<typeof benchDatabase>> | undefined;
try {
  server = await benchDatabase(4);
} catch (err) {
  console.log(`| Postgres server | skipped: ${err instanceof Error ? err.message : String(err)} | | | |`);
}
if (server) {
  const otherProcess = await connectPostgres(server.url, { poolSize: 4 });
  try {
    await erasureReach("Postgres server (the other sealer on its own connections)", server, otherProcess);
  } finally {
    await otherProcess.close();
    await server.drop();
  }
}
