/**
 * Subtotal, the offer, delivery and the total, before an order is placed, for the pincode the page
 * knows (`chargesShown` in domain/orders/charges.ts, the sums the order is charged by): the
 * checkout's summary and its details step (decision 113). Without a pincode, or to one the shop
 * does not deliver to, the last line says "Total before delivery", never "Total".
 * Needs the `payment` and `delivery` namespaces in the page's `messages`.
 */
import { formatRupees } from "../../domain/money";
import type { ChargesShown, DeliveryRule } from "../../domain/orders/charges";
import { useT } from "../i18n/I18n";
import { freeAreaText } from "./PincodeCheck";

/** Whether the figures hold every rupee: a pincode the shop delivers to is known. */
export const withDelivery = (shown: ChargesShown) => typeof shown.delivery === "number";

export function ChargesLines({ shown, rule, testId, live }: { shown: ChargesShown; rule: DeliveryRule; testId: string; live?: boolean }) {
  const t = useT();
  const { pincode, delivery } = shown;
  const deliveryText =
    pincode === undefined || delivery === undefined
      ? rule.outsideCharge === null
        ? t("payment:summary.deliveryOnly", { area: freeAreaText(rule) })
        : t("payment:summary.deliveryRule", { area: freeAreaText(rule), charge: formatRupees(rule.outsideCharge) })
      : delivery === null
        ? t("delivery:figures.none", { pincode })
        : delivery === 0
          ? t("delivery:figures.free", { pincode })
          : t("delivery:figures.charge", { pincode, charge: formatRupees(delivery) });
  return (
    <dl className="order-money" data-testid={`${testId}-figures`} {...(live ? { "aria-live": "polite" as const } : {})}>
      <dt>{t("payment:summary.subtotal")}</dt>
      <dd data-testid={`${testId}-subtotal`}>{formatRupees(shown.subtotal)}</dd>
      {shown.discount > 0 ? (
        <>
          <dt>{t("payment:summary.discount", { percent: String(shown.discountPercent) })}</dt>
          <dd data-testid={`${testId}-discount`}>−{formatRupees(shown.discount)}</dd>
        </>
      ) : null}
      <dt>{t("payment:summary.delivery")}</dt>
      <dd data-testid={`${testId}-delivery`}>{deliveryText}</dd>
      <dt data-testid={`${testId}-total-label`}>{withDelivery(shown) ? t("payment:summary.total") : t("delivery:figures.totalBeforeDelivery")}</dt>
      <dd data-testid={`${testId}-total`}>
        <strong>{formatRupees(shown.total)}</strong>
      </dd>
    </dl>
  );
}
