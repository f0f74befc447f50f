/**
 * Storefront pages under load, beside a one-route Remix hello page measured in the same run.
 * Each server runs in its own process (production build, one process, as `shop web`) on the
 * local Postgres; autocannon runs in this process with 50 connections, so the load generator
 * does not eat the server's CPU.
 *   npx tsx tests/bench/storefront.bench.ts [seconds-per-row] [--write]
 * Every page is measured in English and Hindi: as a visitor without a session or cart (what
 * autocannon sends, and most parents browsing: decision 074), as a guest with a cart, and as a
 * signed-in parent with a cart (kept pages with the badge filled in per request: decision 106).
 * For contrast, each page with a cart on a second shop process that keeps nothing
 * (PAGE_CACHE_SECONDS=0): what a full render costs.
 * --write puts the results under "## Storefront" in docs/benchmarks.md.
 */
import os from "node:os";
import { spawnSync, type ChildProcess } from "node:child_process";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfNeeded } from "../../bin/build";
import { benchDatabase, cpuSeconds, startNodeProcess, writeBenchmarkSection } from "./support";

/** A server process (production React) and its address, once it prints it. */
async function startServer(args: string[], env: Record<string, string>, address: RegExp): Promise<{ child: ChildProcess; url: string }> {
  const { child, match } = await startNodeProcess(args, { SMS_PROVIDER: "console", ...process.env, ...env, NODE_ENV: "production" }, address);
  return { child, url: match[1].replace("localhost", "127.0.0.1").replace(/\/$/, "") };
}

const args = process.argv.slice(2);
const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);
const write = args.includes("--write");
const CONNECTIONS = 50;

const PAGES = [
  { name: "home /", path: "/" },
  { name: "/shop", path: "/shop" },
  { name: "/schools/dps", path: "/schools/dps" },
  { name: "school product /schools/dps/pant?size=38-30", path: "/schools/dps/pant?size=38-30" },
];

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU milliseconds per request (user + system of the server process over the run). */
  cpuMs: number;
}

