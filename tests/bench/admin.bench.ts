/**
 * The admin order dashboard with 100,000 orders in the read model, on the local Postgres.
 * The read-model rows are inserted directly (one generate_series insert): this measures
 * reads, and placing 100,000 orders through the event store would only make setup slow.
 * The web server runs in this process (production build, as `shop web`); each sample is
 * one GET of /admin with the admin's session cookie: session check, the admin frame,
 * one keyset page of 50 orders, server rendering of the whole page. The query alone is
 * timed too, to show where the time goes, and the process's CPU time per page (server and
 * this client share the process), which a busy machine disturbs less than the clock.
 *   npx tsx tests/bench/admin.bench.ts [orders] [--samples=N] [--write]
 * --write puts the results under "## Admin dashboard" in docs/benchmarks.md.
 */
import os from "node:os";
import { sql } from "kysely";
import { buildIfNeeded } from "../../bin/build";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { startWebServer } from "../../server/http";
import { createServices, type Shop } from "../../services/index";
import { signInAdmin } from "../../app/auth/session.server";
import { InProcessQueue } from "../../workers/in-process-queue";
import { dashboardHref, parseDashboardQuery, type DashboardQuery } from "../../domain/admin-orders";
import { copyBuild, removeBuildCopy } from "../support/build-copy";
import { benchDatabase, percentile, writeBenchmarkSection } from "./support";

// As `shop web` runs in production: React's development build renders several times slower.
// Set before the server build (and React with it) is imported by startWebServer.
process.env.NODE_ENV = "production";

const args = process.argv.slice(2);
const ORDERS = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 100_000);
const SAMPLES = Number(args.find((a) => a.startsWith("--samples="))?.split("=")[1] ?? 200);
const write = args.includes("--write");
const WARMUP = 20;

/** 100,000 orders over two years: 60% by 20,000 users, 40% guests; statuses skewed like a real shop; 1% deleted. */
async function fillOrders(shop: Shop, count: number) {
  await sql`
    insert into orders (id, short_id, user_id, customer_kind, customer_name, phone, email, ship_name, ship_phone,
                        address_line, city, pincode, lines, item_count, total, status, payment_status, deleted,
                        deleted_at, placed_at, updated_at)
    select o.id, upper(substr(replace(o.id, '-', ''), 1, 8)),
           case when o.r1 < 0.6 then 'user-' || lpad((floor(o.r2 * 20000))::text, 5, '0') end,
           case when o.r1 < 0.6 then 'user' else 'guest' end,
           'Customer ' || o.n, '98' || lpad((o.n % 100000000)::text, 8, '0'),
           case when o.r1 < 0.6 then 'c' || o.n || '@example.com' end,
           'Customer ' || o.n, '98' || lpad((o.n % 100000000)::text, 8, '0'),
           o.n || ' Station Road', 'Churu', '331001',
           jsonb_build_array(
             jsonb_build_object('productId', 'school/dps/shirt', 'name', 'Shirt', 'size', '30', 'school', 'DPS', 'unitPrice', 310, 'quantity', 1 + o.n % 3),
             jsonb_build_object('productId', 'stationery/scientific-calculator', 'name', 'Scientific Calculator', 'size', 'Free Size', 'school', '', 'unitPrice', 150, 'quantity', 1)),
           2 + o.n % 3, 310 * (1 + o.n % 3) + 150,
           case when o.r3 < 0.30 then 'pending' when o.r3 < 0.45 then 'processing' when o.r3 < 0.60 then 'shipped'
                when o.r3 < 0.95 then 'delivered' else 'cancelled' end,
           case when o.r3 >= 0.60 and o.r3 < 0.95 then 'paid' else 'pending' end,
           o.r4 < 0.01, case when o.r4 < 0.01 then o.at + interval '1 day' end,
           o.at, o.at
    from (
      select n, gen_random_uuid()::text as id, random() as r1, random() as r2, random() as r3, random() as r4,
             date_trunc('milliseconds', now() - random() * interval '730 days') as at
      from generate_series(1, ${count}) as n
    ) o`.execute(shop.db);
  await sql`analyze orders`.execute(shop.db);
}

