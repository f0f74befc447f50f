import { createRequire } from "node:module";
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

// The router keeps each address's matches (patches/@remix-run+router, decision 144). The shop has a
// catch-all route, so any made-up address matches and would be kept: long ones must not be (decision 148).
// The server runtime requires the router's CommonJS build, the one the patch changes.
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe("the router's kept matches", () => {
  const routes = [{ id: "root", path: "/", children: [{ id: "school", path: "schools/:school" }, { id: "not-found", path: "*" }] }];

  it("still matches a long made-up address, and a short one as before", () => {
    const long = `/${"x".repeat(5000)}`;
    expect(matchRoutes(routes, long)?.map((m) => [m.route.id, m.params["*"]?.length])).toEqual([["root", 5000], ["not-found", 5000]]);
    expect(matchRoutes(routes, "/schools/dps")?.map((m) => [m.route.id, m.params.school])).toEqual([["root", "dps"], ["school", "dps"]]);
  });

  it("does not keep what a scan of long made-up addresses matched", () => {
    const before = heapAfterGc();
    for (let i = 0; i < 1500; i++) matchRoutes(routes, `/${i}-${"x".repeat(8000)}`);
    // Kept, they would hold 1500 addresses of 8 KB, about 12 MB at the least.
    expect((heapAfterGc() - before) / 2 ** 20).toBeLessThan(4);
  });
});
