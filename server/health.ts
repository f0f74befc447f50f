import { sql } from "kysely";
import type { Database } from "../db/connection";
import type { EventStore, Position } from "../eventstore/port";
import { projectorStatuses } from "../projectors/runner";
import { newestHeartbeat } from "../workers/heartbeat";
import type { FollowerHealth, Health, HealthLimits } from "../services/core";
import type { JobQueue } from "../services/queue";
import { readReactorCheckpoint, REACTOR_NAME } from "../workers/reactor";

export type { FollowerHealth, Health, HealthLimits };

/**
 * What /healthz answers (docs/decisions/086): each part reachable, every projector and the
 * notification reactor within `maxLagSeconds` of the events (a stopped projector shows as
 * its oldest unapplied event ageing), and a job runner seen within `maxWorkerSilenceSeconds`.
 * Every layout needs a runner: `shop worker` on Redis, the in-process runner without.
 */
export async function checkHealth(
  parts: { database: Database; store: EventStore; queue: JobQueue; projectorNames: readonly string[] },
  limits: HealthLimits,
  now: () => Date = () => new Date(),
): Promise<Health> {
  const { database, store, queue } = parts;
  const health: Health = {
    ok: true,
    database: { ok: true, kind: database.kind, description: database.description },
    eventStore: { ok: true, kind: store.kind, description: store.description },
    queue: { ok: await queue.ping(), kind: queue.kind, description: queue.description },
    projectors: [],
    reactors: [],
    workers: { ok: false, lastSeenAt: null, secondsSinceSeen: null },
    limits: { ...limits },
  };
  try {
    await sql`select 1`.execute(database.db);
  } catch (err) {
    health.database.ok = false;
    health.database.error = err instanceof Error ? err.message : String(err);
  }
  try {
    health.eventStore.head = await store.headPosition();
  } catch (err) {
    health.eventStore.ok = false;
    health.eventStore.error = err instanceof Error ? err.message : String(err);
  }
  if (health.database.ok && health.eventStore.ok) {
    const follower = async (name: string, position: Position | undefined, lag: number): Promise<FollowerHealth> => {
      const [oldest] = lag > 0 ? await store.readAll({ from: position, maxCount: 1 }) : [];
      // Judged on the figure reported (tenths of a second), so a 503 never shows a lag within the limit.
      const lagSeconds = oldest ? Math.round(Math.max(0, now().getTime() - oldest.createdAt.getTime()) / 100) / 10 : 0;
      return { name, ok: lagSeconds <= limits.maxLagSeconds, position, lag, lagSeconds };
    };
    const statuses = await projectorStatuses(database.db, store, parts.projectorNames);
    health.projectors = await Promise.all(statuses.map((s) => follower(s.name, s.position, s.lag)));
    const reactorAt = await readReactorCheckpoint(database.db);
    health.reactors = [await follower(REACTOR_NAME, reactorAt, await store.countAfter(reactorAt, 100_000))];
    const seen = await newestHeartbeat(database.db, queue.kind);
    health.workers = {
      ok: !!seen && seen.secondsAgo <= limits.maxWorkerSilenceSeconds,
      lastSeenAt: seen ? seen.seenAt.toISOString() : null,
      secondsSinceSeen: seen ? Math.round(seen.secondsAgo * 10) / 10 : null,
    };
  }
  health.ok =
    health.database.ok &&
    health.eventStore.ok &&
    health.queue.ok &&
    health.workers.ok &&
    [...health.projectors, ...health.reactors].every((p) => p.ok);
  return health;
}
