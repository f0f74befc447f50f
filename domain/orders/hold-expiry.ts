/**
 * Unpaid holds that expire (decision 190). An order from the web holds its goods on the shelf from the
 * moment it is placed; an order nobody pays for would hold them for ever, and an anonymous one could
 * empty a shelf for free (issue 49). So an online order still pending that nobody paid for gives its
 * goods back after a time the owner sets:
 *
 * - a UPI order whose payment was neither reported nor received, `upiMs` after it was placed;
 * - when the owner asks cash orders to be confirmed (`codConfirmMs` set), a cash-on-delivery order
 *   whose number nobody proved by a code (the parent signs in with it, which joins the order to
 *   their account, or placed it signed in with that number), `codConfirmMs` after it was placed.
 *
 * Expiry is the lifecycle's cancel (pending to cancelled: the goods back on the shelf), made by the
 * shop itself (`HOLD_EXPIRY_ACTOR`), so the parent's text says why. An order the owner has started
 * packing, a counter sale, a reported or confirmed payment never expire.
 */
import { RuleViolation } from "../errors";
import type { Actor, OrderStatusChanged } from "./events";
import { awaitsPayment, type PaymentState } from "./payment";

export interface HoldRules {
  /** How long an unpaid, unreported UPI order holds its goods. */
  upiMs: number;
  /** How long a cash order waits for its number to be proven; undefined: cash orders are not asked to confirm. */
  codConfirmMs?: number;
}

/** A day to pay by UPI; cash orders are not asked to confirm unless the owner says so. */
export const DEFAULT_HOLD_RULES: HoldRules = { upiMs: 24 * 3_600_000 };

/** Who cancels an expired hold: the shop itself. The reactor words the parent's text by it. */
export const HOLD_EXPIRY_ACTOR: Actor = { kind: "system", id: "unpaid-hold", name: "unpaid hold expired" };

export const isHoldExpiry = (change: Pick<OrderStatusChanged["data"], "actor" | "to">) =>
  change.to === "cancelled" && change.actor.kind === "system" && change.actor.id === HOLD_EXPIRY_ACTOR.id;

export type HoldExpiryReason = "upiUnpaid" | "codUnconfirmed";

/** The order as the rule sees it. */
export interface HeldOrder {
  status: string;
  deleted: boolean;
  channel?: string;
  placedAt: string;
  method: "upi" | "cod";
  payment: PaymentState;
  /** Whether the order's number was proven by a code (its account's number is the order's). */
  numberProven: boolean;
}

/** When the order's hold ends unless something happens first, and why; undefined: it never expires. */
export function holdExpiry(order: HeldOrder, rules: HoldRules): { at: Date; reason: HoldExpiryReason } | undefined {
  if (order.deleted || order.status !== "pending" || order.channel === "counter") return undefined;
  if (!awaitsPayment(order.payment)) return undefined;
  const placed = new Date(order.placedAt).getTime();
  if (order.method === "upi") return { at: new Date(placed + rules.upiMs), reason: "upiUnpaid" };
  if (rules.codConfirmMs === undefined || order.numberProven) return undefined;
  return { at: new Date(placed + rules.codConfirmMs), reason: "codUnconfirmed" };
}

/**
 * The cancel of an expired hold, decided at `at`: refused (409) while the hold still stands, so a worker
 * that read a stale list, or a parent who paid a moment before, changes nothing.
 */
export function decideHoldExpiry(orderId: string, order: HeldOrder, rules: HoldRules, at: string): OrderStatusChanged[] {
  const expiry = holdExpiry(order, rules);
  if (!expiry || expiry.at.getTime() > new Date(at).getTime()) throw new RuleViolation("orders.holdStands", {}, 409);
  return [{ type: "OrderStatusChanged", data: { orderId, from: "pending", to: "cancelled", actor: HOLD_EXPIRY_ACTOR, at } }];
}
