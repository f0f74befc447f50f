import net from "node:net";
import path from "node:path";
import { readAuthSettings, type AuthSettings } from "./auth-config";
import { ConfigError } from "./config-error";
import { SMS_PROVIDERS, type SmsProvider, type SmsSettings } from "../workers/transports/sms-http";

export { ConfigError };

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
  /**
   * The shop's public address (SHOP_URL), like https://shop.example.in, with no
   * trailing slash: every absolute link the shop sends out (Google's redirect_uri)
   * starts with it, never with a request's Host header. In development without
   * it, http://localhost:<PORT>.
   */
  shopUrl: string;
  /** Google sign-in and the first admin (server/auth-config.ts). */
  auth: AuthSettings;
  /** Where new-order emails go (SHOP_EMAIL); unset means no shop email is sent. */
  shopEmail?: string;
  /** SMTP server for email (SMTP_URL); unset means the console transport. */
  smtpUrl?: string;
  /** The From of every email (MAIL_FROM), default SHOP_EMAIL. */
  mailFrom: string;
  sms: SmsSettings;
  /** BullMQ key prefix (QUEUE_PREFIX): lets several shops, or test files, share one Redis. */
  queuePrefix: string;
  /** First retry delay (JOB_BACKOFF_MS); doubles each attempt. */
  jobBackoffMs: number;
  /** How long a worker's claim on a running job lasts without renewal (JOB_LOCK_MS); a killed worker's job is picked up after about this long. */
  jobLockMs: number;
  /** Jobs one worker process runs at once per queue (WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /** How long a catalogue page's HTML is served from memory to visitors without a session or cart (PAGE_CACHE_SECONDS; 0: off). */
  pageCacheSeconds: number;
  /** /healthz: how old the oldest event a projector or reactor has not applied may be (HEALTH_MAX_LAG_SECONDS). */
  healthMaxLagSeconds: number;
  /** /healthz: how long no job runner may have been seen (HEALTH_MAX_WORKER_SILENCE_SECONDS; runners beat every 5 s). */
  healthMaxWorkerSilenceSeconds: number;
  /** Which proxies in front of the web process may name the client (TRUST_PROXY): see TrustProxy. */
  trustProxy: TrustProxy;
  /** The quietest level the web process logs (LOG_LEVEL). */
  logLevel: LogLevel;
}

/**
 * Whose X-Forwarded-For names the client, as Express's "trust proxy" takes it: `false`,
 * no one (the socket's address is the client); a number of proxy hops in front of the
 * shop; or the proxies' addresses and CIDR ranges (and Express's names loopback,
 * linklocal, uniquelocal). Per-address sign-in limits count what this yields.
 */
export type TrustProxy = false | number | string[];

