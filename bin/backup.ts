import fs from "node:fs";
import path from "node:path";
import type { ShopConfig } from "../server/config";
import { backupKeyOf, openDatabase } from "../server/runtime";
import { connectPostgres, type Database } from "../db/connection";
import { migrateToLatest, migrationLevel } from "../db/migrate";
import { backupToFile, restoreFromFile } from "../eventstore/backup";
import { BackupRefused, checkBackup } from "../eventstore/backup-file";
import { copyEvents, importingTarget, portEvents, postgresEvents, postgresTarget, type CopySource, type CopyTarget } from "../eventstore/copy";
import { openEventStore, type EventStore } from "../eventstore/index";
import { PostgresEventStore } from "../eventstore/postgres";
import { backupFileName } from "../domain/backup-schedule";
import { command, CommandLineError } from "./args";
import { definitions } from "./definitions";

/**
 * `shop backup`, `shop restore`, `shop copy-events` (decision 112, docs/backups.md). What only one of them needs (the
 * projectors, the whole shop's services for the erasures, the replay) is loaded when it runs: a refused file or a
 * backup does not wait for the rest (decision 177).
 */

const count = (n: number) => n.toLocaleString("en-IN");
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The events in EventStoreDB are outside the shop's database: neither a snapshot nor a restore can take them with the rest. */
function refuseEventStoreDb(config: ShopConfig, what: string): void {
  if (config.eventStoreUrl) {
    throw new BackupRefused(
      `${what} covers the Postgres event store (the shop's own database); with EVENTSTORE_URL the events live in EventStoreDB: ` +
        "back that up with its own tools, and the database with pg_dump",
    );
  }
}

/** The shop's database; on the embedded default, a running shop holding it is named with what to do instead. */
async function openShopDatabase(config: ShopConfig, insteadHint: string): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (err) {
    const e = err as Error;
    if (e.name === "DatabaseUnreachable" && /in use by another shop process/.test(e.message)) {
      e.message = `${e.message.replace(/; stop it first.*$/, "")}: ${insteadHint}`;
    }
    throw err;
  }
}

function rowsLine(rows: Record<string, number>): string {
  const listed = Object.entries(rows).filter(([, n]) => n > 0);
  const total = listed.reduce((sum, [, n]) => sum + n, 0);
  return `${count(total)} rows${listed.length ? ` (${listed.map(([t, n]) => `${t} ${count(n)}`).join(", ")})` : ""}`;
}

export const backupCommand = command(
  definitions.backup,
  async (config, { options }) => {
    refuseEventStoreDb(config, "shop backup");
    const file = path.resolve(options.to ?? path.join(config.backup.dir, backupFileName(new Date())));
    if (fs.existsSync(file)) throw new BackupRefused(`${file} exists already: choose another --to`);
    const database = await openShopDatabase(
      config,
      "the running shop makes its own backups (set BACKUP_DAILY_AT; they go to BACKUP_DIR), or stop it and run shop backup again",
    );
    try {
      if (!(await migrationLevel(database.db))) throw new BackupRefused(`${database.description} holds no shop yet: nothing to back up`);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const [{ createBackupService }, { readModelTables }] = await Promise.all([import("../services/backups"), import("../workers/backups")]);
      const runs = createBackupService(database.db);
      // Older databases have no record of backups (migration 0019): the backup goes ahead without one.
      const run = await runs.startManual().catch(() => undefined);
      try {
        const summary = await backupToFile(database, file, {
          rebuilt: readModelTables(),
          shopName: config.shopName,
          photosDir: config.photosDir,
          signingKey: backupKeyOf(config, { make: true }),
        });
        if (run !== undefined) await runs.finish(run, { file, bytes: summary.bytes, events: summary.events, sha256: summary.sha256 });
        console.log(`backed up ${count(summary.events)} events and ${rowsLine(summary.rows)} to ${file}`);
        console.log(`  ${size(summary.bytes)}, sha256 of the content ${summary.sha256}, schema ${summary.migration}, ${summary.seconds.toFixed(1)} s`);
        return 0;
      } catch (err) {
        if (run !== undefined) await runs.fail(run, (err as Error).message).catch(() => {});
        throw err;
      }
    } finally {
      await database.close();
    }
  },
);

