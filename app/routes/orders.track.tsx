import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { TaxDocumentLinks } from "../components/TaxDocumentLinks";
import { ParcelSteps, PromisedDates } from "../components/DeliveryDates";
import { orderDeliveryView } from "../delivery/dates.server";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { whatsappLink } from "../../domain/contact";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { normalisePhone } from "../../domain/phone";
import { formatRupees } from "../../domain/money";
import { describeItemsIn } from "../catalogue-words.server";
import { orderLinePictures } from "../pictures.server";
import { LinePictures } from "../components/LinePicture";
import cartStyles from "../styles/cart.css?url";
import { statusLabel } from "../components/OrderHistory";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { refusal } from "../../domain/errors";
import { formatDateTime } from "../../domain/i18n";
import { getShopper } from "../auth/session.server";
import { grantTracking, trackedOrder } from "../orders/tracked.server";
import { trackingPath } from "../../domain/tracking";
import { TRACKING_FORM_LIMITS, trackingForm } from "../../domain/forms/tracking";
import { OrderMoneyLines, PaymentStandingText, UpiReferenceForm } from "../components/OrderPayment";
import { UpiPayPanel } from "../components/UpiPayPanel";
import { PayOnlineButton } from "../components/PayOnline";
import { offersPayOnline } from "../payments/online.server";
import { FormMessage, everyMessage, refusalOf, typedValue } from "../forms/messages";
import { ReturnRequestForm } from "../components/ReturnRequest";
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

// The page's own refusals, by key (refusals group "tracking"), worded in the visitor's language.
const NOT_FOUND = refusal("tracking.notFound");
const MISSING = refusal("tracking.missing");
const LOOK_UP_AGAIN = refusal("tracking.lookUpAgain");

/** The returns part's id (where a request's answer reopens the page) and the address's mark of a request sent. */
const RETURN_PART = "track-return";
const RETURN_SENT = "return=sent";

/** Once an order is found the page is about it: a WhatsApp link on it names the order. */
export const handle = orderHandle<{ order?: { displayId: string } | null }>((data) => data?.order?.displayId);

