import { RuleViolation } from "../errors";

/**
 * Orders to a number the shop has not verified (decision 194). An order texts its number ("order
 * placed", the payment reminder) and holds stock; a guest's number is whatever the form said, so
 * without limits anyone could text strangers and empty a shelf for free. An order is verified when
 * it goes to the number of the signed-in account that places it (a number proven by a code);
 * every other order (a guest's, an email account's order to a typed number) is unverified.
 *
 * - Every order: at most `perLine` units of one line.
 * - An unverified order: at most `perUnverifiedOrder` units in all, and unverified orders come at
 *   most `perNumberPerDay` to one number, `perAddressPerHour` from one address (an IPv6 one by its
 *   /64) and `shopPerHour` to the whole shop.
 */
export interface OrderLimits {
  perLine: number;
  perUnverifiedOrder: number;
  perNumberPerDay: number;
  perAddressPerHour: number;
  shopPerHour: number;
}

/**
 * A family buys two children's uniforms at once: two shirts, two trousers, a tie, a belt and a
 * dozen socks each stay well under 30 units and 12 of a line. Three unverified orders a day to one
 * number, five an hour from one address, 30 an hour shop-wide: more than the shop's busiest hour of
 * guests, the week before school opens (docs/security.md says what a parent past them does).
 */
export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  perLine: 12,
  perUnverifiedOrder: 30,
  perNumberPerDay: 3,
  perAddressPerHour: 5,
  shopPerHour: 30,
};

/** What the decider holds an order's units to: the line cap always, the order's only when unverified. */
export interface UnitCaps {
  perLine: number;
  perOrder?: number;
}

/** Whether the order goes to the number the signed-in account proved. */
export function isVerifiedOrder(orderPhone: string, verifiedPhone: string | null | undefined): boolean {
  return Boolean(verifiedPhone) && orderPhone === verifiedPhone;
}

/** The caps for an order, verified or not. */
export function unitCapsFor(limits: Pick<OrderLimits, "perLine" | "perUnverifiedOrder">, verified: boolean): UnitCaps {
  return verified ? { perLine: limits.perLine } : { perLine: limits.perLine, perOrder: limits.perUnverifiedOrder };
}

/** Refuses an order whose lines (combined) pass the caps; the refusal names the line or the order's count. */
export function checkUnitCaps(lines: readonly { name: string; quantity: number }[], caps: UnitCaps): void {
  for (const line of lines) {
    if (line.quantity > caps.perLine) throw new RuleViolation("orders.lineUnitsAtMost", { item: line.name, max: caps.perLine });
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (caps.perOrder !== undefined && units > caps.perOrder) {
    throw new RuleViolation("orders.unverifiedUnitsAtMost", { max: caps.perOrder, units });
  }
}

/** The per-number, per-address and shop-wide counts of unverified orders (their windows and keys). */
export const UNVERIFIED_ORDER_WINDOWS = { numberMs: 24 * 3_600_000, addressMs: 3_600_000, shopMs: 3_600_000 } as const;

export type UnverifiedOrderLimit = "number" | "address" | "shop";

/** The first limit the counts (each including this order) pass, if any. */
export function unverifiedOrderLimitPassed(
  counts: { number: number; address?: number; shop: number },
  limits: Pick<OrderLimits, "perNumberPerDay" | "perAddressPerHour" | "shopPerHour">,
): UnverifiedOrderLimit | undefined {
  if (counts.number > limits.perNumberPerDay) return "number";
  if (counts.address !== undefined && counts.address > limits.perAddressPerHour) return "address";
  if (counts.shop > limits.shopPerHour) return "shop";
  return undefined;
}

/** The refusal for each limit (429: try later). */
export function unverifiedOrderRefusal(limit: UnverifiedOrderLimit, limits: OrderLimits): RuleViolation {
  switch (limit) {
    case "number":
      return new RuleViolation("orders.tooManyToNumber", { max: limits.perNumberPerDay }, 429);
    case "address":
      return new RuleViolation("orders.tooManyFromHere", { max: limits.perAddressPerHour }, 429);
    case "shop":
      return new RuleViolation("orders.guestOrdersPaused", {}, 429);
  }
}
