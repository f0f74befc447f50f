import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { connectPostgres } from "../db/connection";
import { openPostgresReader } from "../eventstore/index";
import { EventSealer } from "../eventstore/sealing";
import type { Position } from "../eventstore/port";
import { projectors } from "./index";
import { build, type ScratchBuilder } from "./replay";

/**
 * A replay's bulk builds on worker threads, one per projector, each with its own
 * connections: decoding one projector's events and encoding its rows no longer
 * waits for the other's, so on a Postgres server the builds use every core
 * (one thread was the limit: docs/benchmarks.md). Only for projectors of the
 * shop's own list and the Postgres event store, which a thread opens by URL.
 *
 * A thread runs this module bundled into one plain JavaScript file (esbuild, a few
 * hundred milliseconds): loaded through tsx's hooks, module by module, a thread took
 * seconds to start, which a million-event replay of twenty seconds cannot afford.
 */

interface Setup {
  kind: "replay-build";
  databaseUrl: string;
  /** The privacy master key, hex: a thread opens sealed personal fields as the shop does (decision 121). */
  masterKey: string;
}

interface Task {
  projector: string;
  schema: string;
  batchSize?: number;
}

type FromThread =
  | { kind: "progress"; done: number }
  | { kind: "built"; position: Position | undefined; done: number }
  | { kind: "failed"; message: string; stack?: string };

export interface ReplayThreads {
  builder: ScratchBuilder;
  /** Ends the threads that were not used (a replay of fewer projectors, or one that failed early). */
  close(): Promise<void>;
}

/**
 * This module and what it imports, except the packages with native or WASM parts, as one
 * file. It goes under node_modules/.cache so that its `import "pg"` finds the shop's pg.
 */
async function bundleThreadCode(): Promise<string> {
  const { build: bundle } = await import("esbuild");
  const source = fileURLToPath(import.meta.url);
  const cache = path.resolve(path.dirname(source), "../node_modules/.cache/shop");
  fs.mkdirSync(cache, { recursive: true });
  const outfile = path.join(cache, `replay-thread-${process.pid}-${randomBytes(3).toString("hex")}.mjs`);
  await bundle({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: ["pg", "pg-copy-streams", "@electric-sql/pglite", "kysely-pglite-dialect"],
    logLevel: "silent",
  });
  return outfile;
}

/**
 * Starts `count` threads at once, so loading their code overlaps the caller's own
 * start-up; each takes one build.
 */
export async function startReplayThreads(databaseUrl: string, masterKey: Buffer, count = projectors.length): Promise<ReplayThreads> {
  const setup: Setup = { kind: "replay-build", databaseUrl, masterKey: masterKey.toString("hex") };
  const file = await bundleThreadCode();
  const threads = Array.from({ length: count }, () => {
    const thread = {
      worker: new Worker(file, { workerData: setup }),
      ended: undefined as Error | undefined,
    };
    // Remembered for the build that takes the thread: one that failed to start must fail that build, not hang it.
    thread.worker.on("error", (err) => (thread.ended ??= err));
    thread.worker.on("exit", (code) => (thread.ended ??= new Error(`replay thread exited (${code})`)));
    return thread;
  });
  const idle = [...threads];

  const builder: ScratchBuilder = (projector, schema, options) =>
    new Promise((resolve, reject) => {
      const thread = idle.shift();
      if (!thread) return reject(new Error(`no replay thread left for ${projector.name}`));
      const { worker } = thread;
      if (thread.ended) return reject(thread.ended);
      if (!projectors.includes(projector)) {
        void worker.terminate();
        return reject(new Error(`projector ${projector.name} is not in the shop's list; a thread cannot load it`));
      }
      // A build stops between batches, as in one thread: a failed progress report (an interrupted
      // replay) or another build's failure asks the thread to halt, and the build settles once the
      // thread has ended its transaction and closed its connections. Terminating it mid-batch could
      // leave its backend holding locks on the scratch tables until Postgres noticed.
      let settled = false;
      let failure: unknown;
      let reports: Promise<unknown> = Promise.resolve();
      let deadline: NodeJS.Timeout | undefined;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearInterval(watch);
        clearTimeout(deadline);
        outcome();
      };
      const halt = () => {
        worker.postMessage("halt");
        // A thread that does not stop within a minute is ended by force.
        deadline ??= setTimeout(() => void worker.terminate(), 60_000).unref();
      };
      const watch = setInterval(() => {
        if (options.halted?.()) halt();
      }, 50);
      // Reports run in order; the build's outcome waits for the ones before it.
      const afterReports = (outcome: () => void) => void reports.then(() => finish(outcome));
      worker.on("message", (message: FromThread) => {
        if (message.kind === "progress") {
          reports = reports
            .then(() => options.report?.(message.done))
            .catch((err: unknown) => {
              failure ??= err;
              halt();
            });
        } else if (message.kind === "built") {
          afterReports(() => (failure ? reject(failure) : resolve({ position: message.position, done: message.done })));
        } else {
          const err = new Error(message.message);
          if (message.stack) err.stack = message.stack;
          afterReports(() => reject(failure ?? err));
        }
      });
      worker.on("error", (err) => {
        failure ??= err;
        afterReports(() => reject(failure));
      });
      worker.on("exit", (code) =>
        afterReports(() => reject(failure ?? new Error(`replay thread for ${projector.name} exited (${code}) before it finished`))),
      );
      worker.postMessage({
        projector: projector.name,
        schema,
        batchSize: options.batchSize,
      } satisfies Task);
    });

  return {
    builder,
    async close() {
      await Promise.all(threads.map((t) => t.worker.terminate()));
      fs.rmSync(file, { force: true });
    },
  };
}

/** In the thread: waits for its one task, builds, reports, and ends. */
function serve(setup: Setup): void {
  const port = parentPort!;
  let halted = false;
  port.on("message", (message: Task | "halt") => {
    if (message === "halt") halted = true;
    else void run(message);
  });

  async function run(task: Task): Promise<void> {
    const database = await connectPostgres(setup.databaseUrl, { poolSize: 3 });
    const store = openPostgresReader(database, { sealer: new EventSealer(database.db, Buffer.from(setup.masterKey, "hex")) });
    try {
      const projector = projectors.find((p) => p.name === task.projector);
      if (!projector) throw new Error(`unknown projector ${task.projector}`);
      const result = await build(database.db, store, task.schema, projector, undefined, {
        batchSize: task.batchSize,
        session: database.session,
        report: (done) => port.postMessage({ kind: "progress", done } satisfies FromThread),
        halted: () => halted,
      });
      port.postMessage({ kind: "built", ...result } satisfies FromThread);
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      port.postMessage({
        kind: "failed",
        message: e.message,
        stack: e.stack,
      } satisfies FromThread);
    } finally {
      await store.close();
      await database.close();
      port.close();
    }
  }
}

if (!isMainThread && (workerData as Setup | undefined)?.kind === "replay-build") serve(workerData as Setup);
