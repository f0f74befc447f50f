import type { ProductFacts as Facts } from "../../domain/seller/disclosures";
import { INDIA } from "../../domain/seller/disclosures";
import { formatRupees } from "../../domain/money";
import { useT } from "../i18n/I18n";

/**
 * A product's Legal Metrology facts (Packaged Commodities Rules rule 6(10), decision 130): country of
 * origin, maker or packer, net quantity, and the MRP inclusive of all taxes. A fact not yet set is left
 * out rather than shown as a blank. Needs the `seller` namespace. A shelf shows one per card (decision
 * 142): each with its own `id` and a heading under the card's.
 */
export function ProductFacts({
  facts,
  mrp,
  from = false,
  id = "product-facts",
  level = 2,
}: {
  facts: Facts;
  mrp?: number;
  from?: boolean;
  id?: string;
  level?: 2 | 3;
}) {
  const t = useT();
  const quantity =
    facts.netQuantity === null ? null : typeof facts.netQuantity === "string" ? facts.netQuantity : t(`seller:facts.${facts.netQuantity.unit}`);
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section className="product-facts" aria-labelledby={id}>
      <Heading id={id}>{t("seller:facts.heading")}</Heading>
      <dl>
        {mrp !== undefined ? (
          <>
            <dt>{t(from ? "seller:facts.mrpFrom" : "seller:facts.mrp")}</dt>
            <dd>
              {formatRupees(mrp)} {t("seller:facts.inclusive")}
            </dd>
          </>
        ) : null}
        {facts.countryOfOrigin ? (
          <>
            <dt>{t("seller:facts.origin")}</dt>
            <dd>{facts.countryOfOrigin === INDIA ? t("seller:facts.india") : facts.countryOfOrigin}</dd>
          </>
        ) : null}
        {facts.maker ? (
          <>
            <dt>{t("seller:facts.maker")}</dt>
            <dd>{facts.madeByShop ? t("seller:facts.madeByShop", { maker: facts.maker }) : facts.maker}</dd>
          </>
        ) : null}
        {quantity ? (
          <>
            <dt>{t("seller:facts.netQuantity")}</dt>
            <dd>{quantity}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
