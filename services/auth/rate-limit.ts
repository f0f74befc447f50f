import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { slidingWindowCount, slidingWindowWaitMs } from "../../domain/auth";

/**
 * Counters in Postgres, so every web process shares them: one row per key and
 * fixed window, read as a sliding window over the current and previous rows.
 * `hit` increments and reads in one statement, so concurrent requests cannot
 * all slip under the limit.
 */
/**
 * The row a limit's key is counted in: its sha-256, never the key itself. A key names an email, a phone
 * or an address ("login:account:asha@example.in"); the table (and each backup of it) keeps only the hash,
 * so an erased parent is not left in it for the two days a row lives (decision 169).
 */
export function limitRow(bucket: string): string {
  return createHash("sha256").update(`rate-limit:${bucket}`).digest("hex");
}

export function createRateLimiter(db: Kysely<DB>, now: () => Date) {
  function windowOf(windowMs: number, when: Date = now()) {
    const at = when.getTime();
    const start = Math.floor(at / windowMs) * windowMs;
    return { start: new Date(start), previous: new Date(start - windowMs), elapsed: (at - start) / windowMs };
  }

  async function previousCount(bucket: string, previous: Date): Promise<number> {
    const row = await db
      .selectFrom("rate_limits")
      .select("count")
      .where("bucket", "=", bucket)
      .where("window_start", "=", previous)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  async function counts(bucket: string, windowMs: number) {
    const w = windowOf(windowMs);
    const row = await db
      .selectFrom("rate_limits")
      .select("count")
      .where("bucket", "=", bucket)
      .where("window_start", "=", w.start)
      .executeTakeFirst();
    return { previous: await previousCount(bucket, w.previous), current: row?.count ?? 0, elapsedFraction: w.elapsed };
  }

  return {
    /** Counts one event and returns the sliding-window count including it. */
    async hit(key: string, windowMs: number): Promise<number> {
      const bucket = limitRow(key);
      const w = windowOf(windowMs);
      const row = await db
        .insertInto("rate_limits")
        .values({ bucket, window_start: w.start, count: 1 })
        .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ count: sql`rate_limits.count + 1` }))
        .returning("count")
        .executeTakeFirstOrThrow();
      if (Math.random() < 0.01) await this.prune();
      return slidingWindowCount(await previousCount(bucket, w.previous), row.count, w.elapsed);
    },

    /** The sliding-window count without counting anything. */
    async count(key: string, windowMs: number): Promise<number> {
      const bucket = limitRow(key);
      const w = await counts(bucket, windowMs);
      return slidingWindowCount(w.previous, w.current, w.elapsedFraction);
    },

    /** How long until the bucket is under `max` again, if nothing more is counted. */
    async waitMs(key: string, windowMs: number, max: number): Promise<number> {
      const bucket = limitRow(key);
      return slidingWindowWaitMs(await counts(bucket, windowMs), max, windowMs);
    },

    /**
     * Gives back one event counted by `hit` (a login that turned out to be
     * right, an attempt refused before it was tried). `countedAt` is when it was
     * counted: a refund after a slow answer still lands in the hit's window.
     */
    async refund(key: string, windowMs: number, countedAt?: Date): Promise<void> {
      const bucket = limitRow(key);
      const w = windowOf(windowMs, countedAt);
      await db
        .updateTable("rate_limits")
        .set({ count: sql`greatest(count - 1, 0)` })
        .where("bucket", "=", bucket)
        .where("window_start", "=", w.start)
        .execute();
    },

    async prune(): Promise<void> {
      await db
        .deleteFrom("rate_limits")
        .where("window_start", "<", new Date(now().getTime() - 2 * 86_400_000))
        .execute();
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
