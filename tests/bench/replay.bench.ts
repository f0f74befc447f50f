/**
 * A full replay of the read models on the local Postgres server, after
 * `shop seed-demo` has written the events through the real commands.
 * Replays at two sizes to show memory stays flat as the event count grows.
 *   npx tsx tests/bench/replay.bench.ts [events=1000000] [first=250000]
 * With BENCH_DATABASE_URL the events already seeded there are reused (topped up
 * to the target) and the database is kept; otherwise a scratch database is made.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { PostgresEventStore } from "../../eventstore/postgres";
import { connectPostgres } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";
import { benchDatabase, runBench } from "./support";

const target = Number(process.argv[2] ?? 1_000_000);
const first = Number(process.argv[3] ?? 250_000);
const tsx = path.resolve("node_modules/.bin/tsx");

function shop(url: string, ...args: string[]) {
  const started = Date.now();
  const result = spawnSync(tsx, ["bin/shop.ts", ...args], {
    env: { ...process.env, DATABASE_URL: url, REDIS_URL: "", EVENTSTORE_URL: "", NODE_OPTIONS: "" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`shop ${args.join(" ")} failed: ${result.stderr}`);
  return { out: result.stdout, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  const kept = process.env.BENCH_DATABASE_URL;
  const database = kept
    ? { ...(await connectPostgres(kept, { poolSize: 4 })), url: kept, drop: async () => {} }
    : await benchDatabase(4);
  if (kept) await migrateToLatest(database.db);
  const store = new PostgresEventStore(database);
  const rows: string[] = [];
  try {
    for (const size of [first, target]) {
      let events = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
      // A kept database may already hold more than the smaller size: measure the full one only.
      if (size < target && events > size) continue;
      while (events < size) {
        // About 6 events an order; seed in rounds until the store holds enough.
        const orders = Math.max(100, Math.ceil((size - events) / 6));
        const seeded = shop(database.url, "seed-demo", "--orders", String(orders), "--concurrency", "16", "--seed", String(events + 1));
        console.log(seeded.out.trim().split("\n").at(-1), `(${seeded.seconds.toFixed(0)}s wall)`);
        events = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
      }
      const replayed = shop(database.url, "replay");
      const line = replayed.out.trim().split("\n");
      console.log(line.join("\n"));
      const rate = /\(([\d,]+) events\/s\)/.exec(replayed.out)?.[1] ?? "?";
      const memory = /peak memory: (\d+) MB/.exec(replayed.out)?.[1] ?? "?";
      const quarters = /resident at (.*)$/m.exec(replayed.out)?.[1] ?? "";
      const verified = shop(database.url, "verify");
      rows.push(`| ${events.toLocaleString("en-IN")} | ${rate} | ${memory} MB | ${quarters} | ${verified.out.includes("match") ? "yes" : "NO"} |`);
    }
  } finally {
    await store.close();
    if (kept) await database.close();
    else await database.drop();
  }
  console.log("\n| events | replay events/s | peak memory (replay process) | resident memory as the replay went | verify after replay |");
  console.log("|---|---|---|---|---|");
  for (const row of rows) console.log(row);
}

runBench(main);
