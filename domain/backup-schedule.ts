/**
 * When the running shop backs itself up (BACKUP_DAILY_AT, decision 112): once a day at a time of
 * day in India (UTC+05:30 all year: India keeps no summer time), and what its files are called.
 */

/** A time of day in India. */
export interface DailyAt {
  hour: number;
  minute: number;
}

const INDIA_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "03:30" or "3:30"; undefined when it is not a time of day (00:00 to 23:59). */
export function parseDailyAt(text: string): DailyAt | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return undefined;
  return { hour, minute };
}

export function formatDailyAt({ hour, minute }: DailyAt): string {
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

/** The scheduled time on the India day of `now`. */
function onIndiaDay(now: Date, at: DailyAt): number {
  const indiaMidnight = Math.floor((now.getTime() + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS - INDIA_OFFSET_MS;
  return indiaMidnight + (at.hour * 60 + at.minute) * 60 * 1000;
}

/** The first scheduled time after `now`. */
export function nextBackupSlot(now: Date, at: DailyAt): Date {
  const today = onIndiaDay(now, at);
  return new Date(today > now.getTime() ? today : today + DAY_MS);
}

/** The last scheduled time at or before `now`: the one a shop started after it still owes. */
export function previousBackupSlot(now: Date, at: DailyAt): Date {
  const today = onIndiaDay(now, at);
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/** What a backup file in BACKUP_DIR is called: its time (UTC) in the name, so names sort as times do. */
export function backupFileName(at: Date): string {
  return `shop-backup-${at.toISOString().replace(/:/g, "-")}.jsonl.gz`;
}

/** A name `backupFileName` makes: only such files are ever removed by BACKUP_KEEP. */
export const BACKUP_FILE_PATTERN = /^shop-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.jsonl\.gz$/;
