import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, NotificationSendsTable, NotificationSkipReason, NotificationStatus } from "../db/schema";
import { OTP_VALID_MINUTES } from "../domain/otp";
import { refusal, type Refusal } from "../domain/errors";
import type { ServiceCore } from "./core";
import type { ShopConfig, SmsProvider, SmsSettings } from "./settings";
import { SMS_TEMPLATES } from "../domain/sms-templates";
import type { JobQueue, QueueName } from "./queue";

/** The transport that only prints: a message it "sends" is in the log and `outbox_messages`, never on a phone or in a mailbox. */
export const CONSOLE_TRANSPORT = "console";

/** Which transport each channel uses, as the settings choose (workers/transports/index.ts builds them by the same names). */
export interface MessageTransports {
  /** "msg91", "twilio", or "console". */
  sms: SmsProvider;
  /** "smtp", or "console". */
  email: "smtp" | typeof CONSOLE_TRANSPORT;
}

export function messageTransports(config: Pick<ShopConfig, "sms" | "smtpUrl">): MessageTransports {
  return { sms: config.sms.provider, email: config.smtpUrl ? "smtp" : CONSOLE_TRANSPORT };
}

/** The start-up line's words for how SMS leave: "msg91, sender CHURUU, 18 of 18 DLT templates", or that none leaves. */
export function describeSmsTransport(sms: SmsSettings): string {
  if (sms.provider === "console") return "console: printed to the log, no SMS reaches a phone (SMS_PROVIDER=console)";
  if (sms.provider === "twilio") return `twilio, from ${sms.sender ?? "?"}`;
  const templates = SMS_TEMPLATES.filter((template) => sms.dltTemplates[template]).length;
  return `msg91, sender ${sms.sender ?? "?"}, ${templates} of ${SMS_TEMPLATES.length} DLT templates`;
}

/** What the admin's notifications page reads and does: recent sends, failures, Retry. */
export function createNotificationsService(core: Pick<ServiceCore, "db" | "queue">) {
  return {
    list: (options: { limit?: number } = {}) => listNotifications(core.db, options),
    retry: (key: string) => retryNotification(core.db, core.queue, key),
  };
}

export interface NotificationRow {
  key: string;
  kind: string;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  /** The text as kept: a sign-in code's shows "******" for the code. */
  body: string | null;
  status: NotificationStatus;
  attempts: number;
  transport: string | null;
  lastError: string | null;
  /** Why a due reminder was not sent (status 'skipped'). */
  skipReason: NotificationSkipReason | null;
  /** When a delayed message (the payment reminder) goes out; null: at once. */
  dueAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
  /** The text went as a WhatsApp template (decision 230): its state as WhatsApp last reported it; or why WhatsApp refused it. */
  whatsapp: { id: string | null; state: string | null; error: string | null; at: Date | null } | null;
  /** When WhatsApp's failure or silence handed it to SMS. */
  fallbackAt: Date | null;
}

const COLUMNS = [
  "key",
  "kind",
  "channel",
  "recipient",
  "subject",
  "body",
  "status",
  "attempts",
  "transport",
  "last_error",
  "skip_reason",
  "due_at",
  "created_at",
  "updated_at",
  "sent_at",
  "whatsapp_id",
  "whatsapp_state",
  "whatsapp_error",
  "whatsapp_at",
  "fallback_at",
] as const;

function toRow(r: Pick<Selectable<NotificationSendsTable>, (typeof COLUMNS)[number]>): NotificationRow {
  return {
    key: r.key,
    kind: r.kind,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    transport: r.transport,
    lastError: r.last_error,
    skipReason: r.skip_reason,
    dueAt: r.due_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sentAt: r.sent_at,
    whatsapp:
      r.whatsapp_id || r.whatsapp_error ? { id: r.whatsapp_id, state: r.whatsapp_state, error: r.whatsapp_error, at: r.whatsapp_at } : null,
    fallbackAt: r.fallback_at,
  };
}

/**
 * Recent messages, newest first, and the ones that need a person (failed, unknown). A message the
 * console transport "sent" was only printed to the log: `transport` says so, and the counts keep it apart.
 */
