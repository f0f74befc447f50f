import { useT } from "../i18n/I18n";

/** What the admin frame says about the shop's last backup (app/admin/last-backup.server.ts): minutes, so the page draws the same text on the server and in the browser. */
export interface LastBackupData {
  /** Minutes since the newest backup that worked; null when there has been none. */
  ageMinutes: number | null;
  /** Minutes since the newest failed backup, when none has worked since. */
  failedMinutesAgo: number | null;
  /** While the shop backs itself up: as /healthz has it, too old or failing. */
  stale: boolean;
}

/** "Last backup: 3 hours ago" in the admin header (decision 112); marked when /healthz would call it too old or failing. */
export function LastBackup({ backup }: { backup: LastBackupData | null | undefined }) {
  const t = useT();
  if (!backup) return null;
  const ago = (minutes: number) =>
    minutes < 1
      ? t("admin:backup.justNow")
      : minutes < 60
        ? t("admin:backup.minutes", { count: minutes })
        : minutes < 48 * 60
          ? t("admin:backup.hours", { count: Math.floor(minutes / 60) })
          : t("admin:backup.days", { count: Math.floor(minutes / (24 * 60)) });
  const text =
    backup.failedMinutesAgo !== null
      ? t("admin:backup.failed", { ago: ago(backup.failedMinutesAgo) })
      : backup.ageMinutes !== null
        ? t("admin:backup.last", { ago: ago(backup.ageMinutes) })
        : t("admin:backup.never");
  return (
    <p className={backup.stale ? "admin-backup stale" : "admin-backup"} data-backup-age={backup.ageMinutes ?? ""}>
      {text}
    </p>
  );
}
