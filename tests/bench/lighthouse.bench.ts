/**
 * A parent's phone: Lighthouse 12 (mobile, its default throttling: simulated slow 4G, a CPU 4x slower)
 * on the first screens of the shop, the production build run as `shop start` in its own process on a
 * seeded scratch database, Chromium from the machine. Three runs a page; the median performance
 * score and largest contentful paint are judged against the target (issue 37): performance at least
 * 99 and LCP at most 1.2 s on every page. /cart and /checkout are measured with a guest's cart (the
 * cookie the cart's own form sets, sent as a header by Lighthouse).
 * Then a school product page with an owner's photo (issue 36): the same page measured without one,
 * a phone-sized photo uploaded through the admin photo form and processed by the photo job, and the
 * page measured again at once (five runs each): performance at least 95 and LCP within 0.2 s of the
 * page without.
 *   npx tsx tests/bench/lighthouse.bench.ts [--write] [--runs=N] [--only=/path] [--dump=DIR]
 * --write puts the results under "## Lighthouse mobile" in docs/benchmarks.md; --only measures one page, or
 * with --only=photo the product page without and with the photo (for trying a change quickly; nothing is written); --dump=DIR keeps each run's whole report there as JSON, and its trace.
 */
import fs from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync, type ChildProcess } from "node:child_process";
import sharp from "sharp";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { buildIfNeeded } from "../../bin/build";
import { copyBuild, removeBuildCopy } from "../support/build-copy";
import { benchDatabase, reportBenchmark, startNodeProcess } from "./support";

const args = process.argv.slice(2);
const write = args.includes("--write");
const RUNS = Number(args.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? 3);
/**
 * The photo's pair (the page without, then with the photo) is measured back to back, five runs each: single runs of
 * the same page spread by 0.3 s of LCP on this machine, too much for two medians of three to be judged against a
 * 0.2 s slack.
 */
const PHOTO_RUNS = Math.max(RUNS, 5);
const only = args.find((a) => a.startsWith("--only="))?.split("=")[1];
// Each run's whole report as JSON in this folder, for finding where the time goes.
const dump = args.find((a) => a.startsWith("--dump="))?.split("=")[1];
const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
const LIGHTHOUSE_VERSION = (JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }).version;

/** The school product page measured in the first table and again with a photo. */
const PRODUCT = { school: "dps", item: "pant", path: "/schools/dps/pant" };

const PAGES: { name: string; path: string; cart?: boolean }[] = [
  { name: "home", path: "/" },
  { name: "school", path: "/schools/dps" },
  { name: "school product", path: PRODUCT.path },
  { name: "shop", path: "/shop" },
  { name: "cart (2 lines)", path: "/cart", cart: true },
  { name: "checkout (2 lines)", path: "/checkout", cart: true },
];

const TARGET = { performance: 99, lcpMs: 1200 };
const PHOTO_TARGET = { performance: 95, lcpSlackMs: 200 };

interface Run {
  performance: number;
  lcp: number;
  fcp: number;
  tbt: number;
  bytes: number;
  /**
   * Script bytes that had arrived before the largest paint of the unthrottled load Lighthouse watched:
   * its simulation counts them as if the paint waited for them (decision 141), so they explain the spread.
   */
  scriptBytesBeforePaint: number;
}

interface Row {
  name: string;
  path: string;
  runs: Run[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianOf = (row: Row, key: keyof Run) => median(row.runs.map((r) => r[key]));
const seconds = (ms: number) => (ms / 1000).toFixed(2);

/** One Lighthouse run of `url` in the Chromium listening on `port`: mobile, default (simulated) throttling. */
async function lighthouseRun(url: string, port: number, cookie?: string, tries = 3): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a busy machine) says nothing of the page: run again.
    if (tries > 1) return lighthouseRun(url, port, cookie, tries - 1);
    throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  if (dump) {
    await fs.mkdir(dump, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_")}-${Date.now()}`;
    await fs.writeFile(path.join(dump, `${name}.json`), JSON.stringify(lhr));
    // The trace of the unthrottled load it watched (open it in DevTools' Performance panel): where the main thread's time went.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) await fs.writeFile(path.join(dump, `${name}.trace.json`), JSON.stringify(trace));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    bytes: numeric("total-byte-weight"),
    scriptBytesBeforePaint: scriptBytesBeforePaint(lhr),
  };
}

function scriptBytesBeforePaint(lhr: { audits: Record<string, { details?: unknown }> }): number {
  const metrics = (lhr.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0];
  const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; networkEndTime?: number; transferSize?: number }[] } | undefined)?.items ?? [];
  const paint = metrics?.observedLargestContentfulPaint ?? 0;
  return requests.filter((r) => r.resourceType === "Script" && (r.networkEndTime ?? Infinity) <= paint).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
}

