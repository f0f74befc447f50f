import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { orderQuestionText, whatsappLink } from "../../domain/contact";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { normalisePhone } from "../../domain/phone";
import { formatRupees } from "../../domain/money";
import { describeItemsIn } from "../catalogue-words.server";
import cartStyles from "../styles/cart.css?url";
import { statusLabel } from "../components/OrderHistory";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalIn, routeMessages } from "../i18n/i18n.server";
import { formatDateTime } from "../../domain/i18n";

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
  const messages = routeMessages(request, "account");
  if (!asked) return { orderId, phone, error: null, order: null, messages };
  if (!orderId.trim() || !phone.trim()) {
    return data({ orderId, phone, error: refusalIn(lang, MISSING), order: null, messages }, { status: 400 });
  }
  const found = await context.shop.orders.findOrderForTracking(orderId, normalisePhone(phone));
  if (!found) return data({ orderId, phone, error: refusalIn(lang, NOT_FOUND), order: null, messages }, { status: 404 });
  const { order, history } = found;
  return {
    orderId,
    phone,
    error: null,
    messages,
    order: {
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

export default function TrackOrder() {
  const { orderId, phone, error, order } = useLoaderData<typeof loader>();
  const whatsapp = useShopContact()?.whatsapp;
  // Arrived with the number filled in: the mobile number is what is left to type.
  const waitingForPhone = Boolean(orderId) && !phone && !error && !order;
  const t = useT();
  // A history line's value in the page's language: a status, a payment state, or the order's removal.
  const valueOf = (field: string, to: string) => {
    if (field === "status") return statusLabel(t, to);
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
            {order.paymentStatus === "paid" ? t("account:track.paid") : t("account:track.cashOnDelivery")}
          </p>
          <p>
            {t("account:track.summary", { items: order.items, total: formatRupees(order.total), city: order.city })}
          </p>
          {whatsapp ? (
            <p>
              <a href={whatsappLink(whatsapp, orderQuestionText(order.displayId))}>{t("account:track.askWhatsapp")}</a>
            </p>
          ) : null}
          <h3>{t("account:track.history")}</h3>
          <ul className="history-list">
            {order.history.map((entry) => (
              <li key={entry.key}>
                {t("account:track.entry", { at: entry.at, label: t(`account:track.field.${entry.field}`), to: valueOf(entry.field, entry.to) })}
              </li>
            ))}
          </ul>
        </article>
      ) : null}
    </section>
  );
}
