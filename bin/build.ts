import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";

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

export interface BuildOptions {
  root?: string;
  /**
   * Resolves when the process is asked to stop (bin/signals.ts): a build under way is ended, a wait for
   * another process's build given up, and buildIfNeeded returns "stopped" instead of failing.
   */
  stop?: Promise<unknown>;
}

/**
 * Holds `tmp/build.lock` while `work` runs: two processes (two test runs, a test run and
 * `npm start`) that both find the build stale must not write build/ at the same time.
 * The second waits, then finds the build fresh and skips its own. The waits and the work
 * are asynchronous, so the process still answers its signals meanwhile.
 */
async function withBuildLock<T>(root: string, stopping: () => boolean, work: () => Promise<T>): Promise<T | "stopped"> {
  const lock = path.join(root, "tmp", "build.lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    if (stopping()) return "stopped";
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/**
 * Builds the Remix app with Vite when the sources changed since the last build. The build runs
 * as a child process; asked to stop (`options.stop`), this ends it and returns "stopped".
 */
export async function buildIfNeeded(log: (line: string) => void, options: BuildOptions = {}): Promise<"fresh" | "built" | "stopped"> {
  const root = options.root ?? process.cwd();
  if (!buildIsStale(root)) return "fresh";
  let stopping = false;
  const stopped = options.stop?.then(() => {
    stopping = true;
  });
  const outcome = await withBuildLock(root, () => stopping, async () => {
    if (!buildIsStale(root)) return "fresh" as const;
    log("building the shop (first start or changed sources)...");
    const cli = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
    const child = spawn(process.execPath, [cli, "vite:build"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    // Its output is not shown (as before), but read, so a full pipe never stalls it.
    child.stdout.resume();
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code, signal) => resolve({ code, signal }));
    });
    void stopped?.then(() => child.kill("SIGTERM"));
    const { code } = await ended;
    // A signal sent to the whole process group reaches the build too: then it is a stop, not a failed build.
    if (stopping) return "stopped" as const;
    if (code !== 0) throw new Error("the build failed (see the messages above)");
    return "built" as const;
  });
  return outcome;
}
