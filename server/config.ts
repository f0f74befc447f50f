import net from "node:net";
import path from "node:path";
import { readAuthSettings } from "./auth-config";
import { ConfigError } from "./config-error";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../domain/orders/charges";
import { vpaProblem, type UpiPayee } from "../domain/orders/upi";
import {
  bareEmail,
  FACEBOOK_HOSTS,
  INSTAGRAM_HOSTS,
  phoneProblem,
  socialUrlProblem,
  whatsappProblem,
  type ShopContact,
} from "../domain/contact";
import { LOG_LEVELS, SMS_PROVIDERS, type LogLevel, type ShopConfig, type SmsProvider, type SmsSettings, type TrustProxy } from "../services/settings";

export { ConfigError };
// The settings' types live in services/ (the services, routes and job handlers read them as `shop.config`); this
// module reads them from the environment.
export { LOG_LEVELS, type LogLevel, type ShopConfig, type TrustProxy };

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

/** A contact setting: unset is undefined (the page then shows nothing for it), a malformed one one line naming it. */
function contactSetting(env: Env, name: string, problem: (value: string) => string | undefined): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const wrong = problem(raw);
  if (wrong) throw new ConfigError(`${name} ${wrong}`);
  return raw;
}

/** What the storefront shows parents to reach the shop (decision 096). SHOP_EMAIL is also where new-order emails go. */
function contactSettings(env: Env): ShopContact {
  const email = emailSetting(env, "SHOP_EMAIL");
  return {
    phone: contactSetting(env, "SHOP_PHONE", phoneProblem),
    email: email && bareEmail(email),
    whatsapp: contactSetting(env, "SHOP_WHATSAPP", whatsappProblem),
    facebookUrl: contactSetting(env, "SHOP_FACEBOOK_URL", (value) => socialUrlProblem(value, FACEBOOK_HOSTS)),
    instagramUrl: contactSetting(env, "SHOP_INSTAGRAM_URL", (value) => socialUrlProblem(value, INSTAGRAM_HOSTS)),
  };
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
    contact: contactSettings(env),
    smtpUrl: urlSetting(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: emailSetting(env, "MAIL_FROM") ?? emailSetting(env, "SHOP_EMAIL") ?? "no-reply@localhost",
    sms: readSmsSettings(env),
    ...upiSetting(env, env.SHOP_NAME?.trim() || "Churu Uniform House"),
    charges: chargeSettings(env),
    paymentReminderMs: intSetting(env, "PAYMENT_REMINDER_MINUTES", 360, 1, 7 * 24 * 60) * 60_000,
    queuePrefix: queuePrefix(env),
    jobBackoffMs: intSetting(env, "JOB_BACKOFF_MS", 1000, 1, 3_600_000),
    jobLockMs: intSetting(env, "JOB_LOCK_MS", 30_000, 500, 600_000),
    // Sends wait on providers, not on this machine; in a rush the jobs running together share their statements (decision 105).
    workerConcurrency: intSetting(env, "WORKER_CONCURRENCY", 50, 1, 500),
    pageCacheSeconds: intSetting(env, "PAGE_CACHE_SECONDS", 5, 0, 3600),
    healthMaxLagSeconds: intSetting(env, "HEALTH_MAX_LAG_SECONDS", 60, 1, 86_400),
    healthMaxWorkerSilenceSeconds: intSetting(env, "HEALTH_MAX_WORKER_SILENCE_SECONDS", 30, 10, 86_400),
    trustProxy: trustProxySetting(env),
    logLevel: logLevelSetting(env),
  };
}

/** SHOP_UPI_ID (the shop's VPA, like churuuniform@sbi) and SHOP_UPI_NAME (the payee name UPI apps show; default SHOP_NAME). */
function upiSetting(env: Env, shopName: string): { upi?: UpiPayee } {
  const id = env.SHOP_UPI_ID?.trim();
  if (!id) return {};
  const wrong = vpaProblem(id);
  if (wrong) throw new ConfigError(`SHOP_UPI_ID ${wrong}`);
  const name = env.SHOP_UPI_NAME?.trim() || shopName;
  if (name.length > 50 || [...name].some((c) => c < " ")) throw new ConfigError("SHOP_UPI_NAME must be one line of at most 50 characters");
  return { upi: { vpa: id, name } };
}

/** A day setting, YYYY-MM-DD, or undefined. */
function daySetting(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) {
    throw new ConfigError(`${name} must be a day written YYYY-MM-DD, got "${raw}"`);
  }
  return raw;
}

/**
 * The offer (SHOP_OFFER=on|off, SHOP_OFFER_PERCENT, SHOP_OFFER_MINIMUM, SHOP_OFFER_FROM, SHOP_OFFER_UNTIL) and delivery
 * (SHOP_DELIVERY_PINCODES: comma list of pincodes or their first digits; SHOP_DELIVERY_CHARGE: rupees outside them,
 * or "none" to refuse those addresses). Defaults: 10% off every order, free delivery in Churu district, ₹100 elsewhere.
 */
function chargeSettings(env: Env): ChargeRules {
  const onText = env.SHOP_OFFER?.trim().toLowerCase() || "on";
  if (onText !== "on" && onText !== "off") throw new ConfigError(`SHOP_OFFER must be on or off, got "${onText}"`);
  const from = daySetting(env, "SHOP_OFFER_FROM");
  const until = daySetting(env, "SHOP_OFFER_UNTIL");
  if (from && until && from > until) throw new ConfigError(`SHOP_OFFER_FROM (${from}) is after SHOP_OFFER_UNTIL (${until})`);
  const pincodesText = env.SHOP_DELIVERY_PINCODES?.trim();
  const freeArea = pincodesText ? pincodesText.split(",").map((entry) => entry.trim()) : [...DEFAULT_CHARGE_RULES.delivery.freeArea];
  for (const entry of freeArea) {
    if (!/^\d{1,6}$/.test(entry)) {
      throw new ConfigError(`SHOP_DELIVERY_PINCODES must be a comma list of pincodes or their first digits (e.g. 331,332001), got "${entry}"`);
    }
  }
  const chargeText = env.SHOP_DELIVERY_CHARGE?.trim().toLowerCase();
  return {
    discount: {
      on: onText === "on",
      percent: intSetting(env, "SHOP_OFFER_PERCENT", DEFAULT_CHARGE_RULES.discount.percent, 1, 90),
      minimum: intSetting(env, "SHOP_OFFER_MINIMUM", DEFAULT_CHARGE_RULES.discount.minimum, 0, 1_000_000),
      ...(from ? { from } : {}),
      ...(until ? { until } : {}),
    },
    delivery: {
      freeArea,
      outsideCharge: chargeText === "none" ? null : intSetting(env, "SHOP_DELIVERY_CHARGE", DEFAULT_CHARGE_RULES.delivery.outsideCharge ?? 100, 0, 10_000),
    },
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
