/**
 * Event store appends and readAll on the local Postgres server, beside raw
 * single-row INSERTs into a comparable table in the same run.
 *   npx tsx tests/bench/eventstore.bench.ts [seconds-per-measurement]
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import { PostgresEventStore } from "../../eventstore/postgres";
import { benchDatabase, runBench, throughput } from "./support";

const seconds = Number(process.argv[2] ?? 10);

async function main() {
  const database = await benchDatabase(16);
  const store = new PostgresEventStore(database);
  const db = database.db;
  // Same columns, keys and indexes as es_events, written with one plain INSERT per event.
  await sql`create table raw_events (
      global_position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null, stream_revision bigint not null, event_id uuid not null,
      event_type text not null, data jsonb not null, metadata jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      unique (stream_id, stream_revision), unique (event_id))`.execute(db);
  await sql`create index on raw_events (transaction_id, global_position)`.execute(db);

  const data = { productId: "school/dps/shirt", size: "32", quantity: 1 };
  const results: Record<string, number> = {};
  for (const writers of [1, 8]) {
    const revisions = new Map<number, number>();
    results[`raw insert, ${writers} writer(s)`] = await throughput(writers, seconds, async (w, i) => {
      await sql`insert into raw_events (stream_id, stream_revision, event_id, event_type, data)
        values (${`raw${writers}-${w}`}, ${i}, ${randomUUID()}, 'ItemAdded', ${JSON.stringify(data)}::jsonb)`.execute(db);
    });
    results[`event store append, ${writers} writer(s)`] = await throughput(writers, seconds, async (w) => {
      const stream = `cart-bench${writers}-${w}`;
      const revision = revisions.get(w);
      const result = await store.append(stream, [{ id: randomUUID(), type: "ItemAdded", data }], revision ?? "no_stream");
      revisions.set(w, result.nextExpectedRevision);
    });
  }

  const total = Number((await sql<{ n: number }>`select count(*)::int as n from es_events`.execute(db)).rows[0].n);
  const started = Date.now();
  let read = 0;
  let from: string | undefined;
  for (;;) {
    const page = await store.readAll({ from, maxCount: 1000 });
    if (page.length === 0) break;
    read += page.length;
    from = page[page.length - 1].position;
  }
  const readPerSecond = read / ((Date.now() - started) / 1000);

  await store.close();
  await database.drop();

  const ratio1 = results["event store append, 1 writer(s)"] / results["raw insert, 1 writer(s)"];
  const ratio8 = results["event store append, 8 writer(s)"] / results["raw insert, 8 writer(s)"];
  console.log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);
  console.log(`| measurement | per second |`);
  console.log(`|---|---|`);
  for (const [name, value] of Object.entries(results)) console.log(`| ${name} | ${Math.round(value)} |`);
  console.log(`| readAll (pages of 1,000, ${total} events) | ${Math.round(readPerSecond)} |`);
  console.log(`\nappend / raw insert: 1 writer ${(ratio1 * 100).toFixed(0)}%, 8 writers ${(ratio8 * 100).toFixed(0)}% (target at 8 writers: at least 40%)`);
}

runBench(main);
