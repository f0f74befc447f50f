import fs from "node:fs";
import { inject } from "vitest";
import { buildIfNeeded } from "../../bin/build";
import { buildIsWhole, copyBuildTo } from "./build-copy";

/**
 * How long a copy lock whose holder never wrote its process id is honoured. A lock with a live holder is honoured
 * however long it is held: a build on a loaded machine took over seven minutes, and a second worker that took the
 * lock over then built and copied into the same folder at the same time (ENOTEMPTY as one removed what the other wrote).
 */
const LOCK_STALE_MS = 5 * 60_000;

function holderAlive(lock: string, age: number): boolean {
  const pid = Number(fs.readFileSync(lock, { encoding: "utf8", flag: "r" }).trim() || "0");
  if (!pid) return age <= LOCK_STALE_MS; // Written a moment from now: its holder is alive.
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The production build a test's web server serves: one copy for the whole run (./build-copy.ts says why a copy), at
 * the folder the global setup names. One folder for every server means a worker imports the server bundle once, not
 * once per test file (decision 156).
 *
 * The first test that serves pages makes it: it builds when a source changed, then copies; another worker asking
 * meanwhile waits for the copy. A run of unit tests alone never builds, and a unit test waits for no build that a
 * browser test in the same run needs (decision 158).
 */
export async function runBuild(): Promise<string> {
  const copy = inject("buildCopy");
  const lock = `${copy}.lock`;
  for (;;) {
    if (buildIsWhole(copy)) return copy;
    let mine = false;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      mine = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (mine) {
      try {
        if (!buildIsWhole(copy)) {
          await buildIfNeeded((line) => console.log(line));
          await copyBuildTo(copy);
        }
        return copy;
      } finally {
        fs.rmSync(lock, { force: true });
      }
    }
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    try {
      if (!holderAlive(lock, age)) fs.rmSync(lock, { force: true });
    } catch {
      // The lock went while it was read: its holder finished.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
