import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LONGEST_FILES, usesSlowHelper } from "../support/sequencer";

describe("the order test files start in (decision 177)", () => {
  it("names only files that exist: a renamed long file would start late again", () => {
    for (const file of LONGEST_FILES) expect(fs.existsSync(file), file).toBe(true);
  });

  it("finds the files that open Chromium or start shop processes by their imports, and no unit test among them", () => {
    expect(usesSlowHelper(path.resolve("tests/e2e/stock.e2e.test.ts"))).toBe(true);
    // Through a helper: the photo bed opens Chromium.
    expect(usesSlowHelper(path.resolve("tests/e2e/photos.e2e.test.ts"))).toBe(true);
    expect(usesSlowHelper(path.resolve("tests/integration/two-processes.test.ts"))).toBe(true);
    const units = fs.readdirSync("tests/unit").filter((name) => name.endsWith(".test.ts"));
    expect(units.filter((name) => usesSlowHelper(path.resolve("tests/unit", name)))).toEqual([]);
  });
});
