/**
 * The shop's settings, as the services, the routes and the job handlers read them from
 * `shop.config`. Types and their allowed values only: `server/config.ts` reads them from the
 * environment (and says what is wrong with a bad one). They live here, below everything that
 * reads them, so that `Shop` is declared in services/ without importing `server/` (decision 090).
 */

import type { HoldRules } from "../domain/orders/hold-expiry";
import type { ShopContact } from "../domain/contact";
import type { OrderLimits } from "../domain/orders/unverified";
import type { ChargeRules } from "../domain/orders/charges";
import type { UpiPayee } from "../domain/orders/upi";
import type { SignInSmsBudget } from "../domain/sign-in-sms";
import type { DailyAt } from "../domain/backup-schedule";
import type { SmsTemplate } from "../domain/sms-templates";
import type { SellerSettings } from "../domain/tax/seller";
import type { TaxRateSettings } from "../domain/tax/rates";
import type { RazorpaySettings } from "./gateway/razorpay";
import type { WhatsAppSettings } from "./whatsapp";

/** Where personal data's keys are sealed and erasures remembered (decisions 121, 123). */
export interface PrivacySettings {
  /** The master key the people's keys are sealed under (PRIVACY_MASTER_KEY); unset: `<SHOP_DATA_DIR>/privacy-master-key`, made once. */
  masterKey?: string;
  /** The list of erased people kept apart from the backups (PRIVACY_ERASURES_FILE, default `<SHOP_DATA_DIR>/erasures.log`). */
  erasuresFile: string;
  /** Hours a parent may take an erasure request back before the admin may erase (ERASURE_COOLING_OFF_HOURS, decision 248). */
  coolingOffHours?: number;
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
  /** Where the owner's photos are kept, originals and served files (SHOP_PHOTOS_DIR, default `<SHOP_DATA_DIR>/photos`; decision 139). */
  photosDir: string;
  sessionSecret?: string;
  /** Crypto-shredding (docs/privacy.md): PRIVACY_MASTER_KEY and PRIVACY_ERASURES_FILE. */
  privacy: PrivacySettings;
  shopName: string;
  /**
   * The shop's public address (SHOP_URL), like https://shop.example.in, with no
   * trailing slash: every absolute link the shop sends out (Google's redirect_uri)
   * starts with it, never with a request's Host header. In development without
   * it, http://localhost:<PORT>.
   */
  shopUrl: string;
  /**
   * Whether SHOP_URL was set. Pages name themselves absolutely (their hreflang links) from SHOP_URL; without it,
   * in development, by the request's own address, and in production not at all (a request's Host is the sender's).
   */
  shopUrlSet: boolean;
  /** Google sign-in and the first admin (server/auth-config.ts reads them). */
  auth: AuthSettings;
  /** Where new-order emails go (SHOP_EMAIL); unset means no shop email is sent. */
  shopEmail?: string;
  /** How parents reach the shop (SHOP_PHONE, SHOP_EMAIL, SHOP_WHATSAPP, SHOP_FACEBOOK_URL, SHOP_INSTAGRAM_URL): each shown only when set. */
  contact: ShopContact;
  /** SMTP server for email (SMTP_URL); unset means the console transport. */
  smtpUrl?: string;
  /** The From of every email (MAIL_FROM), default SHOP_EMAIL. */
  mailFrom: string;
  sms: SmsSettings;
  /** WhatsApp Business (WHATSAPP_*; decision 230): unset, every text goes by SMS. */
  whatsapp?: WhatsAppSettings;
  /** Where UPI payments go (SHOP_UPI_ID, SHOP_UPI_NAME); unset: only cash on delivery is offered. */
  upi?: UpiPayee;
  /** The optional gateway (RAZORPAY_*; decision 221); unset: no gateway, UPI straight to the shop's own ID. */
  razorpay?: RazorpaySettings;
  /** The offer and delivery charges (SHOP_OFFER_*, SHOP_DELIVERY_*; decision 101). */
  charges: ChargeRules;
  /** How long after a UPI order is placed an unpaid one gets its one reminder SMS (PAYMENT_REMINDER_MINUTES). */
  paymentReminderMs: number;
  /** BullMQ key prefix (QUEUE_PREFIX): lets several shops, or test files, share one Redis. */
  queuePrefix: string;
  /** First retry delay (JOB_BACKOFF_MS); doubles each attempt. */
  jobBackoffMs: number;
  /** How long a worker's claim on a running job lasts without renewal (JOB_LOCK_MS); a killed worker's job is picked up after about this long. */
  jobLockMs: number;
  /** Jobs one worker process runs at once per queue (WORKER_CONCURRENCY). */
  workerConcurrency: number;
  /**
   * How long a visitor's catalogue page may be kept by a shared cache, the shop's own page cache or a proxy in
   * front (PAGE_CACHE_SECONDS: its `s-maxage`; 0: no cache keeps it).
   */
  pageCacheSeconds: number;
  /** /healthz: how old the oldest event a projector or reactor has not applied may be (HEALTH_MAX_LAG_SECONDS). */
  healthMaxLagSeconds: number;
  /** /healthz: how long no job runner may have been seen (HEALTH_MAX_WORKER_SILENCE_SECONDS; runners beat every 5 s). */
  healthMaxWorkerSilenceSeconds: number;
  /** Backups the running shop makes of itself (BACKUP_DAILY_AT, BACKUP_KEEP, BACKUP_DIR; decision 112). */
  backup: BackupSettings;
  /** /healthz: how old the newest backup may be, in hours, while scheduled backups are on (HEALTH_MAX_BACKUP_AGE_HOURS). */
  healthMaxBackupAgeHours: number;
  /** Which proxies in front of the web process may name the client (TRUST_PROXY): see TrustProxy. */
  trustProxy: TrustProxy;
  /** The quietest level the web process logs (LOG_LEVEL). */
  logLevel: LogLevel;
  /** How long the web server waits for a slow client and how many connections one address may hold (HTTP_*; decision 117). */
  http: HttpLimits;
  /** The shop-wide budget of sign-in texts (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY; decision 116). */
  signInSms: SignInSmsBudget;
  /** The owner's caps on units and the limits on orders to unverified numbers (ORDER_MAX_UNITS_PER_LINE and the rest; decision 194). */
  orderLimits: OrderLimits;
  /** How long unpaid holds last: UNPAID_UPI_HOLD_HOURS, COD_CONFIRM_MINUTES (0: cash orders not asked to confirm; decision 190). */
  holdRules: HoldRules;
  /** Who sells, as invoices and the disclosures page name the shop (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_GSTIN, SHOP_GST_SCHEME, SHOP_INVOICE_PREFIX, SHOP_GRIEVANCE_OFFICER; docs/tax.md). */
  seller: SellerSettings;
  /** The GST rates that are settings, by class (SHOP_GST_RATES, e.g. `bag=5`); unset classes keep their default (domain/tax/rates.ts). */
  taxRates: TaxRateSettings;
  /** The courier aggregator (SHIPROCKET_*; decision 235); unset: no courier, the owner records one by hand. */
  courier?: CourierSettings;
}

