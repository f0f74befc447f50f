/**
 * Storefront pages under load: the production build served by startWebServer on the local
 * Postgres, in one process, hit by autocannon with 50 connections; beside a "hello" page
 * that renders a one-line React page through the same root (frame loader, navbar, footer),
 * so the ratio shows what each page costs on top of the frame.
 *   npx tsx tests/bench/storefront.bench.ts [seconds-per-route] [--write] [--serve]
 * --write puts the results under "## Storefront" in docs/benchmarks.md;
 * --serve keeps the server running (for a look in a browser) instead of measuring.
 */
import "./production";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfNeeded } from "../../bin/build";
import { seedShop } from "../../db/seed";
import { readConfig } from "../../server/config";
import { startWebServer } from "../../server/http";
import { openShopCore } from "../../server/runtime";
import { createServices } from "../../services/index";
import { InProcessQueue } from "../../workers/in-process-queue";
import { benchDatabase } from "./support";

const args = process.argv.slice(2);
const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);
const write = args.includes("--write");
const serve = args.includes("--serve");
const CONNECTIONS = 50;

const ROUTES = [
  { name: "hello page (/bench-hello, same root)", path: "/bench-hello" },
  { name: "home /", path: "/" },
  { name: "/shop", path: "/shop" },
  { name: "/schools/dps", path: "/schools/dps" },
  { name: "school product /schools/dps/pant?size=38-30", path: "/schools/dps/pant?size=38-30" },
];

interface Result {
  name: string;
  cpuMs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * CPU milliseconds this process spends per request (server and client side together), from
 * sequential requests: unlike req/s, it hardly moves when other processes load the machine.
 */
async function cpuPerRequest(url: string, count = 200): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < count; i++) await (await fetch(url)).arrayBuffer();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

function run(url: string, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function pageWeight(base: string) {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) scripts.add(match[1]);
  // Inline module imports of the entry (Remix writes `import "/assets/..."`).
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]);
  let jsRaw = 0;
  let jsGzip = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    jsRaw += body.length;
    jsGzip += gzipSync(body, { level: 9 }).length;
  }
  const htmlBytes = Buffer.byteLength(html);
  return { htmlBytes, htmlGzip: gzipSync(Buffer.from(html), { level: 9 }).length, scripts: scripts.size, jsRaw, jsGzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  buildIfNeeded((line) => console.log(line));
  process.env.SHOP_BENCH_HELLO = "1";
  const database = await benchDatabase(16);
  const config = readConfig({ ...process.env, DATABASE_URL: database.url, SESSION_SECRET: "bench-secret-bench-secret", SHOP_DATA_DIR: "data/bench" });
  const core = await openShopCore(config, { database, queue: new InProcessQueue(2) });
  const shop = { ...core, ...createServices(core) };
  await seedShop(shop.db);
  const web = await startWebServer(shop, { port: serve ? 3999 : 0, host: "127.0.0.1", buildDir: path.resolve("build") });
  const base = web.url.replace("localhost", "127.0.0.1");
  if (serve) {
    console.log(`serving ${base} (Ctrl-C to stop)`);
    const stop = async () => {
      await web.close();
      await core.close();
      await database.drop();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    return;
  }

  const results: Result[] = [];
  const loadBefore = os.loadavg()[0];
  try {
    for (const route of ROUTES) {
      const check = await fetch(`${base}${route.path}`);
      if (check.status !== 200) throw new Error(`${route.path} answered ${check.status}`);
      await run(`${base}${route.path}`, 2); // warm-up: JIT, pool, caches
      const cpuMs = await cpuPerRequest(`${base}${route.path}`);
      const result = await run(`${base}${route.path}`, seconds);
      results.push({
        name: route.name,
        cpuMs,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
      console.log(`${route.name}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, ${cpuMs.toFixed(2)} CPU ms/request`);
    }
    const weight = await pageWeight(base);
    const hello = results[0].rps;
    const rows = results.map((r, index) => {
      const ratio = index === 0 ? "100%" : `${((r.rps / hello) * 100).toFixed(0)}%`;
      const ok = index === 0 ? "" : r.rps >= 0.8 * hello && r.p99 < 100 ? "yes" : "**no**";
      const cpuRatio = index === 0 ? "100%" : `${((results[0].cpuMs / r.cpuMs) * 100).toFixed(0)}%`;
      return `| ${r.name} | ${r.rps.toFixed(0)} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.cpuMs.toFixed(2)} | ${cpuRatio} | ${ok} |`;
    });
    const section = [
      "## Storefront",
      "",
      `Command: \`npx tsx tests/bench/storefront.bench.ts ${seconds} --write\` (${new Date().toISOString().slice(0, 10)}; ` +
        `${os.cpus().length} cores, ${os.cpus()[0]?.model.trim()}, Node ${process.version}). Production build served by ` +
        `\`startWebServer\` in one process on the local Postgres (seeded scratch database); autocannon in the same process, ` +
        `${CONNECTIONS} connections, ${seconds} s per route after a 2 s warm-up, no compression requested.`,
      "",
      "The yardstick is `/bench-hello`: a one-line React page rendered through the same root (frame loader, navbar with",
      "the 40-school menu, footer), enabled only with `SHOP_BENCH_HELLO=1`. Target: every page at least 80% of its",
      "requests per second and p99 under 100 ms.",
      "",
      `Load average (1 min) on the machine: ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after ` +
        "(other processes share the two cores; a load above 2 makes the absolute numbers pessimistic, the ratios less so).",
      "",
      "| route | req/s | of hello | p50 ms | p99 ms | errors | CPU ms/req (sequential) | hello CPU / route CPU | target met |",
      "|---|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `Home page: HTML ${kb(weight.htmlBytes)} (${kb(weight.htmlGzip)} gzip); JavaScript ${weight.scripts} files, ` +
        `${kb(weight.jsRaw)} (${kb(weight.jsGzip)} gzip; target under 120 KB gzip: ${weight.jsGzip < 120 * 1024 ? "met" : "**missed**"}).`,
      "",
    ].join("\n");
    console.log(`\n${section}`);
    if (write) writeSection(section);
  } finally {
    await web.close();
    await core.close();
    await database.drop();
  }
}

function writeSection(section: string) {
  const file = path.resolve("docs/benchmarks.md");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const start = current.indexOf("\n## Storefront");
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const after = current.indexOf("\n## ", start + 1);
    next = `${current.slice(0, start)}\n${section}${after === -1 ? "" : `\n${current.slice(after + 1)}`}`;
  }
  fs.writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
