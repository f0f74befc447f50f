import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { JobQueue } from "../services/queue";

/** A pending record this long without progress has lost its job (a restart of the in-process queue, a Redis that lost it). */
export const STALE_PENDING_MS = 60_000;
/** A claim this old belongs to a worker that died mid-send (send timeouts are seconds). */
export const STALE_SENDING_MS = 5 * 60_000;

/**
 * Repairs what a crash leaves behind; run every few seconds beside the reactor.
 * Pending order notifications without progress are queued again under their
 * own job id (a no-op while the queue still has the job); a delayed one only
 * once its time is a sweep's while past (its job lost, as an in-process queue's
 * timer is on a restart). A claim left by a
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
    // A delayed message (the payment reminder) is not stale while it waits for its time, only once that is well past.
    .where((eb) => eb.or([eb("due_at", "is", null), eb("due_at", "<", stalePending)]))
    .orderBy("id")
    .limit(500)
    .execute();
  if (stale.length === 0) return 0;
  // A queue that refuses (Redis down) fails this sweep; the next one tries again.
  await queue.addBulk(
    "notifications",
    stale.map((row) => ({ name: row.job_name, data: { key: row.key }, options: { jobId: row.job_id } })),
  );
  await db
    .updateTable("notification_sends")
    .set({ updated_at: now })
    .where("key", "in", stale.map((row) => row.key))
    .where("status", "=", "pending")
    .execute();
  return stale.length;
}
