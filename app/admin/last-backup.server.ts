import type { Shop } from "../../services/index";
import type { LastBackupData as LastBackup } from "../components/LastBackup";

export type { LastBackup };

/**
 * What the admin header says about the last backup (decision 112): minutes since it, computed here so the page draws
 * the same words on the server and in the browser. Null when the record cannot be read (a database not yet migrated): the header then
 * says nothing about backups.
 */
export async function lastBackupOf(shop: Shop, now = new Date()): Promise<LastBackup | null> {
  let status;
  try {
    status = await shop.backups.status();
  } catch {
    return null;
  }
  const minutes = (at: Date) => Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));
  const ageMinutes = status.lastAt ? minutes(status.lastAt) : null;
  const scheduled = !!shop.config.backup?.dailyAt;
  const tooOld = ageMinutes !== null && ageMinutes > shop.config.healthMaxBackupAgeHours * 60;
  return {
    ageMinutes,
    failedMinutesAgo: status.failure ? minutes(status.failure.at) : null,
    stale: scheduled && (tooOld || status.failure !== null),
  };
}
