/**
 * What sealing costs a replay and an order (decision 121): the same orders read from the global stream
 * through a store that does not seal (events stored in the clear, as before) and through the sealing
 * store (events stored sealed, one key per order, keys cached), on embedded PGlite; and appends of new
 * orders (a new key each) with and without sealing.
 *   npx tsx tests/bench/privacy-seal.bench.ts [orders=5000]
 */
import { randomUUID } from "node:crypto";
import { connectPGlite } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { PostgresEventStore } from "../../eventstore/postgres";
import { EventSealer, privacyMasterKey } from "../../eventstore/sealing";
import { orderEvents } from "../../domain/orders/events";

const orders = Number(process.argv[2] ?? 5000);

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
