import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";

/**
 * The record of this database's backups (backup_runs, decision 112): what /healthz and the admin
 * frame say about the last one, and how the scheduled backup claims its time so that two
 * processes never both make it.
 */

export interface BackupStatus {
  /** When the newest backup that worked was finished; null when none has. */
  lastAt: Date | null;
  file: string | null;
  /** The newest failure, when it came after the newest backup that worked. */
  failure: { at: Date; error: string } | null;
}

export interface FinishedBackup {
  file: string;
  bytes: number;
  events: number;
  sha256: string;
}

/** A claim on a scheduled run still unfinished after this long belongs to a process that died. */
const STALE_CLAIM = "6 hours";

export function createBackupService(db: Kysely<DB>) {
  return {
    /** The newest backup that worked, and a failure since, if any. */
    async status(): Promise<BackupStatus> {
      const { rows } = await sql<{ last_at: Date | null; file: string | null; failed_at: Date | null; error: string | null }>`
        select ok.finished_at as last_at, ok.file, bad.finished_at as failed_at, bad.error
        from (select 1) one
        left join lateral (
          select finished_at, file from backup_runs where error is null and finished_at is not null
          order by finished_at desc limit 1
        ) ok on true
        left join lateral (
          select finished_at, error from backup_runs where error is not null
          order by finished_at desc limit 1
        ) bad on true`.execute(db);
      const row = rows[0];
      const lastAt = row?.last_at ? new Date(row.last_at) : null;
      const failedAt = row?.failed_at ? new Date(row.failed_at) : null;
      return {
        lastAt,
        file: row?.file ?? null,
        failure: failedAt && row?.error && (!lastAt || failedAt > lastAt) ? { at: failedAt, error: row.error } : null,
      };
    },

    /**
     * Claims the scheduled time `slot` for this process: undefined when it is done already or
     * another process is on it. A slot whose run failed, or whose claim is stale, is taken again.
     */
    async claimSlot(slot: Date): Promise<number | undefined> {
      const { rows } = await sql<{ id: number }>`
        insert into backup_runs (kind, slot) values ('scheduled', ${slot})
        on conflict (slot) do update set started_at = now(), finished_at = null, error = null, file = null
        where backup_runs.error is not null
           or (backup_runs.finished_at is null and backup_runs.started_at < now() - ${STALE_CLAIM}::interval)
        returning id`.execute(db);
      return rows[0]?.id;
    },

    /** A backup by hand (`shop backup`). */
    async startManual(): Promise<number> {
      const row = await db.insertInto("backup_runs").values({ kind: "manual" }).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    async finish(id: number, backup: FinishedBackup): Promise<void> {
      await db
        .updateTable("backup_runs")
        .set({ finished_at: new Date(), file: backup.file, bytes: backup.bytes, events: backup.events, sha256: backup.sha256, error: null })
        .where("id", "=", id)
        .execute();
    },

    async fail(id: number, error: string): Promise<void> {
      await db.updateTable("backup_runs").set({ finished_at: new Date(), error: error.slice(0, 2000) }).where("id", "=", id).execute();
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** Hours since the last backup, to a tenth; null without one. */
export function backupAgeHours(status: BackupStatus, now: Date): number | null {
  if (!status.lastAt) return null;
  return Math.round(Math.max(0, now.getTime() - status.lastAt.getTime()) / 360_000) / 10;
}
