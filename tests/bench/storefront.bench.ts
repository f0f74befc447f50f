/**
 * Storefront pages under load, beside a one-route Remix hello page measured in the same run.
 * Each server runs in its own process (production build, one process, as `shop web`) on the
 * local Postgres; autocannon runs in this process with 50 connections, so the load generator
 * does not eat the server's CPU. Every row, the hello page's too, is measured after a warm-up of
 * its own (10 s unless --warmup says otherwise): a 2 s warm-up left V8's optimising compiler
 * cold for the first thousand requests of a page rendered in full (issue 37).
 *   npx tsx tests/bench/storefront.bench.ts [seconds-per-row] [--warmup=seconds] [--only=kept|full] [--write]
 *     [--rows=text] [--cpu-prof=dir]
 * --rows keeps only the full-render rows whose name has that text; --cpu-prof writes the
 * full-render server's CPU profile into that folder when it stops (node --cpu-prof), to read where
 * a page's time goes.
 * Kept pages (--only=kept): every catalogue page in English and Hindi as a visitor without a
 * session or cart (what autocannon sends, and most parents browsing: decision 074), as a guest
 * with a cart, and as a signed-in parent with a cart (kept pages with the badge filled in per
 * request: decision 106). Target: at least 0.8x the hello page's requests per second, p99 under 100 ms.
 * Pages rendered in full (--only=full), on a second shop process on the same database that keeps
 * nothing (PAGE_CACHE_SECONDS=0), in English: the catalogue pages, /cart with three lines,
 * /checkout with that cart and /account with 20 orders as a signed-in parent, /orders/track of one
 * of those orders (the tracking form's cookie), and the admin dashboard with 50 orders. The orders
 * are placed through the order service and projected by a projector runner in this process during
 * set-up only. Target: at least 0.5x the hello page's requests per second, p99 under 100 ms.
 * --write puts the results under "## Storefront" in docs/benchmarks.md; a run with --only writes
 * only its own section ("## Storefront: pages rendered in full" or "## Storefront: kept pages"),
 * so a partial run leaves the whole table alone.
 */
import os from "node:os";
import { randomUUID } from "node:crypto";
import { spawnSync, type ChildProcess } from "node:child_process";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { buildIfNeeded } from "../../bin/build";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { createServices, type Shop } from "../../services/index";
import { ProjectorRunner } from "../../projectors/runner";
import { InProcessQueue } from "../../workers/in-process-queue";
import { signInAdmin, signInShopper } from "../../app/auth/session.server";
import { benchDatabase, cpuSeconds, startNodeProcess, writeBenchmarkSection } from "./support";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const seconds = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 10);
const warmupSeconds = Number(option("warmup") ?? 10);
/** Which rows: the kept pages, the pages rendered in full, or (unset) both. The hello page is in every run. */
const only = option("only");
if (only !== undefined && only !== "kept" && only !== "full") throw new Error(`--only=${only}: say --only=kept or --only=full`);
const runKept = only !== "full";
const runFull = only !== "kept";
const write = args.includes("--write");
/** Only the full-render rows whose name contains this (with --only=full, to look at one page). */
const rowFilter = option("rows");
/** Where the server that renders in full writes its CPU profile (node --cpu-prof) when it stops. */
const profileDir = option("cpu-prof");
const CONNECTIONS = 50;
const SESSION_SECRET = "bench-secret-bench-secret";
/** What a page rendered in full must reach, as a share of the hello page's requests per second (issue 37). */
const FULL_TARGET = 0.5;
/** What a kept page must reach (decisions 074 and 106). */
const KEPT_TARGET = 0.8;

const PAGES = [
  { name: "home /", path: "/" },
  { name: "/shop", path: "/shop" },
  { name: "/schools/dps", path: "/schools/dps" },
  { name: "school product /schools/dps/pant?size=38-30", path: "/schools/dps/pant?size=38-30" },
];

