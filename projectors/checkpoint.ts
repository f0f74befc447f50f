import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position, RecordedEvent } from "../eventstore/port";

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
  store: Pick<EventStore, "comparePositions">,
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
