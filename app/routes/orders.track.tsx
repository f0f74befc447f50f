import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { orderQuestionText, whatsappLink } from "../../domain/contact";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { normalisePhone } from "../../domain/phone";
import { formatRupees } from "../../domain/money";
import { describeItemsIn } from "../catalogue-words.server";
import cartStyles from "../styles/cart.css?url";
import { statusLabel } from "../components/OrderHistory";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalIn, refusalTable, routeMessages } from "../i18n/i18n.server";
import { formatDateTime } from "../../domain/i18n";
import { getShopper } from "../auth/session.server";
import { OrderMoneyLines, PaymentStandingText, UpiReferenceForm } from "../components/OrderPayment";
import { UpiPayPanel } from "../components/UpiPayPanel";
import { refusalOf } from "../forms/messages";
import { ReturnRequestForm, ReturnStatus } from "../components/ReturnRequest";
import { requestReturnFor, shopperReturns } from "../orders/returns.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { RETURN_REQUEST_LIMITS, returnRequestForm } from "../../domain/forms/admin-returns";
import { orderMoney, readUpiReferenceForm, referenceRefusals, reportUpiReference, reportingActor, upiPanelFor } from "../payments/report.server";

/** A payment history row's value (projectors/orders.ts) as the `payment:event.*` message that names it. */
const PAYMENT_EVENT_KEYS: Readonly<Record<string, string>> = {
  requested: "requested",
  reported: "reported",
  confirmed: "confirmed",
  rejected: "rejected",
  "cash collected": "cash",
  refunded: "refunded",
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("account:meta.trackTitle") }, { name: "robots", content: "noindex" }];

// The refusals are worded in English here and shown in the visitor's language (refusals group "tracking").
const NOT_FOUND = "We could not find an order with that ID and mobile number.";
const MISSING = "Please enter your order ID and mobile number.";

/** Once an order is found the page is about it: a WhatsApp link on it names the order. */
export const handle = orderHandle<{ order?: { displayId: string } | null }>((data) => data?.order?.displayId);

