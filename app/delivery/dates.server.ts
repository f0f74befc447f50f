/**
 * The expected delivery dates a page shows (decision 236), worded for its language: the days from the owner's rules and
 * the courier's promise (services/delivery-dates.ts), each day written as a parent reads it ("Wed, 9 Dec").
 */
import type { ExpectedDelivery, ItemReadiness } from "../../domain/delivery/dates";
import { dateTimeFormat, type Language } from "../../domain/i18n";
import type { Shop } from "../../services/index";
import type { DeliveryDatesView, DayRangeView } from "../components/DeliveryDates";

/** A day (YYYY-MM-DD, India's) as the page writes it: "Wed, 9 Dec" / "बुध, 9 दिस॰". */
export function dayText(day: string, language: Language): string {
  // Noon in India: the day is the same whatever the zone's rounding.
  return dateTimeFormat(language, { weekday: "short", day: "numeric", month: "short" }).format(new Date(`${day}T12:00:00+05:30`));
}

export function rangeView(expected: Pick<ExpectedDelivery, "from" | "by">, language: Language): DayRangeView {
  return { from: dayText(expected.from, language), by: dayText(expected.by, language), fromDay: expected.from, byDay: expected.by };
}

/** How long the slowest made-to-order item takes, to say so; undefined when every item is on the shelf. */
async function madeDays(shop: Pick<Shop, "deliveryDates">, items: readonly ItemReadiness[]): Promise<number | undefined> {
  const made = items.filter((item): item is Extract<ItemReadiness, { kind: "made" }> => item.kind === "made");
  if (made.length === 0) return undefined;
  const { rules } = await shop.deliveryDates.current();
  return Math.max(...made.map((item) => item.leadDays ?? rules.madeToOrderDays));
}

/**
 * The dates for these items: to `pincode` when the page knows one (the courier asked outside the town), else the
 * town's range and elsewhere's. No items (nothing can be bought): no dates.
 */
export async function deliveryDates(
  shop: Pick<Shop, "deliveryDates">,
  language: Language,
  items: readonly ItemReadiness[],
  pincode?: string,
): Promise<DeliveryDatesView | null> {
  if (items.length === 0) return null;
  const made = await madeDays(shop, items);
  if (pincode) {
    const expected = await shop.deliveryDates.expected(items, pincode);
    return { toPincode: { pincode, source: expected.source, area: expected.area, ...rangeView(expected, language) }, ...(made ? { madeDays: made } : {}) };
  }
  const everywhere = await shop.deliveryDates.everywhere(items);
  return {
    ...(everywhere.townPincodes.length ? { town: { pincodes: everywhere.townPincodes.join(", "), ...rangeView(everywhere.town, language) } } : {}),
    outside: rangeView(everywhere.outside, language),
    ...(made ? { madeDays: made } : {}),
  };
}
