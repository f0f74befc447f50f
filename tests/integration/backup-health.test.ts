/**
 * The last backup's age where an operator and the shop's admin look (decision 112): /healthz turns
 * 503 when scheduled backups are on and the newest is older than HEALTH_MAX_BACKUP_AGE_HOURS (or
 * the last one failed), and the admin header says "Last backup: 3 hours ago", in English and Hindi.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkHealth } from "../../server/health";
import { messageTransports } from "../../services/notifications";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { adapterOf } from "../support/event-store";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { BACKUP_DAILY_AT: "03:00", HEALTH_MAX_BACKUP_AGE_HOURS: "26" } });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** A backup made `hours` ago, or one that failed then. */
async function backupMade(hours: number, error?: string) {
  await server.shop.db
    .insertInto("backup_runs")
    .values({
      kind: "manual",
      started_at: sql<Date>`now() - make_interval(secs => ${hours * 3600 + 5})`,
      finished_at: sql<Date>`now() - make_interval(secs => ${hours * 3600})`,
      file: error ? null : `/backups/made-${hours}h-ago.jsonl.gz`,
      error: error ?? null,
    })
    .execute();
}

async function healthz() {
  const res = await call(`${server.url}/healthz`);
  return { status: res.status, body: (await res.json()) as { ok: boolean; backups: Record<string, unknown> } };
}

/** The header's backup line as a person reads it. */
async function backupLine(lang: "en" | "hi"): Promise<string> {
  const res = await call(`${server.url}/admin`, { headers: { Cookie: `${admin.cookie}; shop_lng=${lang}` } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const line = /<p class="admin-backup( stale)?"[^>]*>([^<]*)<\/p>/.exec(html);
  expect(line, "the admin header shows the last backup").not.toBeNull();
  return `${line![2]}${line![1] ? " [stale]" : ""}`;
}

describe("the last backup's age", () => {
  it("is in /healthz: 200 while young, 503 past HEALTH_MAX_BACKUP_AGE_HOURS, and the admin header says how old", async () => {
    // No backup yet and none failed: the first is on its way (a starting shop makes the one it owes at once).
    let health = await healthz();
    for (let tries = 0; tries < 100 && health.status !== 200; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      health = await healthz();
    }
    expect(health.status).toBe(200);
    expect(health.body.backups).toEqual({ ok: true, scheduled: true, lastBackupAt: null, ageHours: null, maxAgeHours: 26 });
    expect(await backupLine("en")).toBe("No backup yet");
    expect(await backupLine("hi")).toBe("अभी तक कोई बैकअप नहीं बना");

    await backupMade(30);
    health = await healthz();
    expect(health.status).toBe(503);
    expect(health.body.ok).toBe(false);
    expect(health.body.backups).toMatchObject({ ok: false, scheduled: true, ageHours: 30, maxAgeHours: 26, lastBackupAt: expect.any(String) });
    expect(await backupLine("en")).toBe("Last backup: 30 hours ago [stale]");

    await backupMade(3);
    health = await healthz();
    expect(health.status).toBe(200);
    expect(health.body.backups).toMatchObject({ ok: true, ageHours: 3 });
    expect(await backupLine("en")).toBe("Last backup: 3 hours ago");
    expect(await backupLine("hi")).toBe("आख़िरी बैकअप: 3 घंटे पहले");

    // A failure since the last backup that worked is unhealthy whatever its age, and said so.
    await backupMade(1, "ENOSPC: no space left on device");
    health = await healthz();
    expect(health.status).toBe(503);
    expect(health.body.backups).toMatchObject({ ok: false, ageHours: 3, lastError: "ENOSPC: no space left on device" });
    expect(await backupLine("en")).toBe("The last backup failed 1 hour ago [stale]");
    expect(await backupLine("hi")).toBe("आख़िरी बैकअप 1 घंटा पहले नहीं बन पाया [stale]");

    await backupMade(0);
    expect((await healthz()).status).toBe(200);
    expect(await backupLine("en")).toBe("Last backup: just now");
  });

  it("decides nothing while scheduled backups are off, but is still reported", async () => {
    await backupMade(100);
    await server.shop.db.deleteFrom("backup_runs").where("finished_at", ">", sql<Date>`now() - interval '99 hours'`).execute();
    const shop = server.shop;
    const health = await checkHealth(
      {
        database: shop.database,
        store: adapterOf(shop.store),
        queue: shop.queue,
        projectorNames: shop.projectors.map((p) => p.name),
        transports: messageTransports(shop.config),
        backups: { scheduled: false, maxAgeHours: 26 },
      },
      { maxLagSeconds: 60, maxWorkerSilenceSeconds: 30 },
    );
    expect(health.backups).toMatchObject({ ok: true, scheduled: false, ageHours: 100 });
  });
});
