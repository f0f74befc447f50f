import path from "node:path";
import { readAuthSettings, type AuthSettings } from "./auth-config";

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
}

export const SMS_PROVIDERS = ["console", "msg91", "twilio"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The SMS provider (SMS_PROVIDER) and what it needs. */
export interface SmsSettings {
  provider: SmsProvider;
  /** The provider's endpoint (SMS_URL); defaults to the provider's public API. */
  url?: string;
  /** MSG91 auth key (SMS_API_KEY). */
  apiKey?: string;
  /** Twilio account (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN). */
  accountSid?: string;
  authToken?: string;
  /** Sender id (MSG91) or From number (Twilio): SMS_SENDER. */
  sender?: string;
  /** Longest wait for the provider's answer (SMS_TIMEOUT_MS); a timeout is retried. */
  timeoutMs: number;
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
    auth: readAuthSettings(env),
    shopEmail: emailSetting(env, "SHOP_EMAIL"),
    smtpUrl: urlSetting(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: emailSetting(env, "MAIL_FROM") ?? emailSetting(env, "SHOP_EMAIL") ?? "no-reply@localhost",
    sms: readSmsSettings(env),
    queuePrefix: queuePrefix(env),
    jobBackoffMs: intSetting(env, "JOB_BACKOFF_MS", 1000, 1, 3_600_000),
    jobLockMs: intSetting(env, "JOB_LOCK_MS", 30_000, 500, 600_000),
    workerConcurrency: intSetting(env, "WORKER_CONCURRENCY", 5, 1, 500),
    pageCacheSeconds: intSetting(env, "PAGE_CACHE_SECONDS", 5, 0, 3600),
  };
}

function queuePrefix(env: Env): string {
  const prefix = env.QUEUE_PREFIX?.trim() || "shop";
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) {
    throw new ConfigError(`QUEUE_PREFIX may hold letters, digits, '.', '_' and '-' (up to 64), got "${prefix}"`);
  }
  return prefix;
}
