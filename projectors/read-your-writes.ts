import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position } from "../eventstore/port";

interface Waiter {
  position: Position;
  deadline: number;
  resolve(done: boolean): void;
}

/**
 * Read your writes for many requests at once: every waiting request shares ONE
 * poll of the named projectors' checkpoints (about every 4 ms while anyone
 * waits), instead of each request polling on its own back-off. Under load that
 * is a few hundred small queries a second in total rather than several per order.
 * Resolves false on timeout; the caller still succeeds, its next page is a moment behind.
 */
export function createReadModelWaiter(db: Kysely<DB>, store: EventStore, names: readonly string[], intervalMs = 4) {
  const waiters = new Set<Waiter>();
  let polling = false;

  async function poll() {
    polling = true;
    try {
      while (waiters.size > 0) {
        let reached: Position | undefined;
        let complete = false;
        try {
          const rows = await db
            .selectFrom("projector_checkpoints")
            .select(["name", "position"])
            .where("name", "in", names as string[])
            .execute();
          complete = rows.length === names.length && rows.every((r) => r.position !== null);
          if (complete) {
            reached = rows
              .map((r) => r.position as string)
              .reduce((min, p) => (store.comparePositions(p, min) < 0 ? p : min));
          }
        } catch {
          // A failed poll is retried on the next tick; waiters time out on their own.
        }
        const now = Date.now();
        for (const waiter of waiters) {
          if (complete && store.comparePositions(reached, waiter.position) >= 0) {
            waiters.delete(waiter);
            waiter.resolve(true);
          } else if (now >= waiter.deadline) {
            waiters.delete(waiter);
            waiter.resolve(false);
          }
        }
        if (waiters.size > 0) await new Promise((r) => setTimeout(r, intervalMs));
      }
    } finally {
      polling = false;
    }
  }

  return function waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      waiters.add({ position, deadline: Date.now() + timeoutMs, resolve });
      if (!polling) void poll();
    });
  };
}
