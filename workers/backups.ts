import fs from "node:fs";
import path from "node:path";
import type { Database } from "../db/connection";
import { backupToFile, type BackupSummary } from "../eventstore/backup";
import { projectors } from "../projectors/index";
import { createBackupService } from "../services/backups";
import type { BackupSettings } from "../services/settings";
import { BACKUP_FILE_PATTERN, backupFileName, formatDailyAt, nextBackupSlot, previousBackupSlot } from "../domain/backup-schedule";

/**
 * The backups the running shop makes of itself (decision 112): once a day at BACKUP_DAILY_AT
 * (India time) into BACKUP_DIR, keeping the newest BACKUP_KEEP files. On the embedded database
 * only the process that has it open can back it up, so the shop does it itself; on a Postgres
 * server the process with the projector role does (one per shop), and a claim on the scheduled
 * time in backup_runs keeps a second one from making the same backup.
 */

/** Every read model's tables: rebuilt by replay, so never in a backup. */
export function readModelTables(): string[] {
  return projectors.flatMap((p) => p.tables);
}

export interface BackupDeps {
  database: Database;
  settings: Pick<BackupSettings, "dir" | "keep">;
  shopName: string;
  /** The photos folder: its files go into each backup (decision 139). */
  photosDir?: string;
  /** The key backups are signed with (decision 168), kept outside BACKUP_DIR. */
  signingKey: Buffer;
  log: (line: string) => void;
  now?: () => Date;
}

/** Removes all but the newest `keep` backup files of BACKUP_DIR (only files named as the shop names them). */
export async function keepNewest(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_FILE_PATTERN.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await fs.promises.rm(path.join(dir, name), { force: true });
  return old;
}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * One scheduled backup for the time `slot`, if no process has made it yet: written into
 * BACKUP_DIR, recorded in backup_runs (worked or failed), then the old files pruned.
 * Undefined when the slot was taken already.
 */
export async function runScheduledBackup(deps: BackupDeps, slot: Date, signal?: AbortSignal): Promise<BackupSummary | undefined> {
  const runs = createBackupService(deps.database.db);
  const id = await runs.claimSlot(slot);
  if (id === undefined) return undefined;
  const now = deps.now?.() ?? new Date();
  try {
    await fs.promises.mkdir(deps.settings.dir, { recursive: true });
    const file = path.join(deps.settings.dir, backupFileName(now));
    const summary = await backupToFile(deps.database, file, { rebuilt: readModelTables(), shopName: deps.shopName, signal, photosDir: deps.photosDir, signingKey: deps.signingKey });
    await runs.finish(id, { file, bytes: summary.bytes, events: summary.events, sha256: summary.sha256 });
    const removed = await keepNewest(deps.settings.dir, deps.settings.keep);
    deps.log(
      `backup: ${summary.events.toLocaleString("en-IN")} events and ${Object.values(summary.rows).reduce((a, b) => a + b, 0).toLocaleString("en-IN")} rows ` +
        `to ${file} (${size(summary.bytes)}, ${summary.seconds.toFixed(1)} s)` +
        (removed.length ? `; removed ${removed.length} older (BACKUP_KEEP=${deps.settings.keep})` : ""),
    );
    return summary;
  } catch (err) {
    const message = signal?.aborted ? "stopped with the shop before it was finished" : err instanceof Error ? err.message : String(err);
    await runs.fail(id, message).catch(() => {});
    deps.log(`backup failed: ${message}`);
    return undefined;
  }
}

/**
 * Starts the daily backup when BACKUP_DAILY_AT is set. A shop that starts after today's time
 * without that day's backup makes it at once (it was down, or new); then every day at the time.
 * The returned stop ends a backup under way (its partial file is removed) and the timer.
 */
export function startScheduledBackups(deps: BackupDeps & { settings: BackupSettings }): () => Promise<void> {
  const at = deps.settings.dailyAt;
  if (!at) return async () => {};
  const now = () => deps.now?.() ?? new Date();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const run = (slot: Date) => {
    running = running.then(() => (stopping.signal.aborted ? undefined : runScheduledBackup(deps, slot, stopping.signal)));
    return running;
  };
  const schedule = () => {
    if (stopping.signal.aborted) return;
    const next = nextBackupSlot(now(), at);
    // At most a day away: within setTimeout's range. Checked again on waking, in case the clock moved.
    timer = setTimeout(() => {
      if (now() < next) return schedule();
      void run(next).finally(schedule);
    }, Math.max(1000, next.getTime() - now().getTime()));
    timer.unref();
  };
  deps.log(`  backups:   daily at ${formatDailyAt(at)} India time into ${deps.settings.dir}, the newest ${deps.settings.keep} kept`);
  void run(previousBackupSlot(now(), at));
  schedule();
  return async () => {
    stopping.abort();
    clearTimeout(timer);
    await running.catch(() => {});
  };
}
