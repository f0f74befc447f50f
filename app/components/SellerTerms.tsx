import { Link } from "@remix-run/react";
import { SALE_TERMS } from "../../domain/seller/disclosures";
import { useT } from "../i18n/I18n";

/**
 * The return, refund and cancellation terms before a parent pays (E-Commerce Rules 2020, decision 130):
 * the figures from the order's own rules, so checkout never promises what the shop does not keep.
 * Needs the `seller` namespace.
 */
export function SellerTerms({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="seller-terms" aria-labelledby="seller-terms">
      <Heading id="seller-terms">{t("seller:terms.heading")}</Heading>
      <ul>
        <li>{t("seller:terms.returns", { days: SALE_TERMS.returnDays })}</li>
        <li>{t("seller:terms.receipt")}</li>
        <li>{t("seller:terms.refund")}</li>
        <li>{t("seller:terms.exchange")}</li>
        <li>{t("seller:terms.cancel")}</li>
      </ul>
      <p>
        <Link to="/returns">{t("seller:terms.more")}</Link> · <Link to="/grievance">{t("seller:terms.complain")}</Link>
      </p>
    </section>
  );
}
