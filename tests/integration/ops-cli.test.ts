import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { SHOP_CLI } from "../support/shop-cli";

let database: TestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) {
    env = { DATABASE_URL: database.url };
  } else {
    // PGlite: the CLI opens its own embedded folder, so the test reads that one instead.
    await database.close();
    env = { DATABASE_URL: "", SHOP_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "shop-ops-")) };
  }
});
afterAll(async () => {
  if (database.url) await database.close();
});

function shop(...args: string[]) {
  const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
    env: { ...process.env, REDIS_URL: "", EVENTSTORE_URL: "", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("the shop command for operators", () => {
  it("seeds demo orders through the real commands, then status shows every projector caught up", () => {
    const seeded = shop("seed-demo", "--orders", "12", "--concurrency", "3");
    expect(seeded.err).not.toMatch(/Error/);
    expect(seeded.code).toBe(0);
    const written = Number(/seeded 12 orders \((\d+) events\)/.exec(seeded.out)?.[1]);
    const status = shop("status", "--json");
    expect(status.code).toBe(0);
    const report = JSON.parse(status.out);
    // The seed reports the events it wrote, and the store holds exactly those.
    expect(report.events).toBe(written);
    for (const p of report.projectors) expect(p).toMatchObject({ lag: 0 });
    expect(report.projectors.map((p: { name: string }) => p.name)).toContain("orders");
  });

  it("prints one stream as a table and as JSON, and names example streams for an unknown one", () => {
    const status = JSON.parse(shop("status", "--json").out);
    expect(status.head).toBeTruthy();
    const unknown = shop("stream", "order-nope");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no stream "order-nope"; streams look like: (cart|order)-/);
    const example = /streams look like: ([^,\s]+)/.exec(unknown.err)![1];
    const table = shop("stream", example);
    expect(table.code).toBe(0);
    expect(table.out.split("\n")[0]).toMatch(/^type\s+rev\s+position/);
    const json = JSON.parse(shop("stream", example, "--json").out);
    expect(json[0]).toMatchObject({ streamId: example, revision: 0 });
  });

  it("verify passes on fresh tables, fails naming a row changed by hand, and replay repairs it", async () => {
    expect(shop("verify").code).toBe(0);
    if (database.url) {
      await sql`update orders set total = total + 1 where id = (select id from orders limit 1)`.execute(database.db);
      const failed = shop("verify", "orders");
      expect(failed.code).toBe(1);
      expect(failed.out).toMatch(/orders \/ orders: 1 row\(s\) only live, 1 only in the replay/);
      expect(failed.out).toMatch(/id "[0-9a-f-]+": total is \d+ live, \d+ in the replay/);
      const replayed = shop("replay", "orders");
      expect(replayed.code).toBe(0);
      expect(replayed.out).toMatch(/replayed [\d,]+ events into orders .* the new tables are live/);
      expect(shop("verify", "orders").code).toBe(0);
    }
  });

  it("refuses an unknown projection and names the known ones", () => {
    const result = shop("replay", "ordrs");
    expect(result.code).toBe(1);
    expect(result.err.trim()).toMatch(/^shop: unknown projection "ordrs"; known: stream_type_counts, orders/);
  });
});
