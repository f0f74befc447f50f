import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position, Subscription } from "../eventstore/port";
import type { Projector } from "./projector";
import { createReadModelWaiter, localProgress } from "./read-your-writes";
import { applyUnderCheckpoint } from "./checkpoint";

export interface ProjectorStatus {
  name: string;
  position: Position | undefined;
  /** Events in the store the projector has not applied yet (capped). */
  lag: number;
}

export interface RunnerOptions {
  batchSize?: number;
  log?: (line: string) => void;
}

/**
 * Runs projectors against the live store: each follows the global stream from
 * its own checkpoint and commits its read-model writes together with the new
 * checkpoint. A restart resumes from the checkpoint; an event at or before it
 * is never applied again.
 */
export class ProjectorRunner {
  private subscriptions = new Map<string, Subscription>();
  private loops: Promise<void>[] = [];
  private stopped = false;
  private readonly log: (line: string) => void;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: EventStore,
    readonly projectors: readonly Projector[],
    private readonly options: RunnerOptions = {},
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  async start(): Promise<void> {
    await ensureCheckpoints(this.db, this.projectors);
    this.loops = this.projectors.map((p) => this.follow(p));
  }

  private async follow(projector: Projector): Promise<void> {
    let backoffMs = 250;
    const progress = localProgress(this.store);
    try {
      while (!this.stopped) {
        try {
          const from = await readCheckpoint(this.db, projector.name);
          const subscription = this.store.subscribeToAll({ from, batchSize: this.options.batchSize ?? 500 });
          this.subscriptions.set(projector.name, subscription);
          for await (const batch of subscription) {
            await applyBatch(this.db, this.store, projector, batch);
            // Committed (or applied by another runner already): pages in this process waiting for it may go on.
            progress.reached(projector.name, batch[batch.length - 1].position);
            backoffMs = 250;
          }
        } catch (err) {
          if (this.stopped) break;
          // A failing batch (database down, a bug) is retried from the checkpoint; /healthz shows the lag meanwhile.
          this.log(`projector ${projector.name}: ${err instanceof Error ? err.message : String(err)}; retrying`);
          await new Promise((r) => setTimeout(r, backoffMs));
          backoffMs = Math.min(backoffMs * 2, 10_000);
        }
      }
    } finally {
      progress.left(projector.name);
    }
  }

  /** Stops following; a batch being applied finishes and commits its checkpoint first. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.subscriptions.values()].map((s) => s.stop().catch(() => {})));
    await Promise.all(this.loops);
  }
}

export async function ensureCheckpoints(db: Kysely<DB>, projectors: readonly Projector[]): Promise<void> {
  if (projectors.length === 0) return;
  await db
    .insertInto("projector_checkpoints")
    .values(projectors.map((p) => ({ name: p.name, position: null })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

export async function readCheckpoint(db: Kysely<DB>, name: string): Promise<Position | undefined> {
  const row = await db
    .selectFrom("projector_checkpoints")
    .select("position")
    .where("name", "=", name)
    .executeTakeFirst();
  return row?.position ?? undefined;
}

/**
 * Applies one batch and moves the checkpoint in one transaction, so two runners
 * of the same projector never both apply a batch (projectors/checkpoint.ts).
 */
export async function applyBatch(
  db: Kysely<DB>,
  store: EventStore,
  projector: Projector,
  batch: Parameters<Projector["apply"]>[1],
): Promise<void> {
  await applyUnderCheckpoint(db, store, "projector_checkpoints", projector.name, batch, (trx, fresh) =>
    projector.apply(trx, fresh),
  );
}

export async function projectorStatuses(
  db: Kysely<DB>,
  store: EventStore,
  names: readonly string[],
): Promise<ProjectorStatus[]> {
  const rows = await db.selectFrom("projector_checkpoints").select(["name", "position"]).execute();
  const byName = new Map(rows.map((r) => [r.name, r.position ?? undefined]));
  return Promise.all(
    names.map(async (name) => {
      const position = byName.get(name);
      return { name, position, lag: await store.countAfter(position, 100_000) };
    }),
  );
}

/**
 * Read your writes, once: waits (bounded) until every named projector has
 * applied the event at `position`. Long-lived callers share a waiter from
 * createReadModelWaiter instead, so concurrent requests share one poll.
 */
export function waitForProjectors(
  db: Kysely<DB>,
  store: EventStore,
  names: readonly string[],
  position: Position,
  timeoutMs = 2000,
): Promise<boolean> {
  return createReadModelWaiter(db, store, names)(position, timeoutMs);
}
