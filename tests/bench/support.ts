import { randomBytes } from "node:crypto";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { connectPostgres, type Database } from "../../db/connection";
import { migrateToLatest } from "../../db/migrate";

/**
 * The local server through its Unix socket where it has one, as a shop on the same machine
 * should connect: a round trip over loopback TCP costs the client several times the CPU
 * (docs/benchmarks.md). DATABASE_URL chooses otherwise.
 */
const LOCAL_SOCKET_DIR = "/var/run/postgresql";
const ADMIN_URL =
  process.env.DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, ".s.PGSQL.5432"))
    ? `postgres://postgres@localhost/postgres?host=${encodeURIComponent(LOCAL_SOCKET_DIR)}`
    : "postgres://postgres@127.0.0.1:5432/postgres");

/** A scratch database on the local Postgres server for one benchmark run, dropped by `drop()`. */
export async function benchDatabase(poolSize = 16): Promise<Database & { url: string; drop(): Promise<void> }> {
  const name = `shop_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await connectPostgres(url.toString(), { poolSize });
  await migrateToLatest(database.db);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Each page GET `samples` times after `warmup` tries, with `headers(page)` (a session cookie, a language): its p50 and
 * p99 in ms, printed as it goes. A page answering other than 200 stops the bench.
 */
export async function timePages<P extends { name: string; url: string }>(
  base: string,
  pages: readonly P[],
  options: { warmup: number; samples: number; headers: (page: P) => Record<string, string> },
): Promise<{ name: string; p50: number; p99: number }[]> {
  const results: { name: string; p50: number; p99: number }[] = [];
  for (const page of pages) {
    const get = async () => {
      const res = await fetch(`${base}${page.url}`, { headers: options.headers(page) });
      if (res.status !== 200) throw new Error(`${page.url}: HTTP ${res.status}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < options.warmup; i++) await get();
    const samples: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      const start = performance.now();
      await get();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    results.push({ name: page.name, p50: percentile(samples, 50), p99: percentile(samples, 99) });
    console.log(`${page.name}: p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`);
  }
  return results;
}

/** Runs `writers` loops of `op` for `seconds`; returns operations per second. */
export async function throughput(writers: number, seconds: number, op: (writer: number, i: number) => Promise<void>) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await op(w, i);
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

/** CPU seconds a process has used (user + system), from /proc: steadier than the clock on a shared machine. */
export function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by every Postgres server process on this machine (backends, WAL writer, checkpointer). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuSeconds(Number(pid));
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/**
 * Starts `node [nodeArgs] --import tsx <args>` and resolves once its output matches `ready`, with
 * the match (a server's address, say). Its stdout keeps draining; stderr goes to ours. `cwd` (a
 * folder under the project, so node_modules is found) gives it a private `build/` of its own.
 */
export function startNodeProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  nodeArgs: string[] = [],
  cwd?: string,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", ...args], { env, cwd, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let seen = "";
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(ready);
      if (!match) return;
      child.stdout!.off("data", onData);
      child.stdout!.resume();
      resolve({ child, match });
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}) before it was ready:\n${seen}`)));
  });
}

/** Puts `section` (its first line is its "## " heading) into docs/benchmarks.md, in place of the old one or at the end. */
export function writeBenchmarkSection(section: string): void {
  const file = path.resolve("docs/benchmarks.md");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const heading = section.split("\n", 1)[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`${heading}\\n[\\s\\S]*?(?=\\n## |$)`);
  const body = `${section.trimEnd()}\n`;
  const next = pattern.test(current) ? current.replace(pattern, () => body) : `${current.trimEnd()}\n\n${body}`;
  fs.writeFileSync(file, next);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

/** Prints the bench's `section` and, with --write, puts it into docs/benchmarks.md. */
export function reportBenchmark(section: string, write: boolean): void {
  console.log(`\n${section}`);
  if (write) writeBenchmarkSection(section);
}

/**
 * Runs a bench's `main` and ends the process with it: 0 once it is done, whatever pool or timer is
 * still open, 1 with the error printed when it fails.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
