import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventReader, Position, RecordedEvent } from "../eventstore/port";

/** Thrown inside a batch's transaction to roll it back when another runner had applied the batch already. */
class AlreadyApplied extends Error {}

/**
 * Applies a batch under a checkpoint row (a projector's or the reactor's) in one transaction:
 * the row is locked and moved to the batch's last event in one statement that also answers
 * where it stood, and `apply` gets the events after that. A second runner of the same
 * checkpoint waits on the lock, then finds the batch done and rolls its move back.
 * Returns what `apply` returned, or undefined when nothing in the batch was new.
 */
export async function applyUnderCheckpoint<T>(
  db: Kysely<DB>,
  store: Pick<EventReader, "comparePositions">,
  table: "projector_checkpoints" | "reactor_checkpoints",
  name: string,
  batch: readonly RecordedEvent[],
  apply: (trx: Kysely<DB>, fresh: RecordedEvent[]) => Promise<T>,
): Promise<T | undefined> {
  if (batch.length === 0) return undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const previous = await moveCheckpoint(trx, table, name, batch[batch.length - 1].position);
      const fresh = batch.filter((e) => store.comparePositions(e.position, previous) > 0);
      if (fresh.length === 0) throw new AlreadyApplied();
      return apply(trx, fresh);
    });
  } catch (err) {
    if (err instanceof AlreadyApplied) return undefined;
    throw err;
  }
}

/**
 * Locks the row (the FOR UPDATE subquery waits for a concurrent mover and then reads its
 * committed position), sets the new position, and returns the one it replaced.
 */
async function moveCheckpoint(
  trx: Kysely<DB>,
  table: "projector_checkpoints" | "reactor_checkpoints",
  name: string,
  to: Position,
): Promise<Position | undefined> {
  const { rows } = await sql<{ previous: string | null }>`
    update ${sql.table(table)} as c set position = ${to}, updated_at = now()
    from (select name, position from ${sql.table(table)} where name = ${name} for update) as old
    where c.name = old.name
    returning old.position as previous`.execute(trx);
  if (rows.length === 0) throw new Error(`no checkpoint row for ${name} in ${table}`);
  return rows[0].previous ?? undefined;
}

interface Move {
  to: Position;
  settled: Array<{ resolve: () => void; reject: (err: unknown) => void }>;
}

/**
 * Moves the checkpoints of followers a batch has nothing for, all that are waiting in one
 * transaction. With ten read models and an order that feeds three of them, one transaction
 * per projector per batch cost Postgres more than the order itself (docs/benchmarks.md,
 * Orders). Moves asked for while one is committing go together in the next.
 *
 * A checkpoint only moves forward: another runner of the same projector may have passed the
 * position, so the rows are locked (in name order, so two processes' groups never wait on
 * each other in a circle) and compared first, as `applyUnderCheckpoint` does.
 */
export class GroupedCheckpointMoves {
  private waiting = new Map<string, Move>();
  private committing: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: Pick<EventReader, "comparePositions">,
    private readonly table: "projector_checkpoints" | "reactor_checkpoints",
  ) {}

  /** Resolves once the checkpoint stands at `to` or beyond, committed. */
  move(name: string, to: Position): Promise<void> {
    return new Promise((resolve, reject) => {
      const move = this.waiting.get(name);
      if (!move) this.waiting.set(name, { to, settled: [{ resolve, reject }] });
      else {
        if (this.store.comparePositions(to, move.to) > 0) move.to = to;
        move.settled.push({ resolve, reject });
      }
      this.commitSoon();
    });
  }

  private commitSoon(): void {
    if (this.committing) return;
    // One turn of the event loop lets the other followers handed the same batch join this group.
    this.committing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.commit())
      .finally(() => {
        this.committing = undefined;
        if (this.waiting.size > 0) this.commitSoon();
      });
  }

  private async commit(): Promise<void> {
    const moves = this.waiting;
    this.waiting = new Map();
    const settled = [...moves.values()].flatMap((move) => move.settled);
    try {
      await this.db.transaction().execute(async (trx) => {
        const names = [...moves.keys()].sort();
        const rows = await trx
          .selectFrom(this.table)
          .select(["name", "position"])
          .where("name", "in", names)
          .orderBy("name")
          .forUpdate()
          .execute();
        const missing = names.find((name) => !rows.some((r) => r.name === name));
        if (missing) throw new Error(`no checkpoint row for ${missing} in ${this.table}`);
        const behind = rows.filter((r) => this.store.comparePositions(moves.get(r.name)!.to, r.position ?? undefined) > 0);
        if (behind.length === 0) return;
        await sql`update ${sql.table(this.table)} as c set position = v.position, updated_at = now()
          from (values ${sql.join(behind.map((r) => sql`(${r.name}::text, ${moves.get(r.name)!.to}::text)`))})
            as v(name, position)
          where c.name = v.name`.execute(trx);
      });
      for (const s of settled) s.resolve();
    } catch (err) {
      for (const s of settled) s.reject(err);
    }
  }
}