/** The three lines of the full-render parent's cart: made-to-order school items, so no stock runs out. */
const CART_LINES = [
  { productId: "school/dps/shirt", size: "30" },
  { productId: "school/dps/pant", size: "38-30" },
  { productId: "school/dps/belt", size: "Free Size" },
];
const PARENT_ORDERS = 20;
/** The admin dashboard shows 50 orders a page (DASHBOARD_PAGE_SIZE): the parent's 20 and 30 guests'. */
const GUEST_ORDERS = 30;

interface Server {
  child: ChildProcess;
  url: string;
}

/** One row of a table: a page, the cookie it is asked with, and what its HTML must show for the row to count. */
interface Row {
  name: string;
  path: string;
  cookie: string;
  /** Why the page is not what the row means to measure, or undefined when it is. */
  problem?: (html: string) => string | undefined;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU milliseconds per request (user + system of the server process over the run). */
  cpuMs: number;
}

/** A server process (production React) and its address, once it prints it. */
async function startServer(args: string[], env: Record<string, string>, address: RegExp, nodeArgs: string[] = []): Promise<Server> {
  const { child, match } = await startNodeProcess(args, { SMS_PROVIDER: "console", SHOP_URL: "http://127.0.0.1", ...process.env, ...env, NODE_ENV: "production" }, address, nodeArgs);
  return { child, url: match[1].replace("localhost", "127.0.0.1").replace(/\/$/, "") };
}

