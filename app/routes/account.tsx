import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, Link } from "@remix-run/react";
import { MAX_CHILDREN } from "../../domain/children/limits";
import { requireShopper } from "../auth/session.server";
import { OrderHistory, returnPartId } from "../components/OrderHistory";
import { refusalOf } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { refusal } from "../../domain/errors";
import { readUpiReferenceForm, referenceRefusals, reportUpiReference, reportingActor } from "../payments/report.server";
import { loadOrderHistory } from "../orders/history.server";
import { requestReturnFor, shopperReturns } from "../orders/returns.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { RETURN_REQUEST_LIMITS, returnRequestForm } from "../../domain/forms/admin-returns";
import { accountDetailsAction, accountDetailsPage, accountRefusals } from "../account/account-page.server";
import { AccountDetails } from "../components/AccountDetails";
import { WhatsAppChoice } from "../components/WhatsAppChoice";
import { whatsappChoiceAction, whatsappChoicePage } from "../account/whatsapp-choice.server";
import cartStyles from "../styles/cart.css?url";
import accountStyles from "../styles/account.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: cartStyles },
  { rel: "stylesheet", href: accountStyles },
];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account:meta.title") }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  const lang = languageOf(request);
  const history = await loadOrderHistory(context.shop, shopper.id, lang);
  // A shipped order shows its courier and tracking number; only a delivered one can be returned or has returns.
  // The others are not read again.
  const afterSale = (status: string) => status === "shipped" || status === "delivered";
  // The tax invoice and credit notes once issued (docs/tax.md): one read for the whole history.
  const documents = await context.shop.taxSummary.documentsOf(history.map((order) => order.id));
  const orders = await Promise.all(
    history
      .map((order) => ({ ...order, documents: documents.get(order.id) ?? [] }))
      .map(async (order) => (afterSale(order.status) ? { ...order, returns: await shopperReturns(context.shop, order.id, order.status, lang) } : order)),
  );
  // The parent's own details and saved addresses (app/account/account-page.server.ts, decision 114).
  const details = await accountDetailsPage(context.shop, request, shopper);
  return {
    shopper,
    orders,
    // The order a return request was just sent for (the action's redirect): its part says so.
    returnSentOrderId: new URL(request.url).searchParams.get("returned") ?? undefined,
    details,
    // "Pay online" in an unpaid UPI order's row, when the shop has the gateway (decision 222).
    payOnline: context.shop.orders.gatewayOn,
    // Texts on WhatsApp or by SMS, when the shop has WhatsApp (decision 231).
    whatsapp: await whatsappChoicePage(context.shop, request, shopper),
    messages: routeMessages(request, "account", "payment", "returns", "kits", "children", "tax"),
    refusals: { ...referenceRefusals(lang), ...refusalTable(request, "returns"), ...accountRefusals(request) },
  };
}

/** The refusal for an order that is not this shopper's: said as the tracking page says it, without telling whose it is. */
const NOT_YOURS = refusal("tracking.notFound");

/** The UPI reference form of one of the shopper's own orders; any other order id is not found. */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const shopper = await requireShopper(request, shop);
  const lang = languageOf(request);
  if (new URL(request.url).searchParams.has("details")) {
    // Name, email, mobile number, saved addresses: a redirect back here, or the refusal marked as theirs.
    const answer = await accountDetailsAction(shop, request, shopper, context.clientIp);
    if (answer instanceof Response) return answer;
    return data({ ...answer.data, details: true as const }, answer.init ?? undefined);
  }
  if (new URL(request.url).searchParams.has("whatsapp")) {
    const answer = await whatsappChoiceAction(shop, request, shopper);
    if (answer instanceof Response) return answer;
    return data({ ...answer.data, whatsapp: true as const }, answer.init ?? undefined);
  }
  if (new URL(request.url).searchParams.has("return")) {
    const asked = await readPageForm(request, returnRequestForm, RETURN_REQUEST_LIMITS);
    if (!asked.ok) return asked.answer;
    const mine = await shop.orders.getOrder(asked.value.orderId ?? "");
    if (!mine || mine.deleted || mine.userId !== shopper.id) return asked.refuse(refusalText(lang, NOT_YOURS), 404);
    const sent = await requestReturnFor(shop, lang, mine.id, asked.value, reportingActor(shopper, mine));
    // Sent: back here at the order's returns part (a reload shows the request, never sends it twice).
    if (sent.ok) return redirect(`/account?${new URLSearchParams({ returned: mine.id })}#${returnPartId(mine.displayId)}`, 303);
    return asked.refuse(sent.message, refusalStatus(sent.status));
  }
  const form = await readUpiReferenceForm(request);
  if (!form.ok) return form.answer;
  const orderId = form.value.orderId ?? "";
  const order = await shop.orders.getOrder(orderId);
  if (!order || order.deleted || order.userId !== shopper.id) return form.refuse(refusalText(lang, NOT_YOURS), 404);
  const answer = await reportUpiReference(shop, lang, { reference: form.value.reference, refuse: form.refuse }, order, reportingActor(shopper, order));
  return "reported" in answer ? { reportedOrderId: order.id } : answer;
}

export default function Account() {
  const { shopper, orders, details, whatsapp, returnSentOrderId, payOnline } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const detailsResult = actionData && "details" in actionData ? refusalOf(actionData) : undefined;
  const whatsappResult = actionData && "whatsapp" in actionData ? refusalOf(actionData) : undefined;
  const answer =
    actionData && ("details" in actionData || "whatsapp" in actionData)
      ? {}
      : actionData && "reportedOrderId" in actionData
      ? { reportedOrderId: actionData.reportedOrderId }
      : actionData
        ? { result: refusalOf(actionData) ?? undefined }
        : { returnSentOrderId };
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
      <AccountDetails shopper={shopper} {...details} result={detailsResult} />
      {whatsapp ? <WhatsAppChoice {...whatsapp} result={whatsappResult} /> : null}
      <p className="account-privacy-link">
        <Link to="/account/privacy">{t("account:yourData")}</Link>
      </p>
      {/* The children on the account and their sizes (decision 133): their own page. */}
      <section className="account-children-link" aria-labelledby="account-children-title">
        <h2 id="account-children-title">{t("children:title")}</h2>
        <p>{t("children:intro", { max: MAX_CHILDREN })}</p>
        <p>
          <Link to="/account/children">{t("children:manage")}</Link>
        </p>
      </section>
      {/* ORDER HISTORY: owned by the orders developer (app/components/OrderHistory.tsx). */}
      <OrderHistory orders={orders} answer={answer} payOnline={payOnline} />
    </section>
  );
}
