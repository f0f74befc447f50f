import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { refusal, type Refusal } from "../domain/errors";
import { displayOrderId } from "../domain/orders/order";
import { TRACKING_MAX_MISSES_PER_IP, TRACKING_MAX_MISSES_PER_ORDER, TRACKING_MAX_MISSES_SHOP_WIDE, TRACKING_WINDOW_MINUTES } from "../domain/tracking";
import { createRateLimiter } from "./auth/rate-limit";
import type { createOrderQueries } from "./order-queries";

type OrderQueries = ReturnType<typeof createOrderQueries>;

const WINDOW_MS = TRACKING_WINDOW_MINUTES * 60_000;

/** An order number as the limits count it: its 8 characters, however it was typed (the whole id, a leading #). */
function orderKey(orderId: string): string {
  const typed = orderId.trim().replace(/^#/, "");
  return (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(typed) ? displayOrderId(typed) : typed.toUpperCase()).slice(0, 40);
}

/**
 * Guest order tracking (and the guest privacy form, which finds orders the same way): an order found by
 * its number and the mobile number on it, throttled like password sign-in (decision 083,
 * domain/tracking.ts): the lookup is counted before it runs and given back when it found the order, so
 * only misses count, and a parent who finds their order never uses up a try. Misses are counted per
 * client address (an IPv6 one by its /64), per order number across addresses, and shop-wide (decision
 * 193): many addresses guessing one parcel's mobile number, or every order's, are held back too.
 */
export function createTrackingService(deps: {
  db: Kysely<DB>;
  orders: Pick<OrderQueries, "findOrderForTracking">;
  now?: () => Date;
  /** The per-order and shop-wide limits (tests make them small); the per-address one is domain/tracking.ts's. */
  limits?: { perOrder: number; shopWide: number };
}) {
  const limiter = createRateLimiter(deps.db, deps.now ?? (() => new Date()));
  const limits = deps.limits ?? { perOrder: TRACKING_MAX_MISSES_PER_ORDER, shopWide: TRACKING_MAX_MISSES_SHOP_WIDE };
  return {
    /**
     * The order (undefined when none matches), or, past a limit, its refusal as data with its 429, for the page to
     * word in its language: "tracking.tooMany" for the address, "tracking.tooManyHere" for the order or the shop.
     */
    async find(input: { orderId: string; phone: string; clientIp?: string }): Promise<TrackingLookup> {
      const buckets = [
        { key: `track:ip:${input.clientIp || "unknown"}`, max: TRACKING_MAX_MISSES_PER_IP, refusal: "tracking.tooMany" as const },
        { key: `track:order:${orderKey(input.orderId)}`, max: limits.perOrder, refusal: "tracking.tooManyHere" as const },
        { key: "track:shop", max: limits.shopWide, refusal: "tracking.tooManyHere" as const },
      ];
      const counted: string[] = [];
      const giveBack = () => Promise.all(counted.map((key) => limiter.refund(key, WINDOW_MS)));
      for (const bucket of buckets) {
        counted.push(bucket.key);
        if ((await limiter.hit(bucket.key, WINDOW_MS)) > bucket.max) {
          // The refused lookup is not counted anywhere: the wait it names stays true, and it uses up no other limit.
          await giveBack();
          const minutes = Math.max(1, Math.ceil((await limiter.waitMs(bucket.key, WINDOW_MS, bucket.max)) / 60_000));
          return { ok: false, status: 429, refusal: refusal(bucket.refusal, { minutes }) };
        }
      }
      const found = await deps.orders.findOrderForTracking(input.orderId, input.phone);
      if (found) await giveBack();
      return { ok: true, found };
    },
  };
}

export type TrackingLookup =
  | { ok: true; found: Awaited<ReturnType<OrderQueries["findOrderForTracking"]>> }
  | { ok: false; status: 429; refusal: Refusal };

export type TrackingService = ReturnType<typeof createTrackingService>;