/** LOG_LEVEL's values (pino's levels), chattiest first. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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

function intSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return value;
}

function emailSetting(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  // The address part of "Name <a@b.c>" or a bare a@b.c.
  const address = /<([^>]+)>$/.exec(raw)?.[1] ?? raw;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) {
    throw new ConfigError(`${name} is not an email address (expected name@example.com), got "${raw}"`);
  }
  return raw;
}

function readSmsSettings(env: Env): SmsSettings {
  const providerText = env.SMS_PROVIDER?.trim().toLowerCase() || "console";
  if (!(SMS_PROVIDERS as readonly string[]).includes(providerText)) {
    throw new ConfigError(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(", ")}, got "${providerText}"`);
  }
  const provider = providerText as SmsProvider;
  const sms: SmsSettings = {
    provider,
    url: urlSetting(env, "SMS_URL", ["http:", "https:"]),
    apiKey: env.SMS_API_KEY?.trim() || undefined,
    accountSid: env.SMS_ACCOUNT_SID?.trim() || undefined,
    authToken: env.SMS_AUTH_TOKEN?.trim() || undefined,
    sender: env.SMS_SENDER?.trim() || undefined,
    timeoutMs: intSetting(env, "SMS_TIMEOUT_MS", 10_000, 100, 120_000),
  };
  if (provider === "msg91" && !sms.apiKey) throw new ConfigError("SMS_PROVIDER=msg91 needs SMS_API_KEY (the MSG91 auth key)");
  if (provider === "twilio") {
    if (!sms.accountSid || !sms.authToken) {
      throw new ConfigError("SMS_PROVIDER=twilio needs SMS_ACCOUNT_SID and SMS_AUTH_TOKEN");
    }
    if (!sms.sender) throw new ConfigError("SMS_PROVIDER=twilio needs SMS_SENDER (the From number, e.g. +15005550006)");
  }
  return sms;
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
  const production = env.NODE_ENV === "production";
  const shopUrl = shopUrlSetting(env);
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    production,
    databaseUrl: urlSetting(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    eventStoreUrl: urlSetting(env, "EVENTSTORE_URL", ["esdb:", "esdb+discover:", "kurrentdb:", "kdb:"]),
    redisUrl: urlSetting(env, "REDIS_URL", ["redis:", "rediss:"]),
    dataDir: path.resolve(env.SHOP_DATA_DIR?.trim() || "data"),
    sessionSecret: env.SESSION_SECRET?.trim() || undefined,
    shopName: env.SHOP_NAME?.trim() || "Churu Uniform House",
    shopUrl: shopUrl ?? `http://localhost:${port}`,
    // In production a guessed address would send Google's answers to the wrong place: none is guessed there.
    auth: readAuthSettings(env, { shopUrl: shopUrl ?? (production ? undefined : `http://localhost:${port}`) }),
    shopEmail: emailSetting(env, "SHOP_EMAIL"),
    smtpUrl: urlSetting(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: emailSetting(env, "MAIL_FROM") ?? emailSetting(env, "SHOP_EMAIL") ?? "no-reply@localhost",
    sms: readSmsSettings(env),
    queuePrefix: queuePrefix(env),
    jobBackoffMs: intSetting(env, "JOB_BACKOFF_MS", 1000, 1, 3_600_000),
    jobLockMs: intSetting(env, "JOB_LOCK_MS", 30_000, 500, 600_000),
    workerConcurrency: intSetting(env, "WORKER_CONCURRENCY", 5, 1, 500),
    pageCacheSeconds: intSetting(env, "PAGE_CACHE_SECONDS", 5, 0, 3600),
    healthMaxLagSeconds: intSetting(env, "HEALTH_MAX_LAG_SECONDS", 60, 1, 86_400),
    healthMaxWorkerSilenceSeconds: intSetting(env, "HEALTH_MAX_WORKER_SILENCE_SECONDS", 30, 10, 86_400),
    trustProxy: trustProxySetting(env),
    logLevel: logLevelSetting(env),
  };
}

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const MAX_PROXY_HOPS = 10;

function trustProxySetting(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === "0") return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_PROXY_HOPS) throw new ConfigError(`TRUST_PROXY: a number of proxies must be from 1 to ${MAX_PROXY_HOPS}, got "${raw}"`);
    return hops;
  }
  const entries = raw.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.includes(entry) || isAddressOrRange(entry)) continue;
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies (e.g. 1) or a comma list of proxy addresses and CIDR ranges ` +
        `(e.g. 127.0.0.1,10.0.0.0/8; or ${PROXY_NAMES.join(", ")}), got "${entry}"`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function logLevelSetting(env: Env): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || "info";
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${raw}"`);
  }
  return raw as LogLevel;
}

/** SHOP_URL: only a scheme and a host (and port): the shop serves from its root, so a path would make wrong links. */
function shopUrlSetting(env: Env): string | undefined {
  const raw = env.SHOP_URL?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  const plain = url && (url.protocol === "https:" || url.protocol === "http:") && url.hostname && !url.username && !url.password;
  if (!url || !plain || url.pathname !== "/" || url.search || url.hash) {
    throw new ConfigError(`SHOP_URL must be the shop's public address, https://host or http://host (no path), got "${raw}"`);
  }
  return url.origin;
}

function queuePrefix(env: Env): string {
  const prefix = env.QUEUE_PREFIX?.trim() || "shop";
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) {
    throw new ConfigError(`QUEUE_PREFIX may hold letters, digits, '.', '_' and '-' (up to 64), got "${prefix}"`);
  }
  return prefix;
}
