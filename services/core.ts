import type { HoldRules } from "../domain/orders/hold-expiry";
import type { Kysely } from "kysely";
import type { SellerSettings } from "../domain/tax/seller";
import type { OrderLimits } from "../domain/orders/unverified";
import type { TaxRateSettings } from "../domain/tax/rates";
import type { Database } from "../db/connection";
import type { DB } from "../db/schema";
import type { Language } from "../domain/i18n";
import type { ShopEvents, Position } from "../eventstore/port";
import type { EventSealer } from "../eventstore/sealing";
import type { JobQueue } from "./queue";
import type { ShopConfig } from "./settings";
import type { ChargeRules } from "../domain/orders/charges";
import type { UpiPayee } from "../domain/orders/upi";
import type { RazorpaySettings } from "./gateway/razorpay";
import type { SignInSmsBudget } from "../domain/sign-in-sms";

/**
 * What the services take from the composition root (`server/runtime.ts`, `bin/`): the
 * database, the event store, the job queue and the ports to what lives above them. Types
 * only, so that services never import `server/` or `workers/` (decision 090).
 */
export interface ServiceCore {
  db: Kysely<DB>;
  store: ShopEvents;
  /** The store's sealing of personal data (eventstore/sealing.ts): the privacy service erases through it. */
  sealer: EventSealer;
  queue: JobQueue;
  sessionSecret: string;
  /** What the services read of the settings; charges default to the shop's standing offer and delivery (domain/orders/charges.ts). */
  config: {
    shopName: string;
    charges?: ChargeRules;
    upi?: UpiPayee;
    /** The optional gateway (decision 221); unset: none. */
    razorpay?: RazorpaySettings;
    /** The shop-wide budget of sign-in texts and the shop's phone a trip is texted to (decision 116). */
    signInSms?: SignInSmsBudget;
    contact?: { phone?: string };
    /** The owner's caps on units and the limits on orders to unverified numbers (decision 194); unset: the defaults. */
    orderLimits?: OrderLimits;
    /** How long unpaid holds last (decision 190); unset: the defaults. */
    holdRules?: HoldRules;
    /** Where the owner's photos are kept (decision 139); unset: `data/photos`. */
    photosDir?: string;
    /** Where the list of erased people is kept apart from the backups (decision 123); unset: not kept. */
    privacy?: { erasuresFile: string; coolingOffHours?: number };
    /** Who sells and the GST rates that are settings: orders issue tax documents with them (docs/tax.md); unset: none. */
    seller?: SellerSettings;
    taxRates?: TaxRateSettings;
    /** The courier aggregator's settings (decision 235); unset: no courier. */
    courier?: import("./courier/shiprocket").CourierSettings;
  };
  /** The orders projector's read-your-writes wait: what an order page and a product's stock read. */
  waitForOrders(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Waits until the `photos` read model holds `position`: a kept page then shows the change (decision 139). */
  waitForPhotos(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Waits until the counter's cash read model (projectors/cash.ts) holds `position`: a day close sums every bill before it. */
  waitForCash(position: Position, timeoutMs?: number): Promise<boolean>;
  codeOutbox: CodeOutbox;
}

/** A sign-in code's outbox row and the job that names it. */
export interface CodeSend {
  key: string;
  jobId: string;
}

/** The sign-in codes' outbox (docs/decisions/086), kept by `workers/code-outbox.ts`, whose relay sends what the queue missed. */
export interface CodeOutbox {
  /** Writes the code's outbox row in the caller's transaction: the text (in `language`) with the code masked, the code sealed. */
  record(
    trx: Kysely<DB>,
    input: { codeId: string; phone: string; code: string; shopName: string; sealKey: Buffer; language?: Language },
  ): Promise<CodeSend>;
  /** Hands a code's job to the queue; false (never a throw) when the queue cannot take it now: the relay will. */
  handOver(queue: JobQueue, send: CodeSend): Promise<boolean>;
}

/**
 * What every process of the shop shares beside the services: the core the composition root opens
 * (`server/runtime.ts` `openShopCore`), as the routes, the job handlers and the reactor see it
 * through `Shop`. What only the composition roots need (the projectors) is added there.
 */
export interface ShopCore extends ServiceCore {
  config: ShopConfig;
  database: Database;
  /** Read your writes: bounded wait until every read model has applied `position`. */
  waitForReadModels(position: Position, timeoutMs?: number): Promise<boolean>;
  /** What /healthz answers (`server/health.ts` checks it). */
  health(): Promise<Health>;
  close(): Promise<void>;
}

/** One follower of the event store (a projector or the notification reactor) and how far behind it is. */
export interface FollowerHealth {
  name: string;
  ok: boolean;
  position?: Position;
  /** Events not yet applied (capped at 100 000). */
  lag: number;
  /** How old the oldest event not yet applied is, in seconds; 0 when caught up. */
  lagSeconds: number;
}

export interface HealthLimits {
  maxLagSeconds: number;
  maxWorkerSilenceSeconds: number;
}

export interface Health {
  ok: boolean;
  database: { ok: boolean; kind: string; description: string; error?: string };
  eventStore: { ok: boolean; kind: string; description: string; head?: string; error?: string };
  queue: { ok: boolean; kind: string; description: string };
  projectors: FollowerHealth[];
  reactors: FollowerHealth[];
  /** The job runners' heartbeat: the newest "seen at" of any runner for this kind of queue. */
  workers: { ok: boolean; lastSeenAt: string | null; secondsSinceSeen: number | null };
  /**
   * How messages leave (SMS_PROVIDER, SMTP_URL): each channel's transport, and whether it reaches anyone.
   * The console transport only prints; chosen on purpose it is no fault, so it does not turn `ok` false.
   */
  messages: {
    sms: { transport: string; reachesPhones: boolean };
    email: { transport: string; reachesMailboxes: boolean };
  };
  /**
   * The newest backup (decision 112). Only while scheduled backups are on (BACKUP_DAILY_AT) does its
   * age decide `ok`: older than `maxAgeHours`, or the last attempt failed with none since.
   */
  backups: BackupHealth;
  limits: HealthLimits;
}

export interface BackupHealth {
  ok: boolean;
  scheduled: boolean;
  lastBackupAt: string | null;
  ageHours: number | null;
  maxAgeHours: number;
  /** The newest failure, when no backup has worked since. */
  lastError?: string;
}