export const restoreCommand = command(
  definitions.restore,
  async (config, { positional: file, options }) => {
    const signingKey = backupKeyOf(config, { make: false });
    const checked = await checkBackup(path.resolve(file), signingKey);
    const rows = Object.fromEntries(Object.entries(checked.header.counts).filter(([k]) => k !== "events"));
    console.log(
      `checked ${file}: ${count(checked.header.counts.events ?? 0)} events and ${rowsLine(rows)}, ` +
        `schema ${checked.header.migration}, taken ${checked.header.createdAt} from ${checked.header.source}; sha256 ${checked.sha256}`,
    );
    if (options.check) return 0;
    refuseEventStoreDb(config, "shop restore");
    const [{ projectors }, { ensureCheckpoints }, { progressReporter, rebuildLive }, { reapplyErasures }] = await Promise.all([
      import("../projectors/index"),
      import("../projectors/runner"),
      import("./ops"),
      import("./privacy"),
    ]);
    const database = await openShopDatabase(config, "stop it: a backup is restored only into an empty data folder");
    let head: string | undefined;
    try {
      const progress = progressReporter("restore");
      const started = Date.now();
      const restored = await restoreFromFile(database, path.resolve(file), {
        signingKey,
        photosDir: config.photosDir,
        onProgress: (done, total) => progress.update({ done, total, rate: done / Math.max(0.001, (Date.now() - started) / 1000) }),
      });
      progress.finish();
      head = restored.head;
      console.log(
        `restored ${count(restored.events)} events and ${rowsLine(restored.rows)} into ${database.description} ` +
          `in ${restored.seconds.toFixed(1)} s (schema ${restored.migration}, then migrated to this shop's)`,
      );
      await ensureCheckpoints(database.db, projectors);
      await waitUntilVisible(new PostgresEventStore(database), head);
    } finally {
      await database.close();
    }
    // Before the replay: whoever was erased after this backup was taken is erased again (decision 123).
    const again = await reapplyErasures(config);
    if (again > 0) console.log(`privacy: ${again} people erased after this backup was taken are erased again (${config.privacy.erasuresFile})`);
    const replayed = await rebuildLive(config, []);
    if (replayed !== 0) return replayed;
    console.log('next: "shop verify" compares the read models with a fresh replay; start the shop as before.');
    if (!config.sessionSecret) {
      console.log("note: the session secret is not in a backup: copy data/session-secret from the old shop (or set SESSION_SECRET) to keep parents signed in");
    }
    if (!config.privacy.masterKey) {
      console.log("note: the privacy master key is not in a backup: copy data/privacy-master-key from the old shop (or set PRIVACY_MASTER_KEY), or no parent's details open");
    }
    return 0;
  },
);

/**
 * The Postgres store shows an event once every transaction older than it has ended on the whole
 * server: a replay right after the restore must not start before the restored events show.
 */
async function waitUntilVisible(store: EventStore, head: string | undefined): Promise<void> {
  if (head === undefined) return;
  const deadline = Date.now() + 120_000;
  let told = false;
  while (store.comparePositions(await store.headPosition(), head) < 0) {
    if (Date.now() > deadline) {
      throw new BackupRefused("the restored events do not show yet: a transaction left open on the Postgres server holds them back (pg_stat_activity); run shop replay once it has ended");
    }
    if (!told) console.error("waiting for older transactions on the server to end before the replay ...");
    told = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const POSTGRES = ["postgres:", "postgresql:"];
const EVENTSTOREDB = ["esdb:", "esdb+discover:", "kurrentdb:", "kdb:"];

/** The copy's target from --to: a Postgres database (migrated, so it is a shop's) or EventStoreDB. */
async function openTarget(url: string): Promise<{ target: CopyTarget; close: () => Promise<void> }> {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new CommandLineError(`--to is not a URL: expected postgres://... or esdb://...`, "copy-events");
  }
  const asTo = (err: unknown) => {
    const e = err as Error;
    e.message = e.message.replace(/^(DATABASE_URL|EVENTSTORE_URL):/, "--to:");
    return e;
  };
  if (POSTGRES.includes(protocol)) {
    const database = await connectPostgres(url).catch((err) => Promise.reject(asTo(err)));
    try {
      await migrateToLatest(database.db);
    } catch (err) {
      await database.close();
      throw err;
    }
    return { target: postgresTarget(database.db, database.description), close: () => database.close() };
  }
  if (EVENTSTOREDB.includes(protocol)) {
    // NOT RUN against a live EventStoreDB (docs/eventstoredb.md): written against the adapter only.
    const store = (await openEventStore(undefined, url).catch((err) => Promise.reject(asTo(err)))) as EventStore & {
      importEvents: Parameters<typeof importingTarget>[0]["importEvents"];
    };
    return { target: importingTarget(store), close: () => store.close() };
  }
  throw new CommandLineError(`--to must start with postgres:// or esdb://, got ${protocol}//`, "copy-events");
}

export const copyEventsCommand = command(
  definitions.copyEvents,
  async (config, { options }) => {
    const { target, close: closeTarget } = await openTarget(options.to);
    let source: CopySource;
    let closeSource: () => Promise<void>;
    try {
      if (config.eventStoreUrl) {
        const store = await openEventStore(undefined, config.eventStoreUrl);
        source = portEvents(store);
        closeSource = () => store.close();
      } else {
        const database = await openShopDatabase(config, "stop it first: the embedded database is open in one process only");
        source = postgresEvents(database.db, `Postgres event store (${database.description})`, { visibleOnly: true });
        closeSource = () => database.close();
      }
    } catch (err) {
      await closeTarget();
      throw err;
    }
    try {
      const { progressReporter } = await import("./ops");
      const progress = progressReporter("copy-events");
      const started = Date.now();
      const report = await copyEvents(source, target, {
        onProgress: ({ done, total }) => progress.update({ done, total, rate: done / Math.max(0.001, (Date.now() - started) / 1000) }),
      });
      progress.finish();
      console.log(
        `copied ${count(report.copied)} events from ${source.description} into ${target.description} ` +
          `(${report.alreadyThere ? `${count(report.alreadyThere)} were there already, each checked` : "the target held none"}) in ${report.seconds.toFixed(1)} s`,
      );
      console.log(
        `checked: the target holds ${count(report.targetEvents)} events, each as this store has it and in the same order ` +
          `(sha256 ${report.digest}); last position here ${report.sourceHead ?? "(none)"}, there ${report.targetHead ?? "(none)"}`,
      );
      return 0;
    } finally {
      await closeSource();
      await closeTarget();
    }
  },
);
