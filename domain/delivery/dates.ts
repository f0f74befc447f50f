/**
 * When a parent may expect an order (decision 236): a range of India's days, worked out from the rules the owner sets
 * (./date-rules.ts) and, for a parcel outside the shop's own town, the courier's promise for the pincode. Pure: the
 * service brings today's day, the items' readiness and the courier's answer.
 *
 * - Each item is ready stock (packed in `readyDays`) or made to order (its own lead time where the owner set one on the
 *   school stock page, else `madeToOrderDays`); the order leaves when its slowest item is ready.
 * - A pincode of the town the shop's own boy covers arrives `town.fromDays` to `town.toDays` after that.
 * - Elsewhere it goes by courier: by the courier's promised day moved on by the days the goods wait at the shop, and up
 *   to `courierSpareDays` after it; with no courier promise (no courier set, or it named no day), the shop's own
 *   `outside` days.
 */
import { readPincode } from "../pincode";

/** Days after the goods are ready, the first and the last a parcel may arrive. */
export interface DayRange {
  fromDays: number;
  toDays: number;
}

export interface DeliveryDateRules {
  /** Days to pack an item that is on the shelf before it leaves the shop. */
  readyDays: number;
  /** Days a made-to-order item takes when the owner set it no lead time of its own. */
  madeToOrderDays: number;
  /** The town the shop's own delivery boy covers: its pincodes, and the days his round takes once the goods are ready. */
  town: { pincodes: string[] } & DayRange;
  /** Anywhere else, by courier, when the courier names no day: the shop's own reckoning. */
  outside: DayRange;
  /** Days after the courier's own promised day the range ends: its day is its best guess, not a guarantee. */
  courierSpareDays: number;
}

/** The most days any rule may name: a season's made-to-order uniform is ready well within it. */
export const MAX_RULE_DAYS = 90;
/** The most pincodes the town may have (Churu town has one; a shop on a district's edge a few). */
export const MAX_TOWN_PINCODES = 20;

/** Churu town's pincode: the shop's own boy delivers there. */
export const CHURU_TOWN_PINCODE = "331001";

/** What the shop promises until the owner sets his own rules. */
export const DEFAULT_DELIVERY_DATE_RULES: DeliveryDateRules = {
  readyDays: 1,
  madeToOrderDays: 10,
  town: { pincodes: [CHURU_TOWN_PINCODE], fromDays: 0, toDays: 1 },
  outside: { fromDays: 3, toDays: 7 },
  courierSpareDays: 2,
};

/** How one item of the order is had: from the shelf, or made for it (with its own lead time when the owner set one). */
export type ItemReadiness = { kind: "ready" } | { kind: "made"; leadDays?: number };

export type DeliveryArea = "town" | "outside";

/** The days a parent is told: from `from` to `by` (YYYY-MM-DD, India's days, `from` <= `by`), and whose word it is. */
export interface ExpectedDelivery {
  from: string;
  by: string;
  source: "courier" | "shop";
  area: DeliveryArea;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** `day` moved on by `days` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether the shop's own boy delivers to `pincode`: it is one of the town's. */
export function deliveryArea(rules: DeliveryDateRules, pincode: string): DeliveryArea {
  const read = readPincode(pincode);
  return read !== undefined && rules.town.pincodes.includes(read) ? "town" : "outside";
}

/** Days until the order can leave the shop: its slowest item's. An empty order waits for nothing. */
export function daysToReady(rules: DeliveryDateRules, items: readonly ItemReadiness[]): number {
  let days = 0;
  for (const item of items) days = Math.max(days, item.kind === "ready" ? rules.readyDays : (item.leadDays ?? rules.madeToOrderDays));
  return days;
}

/**
 * The range to tell the parent. `courierDay` is the courier's promised day for the pincode (YYYY-MM-DD) if it was asked
 * and named one; it counts only outside the town, and only when it is after today (a day gone by promises nothing).
 */
export function expectedDelivery(input: {
  today: string;
  rules: DeliveryDateRules;
  items: readonly ItemReadiness[];
  pincode: string;
  courierDay?: string;
}): ExpectedDelivery {
  const { today, rules, courierDay } = input;
  const ready = daysToReady(rules, input.items);
  const area = deliveryArea(rules, input.pincode);
  if (area === "town") return range(today, ready, rules.town, "shop", area);
  if (courierDay && DAY.test(courierDay) && daysBetween(today, courierDay) > 0) {
    // The courier's day counts from a parcel handed over today: the goods' own days at the shop come first.
    const from = addDays(courierDay, ready);
    return { from, by: addDays(from, rules.courierSpareDays), source: "courier", area };
  }
  return range(today, ready, rules.outside, "shop", area);
}

function range(today: string, ready: number, days: DayRange, source: "courier" | "shop", area: DeliveryArea): ExpectedDelivery {
  return { from: addDays(today, ready + days.fromDays), by: addDays(today, ready + days.toDays), source, area };
}

/**
 * Before a pincode is known (a product page's first look): the range in the shop's own town and the range elsewhere by
 * the shop's own reckoning, so the parent sees both.
 */
export function expectedEverywhere(today: string, rules: DeliveryDateRules, items: readonly ItemReadiness[]): { town: ExpectedDelivery; outside: ExpectedDelivery } {
  const ready = daysToReady(rules, items);
  return { town: range(today, ready, rules.town, "shop", "town"), outside: range(today, ready, rules.outside, "shop", "outside") };
}
