/**
 * Backups refused when they should be, copies that copy once, and the daily backup that keeps
 * BACKUP_KEEP files (decision 112). The drill itself (restore and compare) is backup-drill.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupToFile, nonEmptyTables, restoreFromFile } from "../../eventstore/backup";
import { PostgresEventStore } from "../../eventstore/postgres";
import { replay, verify } from "../../projectors/replay";
import { ensureCheckpoints } from "../../projectors/runner";
import { checkBackup } from "../../eventstore/backup-file";
import { copyEvents, postgresEvents, postgresTarget } from "../../eventstore/copy";
import { readModelTables, runScheduledBackup, startScheduledBackups } from "../../workers/backups";
import { BACKUP_FILE_PATTERN } from "../../domain/backup-schedule";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { TEST_BACKUP_KEY, openTestShop, type TestShop } from "../support/shop";
import { placeTestOrder } from "../support/admin";
import { shopCommand, storedEvents, streamRevisions } from "../support/backup";

let shop: TestShop;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backups-"));
const good = path.join(scratch, "good.jsonl.gz");

beforeAll(async () => {
  shop = await openTestShop();
  await placeTestOrder(shop, { name: "Asha Devi" });
  await placeTestOrder(shop, { name: "Vikram Singh" });
  await shop.cart.add({ kind: "guest", token: randomUUID() }, { productId: "school/dps/shirt", size: "30", quantity: 1 });
  await backupToFile(shop.database, good, { rebuilt: readModelTables(), signingKey: TEST_BACKUP_KEY });
}, 120_000);

afterAll(async () => {
  await shop?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** The backup's lines, changed by `edit`, gzipped again: a file whose gzip is whole but whose content is not what was written. */
function tampered(name: string, edit: (lines: string[]) => string[]): string {
  const lines = zlib.gunzipSync(fs.readFileSync(good)).toString("utf8").split("\n");
  const file = path.join(scratch, name);
  fs.writeFileSync(file, zlib.gzipSync(edit(lines).join("\n")));
  return file;
}

