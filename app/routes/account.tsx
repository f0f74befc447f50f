import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireShopper } from "../auth/session.server";
import { OrderHistory } from "../components/OrderHistory";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { loadOrderHistory } from "../orders/history.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account:meta.title") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  const orders = await loadOrderHistory(context.shop, shopper.id, languageOf(request));
  return { shopper, orders, messages: routeMessages(request, "account") };
}

export default function Account() {
  const { shopper, orders } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">{t("account:title")}</h1>
      <dl className="account-details">
        <dt>{t("account:name")}</dt>
        <dd>{shopper.name}</dd>
        <dt>{t("account:email")}</dt>
        <dd>{shopper.email ?? t("account:notGiven")}</dd>
        {shopper.phone ? (
          <>
            <dt>{t("account:phone")}</dt>
            <dd>{shopper.phone}</dd>
          </>
        ) : null}
      </dl>
      {/* ORDER HISTORY: owned by the orders developer (app/components/OrderHistory.tsx). */}
      <OrderHistory orders={orders} />
    </section>
  );
}
