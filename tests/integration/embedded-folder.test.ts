import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { connectPGlite } from "../../db/connection";

// Decision 155: a new embedded database folder is made by a Node process of its own, so the shop's process never
// holds initdb's two extra WebAssembly Postgres instances (400-550 MB at a first start's peak).
const instantiate = WebAssembly.instantiate;
afterEach(() => {
  WebAssembly.instantiate = instantiate;
});

/** Counts the WebAssembly instances this process makes while `work` runs. */
async function instancesMadeBy(work: () => Promise<void>): Promise<number> {
  let made = 0;
  WebAssembly.instantiate = async function (this: unknown, ...args: Parameters<typeof instantiate>) {
    made++;
    return instantiate.apply(this, args);
  } as typeof instantiate;
  await work();
  return made;
}

describe("a new embedded database folder", () => {
  it("is made by a process of its own: the shop's process starts one Postgres, not initdb's as well", async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-folder-")), "pglite");
    const made = await instancesMadeBy(async () => {
      const database = await connectPGlite(dir);
      await sql`create table kept (note text)`.execute(database.db);
      await sql`insert into kept values ('first start')`.execute(database.db);
      await database.close();
    });
    expect(made).toBe(1);
    expect(fs.existsSync(path.join(dir, "PG_VERSION"))).toBe(true);

    // Opened again as on a restart: what the first start wrote is there.
    const reopened = await connectPGlite(dir);
    const rows = await sql<{ note: string }>`select note from kept`.execute(reopened.db);
    await reopened.close();
    expect(rows.rows).toEqual([{ note: "first start" }]);
  }, 120_000);
});
