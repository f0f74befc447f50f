import os from "node:os";
import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { JobQueue } from "../services/queue";

/**
 * Every job runner (`shop worker`, or the in-process runner of a process without Redis)
 * writes "seen at" into Postgres every few seconds. /healthz reports the newest, and turns
 * 503 when none is recent: a shop whose codes nobody sends looks healthy otherwise.
 * Postgres, not Redis: the heartbeat must outlive a Redis outage to say which part is down.
 */

export const HEARTBEAT_EVERY_MS = 5_000;
/** A runner not seen for a day is gone for good: its row is dropped. */
const FORGET_AFTER = "1 day";

export interface WorkerIdentity {
  worker: string;
  queue: JobQueue["kind"];
}

export function workerIdentity(queue: JobQueue): WorkerIdentity {
  return { worker: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, queue: queue.kind };
}

export async function beat(db: Kysely<DB>, who: WorkerIdentity): Promise<void> {
  await db
    .insertInto("worker_heartbeats")
    .values({ worker: who.worker, queue: who.queue, seen_at: sql<Date>`now()` })
    .onConflict((oc) => oc.column("worker").doUpdateSet({ seen_at: sql<Date>`now()` }))
    .execute();
  if (Math.random() < 0.01) {
    await db.deleteFrom("worker_heartbeats").where("seen_at", "<", sql<Date>`now() - ${FORGET_AFTER}::interval`).execute();
  }
}

/** The newest heartbeat of a runner of this kind of queue, and how many seconds ago it was (by the database's clock). */
export async function newestHeartbeat(
  db: Kysely<DB>,
  queue: JobQueue["kind"],
): Promise<{ seenAt: Date; secondsAgo: number } | undefined> {
  const row = await db
    .selectFrom("worker_heartbeats")
    .select([
      sql<Date>`max(seen_at)`.as("seen_at"),
      sql<number>`extract(epoch from now() - max(seen_at))::float8`.as("seconds_ago"),
    ])
    .where("queue", "=", queue)
    .executeTakeFirst();
  if (!row?.seen_at) return undefined;
  return { seenAt: new Date(row.seen_at), secondsAgo: Math.max(0, Number(row.seconds_ago)) };
}
