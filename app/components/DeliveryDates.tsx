/**
 * "Expected delivery": the days a parent may expect the order (decision 236), on product pages, the cart, the checkout
 * and the confirmation. The days are the server's (app/delivery/dates.server.ts); this only words them.
 */
import { useT, type T } from "../i18n/I18n";

/** A range of days as the page writes them, with the days themselves for tests and scripts. */
export interface DayRangeView {
  from: string;
  by: string;
  fromDay: string;
  byDay: string;
}

export interface DeliveryDatesView {
  /** To the pincode the page knows, and whose word it is. */
  toPincode?: DayRangeView & { pincode: string; source: "courier" | "shop"; area: "town" | "outside" };
  /** Before a pincode is known: the town's range (its pincodes) and elsewhere's. */
  town?: DayRangeView & { pincodes: string };
  outside?: DayRangeView;
  /** The slowest made-to-order item's days, said in so many words. */
  madeDays?: number;
}

/** "Wed, 9 Dec – Fri, 11 Dec", or the one day when the range is one. */
export function rangeText(t: T, range: DayRangeView): string {
  return range.fromDay === range.byDay ? t("delivery:dates.oneDay", { by: range.by }) : t("delivery:dates.range", { from: range.from, by: range.by });
}

export function DeliveryDates({ dates, id = "delivery-dates" }: { dates: DeliveryDatesView | null; id?: string }) {
  const t = useT();
  if (!dates) return null;
  const { toPincode, town, outside, madeDays } = dates;
  const source = toPincode ? (toPincode.source === "courier" ? "courier" : toPincode.area === "town" ? "shopTown" : "shopOutside") : undefined;
  return (
    <section className="delivery-dates" id={id} aria-labelledby={`${id}-title`} data-testid="delivery-dates">
      <h2 id={`${id}-title`} className="small-heading">
        {t("delivery:dates.title")}
      </h2>
      <ul>
        {toPincode ? (
          <li data-testid="dates-pincode">
            {t("delivery:dates.toPincode", { pincode: toPincode.pincode, range: rangeText(t, toPincode) })} <small>{t(`delivery:dates.source.${source}`)}</small>
          </li>
        ) : null}
        {town ? <li data-testid="dates-town">{t("delivery:dates.town", { pincodes: town.pincodes, range: rangeText(t, town) })}</li> : null}
        {outside ? <li data-testid="dates-outside">{t("delivery:dates.outside", { range: rangeText(t, outside) })}</li> : null}
      </ul>
      {madeDays ? <p data-testid="dates-made">{t("delivery:dates.madeToOrder", { count: madeDays })}</p> : null}
    </section>
  );
}
