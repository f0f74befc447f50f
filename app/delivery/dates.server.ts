/**
 * The expected delivery dates a page shows (decision 236), worded for its language: the days from the owner's rules and
 * the courier's promise (services/delivery-dates.ts), each day written as a parent reads it ("Wed, 9 Dec").
 */
import type { ExpectedDelivery, ItemReadiness } from "../../domain/delivery/dates";
import { refusal } from "../../domain/errors";
import { dateTimeFormat, formatDateTime, type Language } from "../../domain/i18n";
import { latestScan } from "../../domain/courier/parcel";
import type { Shop } from "../../services/index";
import type { DatedLine } from "../../services/delivery-dates";
import type { DeliveryDatesView, DayRangeView, PromisedView, ParcelStepsView } from "../components/DeliveryDates";
import { refusalText } from "../i18n/refusals.server";

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
    // A pincode the courier does not serve is said so before the parent goes on: the order would be refused.
    const notServed = expected.notServed ? refusalText(language, refusal("courier.notServed", { pincode })) : undefined;
    return {
      toPincode: { pincode, source: expected.source, area: expected.area, ...rangeView(expected, language), ...(notServed ? { notServed } : {}) },
      ...(made ? { madeDays: made } : {}),
    };
  }
  const everywhere = await shop.deliveryDates.everywhere(items);
  return {
    ...(everywhere.townPincodes.length ? { town: { pincodes: everywhere.townPincodes.join(", "), ...rangeView(everywhere.town, language) } } : {}),
    outside: rangeView(everywhere.outside, language),
    ...(made ? { madeDays: made } : {}),
  };
}

/** The dates for lines of a cart (the cart page, the checkout): each line's readiness from its item and shelf. */
export async function cartDeliveryDates(shop: Pick<Shop, "deliveryDates">, language: Language, lines: readonly DatedLine[], pincode?: string) {
  return deliveryDates(shop, language, await shop.deliveryDates.readiness(lines), pincode);
}

/**
 * What an order was promised when it was placed and where its parcel is (the confirmation, the tracking page): the
 * promised days, and the carrier's scans newest first, each in the shop's words with the carrier's own, its place and
 * time. Nothing when the order has neither (placed before promises were recorded, and never sent by courier).
 */
export async function orderDeliveryView(shop: Pick<Shop, "orders">, orderId: string, language: Language): Promise<{ promised: PromisedView | null; steps: ParcelStepsView | null }> {
  const order = await shop.orders.parcelOf(orderId);
  const parcel = order.parcel;
  const promised = parcel?.promised ? { ...rangeView(parcel.promised, language), source: parcel.promised.source } : null;
  const scans = parcel ? [...parcel.scans].sort((a, b) => b.scannedAt.localeCompare(a.scannedAt)) : [];
  const latest = parcel && latestScan(parcel);
  const steps =
    parcel?.shipment || scans.length
      ? {
          ...(parcel?.shipment ? { courier: parcel.shipment.courier, awb: parcel.shipment.awb } : {}),
          ...(latest ? { now: latest.step } : {}),
          scans: scans.map((scan) => ({
            step: scan.step,
            words: scan.label,
            ...(scan.location ? { location: scan.location } : {}),
            at: formatDateTime(scan.scannedAt, language),
          })),
        }
      : null;
  return { promised, steps };
}
