/**
 * The embedded database's folder is the owner's alone (issue 49, item 6): the third probe found 966 of PGlite's 1,193
 * files world-readable, erased words among them. Opened (new, or one made before with open modes), the folder and
 * every folder in it are 0700 and every file 0600: no other user of the machine may read a page of it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { connectPGlite } from "../../db/connection";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "shop-private-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    if ((fs.statSync(at).mode & 0o077) !== 0) found.push(at);
    if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) walk(path.join(at, name));
  };
  walk(dir);
  return found;
}

describe("the embedded database's folder", () => {
  it("is 0700 with 0600 files when made, and is made so again when it was left open", { timeout: 120_000 }, async () => {
    const dir = path.join(root, "pglite");
    const first = await connectPGlite(dir);
    await first.close();
    expect(fs.readdirSync(dir).length).toBeGreaterThan(3);
    expect(openToOthers(dir)).toEqual([]);

    // A folder from before this rule: everything readable by all.
    const chmodAll = (at: string) => {
      fs.chmodSync(at, fs.statSync(at).isDirectory() ? 0o755 : 0o644);
      if (fs.statSync(at).isDirectory()) for (const name of fs.readdirSync(at)) chmodAll(path.join(at, name));
    };
    chmodAll(dir);
    expect(openToOthers(dir).length).toBeGreaterThan(3);
    const again = await connectPGlite(dir);
    await again.close();
    expect(openToOthers(dir)).toEqual([]);
  });
});
