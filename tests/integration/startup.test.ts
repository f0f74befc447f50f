import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { connectPGlite } from "../../db/connection";
import { PostgresEventStore } from "../../eventstore/postgres";
import { SEED_PRODUCTS } from "../../db/seed-products";

const tsx = path.resolve("node_modules/.bin/tsx");

function shop(args: string[], env: Record<string, string>) {
  const result = spawnSync(tsx, ["bin/shop.ts", ...args], {
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", EVENTSTORE_URL: "", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe("start-up with bad settings", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["a malformed DATABASE_URL", { DATABASE_URL: "not a url" }, /^shop: DATABASE_URL is not a valid URL/],
    ["a DATABASE_URL of the wrong kind", { DATABASE_URL: "mysql://localhost/shop" }, /^shop: DATABASE_URL must start with postgres:\/\//],
    ["an unreachable Postgres", { DATABASE_URL: "postgres://127.0.0.1:1/shop" }, /^shop: DATABASE_URL: cannot connect to Postgres at 127\.0\.0\.1:1\/shop/],
    ["a malformed REDIS_URL", { REDIS_URL: "localhost:6379" }, /^shop: REDIS_URL must start with redis:\/\/ or rediss:\/\//],
    ["an unreachable Redis", { REDIS_URL: "redis://127.0.0.1:1" }, /^shop: REDIS_URL: cannot connect to Redis at 127\.0\.0\.1:1/],
    ["a malformed EVENTSTORE_URL", { EVENTSTORE_URL: "http://x" }, /^shop: EVENTSTORE_URL must start with esdb:\/\//],
    ["an unreachable EventStoreDB", { EVENTSTORE_URL: "esdb://127.0.0.1:1?tls=false" }, /^shop: EVENTSTORE_URL: cannot reach EventStoreDB at 127\.0\.0\.1:1/],
    ["a bad PORT", { PORT: "eighty" }, /^shop: PORT must be a whole number/],
    ["a malformed TRUST_PROXY", { TRUST_PROXY: "10.0.0.0/33" }, /^shop: TRUST_PROXY must be a number of proxies \(e\.g\. 1\) or a comma list .*got "10\.0\.0\.0\/33"$/],
    ["an unknown LOG_LEVEL", { LOG_LEVEL: "verbose" }, /^shop: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"$/],
    ["a malformed SHOP_URL", { SHOP_URL: "shop.example.in" }, /^shop: SHOP_URL must be the shop's public address, https:\/\/host or http:\/\/host \(no path\), got "shop\.example\.in"$/],
    ["a malformed SHOP_UPI_ID", { SHOP_UPI_ID: "churu uniform@sbi" }, /^shop: SHOP_UPI_ID must be a UPI ID like churuuniform@sbi .*got "churu uniform@sbi"$/],
    [
      "Google sign-in in production without SHOP_URL",
      { NODE_ENV: "production", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" },
      /^shop: Google sign-in needs SHOP_URL \(the shop's public address, e\.g\. https:\/\/shop\.example\.in\) or GOOGLE_CALLBACK_URL in production$/,
    ],
  ];
  for (const [what, env, message] of cases) {
    it(`stops with one clear line and exit code 1 for ${what}`, () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
      const { code, stderr } = shop(["worker"], { SHOP_DATA_DIR: dataDir, ...env });
      expect(code).toBe(1);
      const lines = stderr.split("\n").filter((l) => l.startsWith("shop:") || l.startsWith("    at "));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    });
  }

  it("names an unknown command and lists the known ones", () => {
    const { code, stderr } = shop(["launch"], {});
    expect(code).toBe(2);
    expect(stderr).toContain('unknown command "launch"');
    expect(stderr).toContain("start");
  });
});

describe("the embedded shop keeps its data across a restart", () => {
  function startShop(dataDir: string, port: number) {
    const child = spawn(tsx, ["bin/shop.ts", "start"], {
      env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", EVENTSTORE_URL: "", SHOP_DATA_DIR: dataDir, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const opened = new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        if (output.includes("jobs:")) resolve();
      });
      child.stderr.on("data", (d: Buffer) => (output += d.toString()));
      child.once("exit", (code) => reject(new Error(`shop exited with ${code}: ${output}`)));
    });
    const stopped = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    return { child, opened, stopped, output: () => output };
  }

  it("serves /healthz, stops cleanly on SIGTERM, and finds its events and read models again", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-data-"));
    const port = 20000 + Math.floor(Math.random() * 20000);

    const first = startShop(dataDir, port);
    await first.opened;
    expect(first.output()).toContain(`open at http://localhost:${port}`);
    expect(first.output()).toMatch(/events: +Postgres event store \(embedded PGlite/);
    expect(first.output()).toMatch(/jobs: +in-process job runner/);
    expect((await fetch(`http://localhost:${port}/healthz`)).status).toBe(200);
    first.child.kill("SIGTERM");
    expect(await first.stopped, first.output()).toBe(0);
    expect(first.output()).toContain("stopped");

    // Written while the shop is down, straight into its embedded database.
    const database = await connectPGlite(path.join(dataDir, "pglite"));
    await new PostgresEventStore(database).append(`cart-${randomUUID()}`, [{ id: randomUUID(), type: "ItemAdded", data: {} }], "no_stream");
    await database.close();

    const second = startShop(dataDir, port);
    await second.opened;
    let health: { projectors: { name: string; lag: number; position?: string }[] } | undefined;
    for (let i = 0; i < 50; i++) {
      health = await (await fetch(`http://localhost:${port}/healthz`)).json();
      if (health!.projectors.every((p) => p.lag === 0 && p.position)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    second.child.kill("SIGTERM");
    expect(await second.stopped, second.output()).toBe(0);
    expect(health!.projectors.find((p) => p.name === "stream_type_counts")).toMatchObject({ lag: 0 });

    const reopened = await connectPGlite(path.join(dataDir, "pglite"));
    const rows = await reopened.db.selectFrom("stream_type_counts").selectAll().execute();
    await reopened.close();
    // The seeded products' stock streams were opened by the first start (decision 100), once: the second start found them open.
    expect(rows.map((r) => [r.category, r.event_type, Number(r.count)]).sort()).toEqual([
      ["cart", "ItemAdded", 1],
      ["stock", "StockAdjusted", SEED_PRODUCTS.length],
    ]);
  }, 120_000);
});