/** Guest tracking: a GET form (order id + mobile number); both must match one order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const orderId = (url.searchParams.get("orderId") ?? "").slice(0, 64);
  const phone = (url.searchParams.get("phone") ?? "").slice(0, 20);
  // The confirmation page and the order texts link here with the order number alone: the form
  // comes filled in, waiting for the mobile number, not with a complaint that it is missing.
  const asked = url.searchParams.has("phone");
  const lang = languageOf(request);
  const messages = routeMessages(request, "account", "payment", "returns");
  if (!asked) return { orderId, phone, error: null, order: null, upiPanel: null, messages };
  if (!orderId.trim() || !phone.trim()) {
    return data({ orderId, phone, error: refusalIn(lang, MISSING), order: null, upiPanel: null, messages }, { status: 400 });
  }
  const found = await context.shop.orders.findOrderForTracking(orderId, normalisePhone(phone));
  if (!found) return data({ orderId, phone, error: refusalIn(lang, NOT_FOUND), order: null, upiPanel: null, messages }, { status: 404 });
  const { order, history } = found;
  return {
    orderId,
    phone,
    error: null,
    messages,
    refusals: { ...referenceRefusals(lang), ...refusalTable(request, "returns") },
    upiPanel: upiPanelFor(context.shop.config.upi, order, lang),
    returns: await shopperReturns(context.shop, order.id, order.status, lang),
    order: {
      money: orderMoney(order),
      displayId: order.displayId,
      placedAt: formatDateTime(order.placedAt, lang),
      status: order.status,
      paymentStatus: order.paymentStatus,
      total: order.total,
      items: await describeItemsIn(context.shop, lang, order.lines),
      city: order.address.city,
      history: history.map((entry) => ({
        key: entry.revision,
        field: entry.field,
        to: entry.to,
        at: formatDateTime(entry.at, lang),
      })),
    },
  };
}

/**
 * The UPI reference form on a tracked order. It names the order as the lookup does, by its id and
 * the mobile number on it, and both are checked again here: an order id alone never reports a payment.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const lang = languageOf(request);
  if (new URL(request.url).searchParams.has("return")) {
    // A return request names its order as the lookup does: the order number and the mobile number, checked again here.
    const asked = await readPageForm(request, returnRequestForm, RETURN_REQUEST_LIMITS);
    if (!asked.ok) return asked.answer;
    const tracked = await shop.orders.findOrderForTracking(asked.value.orderId ?? "", normalisePhone(asked.value.phone ?? ""));
    if (!tracked) return asked.refuse(refusalIn(lang, NOT_FOUND), 404);
    const shopper = await getShopper(request, shop);
    const sent = await requestReturnFor(shop, lang, tracked.order.id, asked.value, reportingActor(shopper, tracked.order));
    return sent.ok ? { returnSent: true as const } : asked.refuse(sent.message, refusalStatus(sent.status));
  }
  const form = await readUpiReferenceForm(request);
  if (!form.ok) return form.answer;
  const found = await shop.orders.findOrderForTracking(form.value.orderId ?? "", normalisePhone(form.value.phone ?? ""));
  if (!found) return form.refuse(refusalIn(lang, NOT_FOUND), 404);
  const shopper = await getShopper(request, shop);
  return reportUpiReference(shop, lang, { reference: form.value.reference, refuse: form.refuse }, found.order, reportingActor(shopper, found.order));
}

export default function TrackOrder() {
  const loaded = useLoaderData<typeof loader>();
  const { orderId, phone, error, order, upiPanel } = loaded;
  const returns = "returns" in loaded ? loaded.returns : null;
  const actionData = useActionData<typeof action>();
  const reported = Boolean(actionData && "reported" in actionData);
  const returnSent = Boolean(actionData && "returnSent" in actionData);
  const returnAnswer = actionData && "result" in actionData && actionData.result.initialValue?.intent === "return" ? actionData.result : undefined;
  const whatsapp = useShopContact()?.whatsapp;
  // Arrived with the number filled in: the mobile number is what is left to type.
  const waitingForPhone = Boolean(orderId) && !phone && !error && !order;
  const t = useT();
  // A history line's value in the page's language: a status, a payment state, or the order's removal.
  const valueOf = (field: string, to: string) => {
    if (field === "status") return statusLabel(t, to);
    if (field === "payment") return t(`payment:event.${PAYMENT_EVENT_KEYS[to] ?? "requested"}`);
    const key = field === "payment_status" ? `account:paymentStatus.${to}` : `account:deleted.${to}`;
    const label = t(key);
    return label === key ? to : label;
  };
  return (
    <section aria-labelledby="track-title">
      <h1 id="track-title">{t("account:track.title")}</h1>
      <Form method="get" className="track-form">
        <label htmlFor="track-order">{t("account:track.orderId")}</label>
        <input id="track-order" name="orderId" defaultValue={orderId} autoComplete="off" maxLength={64} placeholder={t("account:track.orderIdExample")} />
        <label htmlFor="track-phone">{t("account:track.mobile")}</label>
        <input id="track-phone" name="phone" type="tel" inputMode="numeric" defaultValue={phone} maxLength={20} autoFocus={waitingForPhone} />
        <button type="submit" className="primary">
          {t("account:track.submit")}
        </button>
      </Form>
      {error ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : null}
      {order ? (
        <article aria-labelledby="tracked-title">
          <h2 id="tracked-title">{t("account:track.order", { id: order.displayId })}</h2>
          <p>
            {t("account:track.placedStatus", { placedAt: order.placedAt })}
            <span className="status" data-testid="tracked-status">
              {statusLabel(t, order.status)}
            </span>
            {t("account:track.payment")}
            <PaymentStandingText money={order.money} testId="tracked-payment" />
          </p>
          <p>
            {t("account:track.summary", { items: order.items, total: formatRupees(order.total), city: order.city })}
          </p>
          <OrderMoneyLines money={order.money} />
          {order.money.method === "cod" && order.money.standing === "unpaid" && order.status !== "cancelled" ? (
            <p data-testid="cash-note">{t("payment:summary.cash", { amount: formatRupees(order.total) })}</p>
          ) : null}
          {upiPanel && !reported ? <UpiPayPanel {...upiPanel} /> : null}
          {/* A refused report (sent twice, say) stays by its form even once the order is "reported". */}
          {returns ? <ReturnStatus info={returns} /> : null}
          {returns ? (
            <ReturnRequestForm
              info={returns}
              idPrefix="track-return"
              action={`/orders/track?${new URLSearchParams({ orderId, phone, return: "1" })}`}
              hidden={{ orderId, phone }}
              result={returnAnswer}
              sent={returnSent}
            />
          ) : null}
          {order.money.awaitsUpi || reported || (refusalOf(actionData) && !returnAnswer) ? (
            <UpiReferenceForm
              idPrefix="track"
              action={`/orders/track?${new URLSearchParams({ orderId, phone })}`}
              hidden={{ orderId, phone }}
              result={refusalOf(actionData)}
              reported={reported}
            />
          ) : null}
          {whatsapp ? (
            <p>
              <a href={whatsappLink(whatsapp, orderQuestionText(order.displayId))}>{t("account:track.askWhatsapp")}</a>
            </p>
          ) : null}
          <h3>{t("account:track.history")}</h3>
          <ul className="history-list">
            {order.history.map((entry) => (
              <li key={entry.key}>
                {entry.field === "payment"
                  ? t("payment:summary.historyEntry", { at: entry.at, event: valueOf(entry.field, entry.to) })
                  : t("account:track.entry", { at: entry.at, label: t(`account:track.field.${entry.field}`), to: valueOf(entry.field, entry.to) })}
              </li>
            ))}
          </ul>
        </article>
      ) : null}
    </section>
  );
}
