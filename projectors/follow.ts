import type { EventReader, Position, RecordedEvent, Subscription } from "../eventstore/port";

export interface Following {
  /** Ends the following: a batch being handled finishes first; a back-off is cut short. */
  stop(): Promise<void>;
}

const FIRST_BACKOFF_MS = 250;
const LONGEST_BACKOFF_MS = 10_000;

/**
 * Follows the global stream from a checkpoint until stopped, for the projector runner and the
 * notification reactor: each batch goes to `handle`; a failure (database down, a bug) is logged
 * and the stream followed again from the checkpoint after a back-off that doubles up to 10 s.
 *
 * A stop can arrive at any await: while the checkpoint is read (before there is a subscription
 * to end), during a back-off, or mid-batch. Each is checked here, so a stop always ends the loop.
 */
export function followFromCheckpoint(
  store: EventReader,
  options: {
    /** Names the follower in log lines ("projector orders"). */
    label: string;
    batchSize: number;
    checkpoint: () => Promise<Position | undefined>;
    handle: (batch: RecordedEvent[]) => Promise<void>;
    log: (line: string) => void;
  },
): Following {
  let stopped = false;
  let subscription: Subscription | undefined;
  let endBackoff: (() => void) | undefined;

  const loop = (async () => {
    let backoffMs = FIRST_BACKOFF_MS;
    while (!stopped) {
      try {
        const from = await options.checkpoint();
        if (stopped) break;
        subscription = store.subscribeToAll({ from, batchSize: options.batchSize });
        for await (const batch of subscription) {
          await options.handle(batch);
          backoffMs = FIRST_BACKOFF_MS;
        }
      } catch (err) {
        if (stopped) break;
        options.log(`${options.label}: ${err instanceof Error ? err.message : String(err)}; retrying`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, backoffMs);
          endBackoff = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        endBackoff = undefined;
        backoffMs = Math.min(backoffMs * 2, LONGEST_BACKOFF_MS);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      endBackoff?.();
      await subscription?.stop().catch(() => {});
      await loop;
    },
  };
}
