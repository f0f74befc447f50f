import { AskUs } from "./ContactAddress";
import { Message, useT } from "../i18n/I18n";

/** The small print under a product: real disclosure sections, so they open without JS. */
export function ProductInfoSections({ sizeGuide }: { sizeGuide?: string }) {
  const t = useT();
  return (
    <div className="product-info">
      <details>
        <summary>{t("productInfo.sizeGuide")}</summary>
        <p>
          {sizeGuide ?? t("productInfo.sizeGuideText")}
        </p>
      </details>
      <details>
        <summary>{t("productInfo.delivery")}</summary>
        <p>
          <Message id="productInfo.deliveryText" values={{ link: <a href="/returns">{t("productInfo.returnsPolicy")}</a> }} />
        </p>
      </details>
      <details>
        <summary>{t("productInfo.ask")}</summary>
        <p>
          <AskUs /> {t("productInfo.answerTime")}
        </p>
      </details>
    </div>
  );
}
