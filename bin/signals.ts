/**
 * SIGTERM and SIGINT, caught from the first module a `shop` process evaluates (bin/shop.ts
 * imports this file before anything else and loads the commands only after it). A signal
 * that comes while the shop is still loading its modules, building, migrating or opening
 * its database is then a stop like one that comes while it serves: the serving commands
 * (bin/process.ts) cut start-up short at its next step, stop what has started, and exit 0.
 * Without this, Node's default (or tsx's, when `tsx bin/shop.ts` runs it) ends the process
 * with 143 before the shop's own handler exists.
 *
 * Only the first signal counts: the same one often arrives twice (sent to the process group
 * and relayed by npm, npx or a supervisor), and a second must not cut short the stop the
 * first began. A stop that hangs is ended by the serving command's own grace period.
 *
 * Imports nothing of the shop: it must be evaluated before the rest of it is loaded.
 */

export type StopSignal = "SIGTERM" | "SIGINT";

const STOP_SIGNALS: readonly StopSignal[] = ["SIGTERM", "SIGINT"];

let first: StopSignal | undefined;
let announce: (signal: StopSignal) => void = () => {};
const asked = new Promise<StopSignal>((resolve) => (announce = resolve));

function onStopSignal(signal: StopSignal): void {
  if (first) return;
  first = signal;
  announce(signal);
}

for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);

export const stopRequest = {
  /** The signal that asked this process to stop, once one has (at any moment since it began). */
  get signal(): StopSignal | undefined {
    return first;
  },
  /** Resolves with the first stop signal. */
  asked,
};

/**
 * For a command that does not stop gracefully (migrate, replay, admin ...): SIGTERM and SIGINT
 * end the process as Node's default does, and one that came while the command was loading
 * ends it now.
 */
export function defaultStopSignals(): void {
  for (const signal of STOP_SIGNALS) process.off(signal, onStopSignal);
  if (first) process.kill(process.pid, first);
}
