import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { runBuild } from "./run-build";

/**
 * Run before every test file (vitest.config.ts `setupFiles`): a file that serves pages gets the run's production
 * build before it starts, here, where no hook's time limit runs. Its first hook would otherwise wait for the build
 * (a minute or two on a busy machine) inside its own two minutes. A file that serves no page (every unit test, most
 * service tests) never waits for it (decision 158).
 */
const RUN_BUILD = path.resolve("tests/support/run-build.ts");
const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
const known = new Map<string, boolean>();

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Whether the file imports, itself or through the test helpers it imports, the run's build (./run-build.ts). */
export function servesPages(file: string, seen = new Set<string>()): boolean {
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  if (file === RUN_BUILD) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  const source = fs.readFileSync(file, "utf8");
  let found = false;
  for (const [, spec] of source.matchAll(IMPORT)) {
    const target = resolveImport(file, spec);
    // Only the tests' own helpers lead to the build: the shop's code never imports the tests.
    if (target && target.startsWith(path.resolve("tests")) && servesPages(target, seen)) {
      found = true;
      break;
    }
  }
  known.set(file, found);
  return found;
}

const file = expect.getState().testPath;
if (file && servesPages(file)) await runBuild();
