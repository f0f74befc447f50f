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
  toPincode?: DayRangeView & { pincode: string; source: "courier" | "shop"; area: "town" | "outside"; notServed?: string };
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
        {toPincode?.notServed ? (
          <li data-testid="dates-not-served" className="field-error">
            {toPincode.notServed}
          </li>
        ) : toPincode ? (
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

/** The days an order was promised when it was placed, and whose word they were. */
export interface PromisedView extends DayRangeView {
  source: "courier" | "shop";
}

/** "Expected delivery: Wed, 9 Dec to Fri, 11 Dec", on the confirmation and the tracking page. */
export function PromisedDates({ promised }: { promised: PromisedView | null }) {
  const t = useT();
  if (!promised) return null;
  return (
    <p className="promised-dates" data-testid="promised-dates">
      <strong>{t("delivery:dates.title")}:</strong> {rangeText(t, promised)} <small>{t(`delivery:dates.promised.${promised.source}`)}</small>
    </p>
  );
}

/** The parcel with the courier: its AWB, and each of the carrier's steps, newest first. */
export interface ParcelStepsView {
  courier?: string;
  awb?: string;
  /** The step of the carrier's latest scan. */
  now?: string;
  scans: { step: string; words: string; location?: string; at: string }[];
}

export function ParcelSteps({ steps }: { steps: ParcelStepsView | null }) {
  const t = useT();
  if (!steps) return null;
  return (
    <section className="parcel-steps" aria-labelledby="parcel-steps-title" data-testid="parcel-steps">
      <h2 id="parcel-steps-title">{t("delivery:parcel.title")}</h2>
      {steps.awb ? <p data-testid="parcel-awb">{t("delivery:parcel.awb", { courier: steps.courier ?? "", awb: steps.awb })}</p> : null}
      {steps.now ? <p data-testid="parcel-now">{t("delivery:parcel.now", { step: t(`courier:step.${steps.now}`) })}</p> : null}
      {steps.scans.length ? (
        <ol className="parcel-scans">
          {steps.scans.map((scan, i) => (
            <li key={`${scan.at}-${i}`} data-testid="parcel-scan">
              <strong>{t(`courier:step.${scan.step}`)}</strong> · {scan.at}
              {scan.location ? ` · ${scan.location}` : ""}
              {scan.words ? <small> ({scan.words})</small> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("delivery:parcel.noScans")}</p>
      )}
    </section>
  );
}
