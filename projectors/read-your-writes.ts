import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position } from "../eventstore/port";

interface Waiter {
  position: Position;
  deadline: number;
  resolve(done: boolean): void;
}

/**
 * Where the projectors running in this process have got to, per event store: a runner
 * records each batch once it has committed (applied, or found applied by another
 * runner), so a page waiting for its order in the same process learns at once,
 * without asking the database.
 */
export interface LocalProgress {
  /** The batch up to `position` is in `name`'s read model. */
  reached(name: string, position: Position): void;
  /** `name` is no longer followed here (the runner stopped): waiters ask the database again. */
  left(name: string): void;
}

interface Board extends LocalProgress {
  positions: Map<string, Position>;
  listeners: Set<() => void>;
}

const boards = new WeakMap<EventStore, Board>();

function boardOf(store: EventStore): Board {
  let board = boards.get(store);
  if (!board) {
    const positions = new Map<string, Position>();
    const listeners = new Set<() => void>();
    board = {
      positions,
      listeners,
      reached(name, position) {
        positions.set(name, position);
        for (const listener of listeners) listener();
      },
      left(name) {
        positions.delete(name);
      },
    };
    boards.set(store, board);
  }
  return board;
}

/** What the projector runner of this process reports to. */
export function localProgress(store: EventStore): LocalProgress {
  return boardOf(store);
}

/**
 * Read your writes for many requests at once. Where every named projector runs in
 * this process, a waiter is answered the moment a runner reports its batch. Otherwise
 * every waiting request shares ONE poll of the named projectors' checkpoints (about
 * every 4 ms while anyone waits), instead of each request polling on its own back-off.
 * Resolves false on timeout; the caller still succeeds, its next page is a moment behind.
 */
export function createReadModelWaiter(db: Kysely<DB>, store: EventStore, names: readonly string[], intervalMs = 4) {
  const waiters = new Set<Waiter>();
  const board = boardOf(store);
  let polling = false;

  /** The position every named projector has reached here, or null when one of them is not followed here. */
  function reachedLocally(): Position | null {
    let reached: Position | null = null;
    for (const name of names) {
      const position = board.positions.get(name);
      if (position === undefined) return null;
      if (reached === null || store.comparePositions(position, reached) < 0) reached = position;
    }
    return reached;
  }

  function settle(reached: Position | undefined, complete: boolean) {
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
  }

  const onReport = () => {
    const local = reachedLocally();
    if (local !== null) settle(local, true);
  };

  /** Runs while anyone waits; it listens to the board only then, so a waiter made once and dropped leaves nothing behind. */
  async function poll() {
    polling = true;
    board.listeners.add(onReport);
    try {
      while (waiters.size > 0) {
        const local = reachedLocally();
        if (local !== null) {
          // The runner's reports answer waiters; this loop only times them out.
          settle(local, true);
          if (waiters.size > 0) await new Promise((r) => setTimeout(r, 25));
          continue;
        }
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
        settle(reached, complete);
        if (waiters.size > 0) await new Promise((r) => setTimeout(r, intervalMs));
      }
    } finally {
      board.listeners.delete(onReport);
      polling = false;
    }
  }

  return function waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const local = reachedLocally();
      if (local !== null && store.comparePositions(local, position) >= 0) return resolve(true);
      waiters.add({ position, deadline: Date.now() + timeoutMs, resolve });
      if (!polling) void poll();
    });
  };
}
