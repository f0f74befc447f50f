import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, NotificationSendsTable, NotificationStatus } from "../db/schema";
import { OTP_VALID_MINUTES } from "../domain/otp";
import type { JobQueue, QueueName } from "./queue";

/** A pending record this long without progress has lost its job (a restart of the in-process queue, a Redis that lost it). */
export const STALE_PENDING_MS = 60_000;
/** A claim this old belongs to a worker that died mid-send (send timeouts are seconds). */
export const STALE_SENDING_MS = 5 * 60_000;

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
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
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
  "created_at",
  "updated_at",
  "sent_at",
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
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    sentAt: r.sent_at,
  };
}

/** Recent messages, newest first, and the ones that need a person (failed, unknown). */
export async function listNotifications(
  db: Kysely<DB>,
  options: { limit?: number } = {},
): Promise<{ recent: NotificationRow[]; problems: NotificationRow[]; counts: Record<NotificationStatus, number> }> {
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
      .select(["status", sql<number>`count(*)::int`.as("n")])
      .groupBy("status")
      .execute(),
  ]);
  const byStatus = { pending: 0, sending: 0, sent: 0, failed: 0, unknown: 0 } as Record<NotificationStatus, number>;
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { recent: recent.map(toRow), problems: problems.map(toRow), counts: byStatus };
}

export type RetryResult = { ok: true; message: string } | { ok: false; message: string };

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
  if (!row) return { ok: false, message: "That message is not in the list any more." };
  if (row.status !== "failed" && row.status !== "unknown") {
    return { ok: false, message: `That message is ${row.status}; only failed or unknown ones can be retried.` };
  }
  const isCode = row.queue === "otp";
  if (isCode && Date.now() - row.created_at.getTime() > OTP_VALID_MINUTES * 60_000) {
    return { ok: false, message: "That sign-in code has expired; the customer can ask for a new one." };
  }
  const claimed = await db
    .updateTable("notification_sends")
    .set({ status: "pending", attempts: 0, claim: null, last_error: null, updated_at: new Date() })
    .where("key", "=", key)
    .where("status", "=", row.status)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { ok: false, message: "Someone else changed that message; reload." };

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
    return { ok: false, message: "That sign-in code can no longer be sent; the customer can ask for a new one." };
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

/**
 * Repairs what a crash leaves behind; run every few seconds beside the reactor.
 * Pending order notifications without progress are queued again under their
 * own job id (a no-op while the queue still has the job). A claim left by a
 * worker that died mid-send becomes 'unknown'. (Pending sign-in codes have their
 * own relay, workers/code-outbox.ts, run by every job runner.)
 */
export async function requeueStale(db: Kysely<DB>, queue: JobQueue, now = new Date()): Promise<number> {
  const stalePending = new Date(now.getTime() - STALE_PENDING_MS);
  await db
    .updateTable("notification_sends")
    .set({
      status: "unknown",
      claim: null,
      last_error: "the worker stopped while sending; the message may or may not have gone out",
      updated_at: now,
    })
    .where("status", "=", "sending")
    .where("updated_at", "<", new Date(now.getTime() - STALE_SENDING_MS))
    .execute();
  const stale = await db
    .selectFrom("notification_sends")
    .select(["key", "job_name", "job_id"])
    .where("queue", "=", "notifications")
    .where("status", "=", "pending")
    .where("updated_at", "<", stalePending)
    .orderBy("id")
    .limit(500)
    .execute();
  for (const row of stale) {
    // A queue that refuses (Redis down) fails this sweep; the next one tries again.
    await queue.add("notifications", row.job_name, { key: row.key }, { jobId: row.job_id });
    await db.updateTable("notification_sends").set({ updated_at: now }).where("key", "=", row.key).execute();
  }
  return stale.length;
}
