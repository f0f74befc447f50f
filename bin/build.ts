import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const SOURCES = ["app", "domain", "services", "db", "eventstore", "projectors", "workers", "public", "vite.config.ts", "package.json"];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** The production build is stale when any source is newer than the server bundle. */
export function buildIsStale(root = process.cwd()): boolean {
  const built = newestMtime(path.join(root, "build/server/index.js"));
  if (built === 0) return true;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

/** How long a lock left by a build that died is honoured before another build takes over. */
const LOCK_STALE_MS = 10 * 60_000;

/**
 * Holds `tmp/build.lock` while `work` runs: two processes (two test runs, a test run and
 * `npm start`) that both find the build stale must not write build/ at the same time.
 * The second waits, then finds the build fresh and skips its own.
 */
function withBuildLock<T>(root: string, work: () => T): T {
  const lock = path.join(root, "tmp", "build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Builds the Remix app with Vite when the sources changed since the last build. */
export function buildIfNeeded(log: (line: string) => void, root = process.cwd()): void {
  if (!buildIsStale(root)) return;
  withBuildLock(root, () => {
    if (!buildIsStale(root)) return;
    log("building the shop (first start or changed sources)...");
    const cli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
    const result = spawnSync(process.execPath, [cli, "vite:build"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error("the build failed (see the messages above)");
  });
}
