import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { refusal, type Refusal } from "../domain/errors";
import { TRACKING_MAX_MISSES_PER_IP, TRACKING_WINDOW_MINUTES } from "../domain/tracking";
import { createRateLimiter } from "./auth/rate-limit";
import type { createOrderQueries } from "./order-queries";

type OrderQueries = ReturnType<typeof createOrderQueries>;

const WINDOW_MS = TRACKING_WINDOW_MINUTES * 60_000;

/**
 * Guest order tracking: an order found by its number and the mobile number on it, throttled per
 * client address like password sign-in (decision 083, domain/tracking.ts): the lookup is counted
 * before it runs and given back when it found the order, so an address that keeps missing (someone
 * guessing numbers) is refused for a while, and a parent who finds their order never uses up a try.
 */
export function createTrackingService(deps: {
  db: Kysely<DB>;
  orders: Pick<OrderQueries, "findOrderForTracking">;
  now?: () => Date;
}) {
  const limiter = createRateLimiter(deps.db, deps.now ?? (() => new Date()));
  return {
    /**
     * The order (undefined when none matches), or, past the limit, the refusal "tracking.tooMany"
     * as data with its 429, for the page to word in its language.
     */
    async find(input: { orderId: string; phone: string; clientIp?: string }): Promise<TrackingLookup> {
      const bucket = `track:ip:${input.clientIp || "unknown"}`;
      const counted = await limiter.hit(bucket, WINDOW_MS);
      if (counted > TRACKING_MAX_MISSES_PER_IP) {
        // The refused lookup is not counted: the wait it names stays true.
        await limiter.refund(bucket, WINDOW_MS);
        const minutes = Math.max(1, Math.ceil((await limiter.waitMs(bucket, WINDOW_MS, TRACKING_MAX_MISSES_PER_IP)) / 60_000));
        return { ok: false, status: 429, refusal: refusal("tracking.tooMany", { minutes }) };
      }
      const found = await deps.orders.findOrderForTracking(input.orderId, input.phone);
      if (found) await limiter.refund(bucket, WINDOW_MS);
      return { ok: true, found };
    },
  };
}

export type TrackingLookup =
  | { ok: true; found: Awaited<ReturnType<OrderQueries["findOrderForTracking"]>> }
  | { ok: false; status: 429; refusal: Refusal };

export type TrackingService = ReturnType<typeof createTrackingService>;