async function measure(name: string, pagePath: string, base: string, port: number, cookie?: string, count = RUNS): Promise<Row> {
  const check = await fetch(`${base}${pagePath}`, { headers: cookie ? { Cookie: cookie } : {} });
  if (check.status !== 200) throw new Error(`${pagePath} answered ${check.status}`);
  // Warm-up, as the shop is after its first visitors: the JIT, the pool, the kept page.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}${pagePath}`, { headers: cookie ? { Cookie: cookie } : {} })).arrayBuffer();
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) runs.push(await lighthouseRun(`${base}${pagePath}`, port, cookie));
  const row = { name, path: pagePath, runs };
  console.log(
    `${name} ${pagePath}: performance ${runs.map((r) => r.performance).join(", ")}; LCP ${runs.map((r) => seconds(r.lcp)).join(", ")} s; ` +
      `FCP ${seconds(medianOf(row, "fcp"))} s, TBT ${medianOf(row, "tbt").toFixed(0)} ms, ${(medianOf(row, "bytes") / 1024).toFixed(1)} KB`,
  );
  return row;
}

/** A form post to the shop, as a browser without JavaScript sends it. */
function post(base: string, pagePath: string, body: URLSearchParams | FormData, cookie = "") {
  return fetch(`${base}${pagePath}`, { method: "POST", redirect: "manual", headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}) }, body });
}

/** The cookies an answer sets, as a browser sends them back. */
function cookiesFrom(res: Response, name: string): string {
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.some((c) => c.startsWith(`${name}=`))) throw new Error(`the answer (${res.status}) set no ${name} cookie`);
  return cookies.join("; ");
}

/** A guest's cart with a shirt and a pant, from the cart's own form: its cookie. */
async function guestCart(base: string): Promise<string> {
  let cookie = "";
  for (const [productId, size] of [["school/dps/shirt", "30"], ["school/dps/pant", "38-30"]]) {
    const res = await post(base, "/cart", new URLSearchParams({ intent: "add", productId, size, quantity: "1" }), cookie);
    if (res.status >= 400) throw new Error(`adding to the cart answered ${res.status}`);
    cookie ||= cookiesFrom(res, "shop_cart").split("; ").find((c) => c.startsWith("shop_cart="))!;
  }
  return cookie;
}

/**
 * A phone-sized photo (3000 x 4000, portrait) that encoders treat as a photo: smooth shapes of light and
 * colour with a camera's fine grain. A flat colour would come out unrealistically small.
 */
async function phonePhoto(): Promise<Buffer> {
  const shapes = await sharp({ create: { width: 30, height: 40, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 120, sigma: 60 } } })
    .png()
    .toBuffer();
  const smooth = await sharp(shapes).resize(3000, 4000, { kernel: "cubic" }).blur(40).png().toBuffer();
  const grain = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 6 } } })
    .png()
    .toBuffer();
  return sharp(smooth).composite([{ input: grain, blend: "overlay" }]).jpeg({ quality: 88 }).toBuffer();
}

/**
 * The owner's photo on the school item, as the owner puts it there: an admin made by `shop admin create`,
 * signed in through the admin login form, the photo through the admin photo form; then the photo page is
 * asked until the photo job has made its files.
 */