export async function listNotifications(
  db: Kysely<DB>,
  options: { limit?: number } = {},
): Promise<{
  recent: NotificationRow[];
  problems: NotificationRow[];
  /** By status; `sent` counts only what a provider took, `printed` what the console transport printed instead. */
  counts: Record<NotificationStatus | "printed", number>;
}> {
  const limit = options.limit ?? 50;
  const [recent, problems, counts] = await Promise.all([
    db.selectFrom("notification_sends").select(COLUMNS).orderBy("id", "desc").limit(limit).execute(),
    db
      .selectFrom("notification_sends")
      .select(COLUMNS)
      .where("status", "in", ["failed", "unknown"])
      .orderBy("updated_at", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("notification_sends")
      .select(["status", sql<boolean>`status = 'sent' and transport = ${CONSOLE_TRANSPORT}`.as("printed"), sql<number>`count(*)::int`.as("n")])
      .groupBy(["status", "printed"])
      .execute(),
  ]);
  const byStatus: Record<NotificationStatus | "printed", number> = { pending: 0, sending: 0, sent: 0, failed: 0, unknown: 0, skipped: 0, printed: 0 };
  for (const c of counts) byStatus[c.printed ? "printed" : c.status] += Number(c.n);
  return { recent: recent.map(toRow), problems: problems.map(toRow), counts: byStatus };
}

/** Done, with what happened (the admin's English notice), or refused: a refusal as data, which the page words. */
export type RetryResult = { ok: true; message: string } | { ok: false; refusal: Refusal };

/**
 * The admin's Retry: puts a failed (or in-doubt) message back to pending and
 * queues it for a fresh round of attempts. For an 'unknown' one this is the
 * person's decision that a possible duplicate is better than none.
 */
export async function retryNotification(db: Kysely<DB>, queue: JobQueue, key: string): Promise<RetryResult> {
  const row = await db
    .selectFrom("notification_sends")
    .select(["key", "kind", "queue", "job_name", "job_id", "status", "created_at", sql<boolean>`secret is not null`.as("sealed")])
    .where("key", "=", key)
    .executeTakeFirst();
  if (!row) return { ok: false, refusal: refusal("admin.retryGone") };
  if (row.status !== "failed" && row.status !== "unknown") {
    return { ok: false, refusal: refusal("admin.retryNotFailed", { sendStatus: row.status }) };
  }
  const isCode = row.queue === "otp";
  if (isCode && Date.now() - row.created_at.getTime() > OTP_VALID_MINUTES * 60_000) {
    return { ok: false, refusal: refusal("admin.retryCodeExpired") };
  }
  const claimed = await db
    .updateTable("notification_sends")
    .set({ status: "pending", attempts: 0, claim: null, last_error: null, updated_at: new Date() })
    .where("key", "=", key)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { ok: false, refusal: refusal("admin.retryChanged") };

  const queueName = row.queue as QueueName;
  // The failed job itself, when the queue still has it (BullMQ keeps failed jobs).
  if (row.status === "failed" && (await queue.retry(queueName, row.job_id).catch(() => false))) {
    return { ok: true, message: `Queued the ${row.kind} message again.` };
  }
  if (isCode && !row.sealed) {
    // The sealed code is erased once the code is sent or expires (docs/decisions/085).
    await db
      .updateTable("notification_sends")
      .set({ status: row.status, last_error: "the job with the code is gone; the customer can ask for a new code" })
      .where("key", "=", key)
      .execute();
    return { ok: false, refusal: refusal("admin.retryCodeGone") };
  }
  const jobId = `${row.job_id.replace(/-retry-\d+$/, "")}-retry-${Date.now()}`;
  await db.updateTable("notification_sends").set({ job_id: jobId }).where("key", "=", key).execute();
  try {
    await queue.add(queueName, row.job_name, { key }, { jobId });
  } catch {
    // The record is pending: the code relay or the repair sweep hands it over once the queue is back.
    return { ok: true, message: `The ${row.kind} message is waiting; it goes out when the job queue is reachable again.` };
  }
  return { ok: true, message: `Queued the ${row.kind} message again.` };
}
