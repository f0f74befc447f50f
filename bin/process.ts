import type { ShopConfig } from "../server/config";
import { backupKeyOf, openShopCore } from "../server/runtime";
import { createServices, type Shop } from "../services/index";
import { describeSmsTransport } from "../services/notifications";
import { seedShop } from "../db/seed";
import { shipPastOrders } from "../services/stock-shipped";
import { ProjectorRunner } from "../projectors/runner";
import { startJobHandlers } from "../workers/index";
import { startBackground } from "../workers/background";
import { startScheduledBackups } from "../workers/backups";
import { buildIfNeeded } from "./build";
import { stopRequest } from "./signals";

export type Role = "web" | "projector" | "worker";

const SHUTDOWN_GRACE_MS = 10_000;
/** A stop asked for during start-up waits for the step under way (a migration, the embedded database's first open) at most this long. */
const START_UP_GRACE_MS = 60_000;
/** Open requests get half the grace, so a connection that never goes idle still leaves time for the checkpoints and jobs. */
const WEB_GRACE_MS = SHUTDOWN_GRACE_MS / 2;

/**
 * Starts the roles this process plays. The embedded default plays all three;
 * with Postgres and Redis configured each can run as its own process.
 *
 * SIGTERM or SIGINT stops it gracefully at any moment (bin/signals.ts catches them from the
 * process's first line): while it serves, and during start-up too, which then ends at its next
 * step (a build under way is ended) and stops what has started. Either way the exit code is 0.
 */
export async function startProcess(config: ShopConfig, options: { roles: Role[]; dev?: boolean }): Promise<number> {
  const log = (line: string) => console.log(line);
  const { roles } = options;
  // What the process is busy with, so a forced stop names it.
  let pending = "start-up";
  let serving = false;
  // What has started, in the order it stops: web first (no new work), then projectors commit their
  // checkpoints, then jobs finish; the database and queue close last.
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  let closeShop = async () => {};
  const forceStopAfter = (ms: number) => {
    const force = setTimeout(() => {
      log(`still busy after ${ms / 1000} s (${pending}); stopping anyway`);
      process.exit(1);
    }, ms);
    force.unref();
  };
  const stopAsked = (signal: string) => {
    if (serving) return log(`${signal}: finishing requests and jobs, then stopping`);
    log(`${signal} during ${pending}: stopping what has started`);
    forceStopAfter(START_UP_GRACE_MS);
  };
  // A signal that came while the shop was loading is answered now, before start-up begins.
  if (stopRequest.signal) stopAsked(stopRequest.signal);
  else void stopRequest.asked.then(stopAsked);
  const shutDown = async (): Promise<number> => {
    forceStopAfter(SHUTDOWN_GRACE_MS);
    for (const { name, stop } of stops) {
      pending = name;
      const began = Date.now();
      await stop().catch((err) => log(`while stopping ${name}: ${String(err)}`));
      if (Date.now() - began > 1000) log(`stopping ${name} took ${((Date.now() - began) / 1000).toFixed(1)} s`);
    }
    pending = "closing the database and queue";
    await closeShop();
    log("stopped");
    return 0;
  };

  if (!config.redisUrl && roles.length === 1 && roles[0] === "worker") {
    log('note: without REDIS_URL each process works the jobs it makes; "shop worker" alone is for a Redis setup');
  }
  if (roles.includes("web") && !options.dev) {
    process.env.NODE_ENV ??= "production";
    pending = "the build";
    await buildIfNeeded(log, { stop: stopRequest.asked });
    pending = "start-up";
  }
  if (stopRequest.signal) return shutDown();

  const core = await openShopCore(config, { migrate: true, log });
  const shop: Shop = { ...core, ...createServices(core) };
  closeShop = () => shop.close();
  await seedShop(shop.db);
  if (stopRequest.signal) return shutDown();
  // Stock as events (decision 100): products whose stream is not opened yet get their first
  // event from the old stock column. Safe while the shop sells; a no-op once done.
  const stock = await shop.stock.openAll();
  if (stock.opened > 0) log(`stock: opened the stock of ${stock.opened} of ${stock.products} products from their stock column`);
  // Stock that knows what left the shelf (decision 109): units still held by orders shipped before it
  // come off the shelf. Safe while the shop sells; a no-op once done.
  const shippedPast = await shipPastOrders({ db: shop.db, store: shop.store });
  if (shippedPast.shipped > 0) log(`stock: took ${shippedPast.shipped} holds of orders already shipped or delivered off the shelf`);
  // ADMIN_EMAIL / ADMIN_PASSWORD: the first admin, only while the shop has none (docs/auth.md).
  if ((await shop.auth.ensureFirstAdmin(config.auth.firstAdmin)) === "created") log(`created the first admin, ${config.auth.firstAdmin?.email}`);
  if (stopRequest.signal) return shutDown();

  // Without Redis a job lives in the memory of the process that made it (sign-in codes in
  // `shop web`, order messages in `shop projector`), so every process works its own jobs.
  if (roles.includes("worker") || !config.redisUrl) {
    // Stops the code relay and the heartbeat; running jobs finish when the queue closes (shop.close).
    stops.push({ name: "jobs", stop: startJobHandlers(shop, log) });
  }
  if (roles.includes("projector")) {
    const runner = new ProjectorRunner(shop.db, shop.store, core.projectors, { log });
    await runner.start();
    stops.push({ name: "projectors", stop: () => runner.stop() });
    stops.push({ name: "notification reactor and sweeps", stop: await startBackground(shop, log) });
  }
  if (stopRequest.signal) return shutDown();
  if (roles.includes("web")) {
    const { startWebServer } = await import("../server/http");
    let vite: import("vite").ViteDevServer | undefined;
    if (options.dev) {
      const { createServer } = await import("vite");
      vite = await createServer({ server: { middlewareMode: true } });
    }
    const web = await startWebServer(shop, { port: config.port, host: config.host, vite });
    stops.unshift({
      name: "web requests",
      stop: async () => {
        await web.close({ graceMs: WEB_GRACE_MS });
        await vite?.close();
      },
    });
    if (stopRequest.signal) return shutDown();
    log(`${config.shopName} is open at ${web.url}`);
  }
  log(`  roles:     ${roles.join(", ")}`);
  log(`  events:    ${shop.store.description}`);
  log(`  database:  ${shop.database.description}`);
  log(`  jobs:      ${shop.queue.description}`);
  // Whether a sign-in code or an order's text reaches a phone at all (SMS_PROVIDER): said where an operator looks first.
  log(`  sms:       ${describeSmsTransport(config.sms)}`);
  // The shop's own daily backup (BACKUP_DAILY_AT, decision 112): where the projectors run, one process per shop.
  if (roles.includes("projector") && config.backup.dailyAt) {
    const stopBackups = startScheduledBackups({
      database: shop.database,
      settings: config.backup,
      shopName: config.shopName,
      photosDir: config.photosDir,
      signingKey: backupKeyOf(config, { make: true }),
      log,
    });
    // First to stop: a backup under way ends between batches, so the one embedded connection is free for the rest.
    stops.unshift({ name: "backup under way", stop: stopBackups });
  }

  pending = "requests";
  serving = true;
  await stopRequest.asked;
  return shutDown();
}