async function uploadPhoto(base: string, env: NodeJS.ProcessEnv, scratch: string): Promise<{ photoBytes: number }> {
  const email = "bench-admin@churu-uniforms.example";
  const password = "bench admin password 1994";
  const passwordFile = path.join(scratch, "password");
  await fs.writeFile(passwordFile, password);
  const created = spawnSync(process.execPath, ["--import", "tsx", "bin/shop.ts", "admin", "create", "--email", email, "--password-file", passwordFile], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (created.status !== 0) throw new Error("shop admin create failed");
  const login = await post(base, "/admin/login", new URLSearchParams({ email, password }));
  if (login.status !== 302 && login.status !== 303) throw new Error(`the admin login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

  const owner = `item.${PRODUCT.school}.${PRODUCT.item}`;
  const photo = await phonePhoto();
  const form = new FormData();
  form.append("owner", owner);
  form.append("intent", "upload");
  form.append("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "pant.jpg");
  const upload = await post(base, "/admin/photos", form, cookie);
  if (upload.status !== 302 && upload.status !== 303) throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
  // Three widths in three formats of a 12-megapixel photo: tens of seconds on a busy machine.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const page = await (await fetch(`${base}/admin/photos?owner=${encodeURIComponent(owner)}`, { headers: { Cookie: cookie } })).text();
    if (page.includes('data-status="ready"')) break;
    if (!page.includes("data-status=")) throw new Error("the photo page lists no photo after the upload");
    if (page.includes('data-status="failed"')) throw new Error("the photo job could not process the photo");
    if (Date.now() > deadline) throw new Error(`the photo was still processing after five minutes: ${page.match(/<li[^>]*data-status[\s\S]{0,300}/)?.[0]}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  // The storefront's kept page of the product is dropped when its photos change; ask until the photo shows.
  for (;;) {
    const page = await (await fetch(`${base}${PRODUCT.path}`)).text();
    if (/<picture[^>]*>\s*<source/.test(page)) break;
    if (Date.now() > deadline) throw new Error("the product page did not show the photo");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { photoBytes: photo.byteLength };
}

/** `judge` says whether a row meets its target, or undefined for a row that is only the yardstick. */
function table(rows: Row[], judge: (row: Row) => boolean | undefined) {
  const runs = `${rows[0].runs.length} runs`;
  return [
    `| page | performance (${runs}) | median | LCP s (${runs}) | median LCP s | FCP s | TBT ms | transfer KB | script KB before the paint (${runs}) | target met |`,
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((row) => {
      const verdict = judge(row);
      const met = verdict === undefined ? "" : verdict ? "yes" : "**no**";
      return (
        `| ${row.name} \`${row.path}\` | ${row.runs.map((r) => r.performance).join(", ")} | ${medianOf(row, "performance")} | ` +
        `${row.runs.map((r) => seconds(r.lcp)).join(", ")} | ${seconds(medianOf(row, "lcp"))} | ${seconds(medianOf(row, "fcp"))} | ` +
        `${medianOf(row, "tbt").toFixed(0)} | ${(medianOf(row, "bytes") / 1024).toFixed(1)} | ` +
        `${row.runs.map((r) => (r.scriptBytesBeforePaint / 1024).toFixed(0)).join(", ")} | ${met} |`
      );
    }),
  ];
}

async function main() {
  await buildIfNeeded((line) => console.log(line));
  const database = await benchDatabase(2);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "shop-lighthouse-"));
  // The shop runs in a folder of its own under tmp/ with a private copy of the build: the working tree is
  // shared, and a build elsewhere would swap the scripts a measured page names for others (404s, no styles).
  const buildCopy = await copyBuild("bench-lighthouse-build");
  const runDir = `${buildCopy}-run`;
  await fs.mkdir(runDir);
  await fs.symlink(buildCopy, path.join(runDir, "build"));
  await fs.symlink(path.resolve("public"), path.join(runDir, "public"));
  const servers: ChildProcess[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  // SHOP_URL as a real shop has it: the pages then carry their absolute hreflang links.
  const env: NodeJS.ProcessEnv = {
    SMS_PROVIDER: "console",
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    REDIS_URL: "",
    EVENTSTORE_URL: "",
    PORT: "0",
    HOST: "127.0.0.1",
    SESSION_SECRET: "bench-secret-bench-secret",
    SHOP_DATA_DIR: path.resolve("data/bench"),
    SHOP_PHOTOS_DIR: path.join(scratch, "photos"),
    SHOP_URL: "https://shop.example",
  };
  try {
    const { child, match } = await startNodeProcess([path.resolve("bin/shop.ts"), "start"], env, /is open at (\S+)/, [], runDir);
    servers.push(child);
    const base = match[1].replace("localhost", "127.0.0.1").replace(/\/$/, "");
    const cart = await guestCart(base);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    const loadBefore = os.loadavg()[0];
    const rows: Row[] = [];
    // --only=photo: the product page without and with the photo, nothing else.
    for (const page of PAGES.filter((p) => !only || p.path === only)) {
      rows.push(await measure(page.name, page.path, base, chrome.port, page.cart ? cart : undefined));
    }
    if (only && only !== "photo") return;
    const product = PAGES.find((p) => p.path === PRODUCT.path)!;
    const without = await measure(`${product.name} (a drawing)`, PRODUCT.path, base, chrome.port, undefined, PHOTO_RUNS);
    const { photoBytes } = await uploadPhoto(base, env, scratch);
    const withPhoto = await measure("school product with the owner's photo", PRODUCT.path, base, chrome.port, undefined, PHOTO_RUNS);
    if (only) return;
    const loadAfter = os.loadavg()[0];

    const meets = (row: Row) => medianOf(row, "performance") >= TARGET.performance && medianOf(row, "lcp") <= TARGET.lcpMs;
    const photoMeets = (row: Row) =>
      row === without ? undefined : (medianOf(row, "performance") >= PHOTO_TARGET.performance && medianOf(row, "lcp") <= medianOf(without, "lcp") + PHOTO_TARGET.lcpSlackMs);
    const section = [
      "## Lighthouse mobile",
      "",
      `Command: \`npx tsx tests/bench/lighthouse.bench.ts --write\` (${new Date().toISOString().slice(0, 10)}; ` +
        `${os.cpus().length} cores, ${os.cpus()[0]?.model.trim()}, Node ${process.version}, Lighthouse ${LIGHTHOUSE_VERSION}, ` +
        `${spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" }).stdout.replace(/ built on.*/s, "").trim()}; load average ${loadBefore.toFixed(1)} before, ` +
        `${loadAfter.toFixed(1)} after). Lighthouse's mobile preset with its default throttling (simulated slow 4G: 150 ms ` +
        "round trips, 1.6 Mbit/s down; the CPU 4x slower), performance only, " +
        `${RUNS} runs a page, each a fresh load with an empty cache. The shop is \`shop start\` (web, projectors and jobs: the photo job and its read model; production build, its own process, ` +
        "SHOP_URL set as in a real shop) on a seeded scratch database on the local Postgres; the cart and checkout carry a " +
        "guest's cart of two lines (the cart form's cookie, sent as a header). Transfer is Lighthouse's total byte weight; " +
        "FCP, TBT and transfer are the medians. \"Script KB before the paint\" is what of the page's scripts had arrived " +
        "before the largest paint of the unthrottled load Lighthouse watched: its simulation counts those bytes as if the " +
        "paint waited for them, and they made most of the spread between runs (decision 141); since decision 145 the page asks " +
        "for its scripts only after it has drawn, so there should be none. TBT, the CPU work after the first paint scaled 4x " +
        "from what was observed, moves with the machine's load: read the load average with it.",
      "",
      ...table(rows, meets),
      "",
      `Target (median performance at least ${TARGET.performance}, median LCP at most ${seconds(TARGET.lcpMs)} s, every page): ` +
        `${rows.every(meets) ? "met" : "**missed**"}.`,
      "",
      "### Product photo",
      "",
      `The same school product page without a photo (its drawing) and with the owner's photo, measured back to back, ${PHOTO_RUNS} runs each ` +
        "(single runs of one page spread by 0.3 s of LCP here, too much for medians of three taken minutes apart to be judged " +
        `against a 0.2 s slack): a ${(photoBytes / 1024 / 1024).toFixed(1)} MB ` +
        "3000 x 4000 JPEG made by the script (smooth shapes with a camera's grain), uploaded through the admin photo form " +
        "and measured once the photo job has made its AVIF, WebP and JPEG files.",
      "",
      ...table([without, withPhoto], photoMeets),
      "",
      `Target (performance at least ${PHOTO_TARGET.performance}, LCP within ${seconds(PHOTO_TARGET.lcpSlackMs)} s of the page without): ` +
        `${photoMeets(withPhoto) ? "met" : "**missed**"}.`,
      "",
    ].join("\n");
    reportBenchmark(section, write);
  } finally {
    await chrome?.kill();
    for (const child of servers) child.kill("SIGTERM");
    await Promise.all(servers.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)))));
    await database.drop();
    await fs.rm(scratch, { recursive: true, force: true });
    await fs.rm(runDir, { recursive: true, force: true });
    removeBuildCopy(buildCopy);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
