import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { DB } from "./schema";
import { postgresPlace } from "./place";
import { preparedName } from "./prepared";

/** int8 and numeric come back as JS numbers: counts and rupee amounts fit comfortably. */
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export type DatabaseKind = "postgres" | "pglite";

/**
 * One handle on the shop's database: Kysely for queries, plus LISTEN so the
 * event store can wake subscribers without polling hard.
 */
export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Human description for start-up and /healthz, never containing a password. */
  description: string;
  /**
   * LISTENs on `channel` until the returned function is called. On a Postgres server the LISTEN has
   * its own connection; if it breaks it is reopened (LISTEN_REOPEN_MS) and `onNotify(undefined)` is
   * called once it is back: a notification may have been missed meanwhile, so look again.
   */
  listen(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /**
   * One connection held for `work`, with Postgres's COPY on it: for a replay's bulk load,
   * whose rows and checkpoint must share a transaction the caller begins and ends on `db`.
   * Only on a Postgres server (pg can stream COPY; PGlite here cannot).
   */
  session?<T>(work: (session: CopySession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CopySession {
  /** Queries on the held connection. */
  db: Kysely<DB>;
  /** `COPY table (columns) FROM STDIN` with rows in COPY's text format (see projectors/bulk.ts). */
  copy(table: string, columns: readonly string[], text: string): Promise<void>;
}

export class DatabaseUnreachable extends Error {
  override name = "DatabaseUnreachable";
}

/**
 * A pool connection that sends the statements db/prepared.ts names as named prepared statements:
 * parsed and planned on this connection the first time, only bound and run after that.
 */
class PreparingClient extends pg.Client {
  // pg's query() has a dozen overloads; Kysely calls query(text, values) and wants the promise.
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === "string" && args.length === 2 ? preparedName(text) : undefined;
    const run = super.query as (...a: unknown[]) => never;
    return name ? run.call(this, { name, text, values }) : run.apply(this, args);
  }
}

export async function connectPostgres(url: string, options: { poolSize?: number } = {}): Promise<Database> {
  const where = postgresPlace(url);
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30000,
  });
  // An idle client dropping (server restart) must not crash the process.
  pool.on("error", (err) => console.error(`postgres pool: ${err.message}`));
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachable(`DATABASE_URL: cannot connect to Postgres at ${where} (${errorText(err)})`);
  }
  const listeners = new Set<Listener>();
  return {
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    kind: "postgres",
    description: `Postgres at ${where}`,
    async listen(channel, onNotify) {
      const listener = await openListener(url, channel, onNotify);
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async session(work) {
      const client = await pool.connect();
      // Kysely over this one connection: it "acquires" and "releases" it per query.
      const borrowed = { query: client.query.bind(client), release: () => {} };
      const held = { connect: async () => borrowed, end: async () => {} };
      const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: held as unknown as pg.Pool }) });
      let broken: unknown;
      try {
        return await work({
          db,
          async copy(table, columns, text) {
            const target = `${table.split(".").map(quoteIdent).join(".")} (${columns.map(quoteIdent).join(", ")})`;
            const stream = client.query(copyFrom(`copy ${target} from stdin`));
            await new Promise<void>((resolve, reject) => {
              stream.on("finish", resolve);
              stream.on("error", reject);
              stream.end(text);
            });
          },
        });
      } catch (err) {
        broken = err;
        throw err;
      } finally {
        // A connection that failed mid-COPY is not handed to anyone else.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async close() {
      await Promise.all([...listeners].map((l) => l.stop()));
      await pool.end();
    },
  };
}

/** Waits between attempts to reopen a broken LISTEN connection: the first, doubled after each failure up to the last. */
export const LISTEN_REOPEN_MS = { first: 250, max: 5_000 } as const;

interface Listener {
  stop(): Promise<void>;
}

/**
 * A LISTEN on its own connection that outlives the connection: Postgres restarted, the backend
 * terminated, the network gone. Without that, other processes' subscribers would wait for their idle
 * poll and an erasure would reach their key caches only when the cache bound ran out (decision 147).
 * The connection is named `shop listen <channel>` (application_name) so operators find it in
 * pg_stat_activity. The first connection failing is the caller's error, as any at start-up.
 */
