import { afterAll } from "vitest";

/**
 * Run before every test file (vitest.config.ts `setupFiles`): a file must close what it opened. A worker keeps
 * its modules and its event loop from one file to the next (decision 150), so a server still listening, a
 * client still connected or a process still running lives on into the next file: a BullMQ queue left open
 * once kept reconnecting to a Redis its test had stopped, into a later file's fake clock (decision 157).
 *
 * What is counted is what the event loop holds of those kinds when the file starts, and again after its own
 * afterAll hooks have run (this one was registered first, so it runs last). Timers are not counted: a
 * request's timeout may outlive its answer by design.
 */
const WATCHED = ["TCPServerWrap", "TCPSocketWrap", "PipeServerWrap", "ProcessWrap"] as const;
/** Long enough for a socket or a child in the middle of closing to finish, on a busy machine. */
const SETTLE_MS = 10_000;

function held(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if ((WATCHED as readonly string[]).includes(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

/** What is held now beyond `before`, as "2 TCPSocketWrap"; empty when nothing is. */
function beyond(before: Map<string, number>, now: Map<string, number>): string[] {
  return [...now].filter(([kind, count]) => count > (before.get(kind) ?? 0)).map(([kind, count]) => `${count - (before.get(kind) ?? 0)} ${kind}`);
}

const atStart = held();

afterAll(async () => {
  const deadline = Date.now() + SETTLE_MS;
  let more = beyond(atStart, held());
  while (more.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    more = beyond(atStart, held());
  }
  if (more.length > 0) {
    throw new Error(`this file left open ${more.join(", ")} (a server, a connection or a process it started): close it in an afterAll`);
  }
}, SETTLE_MS + 5_000);
