import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { connectPGlite, connectPostgres, type Database } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { connectEventStoreDB, openEventStore } from "../eventstore/index";
import { EventSealer, privacyMasterKey } from "../eventstore/sealing";
import { handlerOnly } from "../eventstore/command-handler";
import { BackupRefused, backupSigningKey } from "../eventstore/backup-file";
import { projectors as allProjectors, type Projector } from "../projectors/index";
import { cashProjector } from "../projectors/cash";
import { ordersProjector } from "../projectors/orders";
import { createReadModelWaiter } from "../projectors/read-your-writes";
import { photosProjector } from "../projectors/photos";
import type { Health, ShopCore } from "../services/core";
import type { JobQueue } from "../services/queue";
import { codeOutbox } from "../workers/code-outbox";
import { InProcessQueue } from "../workers/in-process-queue";
import type { ShopConfig } from "../services/settings";
import { checkHealth } from "./health";
import { messageTransports } from "../services/notifications";

/**
 * Everything a process of the shop shares: one database, one event store, one
 * job queue, and the read models' projectors. Built once by `bin/shop.ts`, whose
 * `Shop` (services/index.ts) hands the core to Remix as load context, so routes
 * never open connections of their own. The projectors stay here, with the
 * composition roots that run them (`bin/`, the tests' shop): `Shop` is declared
 * below `server/` and `projectors/` (decision 090).
 */
export interface ShopRuntime extends ShopCore {
  projectors: readonly Projector[];
}

export type { Health, ShopCore };

export interface OpenOptions {
  /** Run migrations (and the seed) before handing out the shop. */
  migrate?: boolean;
  log?: (line: string) => void;
  /** Tests pass their own database (an in-memory PGlite or a scratch Postgres database). */
  database?: Database;
  queue?: JobQueue;
}

export async function openDatabase(config: ShopConfig): Promise<Database> {
  return config.databaseUrl
    ? connectPostgres(config.databaseUrl)
    : connectPGlite(path.join(config.dataDir, "pglite"));
}

export async function openQueue(config: ShopConfig): Promise<JobQueue> {
  if (!config.redisUrl) return new InProcessQueue(config.jobBackoffMs);
  const { BullMQQueue } = await import("../workers/bullmq-queue");
  return BullMQQueue.connect(config.redisUrl, {
    prefix: config.queuePrefix,
    backoffMs: config.jobBackoffMs,
    lockDurationMs: config.jobLockMs,
  });
}

export async function openShopCore(config: ShopConfig, options: OpenOptions = {}): Promise<ShopRuntime> {
  const opened: { close(): Promise<void> }[] = [];
  try {
    // Remote services first: a wrong URL fails in a second, not after the embedded database has started.
    const queue = options.queue ?? (await openQueue(config));
    if (!options.queue) opened.unshift(queue);
    const remoteStore = config.eventStoreUrl ? await connectEventStoreDB(config.eventStoreUrl) : undefined;
    if (remoteStore) opened.unshift(remoteStore);
    const database = options.database ?? (await openDatabase(config));
    if (!options.database) opened.push(database);
    if (options.migrate) await migrateToLatest(database.db);
    const sealer = new EventSealer(database.db, masterKeyOf(config));
    // Every process forgets an erased person's key the moment the erasure commits, wherever it was made.
    const stopWatching = await sealer.watchErasures(database);
    opened.unshift({ close: stopWatching });
    // EventStoreDB was reached first (a wrong URL fails in a second); it seals with the same sealer.
    const store = remoteStore ? remoteStore.sealWith(sealer) : await openEventStore(database, undefined, { sealer });
    if (!remoteStore) opened.unshift(store);
    const names = allProjectors.map((p) => p.name);
    const sessionSecret = config.sessionSecret ?? localSecret(config, "session-secret");
    return {
      config,
      database,
      db: database.db,
      // Services read it and hand its appender to the command handler, which alone appends (decision 162).
      store: handlerOnly(store),
      sealer,
      queue,
      projectors: allProjectors,
      sessionSecret,
      waitForReadModels: createReadModelWaiter(database.db, store, names),
      waitForOrders: createReadModelWaiter(database.db, store, [ordersProjector.name]),
      waitForPhotos: createReadModelWaiter(database.db, store, [photosProjector.name]),
      waitForCash: createReadModelWaiter(database.db, store, [cashProjector.name]),
      codeOutbox,
      health: () =>
        checkHealth(
          {
            database,
            store,
            queue,
            projectorNames: names,
            transports: messageTransports(config),
            backups: { scheduled: !!config.backup.dailyAt, maxAgeHours: config.healthMaxBackupAgeHours },
          },
          { maxLagSeconds: config.healthMaxLagSeconds, maxWorkerSilenceSeconds: config.healthMaxWorkerSilenceSeconds },
        ),
      async close() {
        for (const resource of opened) await resource.close().catch(() => {});
      },
    };
  } catch (err) {
    for (const resource of opened) await resource.close().catch(() => {});
    throw err;
  }
}

/**
 * Without SESSION_SECRET the embedded shop keeps a random secret in its data
 * folder, so sessions survive a restart without anyone configuring anything.
 */
/**
 * The key backups are signed with (decision 168): BACKUP_SIGNING_KEY, or `<SHOP_DATA_DIR>/backup-signing-key`
 * (0600, never in a backup, outside BACKUP_DIR), made by the first backup. A restore never makes one: a new
 * key would sign nothing it could check.
 */
export function backupKeyOf(config: ShopConfig, options: { make: boolean }): Buffer {
  if (config.backup.signingKey) return backupSigningKey(config.backup.signingKey);
  const file = path.join(config.dataDir, "backup-signing-key");
  if (!options.make && !fs.existsSync(file)) {
    throw new BackupRefused(`no backup signing key: set BACKUP_SIGNING_KEY, or copy ${file} from the shop that made the backup (docs/backups.md)`);
  }
  return backupSigningKey(localSecret(config, "backup-signing-key"));
}

/** The key the people's data keys are sealed under: PRIVACY_MASTER_KEY, or the data folder's own (made once, like the session secret). */
export function masterKeyOf(config: ShopConfig): Buffer {
  return privacyMasterKey(config.privacy.masterKey ?? localSecret(config, "privacy-master-key"));
}

function localSecret(config: ShopConfig, name: "session-secret" | "privacy-master-key" | "backup-signing-key"): string {
  const file = path.join(config.dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