async function openListener(url: string, channel: string, onNotify: (payload: string | undefined) => void): Promise<Listener> {
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      application_name: `shop listen ${channel}`.slice(0, 63),
      connectionTimeoutMillis: 5_000,
      // A peer that vanished without closing (a network blip) is found by TCP keep-alive, not by waiting for a notification.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // pg emits "error" for a break while idle (a terminated backend, a server restart), else "end" alone.
    client.on("error", (err) => broken(client, err));
    client.on("end", () => broken(client));
    client.on("notification", (msg) => {
      if (msg.channel === channel) onNotify(msg.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    return client;
  };

  const broken = (client: pg.Client, err?: Error) => {
    if (client !== current || stopped) return;
    current = undefined;
    client.end().catch(() => {});
    console.error(`postgres listener on ${channel}: connection lost (${err ? errorText(err) : "closed"}); reopening`);
    reopen(LISTEN_REOPEN_MS.first, Date.now());
  };

  const reopen = (waitMs: number, lostAt: number) => {
    retry = setTimeout(async () => {
      retry = undefined;
      let client: pg.Client;
      try {
        client = await connect();
      } catch {
        if (!stopped) reopen(Math.min(waitMs * 2, LISTEN_REOPEN_MS.max), lostAt);
        return;
      }
      if (stopped) {
        await client.end().catch(() => {});
        return;
      }
      current = client;
      console.error(`postgres listener on ${channel}: reopened after ${((Date.now() - lostAt) / 1000).toFixed(1)} s`);
      onNotify(undefined);
    }, waitMs);
    // A shop shutting down does not wait for a listener it is about to stop.
    retry.unref();
  };

  current = await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Embedded PGlite files must only ever be open in one process: a second
 * process (say `shop replay` beside a running `npm start`) would corrupt them.
 */
function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8"));
    if (pid && pid !== process.pid && processAlive(pid)) {
      throw new DatabaseUnreachable(
        `the embedded database in ${path.relative(process.cwd(), dir) || dir} is in use by another shop process (pid ${pid}); ` +
          "stop it first, or set DATABASE_URL to share a Postgres server",
      );
    }
  } catch (err) {
    if (err instanceof DatabaseUnreachable) throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      // Already gone.
    }
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded Postgres's buffer pool. Postgres's default, 128 MB, is touched as it is set up and
 * never given back: about 110 MB of the shop process's resident memory (measured by
 * tests/bench/rush.bench.ts), to keep pages of a database of tens of MB whose files the operating
 * system caches anyway (PGlite reads ordinary files).
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * A new embedded database folder, made by a Node process of its own that then ends. PGlite makes a
 * new folder by running `initdb` in a second and a third WebAssembly Postgres beside the one it opens,
 * and hands the result over as a tarball: in the shop's process that took 400-550 MB more at the peak
 * (VmHWM 861-908 MB on a first start against 377 MB opening a folder made before) and left about 40 MB
 * more resident at the end of a rush (decision 155). Made apart, the shop opens it as it opens any
 * folder on a restart. If that process fails, PGlite makes the folder here as before.
 */
async function makeDataFolder(dir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const script = "const { PGlite } = await import(process.argv[1]); const pg = new PGlite(process.argv[2]); await pg.waitReady; await pg.close();";
  await new Promise<void>((resolve) => {
    execFile(process.execPath, ["--input-type=module", "-e", script, pglite, dir], { env: { ...process.env, NODE_OPTIONS: "" }, timeout: 120_000 }, () => resolve());
  });
}

/**
 * The database's folder is the owner's alone (issue 49: 966 of PGlite's 1,193 files were world-readable, erased words
 * among them): the folder and every folder in it 0700, every file 0600. A file the engine makes later sits inside a
 * folder no one else may enter.
 */
export function keepPrivate(dir: string): void {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) keepPrivate(at);
    else if (entry.isFile()) fs.chmodSync(at, 0o600);
  }
}

/** Embedded Postgres (WASM). `dir` undefined means in memory, for tests. */
export async function connectPGlite(dir?: string): Promise<Database> {
  // Set before the embedded Postgres is compiled, the only WebAssembly the shop runs (decision 155): V8 compiles it
  // with its baseline compiler, Liftoff, and no longer recompiles its busiest functions with TurboFan on its own
  // threads as they warm up. Those compilations took megabytes each from the C allocator on four threads, which
  // kept them: 60-70 MB of the shop's resident memory, whether idle or at the end of a rush. TurboFan's code saved
  // no CPU over a rush (233 CPU seconds on Liftoff only, 235 with TurboFan).
  v8.setFlagsFromString("--liftoff-only");
  // Loaded only here: a process on a Postgres server (and a replay thread) never pays for the embedded engine.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGliteDialect } = await import("kysely-pglite-dialect");
  if (dir) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const unlock = dir ? lockDataDir(dir) : () => {};
  if (dir && !fs.existsSync(path.join(dir, "PG_VERSION"))) await makeDataFolder(dir);
  if (dir) keepPrivate(dir);
  const options = { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
  const pglite = dir ? new PGlite(dir, options) : new PGlite(options);
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: "pglite",
    description: dir ? `embedded PGlite in ${path.relative(process.cwd(), dir) || dir}` : "embedded PGlite in memory",
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        await unlisten();
      };
    },
    async close() {
      await db.destroy();
      unlock();
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function errorText(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length) return errorText(err.errors[0]);
  if (err && typeof err === "object") {
    const e = err as { code?: string; message?: string };
    if (e.code && e.message && !e.message.includes(e.code)) return `${e.code}: ${e.message}`;
    if (e.message) return e.message;
    if (e.code) return e.code;
  }
  return String(err);
}
