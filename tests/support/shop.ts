import { readConfig } from "../../server/config";
import { backupSigningKey } from "../../eventstore/backup-file";
import { openShopCore } from "../../server/runtime";
import { createServices, type Shop } from "../../services/index";
import { seedShop } from "../../db/seed";
import type { Projector } from "../../projectors/index";
import { ProjectorRunner } from "../../projectors/runner";
import { InProcessQueue } from "../../workers/in-process-queue";
import type { JobQueue } from "../../services/queue";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestShop extends Shop {
  /** The read models' projectors, as `openShopCore` lists them (the composition root's, not the routes'). */
  projectors: readonly Projector[];
  testDatabase: TestDatabase;
  runner?: ProjectorRunner;
}

/**
 * The master key the test shops seal parents' keys under, and the `shop` commands the tests run use too:
 * a restored or replayed copy opens the people's data only with the key of the shop it came from (docs/privacy.md).
 */
export const TEST_PRIVACY_MASTER_KEY = "test-privacy-master-key-test-privacy-master-key";

/** The key the test shops and their `shop` commands sign and check backups with (decision 168). */
export const TEST_BACKUP_SIGNING_KEY = "test-backup-signing-key-test-backup-signing-key";
export const TEST_BACKUP_KEY = backupSigningKey(TEST_BACKUP_SIGNING_KEY);

/**
 * The suite's files place dozens of orders to one number from one address, of many units: the caps and
 * limits on unverified orders (decision 194) are lifted for them. tests/integration/unverified-orders.test.ts
 * sets the shop's own (DEFAULT_ORDER_LIMITS) and holds them.
 */
export const SUITE_ORDER_LIMITS: Record<string, string> = {
  ORDER_MAX_UNITS_PER_LINE: "99",
  UNVERIFIED_ORDER_MAX_UNITS: "10000",
  UNVERIFIED_ORDERS_PER_NUMBER_PER_DAY: "100000",
  UNVERIFIED_ORDERS_PER_ADDRESS_PER_HOUR: "100000",
  UNVERIFIED_ORDERS_PER_HOUR: "1000000",
};

/**
 * The whole shop on a scratch database, as `npm start` builds it. Projectors
 * run when `projectors` is true (the default), so read models follow events.
 */
export async function openTestShop(
  options: { projectors?: boolean; queue?: JobQueue; env?: Record<string, string> } = {},
): Promise<TestShop> {
  // Request lines stay out of the test output; a fault (5xx) still shows. LOG_LEVEL=info to see every request.
  const logLevel = process.env.LOG_LEVEL || "warn";
  // The shop as it runs by default: its offer (10% off every order) and free delivery in Churu district included.
  const config = readConfig({
    SESSION_SECRET: "test-secret-test-secret",
    SHOP_DATA_DIR: "data/test",
    PRIVACY_MASTER_KEY: TEST_PRIVACY_MASTER_KEY,
    BACKUP_SIGNING_KEY: TEST_BACKUP_SIGNING_KEY,
    LOG_LEVEL: logLevel,
    ...SUITE_ORDER_LIMITS,
    ...options.env,
  });
  // The test shop owns its queue, given or its own, and closes it (decision 157): a BullMQ queue left open
  // keeps its workers reconnecting to a Redis a test has stopped, and with modules kept from file to file
  // (decision 150) their timers land in the next file's fake clock, which then never finishes advancing.
  const queue = options.queue ?? new InProcessQueue(10);
  const testDatabase = await createTestDatabase().catch(async (err: unknown) => {
    await queue.close();
    throw err;
  });
  const core = await openShopCore(config, { database: testDatabase, queue }).catch(async (err: unknown) => {
    await queue.close();
    await testDatabase.close();
    throw err;
  });
  const shop: TestShop = { ...core, ...createServices(core), testDatabase };
  await seedShop(shop.db);
  if (options.projectors !== false) {
    shop.runner = new ProjectorRunner(shop.db, shop.store, shop.projectors, { log: () => {} });
    await shop.runner.start();
  }
  const closeCore = core.close;
  shop.close = async () => {
    await shop.runner?.stop();
    // Before the database: a worker's close waits for the jobs it runs, and they write to it.
    await queue.close();
    await closeCore();
    await testDatabase.close();
  };
  return shop;
}