/**
 * Guest tracking. The lookup is a POST (the order number and the mobile number, throttled per client
 * address); a match answers with a redirect here, `?orderId=<number>`, and a cookie that shows that
 * order on this page for a while (app/orders/tracked.server.ts). So the result is a GET a reload shows
 * again, and the mobile number is in no address, history entry or request log. Without the cookie (a
 * link from a text, the confirmation page) the form comes filled in with the number, waiting for the
 * mobile number.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const orderId = (url.searchParams.get("orderId") ?? "").slice(0, 64);
  const lang = languageOf(request);
  const messages = routeMessages(request, "account", "payment", "returns", "tax", "delivery", "courier");
  const tracked = orderId ? await trackedOrder(request, context.shop, orderId) : undefined;
  if (!tracked) return { orderId, order: null, upiPanel: null, messages, refusals: refusalTable(request, "forms") };
  const { order, history } = tracked;
  return {
    orderId: order.displayId,
    returnSent: url.searchParams.get("return") === "sent",
    messages,
    refusals: { ...referenceRefusals(lang), ...refusalTable(request, "returns"), ...refusalTable(request, "forms") },
    upiPanel: upiPanelFor(context.shop.config.upi, order, lang),
    // The gateway's "Pay online" beside the shop's own UPI while the order awaits its UPI payment (decision 222).
    payOnline: offersPayOnline(context.shop, order),
    returns: await shopperReturns(context.shop, order.id, order.status, lang),
    // The tax invoice and credit notes once issued: opened at /orders/invoice with this lookup's cookie.
    documents: (await context.shop.taxSummary.documentsOf([order.id])).get(order.id) ?? [],
    // The days promised when it was placed, and the carrier's steps from the scans recorded (decisions 235, 236).
    delivery: await orderDeliveryView(context.shop, order.id, lang),
    order: {
      id: order.id,
      money: orderMoney(order),
      displayId: order.displayId,
      placedAt: formatDateTime(order.placedAt, lang),
      status: order.status,
      paymentStatus: order.paymentStatus,
      total: order.total,
      items: await describeItemsIn(context.shop, lang, order.lines),
      // The lines' pictures: the main photo, else the drawing in the school's colours (decision 140).
      pictures: (await orderLinePictures(context.shop, lang, [order]))[0],
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
 * The lookup (the form at the top), and the forms on a tracked order: a return request (`?return`)
 * and a UPI reference (`?report`). Those name their order by its number, and the order must be one
 * this visitor looked up lately with its mobile number (the cookie): an order number alone never
 * asks for a return or reports a payment.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const lang = languageOf(request);
  const asked = new URL(request.url).searchParams;
  if (asked.has("return")) {
    const form = await readPageForm(request, returnRequestForm, RETURN_REQUEST_LIMITS);
    if (!form.ok) return form.answer;
    const tracked = await trackedOrder(request, shop, form.value.orderId ?? "");
    if (!tracked) return form.refuse(refusalText(lang, LOOK_UP_AGAIN), 403);
    const shopper = await getShopper(request, shop);
    const sent = await requestReturnFor(shop, lang, tracked.order.id, form.value, reportingActor(shopper, tracked.order));
    // Sent: back to the order at its returns part (a reload shows the request, never sends it twice).
    if (sent.ok) return redirect(`${trackingPath(tracked.order.displayId)}&${RETURN_SENT}#${RETURN_PART}`, 303);
    return form.refuse(sent.message, refusalStatus(sent.status));
  }
  if (asked.has("report")) {
    const form = await readUpiReferenceForm(request);
    if (!form.ok) return form.answer;
    const tracked = await trackedOrder(request, shop, form.value.orderId ?? "");
    if (!tracked) return form.refuse(refusalText(lang, LOOK_UP_AGAIN), 403);
    const shopper = await getShopper(request, shop);
    return reportUpiReference(shop, lang, { reference: form.value.reference, refuse: form.refuse }, tracked.order, reportingActor(shopper, tracked.order));
  }
  const form = await readPageForm(request, trackingForm, TRACKING_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const orderId = form.value.orderId?.trim() ?? "";
  const phone = normalisePhone(form.value.phone ?? "");
  if (!orderId || !phone) return form.refuse(refusalText(lang, MISSING), 400);
  const lookup = await shop.tracking.find({ orderId, phone, clientIp: context.clientIp });
  if (!lookup.ok) return form.refuse(refusalText(lang, lookup.refusal), lookup.status);
  if (!lookup.found) return form.refuse(refusalText(lang, NOT_FOUND), 404);
  const { order } = lookup.found;
  return redirect(trackingPath(order.displayId), {
    status: 303,
    headers: { "Set-Cookie": await grantTracking(request, shop, order.id, phone) },
  });
}

export default function TrackOrder() {
  const loaded = useLoaderData<typeof loader>();
  const { orderId, order, upiPanel } = loaded;
  const returns = "returns" in loaded ? loaded.returns : null;
  const delivery = "delivery" in loaded ? loaded.delivery : null;
  const actionData = useActionData<typeof action>();
  const reported = Boolean(actionData && "reported" in actionData);
  const returnSent = Boolean("returnSent" in loaded && loaded.returnSent && !actionData);
  const answered = refusalOf(actionData);
  const intentOf = answered?.initialValue?.intent;
  const returnAnswer = intentOf === "return" ? answered : undefined;
  // The lookup's own refusal (missing fields, no such order, too many tries), and what was typed in it; and any
  // refusal when no order is shown (a form on an order whose lookup has run out: look it up again).
  const lookupAnswer = answered && (intentOf === "track" || intentOf === undefined || !order) ? answered : undefined;
  const whatsapp = useShopContact()?.whatsapp;
  // Arrived with the number filled in: the mobile number is what is left to type.
  const waitingForPhone = Boolean(orderId) && !order && !lookupAnswer;
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
      {/* A POST: the mobile number goes in the body, never in the address (the answer is a redirect to the order). */}
      <Form method="post" action="/orders/track" className="track-form" key={order?.displayId ?? "lookup"}>
        <input type="hidden" name="intent" value="track" />
        <label htmlFor="track-order">{t("account:track.orderId")}</label>
        <input
          id="track-order"
          name="orderId"
          defaultValue={typedValue(lookupAnswer, "orderId") ?? orderId}
          autoComplete="off"
          maxLength={64}
          placeholder={t("account:track.orderIdExample")}
        />
        <label htmlFor="track-phone">{t("account:track.mobile")}</label>
        <input id="track-phone" name="phone" type="tel" inputMode="numeric" defaultValue={typedValue(lookupAnswer, "phone")} maxLength={20} autoFocus={waitingForPhone} />
        <button type="submit" className="primary">
          {t("account:track.submit")}
        </button>
      </Form>
      {lookupAnswer ? (
        <div className="error-box">
          <FormMessage result={lookupAnswer} fallback={everyMessage(lookupAnswer).join(" ")} />
        </div>
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
          <LinePictures pictures={order.pictures} />
          <p>
            {t("account:track.summary", { items: order.items, total: formatRupees(order.total), city: order.city })}
          </p>
          <OrderMoneyLines money={order.money} />
          <PromisedDates promised={delivery?.promised ?? null} />
          <ParcelSteps steps={delivery?.steps ?? null} />
          <TaxDocumentLinks orderId={order.id} documents={"documents" in loaded ? loaded.documents : undefined} />
          {/* Asked for only while the parcel is on its way: at a delivered door the cash was handed over, recorded or not yet. */}
          {order.money.method === "cod" && order.money.standing === "unpaid" && ["pending", "processing", "shipped"].includes(order.status) ? (
            <p data-testid="cash-note">{t("payment:summary.cash", { amount: formatRupees(order.total) })}</p>
          ) : null}
          {"payOnline" in loaded && loaded.payOnline && !reported ? <PayOnlineButton orderId={order.id} /> : null}
          {upiPanel && !reported ? <UpiPayPanel {...upiPanel} /> : null}
          {/* A refused report (sent twice, say) stays by its form even once the order is "reported". */}
          {returns ? (
            <ReturnRequestForm
              info={returns}
              idPrefix={RETURN_PART}
              action={`/orders/track?${new URLSearchParams({ orderId: order.displayId, return: "1" })}`}
              hidden={{ orderId: order.displayId }}
              result={returnAnswer ?? undefined}
              sent={returnSent}
            />
          ) : null}
          {order.money.awaitsUpi || reported || intentOf === "report" ? (
            <UpiReferenceForm
              idPrefix="track"
              action={`/orders/track?${new URLSearchParams({ orderId: order.displayId, report: "1" })}`}
              hidden={{ orderId: order.displayId }}
              result={intentOf === "report" ? answered : undefined}
              reported={reported}
            />
          ) : null}
          {whatsapp ? (
            <p>
              <a href={whatsappLink(whatsapp, t("contact.orderQuestion", { number: order.displayId }))}>{t("account:track.askWhatsapp")}</a>
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
