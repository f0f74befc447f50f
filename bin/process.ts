import type { ShopConfig } from "../server/config";
import { openShopCore } from "../server/runtime";
import { createServices, type Shop } from "../services/index";
import { seedShop } from "../db/seed";
import { ProjectorRunner } from "../projectors/runner";
import { startJobHandlers } from "../workers/index";
import { startBackground } from "../workers/background";
import { buildIfNeeded } from "./build";

export type Role = "web" | "projector" | "worker";

const SHUTDOWN_GRACE_MS = 10_000;
/** Open requests get half the grace, so a connection that never goes idle still leaves time for the checkpoints and jobs. */
const WEB_GRACE_MS = SHUTDOWN_GRACE_MS / 2;

/**
 * Starts the roles this process plays. The embedded default plays all three;
 * with Postgres and Redis configured each can run as its own process.
 */
export async function startProcess(config: ShopConfig, options: { roles: Role[]; dev?: boolean }): Promise<number> {
  const log = (line: string) => console.log(line);
  const { roles } = options;
  if (!config.redisUrl && roles.length === 1 && roles[0] === "worker") {
    log('note: without REDIS_URL each process works the jobs it makes; "shop worker" alone is for a Redis setup');
  }
  if (roles.includes("web") && !options.dev) {
    process.env.NODE_ENV ??= "production";
    buildIfNeeded(log);
  }

  const core = await openShopCore(config, { migrate: true, log });
  const shop: Shop = { ...core, ...createServices(core) };
  await seedShop(shop.db);
  // Stock as events (decision 100): products whose stream is not opened yet get their first
  // event from the old stock column. Safe while the shop sells; a no-op once done.
  const stock = await shop.stock.openAll();
  if (stock.opened > 0) log(`stock: opened the stock of ${stock.opened} of ${stock.products} products from their stock column`);
  // ADMIN_EMAIL / ADMIN_PASSWORD: the first admin, only while the shop has none (docs/auth.md).
  if ((await shop.auth.ensureFirstAdmin(config.auth.firstAdmin)) === "created") log(`created the first admin, ${config.auth.firstAdmin?.email}`);

  const stops: { name: string; stop: () => Promise<void> }[] = [];
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
    log(`${config.shopName} is open at ${web.url}`);
  }
  log(`  roles:     ${roles.join(", ")}`);
  log(`  events:    ${shop.store.description}`);
  log(`  database:  ${shop.database.description}`);
  log(`  jobs:      ${shop.queue.description}`);

  // What shutdown is waiting on, so a forced stop names it.
  let pending = "requests";
  await new Promise<void>((resolve) => {
    let stopping = false;
    const shutdown = (signal: string) => {
      // The same signal often arrives twice (sent to the process group, and relayed by
      // npx or tsx); a second one must not kill the jobs the first lets finish.
      if (stopping) return;
      stopping = true;
      log(`${signal}: finishing requests and jobs, then stopping`);
      const force = setTimeout(() => {
        log(`still busy after ${SHUTDOWN_GRACE_MS / 1000} s (${pending}); stopping anyway`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      resolve();
    };
    process.on("SIGTERM", () => shutdown("SIGTERM"));
    process.on("SIGINT", () => shutdown("SIGINT"));
  });
  // Web first (no new work), then projectors commit their checkpoints, then jobs finish.
  for (const { name, stop } of stops) {
    pending = name;
    const began = Date.now();
    await stop().catch((err) => log(`while stopping ${name}: ${String(err)}`));
    if (Date.now() - began > 1000) log(`stopping ${name} took ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
  pending = "closing the database and queue";
  await shop.close();
  log("stopped");
  return 0;
}
