import { describe, expect, it } from "vitest";
import { BACKUP_FILE_PATTERN, backupFileName, nextBackupSlot, parseDailyAt, previousBackupSlot } from "../../domain/backup-schedule";
import { ConfigError, readConfig } from "../../server/config";

describe("the daily backup's time (BACKUP_DAILY_AT, India time)", () => {
  it("reads HH:MM from 00:00 to 23:59 and nothing else", () => {
    expect(parseDailyAt("03:30")).toEqual({ hour: 3, minute: 30 });
    expect(parseDailyAt("3:05")).toEqual({ hour: 3, minute: 5 });
    expect(parseDailyAt("23:59")).toEqual({ hour: 23, minute: 59 });
    for (const wrong of ["24:00", "12:60", "3", "03:3", "0330", "3pm", "-1:00", "03:30:00"]) expect(parseDailyAt(wrong), wrong).toBeUndefined();
  });

  it("is 03:30 in India, 22:00 UTC the day before, and the next one comes after now", () => {
    const at = { hour: 3, minute: 30 };
    // 21:59 UTC is 03:29 in India: today's backup is a minute away.
    expect(nextBackupSlot(new Date("2025-01-14T21:59:00Z"), at).toISOString()).toBe("2025-01-14T22:00:00.000Z");
    // 22:00 UTC is that very moment: the next is a day later; the one owed is this one.
    expect(nextBackupSlot(new Date("2025-01-14T22:00:00Z"), at).toISOString()).toBe("2025-01-15T22:00:00.000Z");
    expect(previousBackupSlot(new Date("2025-01-14T22:00:00Z"), at).toISOString()).toBe("2025-01-14T22:00:00.000Z");
    // Noon in India: this morning's is owed, tomorrow morning's is next.
    expect(previousBackupSlot(new Date("2025-01-15T06:30:00Z"), at).toISOString()).toBe("2025-01-14T22:00:00.000Z");
    expect(nextBackupSlot(new Date("2025-01-15T06:30:00Z"), at).toISOString()).toBe("2025-01-15T22:00:00.000Z");
    // 23:45 in India, just before India's midnight (18:15 UTC).
    expect(nextBackupSlot(new Date("2025-01-15T18:10:00Z"), { hour: 23, minute: 45 }).toISOString()).toBe("2025-01-15T18:15:00.000Z");
  });

  it("names files by their time so that names sort as times do, and only such names are pruned", () => {
    const name = backupFileName(new Date("2025-01-15T03:30:00.123Z"));
    expect(name).toBe("shop-backup-2025-01-15T03-30-00.123Z.jsonl.gz");
    expect(BACKUP_FILE_PATTERN.test(name)).toBe(true);
    expect(backupFileName(new Date("2025-01-15T03:30:00.124Z")) > name).toBe(true);
    for (const other of ["my-backup.jsonl.gz", `${name}.partial`, "shop-backup-latest.jsonl.gz"]) expect(BACKUP_FILE_PATTERN.test(other), other).toBe(false);
  });
});

describe("backup settings at start-up", () => {
  const config = (env: Record<string, string>) => readConfig({ SHOP_DATA_DIR: "/srv/shop", ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error("no refusal");
  };

  it("defaults to no scheduled backups, 7 files, <SHOP_DATA_DIR>/backups and 26 hours", () => {
    expect(config({}).backup).toEqual({ keep: 7, dir: "/srv/shop/backups" });
    expect(config({}).healthMaxBackupAgeHours).toBe(26);
    expect(config({ BACKUP_DAILY_AT: "02:15", BACKUP_KEEP: "3", BACKUP_DIR: "/mnt/backups" }).backup).toEqual({
      dailyAt: { hour: 2, minute: 15 },
      keep: 3,
      dir: "/mnt/backups",
    });
  });

  it("says in one line what is wrong with a setting", () => {
    expect(refusal({ BACKUP_DAILY_AT: "25:00" })).toBe('BACKUP_DAILY_AT must be a time of day in India, HH:MM from 00:00 to 23:59, got "25:00"');
    expect(refusal({ BACKUP_KEEP: "0" })).toBe('BACKUP_KEEP must be a whole number from 1 to 1000, got "0"');
    expect(refusal({ HEALTH_MAX_BACKUP_AGE_HOURS: "soon" })).toMatch(/^HEALTH_MAX_BACKUP_AGE_HOURS must be a whole number/);
    expect(refusal({ BACKUP_DAILY_AT: "03:00", EVENTSTORE_URL: "esdb://localhost:2113?tls=false" })).toMatch(/^BACKUP_DAILY_AT backs up the Postgres event store/);
    for (const message of [refusal({ BACKUP_DAILY_AT: "25:00" }), refusal({ BACKUP_KEEP: "0" })]) expect(message).not.toContain("\n");
  });
});