describe("shop restore refuses", () => {
  it("a file whose content does not match its checksum, a cut one and a stranger, in one line each, touching nothing", async () => {
    // One digit of the first line after the header (a name would do too, but names are sealed now: docs/privacy.md).
    const changedRow = tampered("changed.jsonl.gz", (lines) => lines.map((l, i) => (i === 1 ? l.replace(/\d/, (d) => String((Number(d) + 1) % 10)) : l)));
    const droppedLine = tampered("dropped.jsonl.gz", (lines) => [lines[0], ...lines.slice(2)]);
    const cut = path.join(scratch, "cut.jsonl.gz");
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const stranger = path.join(scratch, "stranger.jsonl.gz");
    fs.writeFileSync(stranger, zlib.gzipSync('{"hello":"world"}\n'));

    const dataDir = path.join(scratch, "never-made");
    const cases = [
      [changedRow, /the signature does not match this shop's backup signing key: the file was changed, or made by another shop/],
      [droppedLine, /the signature does not match/],
      [cut, /not a whole gzip file .*: the backup is damaged or cut short$/],
      [stranger, /not a shop backup/],
    ] as const;
    // Independent processes, side by side (decision 176); the good file's check beside them.
    const [checked, ...answers] = await Promise.all([
      shopCommand(["restore", "--check", good], { DATABASE_URL: "", SHOP_DATA_DIR: dataDir }),
      ...cases.map(([file]) => shopCommand(["restore", file], { DATABASE_URL: "", SHOP_DATA_DIR: dataDir })),
    ]);
    cases.forEach(([file, reason], i) => {
      const refused = answers[i];
      expect(refused.code, `${file}: ${refused.out}`).toBe(1);
      const lines = refused.err.trim().split("\n");
      expect(lines, file).toHaveLength(1);
      expect(lines[0]).toMatch(/^shop: /);
      expect(lines[0]).toMatch(reason);
    });
    // The file is checked whole before any database is opened: no data folder was made.
    expect(fs.existsSync(dataDir)).toBe(false);
    // The good one passes the same check.
    expect(checked.code, checked.err).toBe(0);
    expect(checked.out).toMatch(/^checked .*good\.jsonl\.gz: [\d,]+ events and [\d,]+ rows .*sha256 [0-9a-f]{64}\n$/);
  }, 180_000);

  it("a forged file: an admin added and the sha256 recomputed, a file without its signature, one signed by another shop", async () => {
    // What an attacker with the backup folder can do: add an admin row, count it and make the checksum agree again.
    const forged = tampered("forged.jsonl.gz", (lines) => {
      const trailer = JSON.parse(lines[lines.length - 2]) as { lines: number; counts: Record<string, number>; sha256: string; hmac?: string };
      const header = JSON.parse(lines[0]) as { counts: Record<string, number> };
      const admin = JSON.stringify(["row", "users", { id: randomUUID(), name: "Intruder", email: "intruder@example.in", phone: null, password_hash: "x", role: "admin", google_id: null }]);
      header.counts.users = (header.counts.users ?? 0) + 1;
      const content = [JSON.stringify(header), ...lines.slice(1, -2), admin];
      trailer.counts.users = (trailer.counts.users ?? 0) + 1;
      trailer.lines = content.length;
      trailer.sha256 = createHash("sha256").update(content.map((l) => `${l}\n`).join("")).digest("hex");
      return [...content, JSON.stringify(trailer), ""];
    });
    const unsigned = tampered("unsigned.jsonl.gz", (lines) => {
      const trailer = JSON.parse(lines[lines.length - 2]) as { hmac?: string };
      delete trailer.hmac;
      return [...lines.slice(0, -2), JSON.stringify(trailer), ""];
    });
    const dataDir = path.join(scratch, "never-forged");
    const cases = [
      [forged, {}, /forged\.jsonl\.gz: the signature does not match this shop's backup signing key: the file was changed, or made by another shop \(docs\/backups\.md\)$/],
      [unsigned, {}, /unsigned\.jsonl\.gz: not signed: a restore takes only backups signed with this shop's backup signing key/],
      [good, { BACKUP_SIGNING_KEY: "another-shops-key-another-shops-key-0000" }, /good\.jsonl\.gz: the signature does not match/],
    ] as const;
    const runs = cases.flatMap(([file, env, reason]) => [["restore", file], ["restore", "--check", file]].map((args) => ({ args, env, reason })));
    // Independent processes, side by side (decision 176); the keyless restore beside them.
    const [keyless, ...answers] = await Promise.all([
      // Without the setting and without the key file in the data folder, a restore says where the key is.
      shopCommand(["restore", good], { DATABASE_URL: "", SHOP_DATA_DIR: dataDir, BACKUP_SIGNING_KEY: "" }),
      ...runs.map(({ args, env }) => shopCommand(args, { DATABASE_URL: "", SHOP_DATA_DIR: dataDir, ...env })),
    ]);
    runs.forEach(({ args, reason }, i) => {
      const refused = answers[i];
      expect(refused.code, `${args.join(" ")}: ${refused.out}`).toBe(1);
      const lines = refused.err.trim().split("\n");
      expect(lines, args.join(" ")).toHaveLength(1);
      expect(lines[0]).toMatch(reason);
    });
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(keyless.err.trim()).toMatch(/^shop: no backup signing key: set BACKUP_SIGNING_KEY, or copy .*never-forged\/backup-signing-key from the shop that made the backup/);
  }, 180_000);

  it("a database or data folder that is not empty, in one line, and leaves it as it was", async () => {
    const before = await nonEmptyTables(shop.db);
    const env: Record<string, string> = shop.testDatabase.url ? { DATABASE_URL: shop.testDatabase.url } : { DATABASE_URL: "", SHOP_DATA_DIR: path.join(scratch, "busy") };
    if (!shop.testDatabase.url) {
      // An embedded folder with a shop in it.
      const first = await shopCommand(["restore", good], env);
      expect(first.code, first.err).toBe(0);
    }
    const refused = await shopCommand(["restore", good], env);
    expect(refused.code).toBe(1);
    expect(refused.err.trim().split("\n")).toHaveLength(1);
    expect(refused.err).toMatch(/^shop: .* is not empty \(es_events: [\d,]+ rows, .*\): a backup is restored only into an empty database or data folder\n$/);
    if (shop.testDatabase.url) expect(await nonEmptyTables(shop.db)).toEqual(before);
  }, 180_000);
});

describe("shop backup beside a busy shop", () => {
  it("holds every committed event of whole streams as they stood, and restores to read models a replay agrees with", async ({ skip }) => {
    if (!shop.testDatabase.url) skip("the embedded database is backed up by the process that holds it (the daily backup below)");
    const file = path.join(scratch, "busy-hour.jsonl.gz");
    const before = (await storedEvents(shop.db)).length;
    let placing = true;
    let orders = 0;
    const busy = (async () => {
      while (placing) {
        await placeTestOrder(shop, { name: "Busy Hour" });
        orders++;
      }
    })();
    while (orders < 2) await new Promise((r) => setTimeout(r, 20));
    const taken = await shopCommand(["backup", "--to", file], { DATABASE_URL: shop.testDatabase.url! });
    placing = false;
    await busy;
    expect(taken.code, taken.err).toBe(0);
    const { header } = await checkBackup(file, TEST_BACKUP_KEY);
    expect(header.counts.events).toBeGreaterThan(before);

    const target = await createTestDatabase({ migrate: false });
    try {
      const { head } = await restoreFromFile(target, file, { signingKey: TEST_BACKUP_KEY });
      // Every restored event is the shop's, and each stream is the shop's from its first event on, without a gap.
      const source = new Set(await storedEvents(shop.db));
      const restored = await storedEvents(target.db);
      expect(restored).toHaveLength(header.counts.events);
      for (const event of restored) expect(source.has(event)).toBe(true);
      const from = new PostgresEventStore(shop.database);
      const into = new PostgresEventStore(target);
      for (const [stream, revision] of Object.entries(await streamRevisions(target.db))) {
        const strip = (events: Awaited<ReturnType<typeof from.readStream>>) => events.map((e) => ({ ...e, position: undefined }));
        expect(strip(await into.readStream(stream)), stream).toEqual(strip(await from.readStream(stream, { maxCount: revision + 1 })));
      }
      // The restored events show once older transactions on the server (other test files') have ended.
      for (let tries = 0; tries < 300 && into.comparePositions(await into.headPosition(), head) < 0; tries++) await new Promise((r) => setTimeout(r, 50));
      const projectors = [...shop.projectors];
      await ensureCheckpoints(target.db, projectors);
      await replay(target.db, into, projectors);
      expect(await verify(target.db, into, projectors)).toEqual([]);
      expect(Number((await target.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBeGreaterThanOrEqual(4);
    } finally {
      await target.close();
    }
  }, 180_000);
});

describe("shop copy-events", () => {
  let target: TestDatabase | undefined;
  afterAll(async () => {
    await target?.close();
  });

  it("copies every stream once: a second run copies nothing and checks what is there; new events are copied on the next run", async ({ skip }) => {
    if (!shop.testDatabase.url) skip("needs a Postgres server to copy to");
    target = await createTestDatabase({ migrate: false });
    const env = { DATABASE_URL: shop.testDatabase.url! };
    const total = (await storedEvents(shop.db)).length;

    const first = await shopCommand(["copy-events", "--to", target.url!], env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain(`copied ${total} events from Postgres event store`);
    expect(first.out).toMatch(/checked: the target holds \d+ events, each as this store has it and in the same order \(sha256 [0-9a-f]{64}\)/);
    expect(await storedEvents(target.db)).toEqual(await storedEvents(shop.db));
    expect(await streamRevisions(target.db)).toEqual(await streamRevisions(shop.db));

    const again = await shopCommand(["copy-events", "--to", target.url!], env);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain(`copied 0 events`);
    expect(again.out).toContain(`(${total} were there already, each checked)`);
    expect(await storedEvents(target.db)).toHaveLength(total);

    // The shop goes on; the next run copies only what is new, after what is there, in order.
    await placeTestOrder(shop, { name: "Late Order" });
    const later = (await storedEvents(shop.db)).length;
    const third = await shopCommand(["copy-events", "--to", target.url!], env);
    expect(third.code, third.err).toBe(0);
    expect(third.out).toContain(`copied ${later - total} events`);
    expect(await storedEvents(target.db)).toEqual(await storedEvents(shop.db));
  }, 180_000);

  it("refuses a target that holds other events, naming the first that differs, and writes nothing there", async ({ skip }) => {
    if (!shop.testDatabase.url) skip("needs a Postgres server to copy to");
    const other = await openTestShop({ projectors: false });
    try {
      await placeTestOrder(other, { name: "Another Shop" }).catch(() => {});
      const before = await storedEvents(other.db);
      const refused = await shopCommand(["copy-events", "--to", other.testDatabase.url!], { DATABASE_URL: shop.testDatabase.url! });
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/^shop: the target's event number 1 is .* this store's is .*: the target holds other events; copy into an empty database\n$/);
      expect(await storedEvents(other.db)).toEqual(before);
    } finally {
      await other.close();
    }
  }, 120_000);

  it("copies into a database in process too, resuming where a copy stopped", async () => {
    const into = await createTestDatabase();
    try {
      const source = postgresEvents(shop.db, "source", { visibleOnly: false });
      const all = await storedEvents(shop.db);
      // A copy that stopped after its first batch.
      const firstBatch = (await source.read(undefined, 3)).events;
      await postgresTarget(into.db, "target").write(firstBatch);
      const report = await copyEvents(source, postgresTarget(into.db, "target"), { batchSize: 4 });
      expect(report).toMatchObject({ alreadyThere: 3, copied: all.length - 3, targetEvents: all.length });
      expect(await storedEvents(into.db)).toEqual(all);
    } finally {
      await into.close();
    }
  });
});

describe("the daily backup", () => {
  it("keeps the newest BACKUP_KEEP files, records each run, and makes each scheduled time's backup once", async () => {
    const dir = path.join(scratch, "daily");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "my-own-copy.jsonl.gz"), "not ours to remove");
    let clock = new Date("2025-01-10T22:00:00.000Z");
    const deps = { database: shop.database, settings: { dir, keep: 2 }, shopName: "Churu Uniform House", signingKey: TEST_BACKUP_KEY, log: () => {}, now: () => clock };
    const made: string[] = [];
    for (let day = 0; day < 4; day++) {
      clock = new Date(Date.parse("2025-01-10T22:00:00.000Z") + day * 86_400_000);
      const summary = await runScheduledBackup(deps, clock);
      expect(summary).toBeDefined();
      made.push(path.basename((await shop.db.selectFrom("backup_runs").select("file").orderBy("id", "desc").executeTakeFirstOrThrow()).file!));
    }
    const kept = fs.readdirSync(dir).sort();
    expect(kept).toEqual(["my-own-copy.jsonl.gz", ...made.slice(-2)].sort());
    for (const name of made.slice(-2)) expect(BACKUP_FILE_PATTERN.test(name)).toBe(true);
    // Each kept file is a whole backup.
    for (const name of made.slice(-2)) expect((await checkBackup(path.join(dir, name), TEST_BACKUP_KEY)).header.counts.events).toBeGreaterThan(0);
    // The same scheduled time again (a second process, or a restart): already made, nothing written.
    expect(await runScheduledBackup(deps, clock)).toBeUndefined();
    expect(fs.readdirSync(dir)).toHaveLength(3);
    const runs = await shop.db.selectFrom("backup_runs").selectAll().where("kind", "=", "scheduled").execute();
    expect(runs.filter((r) => r.finished_at && !r.error)).toHaveLength(4);
    expect(await shop.backups.status()).toMatchObject({ lastAt: expect.any(Date), failure: null });
  }, 120_000);

  it("a shop starting after the day's time without its backup makes it at once, and a failed one is recorded", async () => {
    const dir = path.join(scratch, "on-start");
    const now = new Date();
    const log: string[] = [];
    const stop = startScheduledBackups({
      database: shop.database,
      settings: { dailyAt: { hour: 0, minute: 1 }, keep: 3, dir },
      shopName: "Churu Uniform House",
      signingKey: TEST_BACKUP_KEY,
      log: (line) => log.push(line),
      now: () => now,
    });
    for (let tries = 0; tries < 100 && !log.some((l) => l.startsWith("backup")); tries++) await new Promise((r) => setTimeout(r, 100));
    await stop();
    expect(log.find((l) => l.startsWith("backup: "))).toMatch(/^backup: [\d,]+ events and [\d,]+ rows to .*shop-backup-.*\.jsonl\.gz \([\d.]+ KB, [\d.]+ s\)$/);
    expect(fs.readdirSync(dir).filter((n) => BACKUP_FILE_PATTERN.test(n))).toHaveLength(1);

    // A backup that cannot be written (its folder is a file) is recorded as failed, and nothing is left behind.
    const blocked = path.join(scratch, "blocked");
    fs.writeFileSync(blocked, "a file where the folder should be");
    const failed = await runScheduledBackup(
      { database: shop.database, settings: { dir: blocked, keep: 3 }, shopName: "x", signingKey: TEST_BACKUP_KEY, log: (line) => log.push(line) },
      new Date("2030-01-01T22:00:00.000Z"),
    );
    expect(failed).toBeUndefined();
    expect(log.at(-1)).toMatch(/^backup failed: /);
    expect((await shop.backups.status()).failure).toMatchObject({ error: expect.any(String) });
  }, 60_000);
});
