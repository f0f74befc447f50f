import fs from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The order test files start in (vitest.config.ts `sequence.sequencer`), longest first, so that no long file starts
 * near the end of a run and keeps it going on one worker while the others stand idle (decision 177).
 *
 * Vitest orders by the durations it cached from the last run on this machine; a fresh clone (CI) has none, and Vitest
 * then starts the largest files first, which are unit tests of a few milliseconds. Without durations for most files
 * the files start in three groups, each in Vitest's own order:
 * 1. the files that took minutes on the two cores (the restore drill, the backups, the fuzzers, the start-up and
 *    operator commands, the reports' two years of orders, the returns and online payments, the axe runs), longest
 *    first;
 * 2. the files that open Chromium or start `shop` processes: tens of seconds each;
 * 3. the rest, seconds or less each.
 */
export const LONGEST_FILES = [
  "tests/integration/backup-drill.test.ts",
  "tests/integration/backup.test.ts",
  "tests/integration/api-fuzz.test.ts",
  "tests/integration/page-form-fuzz.test.ts",
  "tests/integration/startup.test.ts",
  "tests/integration/reports.test.ts",
  "tests/integration/ops-cli.test.ts",
  "tests/integration/returns.test.ts",
  "tests/integration/pages/pay-online.test.ts",
  "tests/integration/pages/returns-parent.test.ts",
  "tests/integration/event-versions.test.ts",
  "tests/integration/admins.test.ts",
  "tests/e2e/accessibility.e2e.test.ts",
  "tests/e2e/accessibility-account.e2e.test.ts",
];

/** A file in group 2 imports one of these, itself or through the tests' own helpers. */
const SLOW_HELPERS = ["tests/support/browser.ts", "tests/support/shop-cli.ts"].map((file) => path.resolve(file));

const IMPORT = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function resolveImport(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** Whether `file` imports a slow helper, itself or through the tests' helpers (the shop's code never imports the tests). */
export function usesSlowHelper(file: string, known = new Map<string, boolean>(), seen = new Set<string>()): boolean {
  const cached = known.get(file);
  if (cached !== undefined) return cached;
  if (SLOW_HELPERS.includes(file)) return true;
  if (seen.has(file)) return false;
  seen.add(file);
  let found = false;
  for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
    const target = resolveImport(file, spec);
    if (target && target.startsWith(path.resolve("tests")) && usesSlowHelper(target, known, seen)) {
      found = true;
      break;
    }
  }
  known.set(file, found);
  return found;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timed = files.filter((spec) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(root, spec.moduleId)}`)?.duration);
    // Durations for most files: Vitest's own order is longest first already.
    if (timed.length >= files.length / 2) return sorted;
    const known = new Map<string, boolean>();
    const group = (spec: TestSpecification): number => {
      const listed = LONGEST_FILES.indexOf(path.relative(root, spec.moduleId));
      if (listed !== -1) return listed;
      return usesSlowHelper(spec.moduleId, known) ? LONGEST_FILES.length : LONGEST_FILES.length + 1;
    };
    // A stable sort: within a group, Vitest's order.
    return sorted.map((spec) => ({ spec, group: group(spec) })).sort((a, b) => a.group - b.group).map(({ spec }) => spec);
  }
}
