import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventReader, Position } from "../eventstore/port";

interface Waiter {
  position: Position;
  /** How long the projectors get to apply the event once the store lets them read it (the caller's bound). */
  patienceMs: number;
  /** When the wait is answered false: `patienceMs` after it began, or after the store was last seen holding the event back. */
  deadline: number;
  /** The longest the wait may last, however long the store holds the event back. */
  limit: number;
  /** Whether the store has been seen letting its readers read the event (from then on it always does). */
  readable: boolean;
  /** When to ask the store again whether it still holds the event back. */
  nextCheck: number;
  resolve(done: boolean): void;
}

/**
 * How much longer than its bound a wait may last while the event store still holds the event back
 * from every reader. On Postgres an event is readable once every older transaction on the whole
 * server has ended (eventstore/postgres.ts, VISIBLE): a long one anywhere, in any database (a
 * CREATE or DROP DATABASE, a migration, an idle `begin`), holds back every projector, however
 * idle. That time is not the projectors', so it does not count against the bound; a hold longer
 * than this still ends the wait, and the page shows what the read model has.
 */
const HELD_BACK_LIMIT_MS = 15_000;
/** How often the store is asked, while a wait lasts, whether it still holds the event back. */
const HELD_BACK_CHECK_MS = 100;

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

const boards = new WeakMap<EventReader, Board>();

function boardOf(store: EventReader): Board {
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
export function localProgress(store: EventReader): LocalProgress {
  return boardOf(store);
}

/**
 * Read your writes for many requests at once. Where every named projector runs in
 * this process, a waiter is answered the moment a runner reports its batch. Otherwise
 * every waiting request shares ONE poll of the named projectors' checkpoints (about
 * every 4 ms while anyone waits), instead of each request polling on its own back-off.
 * Resolves false on timeout; the caller still succeeds, its next page is a moment behind.
 * The bound is the projectors' time: a spell in which the event store holds the event back
 * from every reader (HELD_BACK_LIMIT_MS) does not count against it.
 */
export function createReadModelWaiter(db: Kysely<DB>, store: EventReader, names: readonly string[], intervalMs = 4) {
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

  /** Answers every waiter whose position the named projectors have all reached. */
  function answer(reached: Position) {
    for (const waiter of waiters) {
      if (store.comparePositions(reached, waiter.position) >= 0) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  }

  /** When the store was last asked for its head: at most once per HELD_BACK_CHECK_MS, however many wait. */
  let reviewedAt = 0;

  /**
   * Waiters not answered within HELD_BACK_CHECK_MS: while the store still holds a waiter's event
   * back from its readers (its head is before the event), the waiter's deadline moves to its bound
   * after now, up to its limit, as the projectors cannot have read the event yet. One question to
   * the store serves every such waiter; a wait answered sooner (most are, in milliseconds) costs none.
   * A waiter past its deadline is answered false (within HELD_BACK_CHECK_MS of it).
   */
  async function review() {
    const began = Date.now();
    if (began - reviewedAt < HELD_BACK_CHECK_MS) return;
    const due = [...waiters].filter((waiter) => began >= waiter.deadline || (!waiter.readable && began >= waiter.nextCheck));
    if (due.length === 0) return;
    reviewedAt = began;
    let head: Position | undefined | null;
    try {
      head = await store.headPosition();
    } catch {
      // Not known: the deadlines stay as they are.
      head = null;
    }
    const now = Date.now();
    for (const waiter of due) {
      if (!waiters.has(waiter)) continue;
      if (head !== null && !waiter.readable) {
        if (store.comparePositions(head, waiter.position) < 0) {
          waiter.deadline = Math.min(Math.max(waiter.deadline, now + waiter.patienceMs), waiter.limit);
        } else {
          waiter.readable = true;
        }
      }
      waiter.nextCheck = now + HELD_BACK_CHECK_MS;
      if (now >= waiter.deadline) {
        waiters.delete(waiter);
        waiter.resolve(false);
      }
    }
  }

  const onReport = () => {
    const local = reachedLocally();
    if (local !== null) answer(local);
  };

  /** Runs while anyone waits; it listens to the board only then, so a waiter made once and dropped leaves nothing behind. */
  async function poll() {
    polling = true;
    board.listeners.add(onReport);
    try {
      while (waiters.size > 0) {
        const local = reachedLocally();
        if (local !== null) {
          // The runner's reports answer waiters; this loop only looks after their deadlines.
          answer(local);
          await review();
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
        if (complete && reached !== undefined) answer(reached);
        await review();
        if (waiters.size > 0) await new Promise((r) => setTimeout(r, intervalMs));
      }
    } finally {
      board.listeners.delete(onReport);
      polling = false;
    }
  }

  /**
   * Resolves true once the named projectors have applied the event at `position`; false when they
   * have not within `timeoutMs` of the store letting them read it (HELD_BACK_LIMIT_MS at most later).
   */
  return function waitFor(position: Position, timeoutMs = 2000): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const local = reachedLocally();
      if (local !== null && store.comparePositions(local, position) >= 0) return resolve(true);
      const now = Date.now();
      waiters.add({
        position,
        patienceMs: timeoutMs,
        deadline: now + timeoutMs,
        limit: now + timeoutMs + HELD_BACK_LIMIT_MS,
        readable: false,
        nextCheck: now + HELD_BACK_CHECK_MS,
        resolve,
      });
      if (!polling) void poll();
    });
  };
}
