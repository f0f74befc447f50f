/**
 * Runs `round` now and then `everyMs` after each round ends (rounds never overlap), until
 * stopped. A failing round is logged once per distinct message, not once a second while a
 * database or Redis is down.
 */
export function repeat(
  what: string,
  everyMs: number,
  round: () => Promise<unknown>,
  log: (line: string) => void,
): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastError = "";
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = round().then(
      () => {
        lastError = "";
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        if (message !== lastError) log(`${what}: ${message}`);
        lastError = message;
      },
    ).finally(() => {
      if (stopped) return;
      timer = setTimeout(run, everyMs);
      timer.unref();
    });
  };
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