export type { SellerSettings };
import type { CourierSettings } from "./courier/shiprocket";

/** The web server's limits on slow clients (decision 117). */
export interface HttpLimits {
  /** A request's head (line and headers) must arrive within this (HTTP_HEADERS_TIMEOUT_SECONDS); else 408. */
  headersSeconds: number;
  /** The whole request, body included, must arrive within this (HTTP_REQUEST_TIMEOUT_SECONDS); else 408. */
  requestSeconds: number;
  /** An idle kept-alive connection is closed after this (HTTP_KEEP_ALIVE_SECONDS). */
  keepAliveSeconds: number;
  /** Open connections one client address may hold (HTTP_MAX_CONNECTIONS_PER_ADDRESS); one more is closed at once. */
  maxConnectionsPerAddress: number;
  /** Past this many open connections an address's answers close their connection (HTTP_MAX_IDLE_PER_ADDRESS). */
  maxIdlePerAddress: number;
}

/** How many sign-in codes the whole shop texts (decision 116): past either, only parents with a live order get one. */
export type { SignInSmsBudget };

/** Scheduled backups (decision 112). */
export interface BackupSettings {
  /** The time of day in India the shop backs itself up (BACKUP_DAILY_AT); unset: no scheduled backups. */
  dailyAt?: DailyAt;
  /** How many backup files BACKUP_DIR keeps (BACKUP_KEEP); older ones are removed after each new one. */
  keep: number;
  /** Where backups are written (BACKUP_DIR), default `<SHOP_DATA_DIR>/backups`. */
  dir: string;
  /** BACKUP_SIGNING_KEY; unset: the data folder's own `backup-signing-key`, outside BACKUP_DIR (decision 168). */
  signingKey?: string;
}

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  /**
   * Where Google sends the browser back (its redirect_uri): GOOGLE_CALLBACK_URL, else
   * <SHOP_URL>/api/users/google/callback. Never built from a request's Host header,
   * which whoever sends the request chooses.
   */
  callbackUrl: string;
  /** Google's endpoints, replaceable so tests (and a local mock) can stand in for Google at the HTTP boundary. */
  authorizationUrl: string;
  tokenUrl: string;
  profileUrl: string;
}

export interface AuthSettings {
  /** Null when GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is missing: the button then says it is not set up. */
  google: GoogleSettings | null;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first admin, created on start when the shop has none. */
  firstAdmin: { email: string; password: string } | null;
}

export const SMS_PROVIDERS = ["console", "msg91", "twilio"] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The SMS provider (SMS_PROVIDER) and what it needs; `workers/transports/sms-http.ts` sends with them. */
export interface SmsSettings {
  provider: SmsProvider;
  /** The provider's endpoint (SMS_URL); defaults to the provider's public API. */
  url?: string;
  /** MSG91 auth key (SMS_API_KEY). */
  apiKey?: string;
  /** Twilio account (SMS_ACCOUNT_SID, SMS_AUTH_TOKEN). */
  accountSid?: string;
  authToken?: string;
  /** MSG91: the DLT sender id, six letters (SMS_SENDER_ID; SMS_SENDER still read). Twilio: the From number (SMS_SENDER). */
  sender?: string;
  /**
   * MSG91: each message's DLT content template id (SMS_DLT_TEMPLATE_<MESSAGE>, `_HI` for the Hindi text), sent with
   * the message as MSG91 takes it. Every one is required in production; a message without one goes without.
   */
  dltTemplates: Partial<Record<SmsTemplate, string>>;
  /** Longest wait for the provider's answer (SMS_TIMEOUT_MS); a timeout is retried. */
  timeoutMs: number;
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
