import { execFile } from "node:child_process";
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

/** `shop <args>` in a process of its own; the file's event loop stays free, so independent runs go side by side. */
function shop(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...SHOP_CLI, ...args],
      { env: { ...process.env, REDIS_URL: "", EVENTSTORE_URL: "", ...env }, encoding: "utf8", timeout: 170_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : null) : 0, out: stdout, err: stderr }),
    );
  });
}

// Each test runs `shop` processes one after another; a busy machine stretches each (at load 30 two of these
// tests passed their minute): each test says its own limit.
const LIMIT = 180_000;

describe("the shop command for operators", () => {
  it("seeds demo orders through the real commands, then status shows every projector caught up", async () => {
    const seeded = await shop("seed-demo", "--orders", "12", "--concurrency", "3");
    expect(seeded.err).not.toMatch(/Error/);
    expect(seeded.code).toBe(0);
    const written = Number(/seeded 12 orders \((\d+) events\)/.exec(seeded.out)?.[1]);
    const status = await shop("status", "--json");
    expect(status.code).toBe(0);
    const report = JSON.parse(status.out);
    expect(report.head).toBeTruthy();
    // The seed reports the events it wrote, and the store holds exactly those.
    expect(report.events).toBe(written);
    for (const p of report.projectors) expect(p).toMatchObject({ lag: 0 });
    expect(report.projectors.map((p: { name: string }) => p.name)).toContain("orders");
  }, LIMIT);

  // The store's head after the seed is checked by the test above, from the same `status --json`.
  it("prints one stream as a table and as JSON, and names example streams for an unknown one", async () => {
    const unknown = await shop("stream", "order-nope");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/no stream "order-nope"; streams look like: (cart|order)-/);
    const example = /streams look like: ([^,\s]+)/.exec(unknown.err)![1];
    const [table, asJson] = await Promise.all([shop("stream", example), shop("stream", example, "--json")]);
    expect(table.code).toBe(0);
    expect(table.out.split("\n")[0]).toMatch(/^type\s+rev\s+position/);
    const json = JSON.parse(asJson.out);
    expect(json[0]).toMatchObject({ streamId: example, revision: 0 });
  }, LIMIT);

  it("verify passes on fresh tables, fails naming a row changed by hand, and replay repairs it", async () => {
    expect((await shop("verify")).code).toBe(0);
    if (database.url) {
      await sql`update orders set total = total + 1 where id = (select id from orders limit 1)`.execute(database.db);
      const failed = await shop("verify", "orders");
      expect(failed.code).toBe(1);
      expect(failed.out).toMatch(/orders \/ orders: 1 row\(s\) only live, 1 only in the replay/);
      expect(failed.out).toMatch(/id "[0-9a-f-]+": total is \d+ live, \d+ in the replay/);
      const replayed = await shop("replay", "orders");
      expect(replayed.code).toBe(0);
      expect(replayed.out).toMatch(/replayed [\d,]+ events into orders .* the new tables are live/);
      expect((await shop("verify", "orders")).code).toBe(0);
    }
  }, LIMIT);

  it("refuses an unknown projection and names the known ones", async () => {
    const result = await shop("replay", "ordrs");
    expect(result.code).toBe(1);
    expect(result.err.trim()).toMatch(/^shop: unknown projection "ordrs"; known: stream_type_counts, orders/);
  }, LIMIT);
});
