import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DECISIONS_DIR, parseDecision, problems, readDecisions, renderIndex } from "../../bin/decisions-index";

// The decision records keep their form (decision 159): each with a date and a status, a superseded one naming what
// superseded it, and all of them in the index, which is made from them (`npm run decisions:index`).

describe("the decision records", () => {
  const decisions = readDecisions();

  it("each has a title, a Date and a Status, and a superseded one links records that exist", () => {
    expect(decisions.length).toBeGreaterThan(100);
    expect(problems(decisions)).toEqual([]);
  });

  it("are all in the index as they stand (run npm run decisions:index after adding or changing one)", () => {
    const index = fs.readFileSync(path.join(DECISIONS_DIR, "README.md"), "utf8");
    expect(index).toBe(renderIndex(decisions));
    for (const d of decisions) expect(index).toContain(`[${d.number}](./${d.file})`);
  });

  it("shows the chains that were invisible: 074 -> 106 -> 144 and 141 -> 145", () => {
    const by = new Map(decisions.map((d) => [d.number, d]));
    expect(by.get("074")?.supersededBy).toEqual(["106", "144", "171"]);
    expect(by.get("106")?.supersededBy).toEqual(["144", "171"]);
    expect(by.get("141")?.supersededBy).toEqual(["145"]);
  });

  it("finds what is missing in a record, and a superseding record that does not exist", () => {
    const bare = parseDecision("200-something.md", "# 200. Something\n\n## Context\n");
    const orphan = parseDecision("201-other.md", "# 201. Other\n\nDate: 2026-12-01\n\nStatus: superseded by [999](./999-x.md)\n");
    expect(problems([bare, orphan])).toEqual([
      '200-something.md: no "Date: YYYY-MM-DD" line',
      '200-something.md: no "Status: ..." line',
      "201-other.md: superseded by 999, which is not a record",
    ]);
  });
});
