/**
 * What an order is charged beyond its lines: the shop's offer (a percentage off an order
 * above a minimum, between two days) and delivery (free inside the delivery area, a set
 * charge or a refusal outside it). The server computes them, the order event records them,
 * and every page, SMS and /api answer shows the same lines (decision 101). Whole rupees.
 */
import { RuleViolation } from "../errors";
import { formatRupees } from "../money";

export interface DiscountRule {
  on: boolean;
  /** Whole percent, 1 to 90. */
  percent: number;
  /** The smallest subtotal (rupees) the offer applies to; 0: any order. */
  minimum: number;
  /** First and last day it runs, YYYY-MM-DD in India's time (inclusive); unset: no limit. */
  from?: string;
  until?: string;
}

export interface DeliveryRule {
  /** Pincodes, or their first digits ("331": every pincode of Churu district), delivered free. */
  freeArea: readonly string[];
  /** What delivery outside the area costs; null: the shop does not deliver there. */
  outsideCharge: number | null;
}

export interface ChargeRules {
  discount: DiscountRule;
  delivery: DeliveryRule;
}

/** An order's money, as the order event records it: total = subtotal - discount + delivery. */
export interface OrderCharges {
  subtotal: number;
  /** The offer's percent when it applied, else 0. */
  discountPercent: number;
  discount: number;
  delivery: number;
  total: number;
}

/** Churu district's post offices all have pincodes beginning 331. */
export const CHURU_DISTRICT_PINCODES: readonly string[] = ["331"];

/** The rules a shop runs with when its settings say nothing (server/config.ts reads SHOP_OFFER_*, SHOP_DELIVERY_*). */
export const DEFAULT_CHARGE_RULES: ChargeRules = {
  discount: { on: true, percent: 10, minimum: 0 },
  delivery: { freeArea: CHURU_DISTRICT_PINCODES, outsideCharge: 100 },
};

/** The day `at` falls on in India, YYYY-MM-DD: offers start and end on Indian days. */
export function indianDay(at: Date): string {
  // India has one time zone without summer time: UTC+05:30.
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Whether the offer runs on the day of `at`. */
export function discountRuns(rule: DiscountRule, at: Date): boolean {
  if (!rule.on || rule.percent <= 0) return false;
  const day = indianDay(at);
  if (rule.from !== undefined && day < rule.from) return false;
  if (rule.until !== undefined && day > rule.until) return false;
  return true;
}

/** The offer's rupees off a subtotal on the day of `at`: rounded down to a whole rupee, 0 when it does not apply. */
export function discountFor(subtotal: number, rule: DiscountRule, at: Date): number {
  if (!discountRuns(rule, at) || subtotal < rule.minimum || subtotal <= 0) return 0;
  return Math.floor((subtotal * rule.percent) / 100);
}

/** Whether a pincode is in the free delivery area. */
export function deliversFree(pincode: string, rule: DeliveryRule): boolean {
  return rule.freeArea.some((start) => pincode.startsWith(start));
}

/**
 * Delivery to a pincode in rupees, or null where the shop does not deliver: the one delivery rule.
 * The order (`deliveryFor`), the pincode check on product pages, the cart and the checkout, and
 * the checkout's figures as the parent types (in the browser) all ask it.
 */
export function deliveryTo(pincode: string, rule: DeliveryRule): number | null {
  if (deliversFree(pincode, rule)) return 0;
  return rule.outsideCharge;
}

/** Delivery to a pincode in rupees, or a RuleViolation (422, `checkout.outsideArea`) when the shop does not deliver there. */
export function deliveryFor(pincode: string, rule: DeliveryRule): number {
  const charge = deliveryTo(pincode, rule);
  if (charge === null) throw new RuleViolation("checkout.outsideArea", {}, 422);
  return charge;
}

/** Every rupee of an order to `pincode` on the day of `at`. Throws RuleViolation outside a closed delivery area. */
export function chargesFor(subtotal: number, pincode: string, rules: ChargeRules, at: Date): OrderCharges {
  const discountPercent = discountFor(subtotal, rules.discount, at) > 0 ? rules.discount.percent : 0;
  const discount = discountFor(subtotal, rules.discount, at);
  const delivery = deliveryFor(pincode, rules.delivery);
  return { subtotal, discountPercent, discount, delivery, total: subtotal - discount + delivery };
}

/** Before the address is known (the cart): the subtotal, the offer, and the total without delivery. */
export function chargesBeforeDelivery(subtotal: number, rules: Pick<ChargeRules, "discount">, at: Date): Omit<OrderCharges, "delivery"> {
  const discount = discountFor(subtotal, rules.discount, at);
  return { subtotal, discountPercent: discount > 0 ? rules.discount.percent : 0, discount, total: subtotal - discount };
}

/** A sale at the counter (decision 210): the same offer as online, no delivery (the goods are handed over in the shop). */
export function counterCharges(subtotal: number, rules: Pick<ChargeRules, "discount">, at: Date): OrderCharges {
  return { ...chargesBeforeDelivery(subtotal, rules, at), delivery: 0 };
}

/**
 * What a page shows before an order is placed, for the pincode it knows: every rupee the order
 * would be charged (`delivery` a number, `total` with it), or, without a pincode (`delivery`
 * undefined) or to one the shop does not deliver to (`delivery` null), the total before delivery.
 * The same sums as `chargesFor`, so a figure shown is the figure charged.
 */
export interface ChargesShown extends Omit<OrderCharges, "delivery"> {
  pincode?: string;
  delivery?: number | null;
}

export function chargesShown(subtotal: number, pincode: string | undefined, rules: ChargeRules, at: Date): ChargesShown {
  const before = chargesBeforeDelivery(subtotal, rules, at);
  if (pincode === undefined) return before;
  const delivery = deliveryTo(pincode, rules.delivery);
  return { ...before, pincode, delivery, total: before.total + (delivery ?? 0) };
}

/** The offer as the home banner states it, in English ("10% off orders of ₹1,000 or more"), or undefined when none runs. */
export function describeDiscount(rule: DiscountRule, at: Date): string | undefined {
  if (!discountRuns(rule, at)) return undefined;
  return rule.minimum > 0 ? `${rule.percent}% off orders of ${formatRupees(rule.minimum)} or more` : `${rule.percent}% off every order`;
}

/**
 * An order's money once lines it cannot supply are dropped before dispatch (decision 204): the lines left at their
 * prices, the offer's percent the parent was given on them (rounded down as `discountFor` does; the shop's shortage
 * never costs the parent the offer, whatever its minimum), and delivery as charged (it is the parcel's, to the same
 * pincode, and still goes).
 */
export function chargesAfterDrop(placed: Pick<OrderCharges, "discountPercent" | "delivery">, subtotal: number): OrderCharges {
  const discount = placed.discountPercent > 0 ? Math.floor((subtotal * placed.discountPercent) / 100) : 0;
  return { subtotal, discountPercent: discount > 0 ? placed.discountPercent : 0, discount, delivery: placed.delivery, total: subtotal - discount + placed.delivery };
}
