/**
 * How long a parent waits while one address holds a thousand slow sockets (decision 117).
 * The integration test (tests/integration/slow-clients.test.ts) proves the parent is answered while
 * the flood is held, capped and cut; this script measures how long the answer takes, flood and no flood,
 * on the production build of `shop web`:
 *
 *   npx tsx tests/bench/slow-clients.bench.ts [samples] [--write]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import os from "node:os";
import { buildIfNeeded } from "../../bin/build";
import { benchDatabase, percentile, startNodeProcess, writeBenchmarkSection } from "./support";

const args = process.argv.slice(2);
const samples = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 40);
const write = args.includes("--write");
const SOCKETS = 1000;
const CAP = 100;

function timedGet(port: number, path: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: "127.0.0.1" });
    let answer = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        if (!answer.startsWith("HTTP/1.1 200")) reject(new Error(`GET ${path}: ${answer.slice(0, 40)}`));
        else resolve(performance.now() - started);
      }
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

async function sample(port: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push(await timedGet(port, "/schools"));
  return times.sort((a, b) => a - b);
}

function startFlood(port: number): Promise<ChildProcess> {
  const hard = execFileSync("sh", ["-c", "ulimit -Hn"]).toString().trim();
  const limit = hard === "unlimited" ? 65_536 : Math.min(Number(hard), 65_536);
  const child = spawn(
    "sh",
    ["-c", `ulimit -n ${limit} && exec "$0" --import tsx tests/support/slow-clients.ts "$@"`, process.execPath, "127.0.0.1", String(port), "127.0.0.2", String(SOCKETS)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  return new Promise((resolve) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const last = chunk.toString().trim().split("\n").at(-1)!;
      const state = JSON.parse(last) as { connected: number; failed: number };
      if (state.connected + state.failed >= SOCKETS) resolve(child);
    });
  });
}

async function main() {
  await buildIfNeeded((line) => console.log(line));
  const database = await benchDatabase(2);
  let server: ChildProcess | undefined;
  let flood: ChildProcess | undefined;
  try {
    const env = {
      ...process.env,
      SMS_PROVIDER: "console",
      NODE_ENV: "production" as const,
      SHOP_URL: process.env.SHOP_URL ?? "http://127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: "",
      EVENTSTORE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      SESSION_SECRET: "bench-secret-bench-secret",
      SHOP_DATA_DIR: "data/bench",
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
    };
    const started = await startNodeProcess(["bin/shop.ts", "web"], env, /is open at (\S+)/);
    server = started.child;
    const port = Number(new URL(started.match[1]).port);
    for (let i = 0; i < 50; i++) await timedGet(port, "/schools");
    const quiet = await sample(port);
    flood = await startFlood(port);
    const flooded = await sample(port);
    const row = (name: string, t: number[]) =>
      `| ${name} | ${t.length} | ${percentile(t, 50).toFixed(1)} | ${percentile(t, 99).toFixed(1)} | ${t.at(-1)!.toFixed(1)} |`;
    const section = [
      "## A parent's request while one address holds 1,000 slow sockets",
      "",
      `\`npx tsx tests/bench/slow-clients.bench.ts ${samples} --write\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at the end. ` +
        `One \`shop web\` (production build, embedded defaults but a scratch Postgres database), HTTP_MAX_CONNECTIONS_PER_ADDRESS=${CAP}; ` +
        `sequential GET /schools from 127.0.0.1, head received, first with no flood, then while 127.0.0.2 holds ${SOCKETS} sockets sending a head or a body a byte a second ` +
        "(tests/support/slow-clients.ts). Target (decision 117): answered within 1 s.",
      "",
      "| run | samples | p50 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|",
      row("no flood", quiet),
      row("1,000 slow sockets", flooded),
      "",
    ].join("\n");
    console.log(section);
    if (write) writeBenchmarkSection(section);
  } finally {
    flood?.kill("SIGTERM");
    server?.kill("SIGTERM");
    await database.drop();
  }
}

await main();
