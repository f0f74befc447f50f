// What a first start prints before the shop's own lines is the build's output (bin/build.ts shows its
// stderr). It printed 26 "Generated an empty chunk" lines (one per route without a page) and two
// warnings about zod's comments: noise that hides a warning that matters. vite.config.ts's
// `buildWarning` drops exactly those; this builds the shop into a scratch folder and reads what it said.
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";

const root = process.cwd();
const scratch = path.join(root, "tmp", `build-output-${process.pid}`);

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function build(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", SHOP_BUILD_DIR: scratch },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the build's output", () => {
  it("has no empty-chunk lines and no warning about zod's comments, and builds both bundles", { timeout: 300_000 }, async () => {
    const { code, stdout, stderr } = await build();
    expect(code, stderr).toBe(0);
    const said = `${stdout}\n${stderr}`;
    expect(said.match(/Generated an empty chunk.*/g) ?? []).toEqual([]);
    expect(said.match(/contains an annotation that Rollup cannot interpret.*/g) ?? []).toEqual([]);
    // The routes without a page still have their (empty) browser chunks, and the server bundle is whole.
    expect(fs.existsSync(path.join(scratch, "server", "index.js"))).toBe(true);
    expect(fs.readdirSync(path.join(scratch, "client", "assets")).some((name) => name.startsWith("healthz-"))).toBe(true);
  });
});
