import { DEFAULT_HOLD_RULES, type HoldRules } from "../domain/orders/hold-expiry";
import { ERASURE_COOLING_OFF_HOURS } from "../domain/privacy/notice";
import net from "node:net";
import path from "node:path";
import { readAuthSettings } from "./auth-config";
import { ConfigError } from "./config-error";
import { razorpaySettings } from "./gateway-config";
import { DEFAULT_SIGN_IN_SMS_BUDGET } from "../domain/sign-in-sms";
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from "../domain/orders/unverified";
import { MAX_QUANTITY } from "../domain/cart";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../domain/orders/charges";
import { vpaProblem, type UpiPayee } from "../domain/orders/upi";
import { DLT_TEMPLATE_ID, dltTemplateSetting, SENDER_ID, SMS_TEMPLATES, type SmsTemplate } from "../domain/sms-templates";
import {
  bareEmail,
  FACEBOOK_HOSTS,
  INSTAGRAM_HOSTS,
  phoneProblem,
  readOpeningHours,
  socialUrlProblem,
  whatsappProblem,
  type ShopContact,
} from "../domain/contact";
import {
  LOG_LEVELS,
  SMS_PROVIDERS,
  type BackupSettings,
  type HttpLimits,
  type LogLevel,
  type ShopConfig,
  type SignInSmsBudget,
  type SmsProvider,
  type SmsSettings,
  type TrustProxy,
} from "../services/settings";
import { parseDailyAt } from "../domain/backup-schedule";
import { sellerSettings, taxRateSettings } from "./seller-config";
import { courierSettings } from "./courier-config";
import { whatsappSettings } from "./whatsapp-config";

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
  const hoursText = env.SHOP_HOURS?.trim();
  const hours = hoursText ? readOpeningHours(hoursText, env.SHOP_CLOSED_ON) : undefined;
  if (typeof hours === "string") throw new ConfigError(hours.startsWith("SHOP_") ? hours : `SHOP_HOURS ${hours}`);
  const address = env.SHOP_ADDRESS?.trim();
  return {
    // SHOP_ADDRESS's own rule (one line) is the seller's settings' (server/seller-config.ts), read from the same value.
    ...(address ? { address } : {}),
    ...(hours ? { hours } : {}),
    phone: contactSetting(env, "SHOP_PHONE", phoneProblem),
    email: email && bareEmail(email),
    whatsapp: contactSetting(env, "SHOP_WHATSAPP", whatsappProblem),
    facebookUrl: contactSetting(env, "SHOP_FACEBOOK_URL", (value) => socialUrlProblem(value, FACEBOOK_HOSTS)),
    instagramUrl: contactSetting(env, "SHOP_INSTAGRAM_URL", (value) => socialUrlProblem(value, INSTAGRAM_HOSTS)),
  };
}

/**
 * SMS_PROVIDER and its settings (docs/notifications.md). In production the console transport
 * (every SMS printed to the log, none sent) is refused unless SMS_PROVIDER=console says it is
 * meant: without it no parent could sign in by phone. MSG91 sends under a DLT sender id and each
 * message's DLT template id (India's rules), all of them required in production.
 */
function readSmsSettings(env: Env, production: boolean): SmsSettings {
  const chosen = env.SMS_PROVIDER?.trim().toLowerCase();
  if (!chosen && production) {
    throw new ConfigError(
      "SMS_PROVIDER is not set: in production every SMS (sign-in codes, order texts) would only be printed to the log; " +
        "set SMS_PROVIDER=msg91 or twilio with its settings, or SMS_PROVIDER=console to run without SMS on purpose",
    );
  }
  const providerText = chosen || "console";
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
    dltTemplates: dltTemplateSettings(env),
    timeoutMs: intSetting(env, "SMS_TIMEOUT_MS", 10_000, 100, 120_000),
  };
  if (provider === "msg91") {
    if (!sms.apiKey) throw new ConfigError("SMS_PROVIDER=msg91 needs SMS_API_KEY (the MSG91 auth key)");
    sms.sender = senderIdSetting(env, production);
    if (production) {
      const missing = SMS_TEMPLATES.filter((template) => !sms.dltTemplates[template]).map(dltTemplateSetting);
      if (missing.length > 0) {
        throw new ConfigError(
          `SMS_PROVIDER=msg91 in production needs the DLT template id of every message the shop sends; missing: ${missing.join(", ")}`,
        );
      }
    }
  }
  if (provider === "twilio") {
    if (!sms.accountSid || !sms.authToken) {
      throw new ConfigError("SMS_PROVIDER=twilio needs SMS_ACCOUNT_SID and SMS_AUTH_TOKEN");
    }
    if (!sms.sender) throw new ConfigError("SMS_PROVIDER=twilio needs SMS_SENDER (the From number, e.g. +15005550006)");
  }
  return sms;
}

