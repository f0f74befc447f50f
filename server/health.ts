import { sql } from "kysely";
import type { Database } from "../db/connection";
import type { EventStore, Position } from "../eventstore/port";
import { projectorStatuses } from "../projectors/runner";
import { newestHeartbeat } from "../workers/heartbeat";
import type { BackupHealth, FollowerHealth, Health, HealthLimits } from "../services/core";
import { backupAgeHours, createBackupService } from "../services/backups";
import type { JobQueue } from "../services/queue";
import { CONSOLE_TRANSPORT, type MessageTransports } from "../services/notifications";
import { readReactorCheckpoint, REACTOR_NAME } from "../workers/reactor";

export type { FollowerHealth, Health, HealthLimits };

/**
 * What /healthz answers (docs/decisions/086): each part reachable, every projector and the
 * notification reactor within `maxLagSeconds` of the events (a stopped projector shows as
 * its oldest unapplied event ageing), and a job runner seen within `maxWorkerSilenceSeconds`.
 * Every layout needs a runner: `shop worker` on Redis, the in-process runner without.
 */
export async function checkHealth(
  parts: {
    database: Database;
    store: EventStore;
    queue: JobQueue;
    projectorNames: readonly string[];
    transports: MessageTransports;
    /** Scheduled backups (BACKUP_DAILY_AT) and how old the newest may be. */
    backups?: { scheduled: boolean; maxAgeHours: number };
  },
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
    messages: {
      sms: { transport: parts.transports.sms, reachesPhones: parts.transports.sms !== CONSOLE_TRANSPORT },
      email: { transport: parts.transports.email, reachesMailboxes: parts.transports.email !== CONSOLE_TRANSPORT },
    },
    backups: { ok: true, scheduled: parts.backups?.scheduled ?? false, lastBackupAt: null, ageHours: null, maxAgeHours: parts.backups?.maxAgeHours ?? 0 },
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
    health.backups = await backupHealth(database, health.backups, now());
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
    health.backups.ok &&
    [...health.projectors, ...health.reactors].every((p) => p.ok);
  return health;
}

/** The newest backup's age; it decides health only while scheduled backups are on. */
async function backupHealth(database: Database, base: BackupHealth, now: Date): Promise<BackupHealth> {
  let status;
  try {
    status = await createBackupService(database.db).status();
  } catch (err) {
    return { ...base, ok: !base.scheduled, lastError: err instanceof Error ? err.message : String(err) };
  }
  const ageHours = backupAgeHours(status, now);
  const tooOld = ageHours !== null && ageHours > base.maxAgeHours;
  // None yet and none failed: the first scheduled one is under way (a shop starting takes the one it owes at once).
  const failing = status.failure !== null;
  return {
    ...base,
    ok: !base.scheduled || (!tooOld && !failing),
    lastBackupAt: status.lastAt?.toISOString() ?? null,
    ageHours,
    ...(status.failure ? { lastError: status.failure.error } : {}),
  };
}
