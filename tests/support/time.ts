/** `promise`, or a failure with `message` once `ms` have passed: a hang fails its test with a reason instead of timing it out. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits, if need be, until `spanMs` fits before the next edge of the fixed windows of `windowMinutes` (as the domain
 * names each limit's window) on the real clock.
 * The shop's limits count in fixed windows read as a sliding one (services/auth/rate-limit.ts): tries that straddle an
 * edge count one fewer, so a test that counts to an exact limit on the real clock starts clear of an edge.
 */
export async function clearOfWindowEdge(windowMinutes: number, spanMs = 20_000): Promise<void> {
  const windowMs = windowMinutes * 60_000;
  for (;;) {
    const left = windowMs - (Date.now() % windowMs);
    if (left > spanMs) return;
    await new Promise((resolve) => setTimeout(resolve, left + 50));
  }
}