/** MSG91's sender id: SMS_SENDER_ID (or the older SMS_SENDER), six letters as registered on the DLT portal. */
function senderIdSetting(env: Env, production: boolean): string {
  const name = env.SMS_SENDER_ID?.trim() ? "SMS_SENDER_ID" : "SMS_SENDER";
  const raw = env[name]?.trim();
  if (!raw) {
    if (production) throw new ConfigError("SMS_PROVIDER=msg91 in production needs SMS_SENDER_ID (the six-letter sender id registered on the DLT portal, e.g. CHURUU)");
    return "CHURUU";
  }
  if (!SENDER_ID.test(raw)) throw new ConfigError(`${name} must be the six-letter DLT sender id (e.g. CHURUU), got "${raw}"`);
  return raw.toUpperCase();
}

/** SMS_DLT_TEMPLATE_<MESSAGE>[_HI]: each a DLT template id; a setting of that name the shop does not know is a typo, said at once. */
function dltTemplateSettings(env: Env): Partial<Record<SmsTemplate, string>> {
  const byName = new Map(SMS_TEMPLATES.map((template) => [dltTemplateSetting(template), template]));
  const templates: Partial<Record<SmsTemplate, string>> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith("SMS_DLT_TEMPLATE_")) continue;
    const template = byName.get(name);
    if (!template) throw new ConfigError(`${name} names no message the shop sends (the names are ${[...byName.keys()].join(", ")})`);
    const id = value?.trim();
    if (!id) continue;
    if (!DLT_TEMPLATE_ID.test(id)) throw new ConfigError(`${name} must be a DLT template id, digits only (e.g. 1207161234567890123), got "${id}"`);
    templates[template] = id;
  }
  return templates;
}

