import net from "node:net";
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { removeBuildCopy } from "./build-copy";
import { createMigratedTemplate } from "./database";

export interface TestServices {
  /** Admin URL of a Postgres server (tests create and drop their own databases), or null for PGlite. */
  postgresUrl: string | null;
  redisUrl: string | null;
  chromium: string | null;
  eventStoreUrl: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    services: TestServices;
    /** Where the run's own copy of the production build goes, which every test's web server serves; made by the first (./run-build.ts). */
    buildCopy: string;
    /** The run's migrated database on the Postgres server, which test databases are copied from (./database.ts); null without a server. */
    migratedDatabase: string | null;
  }
}

function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * Real Postgres and Redis when they are set or listening on their usual ports,
 * else PGlite and the in-process queue. REQUIRE_SERVICES=1 (CI) turns a
 * missing service into a failed run instead of a quieter test run.
 */
export default async function setup(project: TestProject) {
  const required = process.env.REQUIRE_SERVICES === "1";
  const postgresUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  const services: TestServices = {
    postgresUrl: (await reachable(postgresUrl, 5432)) ? postgresUrl : null,
    redisUrl: (await reachable(redisUrl, 6379)) ? redisUrl : null,
    chromium: fs.existsSync(chromium) ? chromium : null,
    eventStoreUrl: process.env.EVENTSTORE_URL || null,
  };
  const missing = [
    !services.postgresUrl && `Postgres (${postgresUrl})`,
    !services.redisUrl && `Redis (${redisUrl})`,
    !services.chromium && `Chromium (${chromium})`,
  ].filter(Boolean);
  if (missing.length && required) {
    throw new Error(`REQUIRE_SERVICES=1 but these are not available: ${missing.join(", ")}`);
  }
  console.log(
    `test services: postgres ${services.postgresUrl ? "real server" : "PGlite (no server found)"}, ` +
      `redis ${services.redisUrl ? "real server" : "in-process queue (no server found)"}, ` +
      `browser ${services.chromium ?? "none: browser tests skip"}, ` +
      `eventstoredb ${services.eventStoreUrl ?? "not set: its contract run skips"}`,
  );
  project.provide("services", services);
  // The production build is made (when stale) and copied by the first test that serves pages, not here: a run of
  // unit tests never waits for it (./run-build.ts).
  const buildCopy = path.resolve("tmp", `test-build-run-${process.pid}-${randomBytes(4).toString("hex")}`);
  fs.mkdirSync(path.dirname(buildCopy), { recursive: true });
  project.provide("buildCopy", buildCopy);
  const migrated = services.postgresUrl
    ? await createMigratedTemplate(services.postgresUrl).catch((err: unknown) => {
        removeBuildCopy(buildCopy);
        throw err;
      })
    : null;
  project.provide("migratedDatabase", migrated?.name ?? null);
  return async () => {
    removeBuildCopy(buildCopy);
    fs.rmSync(`${buildCopy}.lock`, { force: true });
    await migrated?.drop();
  };
}
