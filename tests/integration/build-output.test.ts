// What a first start prints before the shop's own lines is the build's output (bin/build.ts shows its
// stderr). It printed 26 "Generated an empty chunk" lines (one per route without a page) and two
// warnings about zod's comments: noise that hides a warning that matters. vite.config.ts's
// `buildWarning` drops exactly those; this reads what a real build said.
//
// CI builds the shop once before the tests (.ci/run) and names that build's output in SHOP_BUILD_LOG: while
// build/ is still that build, its output is read rather than a second build of two minutes made. Elsewhere
// this builds the shop into a scratch folder.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { buildIsStale } from "../../bin/build";

const root = process.cwd();
const scratch = path.join(root, "tmp", `build-output-${process.pid}`);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Built {
  code: number | null;
  said: string;
  dir: string;
}

/** The build CI made before the tests, when build/ is still that build. */
function ciBuild(): Built | null {
  const log = process.env.SHOP_BUILD_LOG;
  if (!log || !fs.existsSync(log)) return null;
  const dir = path.join(root, "build");
  if (buildIsStale(root) || fs.statSync(log).mtimeMs < fs.statSync(path.join(dir, "server", "index.js")).mtimeMs) return null;
  return { code: 0, said: fs.readFileSync(log, "utf8"), dir };
}

function build(): Promise<Built> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", SHOP_BUILD_DIR: scratch },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let said = "";
    child.stdout.on("data", (chunk: Buffer) => (said += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (said += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, said, dir: scratch }));
  });
}

describe("the build's output", () => {
  it("has no empty-chunk lines and no warning about zod's comments, and builds both bundles", { timeout: 300_000 }, async () => {
    const { code, said, dir } = ciBuild() ?? (await build());
    expect(code, said).toBe(0);
    expect(said).toMatch(/✓ built in/);
    expect(said.match(/Generated an empty chunk.*/g) ?? []).toEqual([]);
    expect(said.match(/contains an annotation that Rollup cannot interpret.*/g) ?? []).toEqual([]);
    // The routes without a page still have their (empty) browser chunks, and the server bundle is whole.
    expect(fs.existsSync(path.join(dir, "server", "index.js"))).toBe(true);
    expect(fs.readdirSync(path.join(dir, "client", "assets")).some((name) => name.startsWith("healthz-"))).toBe(true);
  });
});