export function readConfig(env: Env = process.env): ShopConfig {
  const portText = env.PORT?.trim() || "3000";
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${portText}"`);
  }
  const production = env.NODE_ENV === "production";
  const shopUrl = shopUrlSetting(env);
  const dataDir = path.resolve(env.SHOP_DATA_DIR?.trim() || "data");
  const config: ShopConfig = {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    production,
    databaseUrl: urlSetting(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    eventStoreUrl: urlSetting(env, "EVENTSTORE_URL", ["esdb:", "esdb+discover:", "kurrentdb:", "kdb:"]),
    redisUrl: urlSetting(env, "REDIS_URL", ["redis:", "rediss:"]),
    dataDir,
    photosDir: path.resolve(env.SHOP_PHOTOS_DIR?.trim() || path.join(dataDir, "photos")),
    sessionSecret: env.SESSION_SECRET?.trim() || undefined,
    privacy: {
      masterKey: privacyMasterKeySetting(env),
      erasuresFile: path.resolve(env.PRIVACY_ERASURES_FILE?.trim() || path.join(dataDir, "erasures.log")),
      // Hours a parent may take an erasure request back, and the admin's "Erase now" waits (decision 248).
      coolingOffHours: intSetting(env, "ERASURE_COOLING_OFF_HOURS", ERASURE_COOLING_OFF_HOURS, 0, 24 * 14),
    },
    shopName: env.SHOP_NAME?.trim() || "Churu Uniform House",
    shopUrl: shopUrl ?? `http://localhost:${port}`,
    shopUrlSet: shopUrl !== undefined,
    // In production a guessed address would send Google's answers to the wrong place: none is guessed there.
    auth: readAuthSettings(env, { shopUrl: shopUrl ?? (production ? undefined : `http://localhost:${port}`) }),
    shopEmail: emailSetting(env, "SHOP_EMAIL"),
    contact: contactSettings(env),
    smtpUrl: urlSetting(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: emailSetting(env, "MAIL_FROM") ?? emailSetting(env, "SHOP_EMAIL") ?? "no-reply@localhost",
    sms: readSmsSettings(env, production),
    whatsapp: whatsappSettings(env),
    ...upiSetting(env, env.SHOP_NAME?.trim() || "Churu Uniform House"),
    ...razorpaySettings(env, production),
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
    backup: backupSettings(env, dataDir),
    healthMaxBackupAgeHours: intSetting(env, "HEALTH_MAX_BACKUP_AGE_HOURS", 26, 1, 24 * 366),
    trustProxy: trustProxySetting(env),
    logLevel: logLevelSetting(env),
    http: httpLimits(env),
    signInSms: signInSmsBudget(env),
    orderLimits: orderLimitSettings(env),
    holdRules: holdRuleSettings(env),
    seller: sellerSettings(env, env.SHOP_NAME?.trim() || "Churu Uniform House", contactSettings(env)),
    taxRates: taxRateSettings(env),
    courier: courierSettings(env),
  };
  // Checked after every other setting, so a missing SMS_PROVIDER or Google address is named first. Texts, emails and
  // Google's answers link to SHOP_URL: without it a parent's SMS would say http://localhost.
  if (production && !shopUrl) {
    throw new ConfigError(
      "SHOP_URL is not set: in production the links in texts and emails would point to http://localhost; set it to the shop's public address, e.g. https://shop.example.in",
    );
  }
  return config;
}

/** The secret the people's data keys are sealed under: long enough that it cannot be guessed. */
function privacyMasterKeySetting(env: Env): string | undefined {
  const value = env.PRIVACY_MASTER_KEY?.trim();
  if (!value) return undefined;
  if (value.length < 32) throw new ConfigError("PRIVACY_MASTER_KEY must be at least 32 characters (openssl rand -hex 32 makes one)");
  return value;
}

/**
 * How long a slow client may take and how many connections one address may hold (decision 117).
 * The head's time cannot be longer than the whole request's (Node refuses that), nor the idle
 * keep-alives more than the connections.
 */
function httpLimits(env: Env): HttpLimits {
  const limits: HttpLimits = {
    headersSeconds: intSetting(env, "HTTP_HEADERS_TIMEOUT_SECONDS", 10, 1, 300),
    requestSeconds: intSetting(env, "HTTP_REQUEST_TIMEOUT_SECONDS", 30, 1, 3600),
    // As before (65 s): above a load balancer's usual 60 s idle timeout, and long enough that a client reusing
    // a connection rarely races its close; what one address keeps idle is capped below instead.
    keepAliveSeconds: intSetting(env, "HTTP_KEEP_ALIVE_SECONDS", 65, 1, 600),
    maxConnectionsPerAddress: intSetting(env, "HTTP_MAX_CONNECTIONS_PER_ADDRESS", 100, 1, 100_000),
    maxIdlePerAddress: intSetting(env, "HTTP_MAX_IDLE_PER_ADDRESS", 20, 0, 100_000),
  };
  if (limits.headersSeconds > limits.requestSeconds) {
    throw new ConfigError(
      `HTTP_HEADERS_TIMEOUT_SECONDS (${limits.headersSeconds}) cannot be more than HTTP_REQUEST_TIMEOUT_SECONDS (${limits.requestSeconds})`,
    );
  }
  if (limits.maxIdlePerAddress > limits.maxConnectionsPerAddress) {
    throw new ConfigError(
      `HTTP_MAX_IDLE_PER_ADDRESS (${limits.maxIdlePerAddress}) cannot be more than HTTP_MAX_CONNECTIONS_PER_ADDRESS (${limits.maxConnectionsPerAddress})`,
    );
  }
  return limits;
}

/**
 * The shop-wide budget of sign-in texts (decision 116). A town shop's busiest hour, the week
 * before school opens, signs in a few dozen parents by phone: 60 an hour and 300 a day leave room
 * for that and bound what a pumping attack can cost (about 300 texts a day).
 */
function signInSmsBudget(env: Env): SignInSmsBudget {
  const budget = {
    perHour: intSetting(env, "SMS_BUDGET_PER_HOUR", DEFAULT_SIGN_IN_SMS_BUDGET.perHour, 1, 100_000),
    perDay: intSetting(env, "SMS_BUDGET_PER_DAY", DEFAULT_SIGN_IN_SMS_BUDGET.perDay, 1, 1_000_000),
  };
  if (budget.perHour > budget.perDay) {
    throw new ConfigError(`SMS_BUDGET_PER_HOUR (${budget.perHour}) cannot be more than SMS_BUDGET_PER_DAY (${budget.perDay})`);
  }
  return budget;
}

/**
 * The owner's caps on an order's units and the limits on orders to numbers the shop has not verified
 * (decision 194, domain/orders/unverified.ts): ORDER_MAX_UNITS_PER_LINE, UNVERIFIED_ORDER_MAX_UNITS,
 * UNVERIFIED_ORDERS_PER_NUMBER_PER_DAY, UNVERIFIED_ORDERS_PER_ADDRESS_PER_HOUR, UNVERIFIED_ORDERS_PER_HOUR.
 */
function orderLimitSettings(env: Env): OrderLimits {
  const d = DEFAULT_ORDER_LIMITS;
  return {
    perLine: intSetting(env, "ORDER_MAX_UNITS_PER_LINE", d.perLine, 1, MAX_QUANTITY),
    perUnverifiedOrder: intSetting(env, "UNVERIFIED_ORDER_MAX_UNITS", d.perUnverifiedOrder, 1, 10_000),
    perNumberPerDay: intSetting(env, "UNVERIFIED_ORDERS_PER_NUMBER_PER_DAY", d.perNumberPerDay, 1, 100_000),
    perAddressPerHour: intSetting(env, "UNVERIFIED_ORDERS_PER_ADDRESS_PER_HOUR", d.perAddressPerHour, 1, 100_000),
    shopPerHour: intSetting(env, "UNVERIFIED_ORDERS_PER_HOUR", d.shopPerHour, 1, 1_000_000),
  };
}

/**
 * How long unpaid holds last (decision 190, domain/orders/hold-expiry.ts): UNPAID_UPI_HOLD_HOURS (24) for a UPI order
 * nobody paid or reported, COD_CONFIRM_MINUTES (0: off) for a cash order whose number nobody proved by a code.
 */
function holdRuleSettings(env: Env): HoldRules {
  const codMinutes = intSetting(env, "COD_CONFIRM_MINUTES", 0, 0, 7 * 24 * 60);
  return {
    upiMs: intSetting(env, "UNPAID_UPI_HOLD_HOURS", DEFAULT_HOLD_RULES.upiMs / 3_600_000, 1, 24 * 30) * 3_600_000,
    ...(codMinutes > 0 ? { codConfirmMs: codMinutes * 60_000 } : {}),
  };
}

/**
 * Scheduled backups (decision 112): BACKUP_DAILY_AT, a time of day in India (HH:MM; unset: none),
 * BACKUP_KEEP (files kept, 7) and BACKUP_DIR (default <SHOP_DATA_DIR>/backups).
 */
function backupSettings(env: Env, dataDir: string): BackupSettings {
  const atText = env.BACKUP_DAILY_AT?.trim();
  const dailyAt = atText ? parseDailyAt(atText) : undefined;
  if (atText && !dailyAt) throw new ConfigError(`BACKUP_DAILY_AT must be a time of day in India, HH:MM from 00:00 to 23:59, got "${atText}"`);
  if (dailyAt && env.EVENTSTORE_URL?.trim()) {
    throw new ConfigError("BACKUP_DAILY_AT backs up the Postgres event store; with EVENTSTORE_URL the events are in EventStoreDB: back it up with its own tools");
  }
  const dir = path.resolve(env.BACKUP_DIR?.trim() || path.join(dataDir, "backups"));
  const signingKey = env.BACKUP_SIGNING_KEY?.trim() || undefined;
  if (signingKey !== undefined && signingKey.length < 32) throw new ConfigError("BACKUP_SIGNING_KEY must be at least 32 characters (a random secret, kept apart from the backups)");
  // The key signs the backups: beside them, whoever can change a backup could sign it again.
  if (!signingKey && dir === path.resolve(dataDir)) {
    throw new ConfigError("BACKUP_DIR is the data folder itself, where the backup signing key is kept: choose another BACKUP_DIR, or set BACKUP_SIGNING_KEY");
  }
  return {
    ...(dailyAt ? { dailyAt } : {}),
    keep: intSetting(env, "BACKUP_KEEP", 7, 1, 1000),
    dir,
    ...(signingKey ? { signingKey } : {}),
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