async function time<T>(fn: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main() {
  buildIfNeeded((line) => console.log(line));
  const database = await benchDatabase(8);
  const buildDir = await copyBuild("bench-build");
  const config = readConfig({ ...process.env, DATABASE_URL: database.url, SESSION_SECRET: "bench-secret-bench-secret", SHOP_DATA_DIR: "data/bench" });
  const core = await openShopCore(config, { database, queue: new InProcessQueue(1) });
  const shop: Shop = { ...core, ...createServices(core) };
  const web = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir });
  try {
    console.log(`inserting ${ORDERS.toLocaleString("en-IN")} orders into the read model...`);
    await fillOrders(shop, ORDERS);
    const { user } = await shop.auth.createAdmin({ email: "bench-admin@example.com", password: "bench admin password" });
    const signedIn = await signInAdmin(new Request(`${web.url}/admin/login`), shop, user.id);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

    // Deep cursors: the row at about 80% of the list, taken once.
    const deepDate = await sql<{ at: string; id: string }>`
      select to_json(placed_at) #>> '{}' as at, id from orders where not deleted
      order by placed_at desc, id desc offset ${Math.floor(ORDERS * 0.8)} limit 1`.execute(shop.db);
    const deepId = await sql<{ id: string }>`
      select id from orders where not deleted and status = 'delivered' order by id offset ${Math.floor(ORDERS * 0.3)} limit 1`.execute(shop.db);
    const deepUser = await sql<{ user_id: string | null; id: string }>`
      select user_id, id from orders where not deleted
      order by (user_id is null), coalesce(user_id, ''), id offset ${Math.floor(ORDERS * 0.5)} limit 1`.execute(shop.db);
    const d = deepDate.rows[0];
    const u = deepUser.rows[0];

    const cases: [string, DashboardQuery][] = [
      ["default: all, order date newest first, page 1", { filter: "all", sort: "date", direction: "desc" }],
      ["status delivered, order date newest first", { filter: "delivered", sort: "date", direction: "desc" }],
      ["status cancelled (5%), order id ascending", { filter: "cancelled", sort: "id", direction: "asc" }],
      ["all, user id ascending", { filter: "all", sort: "user", direction: "asc" }],
      ["status pending, user id descending", { filter: "pending", sort: "user", direction: "desc" }],
      ["deleted (1%), order date newest first", { filter: "deleted", sort: "date", direction: "desc" }],
      [
        "deep page (80% down) via cursor, order date newest first",
        { filter: "all", sort: "date", direction: "desc", after: { sort: "date", placedAt: d.at, id: d.id } },
      ],
      [
        "deep 'Previous' (before cursor), order date newest first",
        { filter: "all", sort: "date", direction: "desc", before: { sort: "date", placedAt: d.at, id: d.id } },
      ],
      [
        "deep page via cursor, status delivered, order id ascending",
        { filter: "delivered", sort: "id", direction: "asc", after: { sort: "id", id: deepId.rows[0].id } },
      ],
      [
        "deep page via cursor (50% down), user id ascending",
        { filter: "all", sort: "user", direction: "asc", after: { sort: "user", guest: u.user_id === null, userId: u.user_id ?? "", id: u.id } },
      ],
    ];

    // For comparison: a page with only the shop's frame (navbar, footer), no admin and no orders. Sent with
    // the admin's cookie, which the frame ignores, so that it is rendered: the page cache (decision 074)
    // answers an anonymous visitor's /contact from memory.
    const baseline: number[] = [];
    const fetchContact = async () => {
      const res = await fetch(`${web.url}/contact`, { headers: { Cookie: cookie } });
      await res.text();
    };
    for (let i = 0; i < WARMUP; i++) await fetchContact();
    for (let i = 0; i < SAMPLES; i++) baseline.push(await time(fetchContact));
    baseline.sort((a, b) => a - b);
    const frame: [number, number] = [percentile(baseline, 50), percentile(baseline, 99)];
    console.log(`/contact (the frame alone) p50 ${frame[0].toFixed(1)} ms p99 ${frame[1].toFixed(1)} ms`);

    // Warm the process up (JIT, connection pool, Postgres caches) on the dashboard before the first measured view.
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${web.url}/admin?sort=id&dir=${i % 2 ? "asc" : "desc"}`, { headers: { Cookie: cookie } });
      await res.text();
    }

    const results: { name: string; url: string; http: [number, number]; query: [number, number]; rows: number; cpu: number }[] = [];
    for (const [name, query] of cases) {
      const url = dashboardHref(query);
      // The URL is what the page reads: parse it the same way.
      const parsed = parseDashboardQuery(new URL(url, web.url).searchParams);
      if (!parsed.ok) throw new Error(`${name}: ${parsed.message}`);
      const page = await shop.adminOrders.listPage(parsed.query);
      const fetchPage = async () => {
        const res = await fetch(`${web.url}${url}`, { headers: { Cookie: cookie } });
        const body = await res.text();
        if (res.status !== 200 || !body.includes('aria-label="Orders"')) throw new Error(`${name}: HTTP ${res.status}`);
      };
      for (let i = 0; i < WARMUP; i++) await fetchPage();
      const http: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < SAMPLES; i++) http.push(await time(fetchPage));
      const cpuUsed = process.cpuUsage(cpuBefore);
      const queryTimes: number[] = [];
      for (let i = 0; i < SAMPLES; i++) queryTimes.push(await time(() => shop.adminOrders.listPage(parsed.query)));
      http.sort((a, b) => a - b);
      queryTimes.sort((a, b) => a - b);
      const row = {
        name,
        url,
        http: [percentile(http, 50), percentile(http, 99)] as [number, number],
        query: [percentile(queryTimes, 50), percentile(queryTimes, 99)] as [number, number],
        rows: page.orders.length,
        cpu: (cpuUsed.user + cpuUsed.system) / 1000 / SAMPLES,
      };
      results.push(row);
      console.log(
        `${name.padEnd(62)} rows ${String(row.rows).padStart(2)}  page p50 ${row.http[0].toFixed(1)} ms p99 ${row.http[1].toFixed(1)} ms` +
          `  query p50 ${row.query[0].toFixed(1)} ms p99 ${row.query[1].toFixed(1)} ms  cpu ${row.cpu.toFixed(1)} ms/page`,
      );
    }

    // The plans, for the record: every case should be an index scan, no sort of the whole table.
    const explain = await sql<{ "QUERY PLAN": string }>`
      explain select * from orders where deleted = false and status = 'pending'
      and ((user_id is null), coalesce(user_id, ''), id) < (true, '', 'zzzz')
      order by (user_id is null) desc, coalesce(user_id, '') desc, id desc limit 51`.execute(shop.db);
    console.log(explain.rows.map((r) => r["QUERY PLAN"]).join("\n"));

    const worstP99 = Math.max(...results.map((r) => r.http[1]));
    const load = os.loadavg().map((l) => l.toFixed(1)).join(", ");
    console.log(`worst page p99 ${worstP99.toFixed(1)} ms (target under 100 ms); load average ${load} on ${os.cpus().length} CPUs`);

    if (write) {
      const date = new Date().toISOString().slice(0, 10);
      const cpus = os.cpus().length;
      const busy = Math.max(...os.loadavg()) > cpus;
      const under = results.filter((r) => r.http[1] < 100).length;
      const cpu = results.map((r) => r.cpu);
      const lines = [
        "## Admin dashboard",
        "",
        `\`npx tsx tests/bench/admin.bench.ts ${ORDERS} --samples=${SAMPLES} --write\` (${date}, local Postgres, ${cpus} CPUs, ` +
          `load average ${load} while it ran${busy ? ": the machine was busy with other work, so the tails are noisy" : ""}).`,
        "",
        `${ORDERS.toLocaleString("en-IN")} orders inserted straight into the \`orders\` read model (a read benchmark: placing them through the ` +
          "event store would only slow the setup): 60% by 20,000 users, 40% guests, statuses skewed like a shop " +
          "(35% delivered, 5% cancelled), 1% deleted, two years of order dates. Each sample is one sequential GET of the whole " +
          "dashboard page with the admin's cookie (session check, admin frame, one keyset page of 50 orders, server rendering, gzip), " +
          `${SAMPLES} samples after 100 warm-up requests of the dashboard and ${WARMUP} of each view; "query" is \`adminOrders.listPage\` alone. Target: page p99 under 100 ms.`,
        "",
        "| view | rows | page p50 | page p99 | query p50 | query p99 |",
        "|---|---:|---:|---:|---:|---:|",
        ...results.map(
          (r) =>
            `| ${r.name} | ${r.rows} | ${r.http[0].toFixed(1)} ms | ${r.http[1].toFixed(1)} ms | ${r.query[0].toFixed(1)} ms | ${r.query[1].toFixed(1)} ms |`,
        ),
        "",
        `For comparison, /contact (the shop's frame alone, no admin, no orders; sent with the admin's cookie so that it is rendered, ` +
          `not answered by the page cache): p50 ${frame[0].toFixed(1)} ms, p99 ${frame[1].toFixed(1)} ms. CPU time of the process per dashboard ` +
          `page (server and this benchmark's client share the process, so this counts both): ${Math.min(...cpu).toFixed(1)} to ${Math.max(...cpu).toFixed(1)} ms.`,
        "",
        `Worst page p99: ${worstP99.toFixed(1)} ms (${under} of ${results.length} views under 100 ms); ` +
          `worst query p99: ${Math.max(...results.map((r) => r.query[1])).toFixed(1)} ms. ` +
          (under === results.length
            ? "**Target (page p99 under 100 ms) met in every view.** "
            : `**Target (page p99 under 100 ms) missed in ${results.length - under} of ${results.length} views.** `) +
          "Until React hydrates, the 50 rows are plain links and forms, with no fetcher or `<Link>` per control; the page is " +
          "rendered whole and sent as one body; the layout and the page share one admin check per request (decision 075 has the " +
          "profile, and the numbers before the change). Every view is an " +
          "index seek on one of the indexes in `db/migrations/0008_admin_order_indexes.ts`, so a page deep in the list (a cursor 80% down) " +
          "costs what the first page costs; with OFFSET the database would read and discard every row before the page.",
        "",
      ];
      const section = lines.join("\n");
      writeBenchmarkSection(section);
    }
  } finally {
    await web.close();
    await core.close();
    await database.drop();
    removeBuildCopy(buildDir);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
