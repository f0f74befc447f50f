/**
 * One writer at a time per key within this process. Orders for the same product in one web
 * process queue here instead of racing to the same stock stream revision: a lost race costs a
 * rolled-back append in Postgres and a second try, and under a rush for one product most
 * tries would lose (decision 100). Other processes still race; the expected revision decides.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier holder of any of `keys` is done; keys are taken in sorted order, so two callers never wait on each other. */
  async with<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const releases: (() => void)[] = [];
    try {
      for (const key of sorted) releases.push(await this.take(key));
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  private async take(key: string): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    return () => {
      release();
      // The last holder leaves no entry behind.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }
}
