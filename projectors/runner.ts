import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventReader, Position } from "../eventstore/port";
import { streamReaderIn, type Projector } from "./projector";
import { createReadModelWaiter, localProgress } from "./read-your-writes";
import { applyUnderCheckpoint, GroupedCheckpointMoves } from "./checkpoint";
import { wantedEvents } from "./wanted";
import { followFromCheckpoint, type Following } from "./follow";

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
 * checkpoint; a batch with none of its events moves the checkpoint alone, grouped
 * with the other projectors' such moves. A restart resumes from the checkpoint; an event at or before it
 * is never applied again.
 */
export class ProjectorRunner {
  private followings: Following[] = [];
  private readonly log: (line: string) => void;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: EventReader,
    readonly projectors: readonly Projector[],
    private readonly options: RunnerOptions = {},
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  async start(): Promise<void> {
    await ensureCheckpoints(this.db, this.projectors);
    const progress = localProgress(this.store);
    const idleMoves = new GroupedCheckpointMoves(this.db, this.store, "projector_checkpoints");
    this.followings = this.projectors.map((projector) => {
      const wanted = wantedEvents(projector);
      return followFromCheckpoint(this.store, {
        // A failing batch is retried from the checkpoint; /healthz shows the lag meanwhile.
        label: `projector ${projector.name}`,
        batchSize: this.options.batchSize ?? 500,
        checkpoint: () => readCheckpoint(this.db, projector.name),
        handle: async (batch) => {
          const last = batch[batch.length - 1].position;
          // A batch with nothing for this projector (most of them, for most read models) only moves
          // its checkpoint, together with the other projectors' idle moves.
          if (wanted && !batch.some(wanted)) await idleMoves.move(projector.name, last);
          else await applyBatch(this.db, this.store, projector, batch);
          // Committed (or applied by another runner already): pages in this process waiting for it may go on.
          progress.reached(projector.name, last);
        },
        log: this.log,
      });
    });
  }

  /** Stops following; a batch being applied finishes and commits its checkpoint first. */
  async stop(): Promise<void> {
    const followings = this.followings;
    this.followings = [];
    await Promise.all(followings.map((f) => f.stop()));
    if (followings.length === 0) return;
    const progress = localProgress(this.store);
    for (const projector of this.projectors) progress.left(projector.name);
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
  store: EventReader,
  projector: Projector,
  batch: Parameters<Projector["apply"]>[1],
): Promise<void> {
  await applyUnderCheckpoint(db, store, "projector_checkpoints", projector.name, batch, (trx, fresh) =>
    projector.apply(trx, fresh, { events: streamReaderIn(store, trx) }),
  );
}

export async function projectorStatuses(
  db: Kysely<DB>,
  store: EventReader,
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
  store: EventReader,
  names: readonly string[],
  position: Position,
  timeoutMs = 2000,
): Promise<boolean> {
  return createReadModelWaiter(db, store, names)(position, timeoutMs);
}