function load(url: string, duration: number, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(name: string, server: ChildProcess, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const check = await fetch(url, { headers });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  await load(url, 2, headers); // warm-up: JIT, pool, caches
  const before = cpuSeconds(server.pid!);
  const result = await load(url, seconds, headers);
  const cpuMs = ((cpuSeconds(server.pid!) - before) * 1000) / Math.max(1, result.requests.total);
  const row = { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMs };
  console.log(`${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${cpuMs.toFixed(2)} server CPU ms/request`);
  return row;
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

const LANGUAGES = [
  { name: "English", cookie: "shop_lng=en" },
  { name: "Hindi", cookie: "shop_lng=hi" },
] as const;

/** A form post to the shop, as a browser without JavaScript sends it. */
function post(base: string, path: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** The cookie named `name` an answer sets, as a browser sends it back. */
function cookieFrom(res: Response, name: string): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`the answer (${res.status}) set no ${name} cookie`);
  return cookie.split(";")[0];
}

/** One shirt in the cart of `cookie` (a guest's, made now, when empty), from the cart's own form. */
async function withShirt(base: string, cookie = ""): Promise<string> {
  const res = await post(base, "/cart", { intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }, cookie);
  if (res.status >= 400) throw new Error(`adding to the cart answered ${res.status}`);
  return cookie || cookieFrom(res, "shop_cart");
}

/** A parent who signed up with email and password: their session cookie. */
async function signedIn(base: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const res = await post(base, "/signup", { method: "email", email, password: "bench password 1994", redirectTo: "/" });
  return cookieFrom(res, "__session");
}

async function main() {
  await buildIfNeeded((line) => console.log(line));
  const hello = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "vite:build", "--config", "tests/bench/hello-app/vite.config.ts"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (hello.status !== 0) throw new Error("building the hello page failed");

  const database = await benchDatabase(2);
  const servers: ChildProcess[] = [];
  const shopEnv = { DATABASE_URL: database.url, REDIS_URL: "", EVENTSTORE_URL: "", PORT: "0", HOST: "127.0.0.1", SESSION_SECRET: "bench-secret-bench-secret", SHOP_DATA_DIR: "data/bench" };
  try {
    const helloServer = await startServer(["tests/bench/hello-app/serve.ts"], {}, /hello page at (\S+)/);
    servers.push(helloServer.child);
    const shopServer = await startServer(["bin/shop.ts", "web"], shopEnv, /is open at (\S+)/);
    servers.push(shopServer.child);
    // The same shop and database, keeping nothing: every request rendered.
    const renderingServer = await startServer(["bin/shop.ts", "web"], { ...shopEnv, PAGE_CACHE_SECONDS: "0" }, /is open at (\S+)/);
    servers.push(renderingServer.child);
    const base = shopServer.url;
    const guest = await withShirt(base);
    const parent = await withShirt(base, await signedIn(base));

    const loadBefore = os.loadavg()[0];
    const helloResult = await measure("one-route Remix hello page", helloServer.child, `${helloServer.url}/`);
    const visitors: Result[] = [];
    const shoppers: Result[] = [];
    const rendered: Result[] = [];
    for (const lang of LANGUAGES) {
      for (const page of PAGES) visitors.push(await measure(`${page.name}, ${lang.name}`, shopServer.child, `${base}${page.path}`, { Cookie: lang.cookie }));
    }
    for (const [who, cookie] of [["with a cart", guest], ["signed in, with a cart", parent]] as const) {
      for (const lang of LANGUAGES) {
        for (const page of PAGES) {
          shoppers.push(await measure(`${page.name}, ${lang.name} (${who})`, shopServer.child, `${base}${page.path}`, { Cookie: `${cookie}; ${lang.cookie}` }));
        }
      }
    }
    for (const page of PAGES) {
      const url = `${renderingServer.url}${page.path}`;
      rendered.push(await measure(`${page.name}, English (with a cart, nothing kept)`, renderingServer.child, url, { Cookie: `${guest}; shop_lng=en` }));
    }
    const weight = await pageWeight(base);

    const meets = (r: Result) => r.rps >= 0.8 * helloResult.rps && r.p99 < 100;
    const verdict = (rows: Result[]) => (rows.every(meets) ? "met" : "**missed**");
    const row = (r: Result, judged: boolean) => {
      const ratio = `${((r.rps / helloResult.rps) * 100).toFixed(0)}%`;
      const met = judged ? (meets(r) ? "yes" : "**no**") : "";
      return `| ${r.name} | ${r.rps.toFixed(0)} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.cpuMs.toFixed(2)} | ${met} |`;
    };
    const section = [
      "## Storefront",
      "",
      `Command: \`npx tsx tests/bench/storefront.bench.ts ${seconds} --write\` (${new Date().toISOString().slice(0, 10)}; ` +
        `${os.cpus().length} cores, ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadBefore.toFixed(1)} before, ` +
        `${os.loadavg()[0].toFixed(1)} after). Each server is one process with React's production build: the shop as \`shop web\` ` +
        "on a seeded scratch database on the local Postgres, and the yardstick, a one-route Remix hello page " +
        "(tests/bench/hello-app: the same Remix, future flags and Express adapter, nothing of the shop). autocannon runs in the " +
        `benchmark's own process: ${CONNECTIONS} connections, ${seconds} s per row after a 2 s warm-up, no compression asked for. ` +
        "Server CPU is the server process's user + system time over the run divided by the requests served.",
      "",
      "Visitors without a session or cart (most parents browsing) get a kept page (decision 074: a page's HTML is kept for",
      "`PAGE_CACHE_SECONDS`, default 5, and dropped when a product changes). A parent with a cart, or signed in, gets the kept",
      "page of their kind with their badge filled in, looked up afresh on every request (decision 106). The last rows are a",
      "second shop process on the same database that keeps nothing: what rendering the page costs.",
      "",
      "| page | req/s | of hello | p50 ms | p99 ms | errors | server CPU ms/req | target met |",
      "|---|---|---|---|---|---|---|---|",
      `| one-route Remix hello page | ${helloResult.rps.toFixed(0)} | 100% | ${helloResult.p50} | ${helloResult.p99} | ${helloResult.errors} | ${helloResult.cpuMs.toFixed(2)} | |`,
      ...visitors.map((r) => row(r, true)),
      ...shoppers.map((r) => row(r, true)),
      ...rendered.map((r) => row(r, false)),
      "",
      "Target (at least 80% of the hello page's requests per second, p99 under 100 ms): " +
        `${verdict(visitors)} for visitors; ${verdict(shoppers)} for parents with a cart or signed in.`,
      "",
      `Home page: HTML ${kb(weight.htmlBytes)} (${kb(weight.htmlGzip)} gzip); JavaScript ${weight.scripts} files, ` +
        `${kb(weight.jsRaw)} (${kb(weight.jsGzip)} gzip; target under 90 KB gzip: ${weight.jsGzip < 90 * 1024 ? "met" : "**missed**"}).`,
      "",
    ].join("\n");
    console.log(`\n${section}`);
    if (write) writeBenchmarkSection(section);
  } finally {
    for (const child of servers) child.kill("SIGTERM");
    await Promise.all(servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
