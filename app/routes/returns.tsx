import { Link } from "@remix-run/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { AskUs } from "../components/ContactAddress";
import { Message, metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("pages:returns.metaTitle") }, { name: "description", content: t("pages:returns.metaDescription") }];
};

export function loader({ request }: LoaderFunctionArgs) {
  return { messages: routeMessages(request, "pages", "returns") };
}

export default function Returns() {
  const t = useT();
  return (
    <article className="prose">
      <h1>{t("pages:returns.title")}</h1>
      <section aria-labelledby="r-dislike">
        <h2 id="r-dislike">{t("pages:returns.dislike")}</h2>
        <p>
          <Message id="pages:returns.dislikeText" values={{ days: <strong>{t("pages:returns.sevenDays")}</strong> }} />
        </p>
      </section>
      <section aria-labelledby="r-conditions">
        <h2 id="r-conditions">{t("pages:returns.conditions")}</h2>
        <ul>
          <li>{t("pages:returns.conditionDays")}</li>
          <li>{t("pages:returns.conditionUnused")}</li>
          <li>{t("pages:returns.conditionPackaging")}</li>
        </ul>
      </section>
      <section aria-labelledby="r-refunds">
        <h2 id="r-refunds">{t("pages:returns.refunds")}</h2>
        <ul>
          <li>
            <strong>{t("pages:returns.pickup")}</strong>
            {t("pages:returns.pickupText")}
          </li>
          <li>
            <strong>{t("pages:returns.dropOff")}</strong>
            {t("pages:returns.dropOffText")}
          </li>
        </ul>
      </section>
      <section aria-labelledby="r-exchanges">
        <h2 id="r-exchanges">{t("pages:returns.exchanges")}</h2>
        <p>{t("pages:returns.exchangesText")}</p>
      </section>
      <section aria-labelledby="r-non-returnable">
        <h2 id="r-non-returnable">{t("pages:returns.nonReturnable")}</h2>
        <ul>
          <li>{t("pages:returns.usedOrWashed")}</li>
          <li>{t("pages:returns.custom")}</li>
          <li>{t("pages:returns.late")}</li>
        </ul>
      </section>
      <section aria-labelledby="r-how">
        <h2 id="r-how">{t("pages:returns.how")}</h2>
        <ol>
          <li>
            <AskUs />
            {t("pages:returns.orderNumberReady")}
          </li>
          <li>{t("pages:returns.choose")}</li>
          <li>{t("pages:returns.handOver")}</li>
          <li>{t("pages:returns.getRefund")}</li>
        </ol>
        <p>
          {t("returns:policy.where")} <Link to="/orders/track">{t("returns:policy.whereLink")}</Link>
        </p>
      </section>
      <section aria-labelledby="r-guarantee">
        <h2 id="r-guarantee">{t("pages:returns.guarantee")}</h2>
        <p>
          <Message id="pages:returns.guaranteeText" values={{ link: <Link to="/contact">{t("pages:returns.contactUs")}</Link> }} />
        </p>
      </section>
    </article>
  );
}