function load(url: string, duration: number, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** The page once, as the row asks for it: it must answer 200 and be the page the row names. */
async function checkPage(url: string, headers: Record<string, string>, row: Row): Promise<void> {
  const res = await fetch(url, { headers, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${row.name}: ${url} answered ${res.status}`);
  const problem = row.problem?.(await res.text());
  if (problem) throw new Error(`${row.name}: ${problem}`);
}

const perRequest = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(2) : "n/a");

/** A row under load after its warm-up (JIT, pool, caches): requests per second, latency, and server CPU per request. */
async function measure(server: Server, row: Row): Promise<Result> {
  const url = `${server.url}${row.path}`;
  const headers: Record<string, string> = row.cookie ? { Cookie: row.cookie } : {};
  await checkPage(url, headers, row);
  const warm = warmupSeconds > 0 ? (await load(url, warmupSeconds, headers)).requests.average.toFixed(0) : "none";
  const before = cpuSeconds(server.child.pid!);
  const result = await load(url, seconds, headers);
  // No request answered within the run (a machine far too busy): no figure per request rather than a made-up one.
  const cpuMs = result.requests.total ? ((cpuSeconds(server.child.pid!) - before) * 1000) / result.requests.total : NaN;
  const measured = { name: row.name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuMs };
  console.log(
    `${row.name}: ${measured.rps.toFixed(0)} req/s (warm-up ${warm}), p50 ${measured.p50} ms, ` +
      `p99 ${measured.p99} ms, ${perRequest(cpuMs)} server CPU ms/request`,
  );
  return measured;
}

async function measureAll(server: Server, rows: readonly Row[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const row of rows) results.push(await measure(server, row));
  return results;
}

async function pageWeight(base: string) {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) scripts.add(match[1]);
  // The modules the inline script asks for once the page has drawn (decision 145): its preload list and the
  // module script's imports, JSON strings in its text (`"/assets/..."`, `\"/assets/...\"`).
  for (const match of html.matchAll(/"(\/assets\/[^"\\]+\.js)\\?"/g)) scripts.add(match[1]);
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

/** Every cookie a signing-in answer sets, as a browser sends them back. */
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

/** One line in the cart of `cookie` (a guest's, made now, when empty), from the cart's own form; the cookie to send on. */
async function addToCart(base: string, line: { productId: string; size: string }, cookie = ""): Promise<string> {
  const res = await post(base, "/cart", { intent: "add", productId: line.productId, size: line.size, quantity: "1" }, cookie);
  if (res.status >= 400) throw new Error(`adding ${line.productId} to the cart answered ${res.status}`);
  return cookie || cookieFrom(res, "shop_cart");
}

/** One shirt in the cart of `cookie` (a guest's, made now, when empty). */
const withShirt = (base: string, cookie = "") => addToCart(base, CART_LINES[0], cookie);

/** A parent who signed up with email and password: their session cookie. */
async function signedIn(base: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const res = await post(base, "/signup", { method: "email", email, password: "bench password 1994", redirectTo: "/" });
  return cookieFrom(res, "__session");
}

/** The rows of the kept pages: every catalogue page, per language, for a visitor, a guest with a cart and a signed-in parent with one. */
function keptRows(guest: string, parent: string): { visitors: Row[]; shoppers: Row[] } {
  const visitors = LANGUAGES.flatMap((lang) => PAGES.map((page) => ({ name: `${page.name}, ${lang.name}`, path: page.path, cookie: lang.cookie })));
  const shoppers = (
    [
      ["with a cart", guest],
      ["signed in, with a cart", parent],
    ] as const
  ).flatMap(([who, cookie]) =>
    LANGUAGES.flatMap((lang) => PAGES.map((page) => ({ name: `${page.name}, ${lang.name} (${who})`, path: page.path, cookie: `${cookie}; ${lang.cookie}` }))),
  );
  return { visitors, shoppers };
}

/** The shop's services in this process, on the bench's database, with its projectors running until `close`. */
async function openBenchShop(database: Awaited<ReturnType<typeof benchDatabase>>) {
  const config = readConfig({ SMS_PROVIDER: "console", ...process.env, DATABASE_URL: database.url, SESSION_SECRET, SHOP_DATA_DIR: "data/bench" });
  const core = await openShopCore(config, { database, queue: new InProcessQueue(1) });
  const shop: Shop = { ...core, ...createServices(core) };
  const projectors = new ProjectorRunner(shop.db, shop.store, core.projectors, { log: () => {} });
  await projectors.start();
  return {
    shop,
    async close() {
      await projectors.stop();
      await core.close();
    },
  };
}

/** An order placed through the order service, as the checkout places it, once the read models show it: its number. */
async function placeOrder(shop: Shop, customer: { name: string; phone: string; userId?: string }): Promise<string> {
  const placed = await shop.orders.placeOrder({
    scope: customer.userId ? `user:${customer.userId}` : `guest:${customer.phone}`,
    idempotencyKey: randomUUID(),
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: "school/dps/pant", size: "38-30", quantity: 1 },
    ],
    customer: customer.userId ? { kind: "user", userId: customer.userId, name: customer.name, phone: customer.phone } : { kind: "guest", ...customer },
    address: { name: customer.name, phone: customer.phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
  });
  await shop.orders.waitUntilVisible(placed.position);
  return placed.displayId;
}

/** A signed-in parent with `PARENT_ORDERS` orders and three lines in the cart: their cookie and their orders' numbers. */
async function parentWithOrders(shop: Shop, base: string) {
  const phone = "9812345670";
  const user = await shop.auth.registerWithEmail({ email: `bench-full-${Date.now()}@example.com`, password: "bench password 1994", name: "Bench Parent" });
  const orders: string[] = [];
  for (let i = 0; i < PARENT_ORDERS; i++) orders.push(await placeOrder(shop, { name: "Bench Parent", phone, userId: user.id }));
  let cookie = cookiesOf(await signInShopper(new Request(`${base}/login`), shop, user.id));
  for (const line of CART_LINES) cookie = await addToCart(base, line, cookie);
  return { cookie, phone, orders };
}

/** The cookie the tracking form grants for an order found by its number and mobile number (app/routes/orders.track.tsx). */
async function trackingCookie(base: string, orderId: string, phone: string): Promise<string> {
  const res = await post(base, "/orders/track", { intent: "track", orderId, phone });
  if (res.status !== 303) throw new Error(`tracking ${orderId} answered ${res.status}`);
  return cookieFrom(res, "shop_track");
}

/** An admin's session, made as the login form makes it (tests/bench/admin.bench.ts). */
async function adminCookie(shop: Shop, base: string): Promise<string> {
  const { user } = await shop.auth.createAdmin({ email: `bench-admin-${Date.now()}@example.com`, password: "bench admin password" });
  return cookiesOf(await signInAdmin(new Request(`${base}/admin/login`), shop, user.id));
}

/** How many times `pattern` occurs in `text`. */
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** The lines of the cart's table, or the checkout's (the same class): its body's rows. */
const cartLines = (html: string) => count(/<table class="cart-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "", /<tr[\s>]/g);

const expectCount = (what: string, found: number, wanted: number) => (found === wanted ? undefined : `${found} ${what}, not ${wanted}`);

/**
 * The rows of the pages rendered in full: the parent, their orders, the tracked order and the admin made
 * through the shop's own services and forms on `base` (the shop that keeps nothing), then every page in English.
 */
async function fullRenderRows(shop: Shop, base: string): Promise<Row[]> {
  const parent = await parentWithOrders(shop, base);
  for (let i = 0; i < GUEST_ORDERS; i++) await placeOrder(shop, { name: `Guest ${i + 1}`, phone: String(9_700_000_000 + i) });
  const tracked = parent.orders[0];
  const track = await trackingCookie(base, tracked, parent.phone);
  const admin = await adminCookie(shop, base);
  const who = "signed-in parent, 3 lines in the cart";
  const english = "shop_lng=en";
  const cookie = `${parent.cookie}; ${english}`;
  return [
    ...PAGES.map((page) => ({ name: `${page.name} (${who})`, path: page.path, cookie })),
    { name: `/cart (${who})`, path: "/cart", cookie, problem: (html) => expectCount("cart lines", cartLines(html), CART_LINES.length) },
    { name: `/checkout (${who})`, path: "/checkout", cookie, problem: (html) => expectCount("order lines", cartLines(html), CART_LINES.length) },
    {
      name: `/account (${who}, ${PARENT_ORDERS} orders)`,
      path: "/account",
      cookie,
      problem: (html) => expectCount("orders", parent.orders.filter((order) => html.includes(order)).length, PARENT_ORDERS),
    },
    {
      name: "/orders/track (one of those orders, looked up without a session)",
      path: `/orders/track?orderId=${tracked}`,
      cookie: `${track}; ${english}`,
      problem: (html) => (html.includes('data-testid="tracked-status"') ? undefined : "no tracked order on the page"),
    },
    {
      name: `/admin (dashboard, ${PARENT_ORDERS + GUEST_ORDERS} rows)`,
      path: "/admin",
      cookie: `${admin}; ${english}`,
      problem: (html) => expectCount("order rows", count(html, /<tr data-order-id=/g), PARENT_ORDERS + GUEST_ORDERS),
    },
  ];
}

/** The one-route Remix hello page, built for this run (tests/bench/hello-app). */
function buildHelloPage(): void {
  const hello = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "vite:build", "--config", "tests/bench/hello-app/vite.config.ts"], {
    env: { SHOP_URL: "http://127.0.0.1", ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (hello.status !== 0) throw new Error("building the hello page failed");
}

const TABLE_HEAD = ["| page | req/s | of hello | p50 ms | p99 ms | errors | server CPU ms/req | target met |", "|---|---|---|---|---|---|---|---|"];

function helloLine(hello: Result): string {
  return `| one-route Remix hello page | ${hello.rps.toFixed(0)} | 100% | ${hello.p50} | ${hello.p99} | ${hello.errors} | ${perRequest(hello.cpuMs)} | |`;
}

/** Whether a row reaches `share` of the hello page's requests per second with p99 under 100 ms. */
const meets = (r: Result, hello: Result, share: number) => r.rps >= share * hello.rps && r.p99 < 100;

function resultLine(r: Result, hello: Result, share: number): string {
  const ratio = `${((r.rps / hello.rps) * 100).toFixed(0)}%`;
  return `| ${r.name} | ${r.rps.toFixed(0)} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${perRequest(r.cpuMs)} | ${meets(r, hello, share) ? "yes" : "**no**"} |`;
}

function verdict(rows: Result[], hello: Result, share: number): string {
  const missed = rows.filter((r) => !meets(r, hello, share)).length;
  return missed === 0 ? "met" : `**missed** on ${missed} of ${rows.length} pages`;
}

/** The command, the machine and how the rows were measured: the paragraph every section opens with. */
function methodParagraph(loadBefore: number): string {
  const flags = [`--warmup=${warmupSeconds}`, ...(only ? [`--only=${only}`] : []), "--write"].join(" ");
  return (
    `Command: \`npx tsx tests/bench/storefront.bench.ts ${seconds} ${flags}\` (${new Date().toISOString().slice(0, 10)}; ` +
    `${os.cpus().length} cores, ${os.cpus()[0]?.model.trim()}, Node ${process.version}; load average ${loadBefore.toFixed(1)} before, ` +
    `${os.loadavg()[0].toFixed(1)} after). Each server is one process with React's production build: the shop as \`shop web\` ` +
    "on a seeded scratch database on the local Postgres, and the yardstick, a one-route Remix hello page " +
    "(tests/bench/hello-app: the same Remix, future flags and Express adapter, nothing of the shop). autocannon runs in the " +
    `benchmark's own process: ${CONNECTIONS} connections, ${seconds} s per row after a ${warmupSeconds} s warm-up of that row, ` +
    "no compression asked for. Server CPU is the server process's user + system time over the run divided by the requests served."
  );
}

interface KeptFigures {
  visitors: Result[];
  shoppers: Result[];
  weight: Awaited<ReturnType<typeof pageWeight>>;
}

function keptTable(hello: Result, kept: KeptFigures): string[] {
  const { visitors, shoppers, weight } = kept;
  return [
    "Visitors without a session or cart (most parents browsing) get a kept page (decision 074: a page's HTML is kept for",
    "`PAGE_CACHE_SECONDS`, default 5, and dropped when a product changes). A parent with a cart, or signed in, gets the kept",
    "page of their kind with their badge filled in, looked up afresh on every request (decision 106).",
    "",
    ...TABLE_HEAD,
    helloLine(hello),
    ...visitors.map((r) => resultLine(r, hello, KEPT_TARGET)),
    ...shoppers.map((r) => resultLine(r, hello, KEPT_TARGET)),
    "",
    `Target (at least ${KEPT_TARGET * 100}% of the hello page's requests per second, p99 under 100 ms): ` +
      `${verdict(visitors, hello, KEPT_TARGET)} for visitors; ${verdict(shoppers, hello, KEPT_TARGET)} for parents with a cart or signed in.`,
    "",
    `Home page: HTML ${kb(weight.htmlBytes)} (${kb(weight.htmlGzip)} gzip); JavaScript ${weight.scripts} files, ` +
      `${kb(weight.jsRaw)} (${kb(weight.jsGzip)} gzip; target under 90 KB gzip: ${weight.jsGzip < 90 * 1024 ? "met" : "**missed**"}).`,
  ];
}

function fullTable(hello: Result, rendered: Result[], withHello: boolean): string[] {
  return [
    "A second shop process on the same database that keeps nothing (`PAGE_CACHE_SECONDS=0`): every request rendered in full,",
    "as cart, checkout, account, tracking and the admin pages always are, and a catalogue page the first time and after every",
    `product change. In English, as a signed-in parent with ${PARENT_ORDERS} orders (placed through the order service) and three lines in`,
    `the cart; /orders/track with the cookie the tracking form grants for one of those orders; /admin as an admin, ${PARENT_ORDERS + GUEST_ORDERS} orders`,
    "on the dashboard's first page. Each page is checked before its row: the cart's lines, the account's orders, the tracked",
    "order, the dashboard's rows.",
    "",
    ...TABLE_HEAD,
    ...(withHello ? [helloLine(hello)] : []),
    ...rendered.map((r) => resultLine(r, hello, FULL_TARGET)),
    "",
    `Target (at least ${FULL_TARGET * 100}% of the hello page's requests per second, p99 under 100 ms at ${CONNECTIONS} connections): ` +
      `${verdict(rendered, hello, FULL_TARGET)}.`,
  ];
}

/** The section --write puts in docs/benchmarks.md: the whole "## Storefront", or the part an --only run measured. */
function section(loadBefore: number, hello: Result, kept: KeptFigures | undefined, rendered: Result[] | undefined): string {
  const heading = only === "full" ? "## Storefront: pages rendered in full" : only === "kept" ? "## Storefront: kept pages" : "## Storefront";
  const lines = [heading, "", methodParagraph(loadBefore), ""];
  if (kept) lines.push(...keptTable(hello, kept), "");
  if (rendered && kept) lines.push("### Pages rendered in full", "");
  if (rendered) lines.push(...fullTable(hello, rendered, !kept), "");
  return lines.join("\n");
}

/** The kept pages' rows on the shop that keeps pages, with a guest's and a signed-in parent's carts made through its forms. */
async function measureKept(shopServer: Server): Promise<KeptFigures> {
  const base = shopServer.url;
  const guest = await withShirt(base);
  const parent = await withShirt(base, await signedIn(base));
  const rows = keptRows(guest, parent);
  const visitors = await measureAll(shopServer, rows.visitors);
  const shoppers = await measureAll(shopServer, rows.shoppers);
  return { visitors, shoppers, weight: await pageWeight(base) };
}

async function main() {
  await buildIfNeeded((line) => console.log(line));
  buildHelloPage();
  const database = await benchDatabase(2);
  const servers: Server[] = [];
  const shopEnv = { DATABASE_URL: database.url, REDIS_URL: "", EVENTSTORE_URL: "", PORT: "0", HOST: "127.0.0.1", SESSION_SECRET, SHOP_DATA_DIR: "data/bench" };
  const start = async (args: string[], env: Record<string, string>, address: RegExp, nodeArgs: string[] = []) => {
    const server = await startServer(args, env, address, nodeArgs);
    servers.push(server);
    return server;
  };
  try {
    const helloServer = await start(["tests/bench/hello-app/serve.ts"], {}, /hello page at (\S+)/);
    const shopServer = runKept ? await start(["bin/shop.ts", "web"], shopEnv, /is open at (\S+)/) : undefined;
    // The same shop and database, keeping nothing: every request rendered.
    const renderingServer = runFull ? await start(["bin/shop.ts", "web"], { ...shopEnv, PAGE_CACHE_SECONDS: "0" }, /is open at (\S+)/, profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []) : undefined;
    let fullRows: Row[] | undefined;
    if (renderingServer) {
      console.log(`placing ${PARENT_ORDERS + GUEST_ORDERS} orders for the pages rendered in full...`);
      const bench = await openBenchShop(database);
      try {
        fullRows = (await fullRenderRows(bench.shop, renderingServer.url)).filter((row) => !rowFilter || row.name.includes(rowFilter));
      } finally {
        await bench.close();
      }
    }

    const loadBefore = os.loadavg()[0];
    const hello = await measure(helloServer, { name: "one-route Remix hello page", path: "/", cookie: "" });
    const kept = shopServer ? await measureKept(shopServer) : undefined;
    const rendered = renderingServer && fullRows ? await measureAll(renderingServer, fullRows) : undefined;
    const text = section(loadBefore, hello, kept, rendered);
    console.log(`\n${text}`);
    if (write) writeBenchmarkSection(text);
  } finally {
    for (const { child } of servers) child.kill("SIGTERM");
    await Promise.all(servers.map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
