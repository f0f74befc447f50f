// 1 MB in each field of each page form and of each /api call with a body: every one is
// refused by the body caps (413) before any field rule runs, quickly. The bound is generous
// (the target is 100 ms, measured by tests/bench/hostile-input.bench.ts): it only
// has to tell capped, linear work from a pattern backtracking over the whole megabyte
// (minutes). The cases themselves are shared with that benchmark (tests/support/hostile.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { apiCases, pageCases, prepareHostileTargets, sendHostile, type HostileCase, type HostileTargets } from "../support/hostile";

/** Linear work on a capped body is milliseconds; backtracking over 1 MB is minutes. */
const BOUND_MS = 2000;

let server: TestServer;
let targets: HostileTargets;
let pages: HostileCase[] = [];
let calls: HostileCase[] = [];
beforeAll(async () => {
  server = await startTestServer();
  targets = await prepareHostileTargets(server.shop, server.url);
  pages = pageCases(targets);
  calls = apiCases(targets);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

describe("1 MB in any field", () => {
  it("every page form refuses it as too large, each in well under 2 s", { timeout: 300_000 }, async () => {
    expect(pages.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const c of pages) {
      const answer = await sendHostile(targets, c);
      if (answer.status !== 413 || answer.ms >= BOUND_MS) wrong.push(`${c.name}: ${answer.status} in ${answer.ms.toFixed(0)} ms`);
    }
    expect(wrong).toEqual([]);
  });

  it("every /api call with a body refuses it as too large, each in well under 2 s", { timeout: 300_000 }, async () => {
    expect(calls.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const c of calls) {
      const answer = await sendHostile(targets, c);
      if (answer.status !== 413 || answer.ms >= BOUND_MS) wrong.push(`${c.name}: ${answer.status} in ${answer.ms.toFixed(0)} ms`);
    }
    expect(wrong).toEqual([]);
  });
});
