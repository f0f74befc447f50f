import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every .ts file below `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith(".ts") ? [full] : [];
  });
}

describe("schemas of domain/ in the browser", () => {
  it("every module that builds a zod schema first turns zod's compiler off in the browser (the CSP forbids eval)", () => {
    const builders = sources("domain").filter((file) => /^import \{[^}]*\bz\b[^}]*\} from "zod";$/m.test(fs.readFileSync(file, "utf8")));
    expect(builders.length).toBeGreaterThan(5);
    const missing = builders.filter((file) => {
      if (file.endsWith("zod-in-browser.ts")) return false;
      const text = fs.readFileSync(file, "utf8");
      const setup = text.search(/^import "(\.\/|\.\.\/)+zod-in-browser";$/m);
      return setup < 0 || setup > text.search(/^import \{[^}]*\bz\b[^}]*\} from "zod";$/m);
    });
    expect(missing).toEqual([]);
  });
});
