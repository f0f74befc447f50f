import path from "node:path";

/**
 * Start-up settings, read once from the environment. A bad value stops the
 * process with one line naming the setting, never a stack trace.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface ShopConfig {
  port: number;
  host: string;
  production: boolean;
  /** Postgres server; unset means embedded PGlite in `dataDir`. */
  databaseUrl?: string;
  /** EventStoreDB; unset means the Postgres event store in the same database. */
  eventStoreUrl?: string;
  /** Redis for BullMQ; unset means jobs run in-process. */
  redisUrl?: string;
  dataDir: string;
  sessionSecret?: string;
  shopName: string;
}

type Env = Record<string, string | undefined>;

function urlSetting(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected ${protocols.map((p) => `${p}//...`).join(" or ")})`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(
      `${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got ${url.protocol}//`,
    );
  }
  if (!url.hostname) throw new ConfigError(`${name} has no host name`);
  return raw;
}

export function describeUrl(raw: string): string {
  const url = new URL(raw);
  return `${url.hostname}:${url.port || "default port"}${url.pathname && url.pathname !== "/" ? url.pathname : ""}`;
}

export function readConfig(env: Env = process.env): ShopConfig {
  const portText = env.PORT?.trim() || "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${portText}"`);
  }
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    production: env.NODE_ENV === "production",
    databaseUrl: urlSetting(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    eventStoreUrl: urlSetting(env, "EVENTSTORE_URL", ["esdb:", "esdb+discover:", "kurrentdb:", "kdb:"]),
    redisUrl: urlSetting(env, "REDIS_URL", ["redis:", "rediss:"]),
    dataDir: path.resolve(env.SHOP_DATA_DIR?.trim() || "data"),
    sessionSecret: env.SESSION_SECRET?.trim() || undefined,
    shopName: env.SHOP_NAME?.trim() || "Churu Uniform House",
  };
}
