import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { whatsappLink } from "../../domain/contact";
import { formatRupees } from "../../domain/money";
import { deliveryLine } from "../../domain/orders/describe";
import { trackingPath } from "../../domain/tracking";
import { formatDateTime } from "../../domain/i18n";
import { holdEndsAt } from "../payments/hold.server";
import { getShopper } from "../auth/session.server";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { useHydrated } from "../components/useHydrated";
import { OrderLinesTable } from "../components/OrderLinesTable";
import { PromisedDates } from "../components/DeliveryDates";
import { orderDeliveryView } from "../delivery/dates.server";
import { LINE_PICTURE_SIZE } from "../components/LinePicture";
import { linePictures } from "../pictures.server";
import { OrderMoneyLines, PaymentStandingText, UpiReferenceForm } from "../components/OrderPayment";
import { UpiPayPanel } from "../components/UpiPayPanel";
import { PayOnlineButton } from "../components/PayOnline";
import { offersPayOnline, onlineNoticeFor } from "../payments/online.server";
import { refusalOf } from "../forms/messages";
import { Message, metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { lineWordsIn } from "../catalogue-words.server";
import { orderMoney, readUpiReferenceForm, referenceRefusals, reportUpiReference, reportingActor, upiPanelFor } from "../payments/report.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

/**
 * Seconds before a guest is taken home. The spec's 3 left no time to read, let alone note
 * down, the order number: a minute, counted down on screen, with a way to stay; and only
 * with JavaScript, never a meta refresh (decision 095).
 */
const GUEST_RETURN_SECONDS = 60;

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: metaT(matches)("checkout:done.metaTitle") },
  { name: "robots", content: "noindex" },
];

/** The page is about one order: a WhatsApp link on it names the order. */
export const handle = orderHandle<{ order?: { displayId: string } | null }>((data) => data?.order?.displayId);

/**
 * Who may see an order here, and report its payment: whoever holds its full id (a random UUID the
 * checkout redirected them with), as before payments came. Its 8 characters alone are not enough.
 */
function orderIdOf(request: Request): string {
  const orderId = (new URL(request.url).searchParams.get("order") ?? "").toLowerCase();
  // Only an order id can get here from the checkout; anything else is not a confirmation.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orderId)) {
    throw new Response("No such order", { status: 404 });
  }
  return orderId;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = context.shop;
  const orderId = orderIdOf(request);
  const lang = languageOf(request);
  const [shopper, order] = await Promise.all([getShopper(request, shop), shop.orders.getOrder(orderId)]);
  const shown = order && !order.deleted ? order : undefined;
  // Lines keep the English they were ordered with; the page names them in its language (decision 099).
  const words = shown ? await lineWordsIn(shop, lang, shown.lines) : [];
  // Each line's picture: the main photo, else the drawing in its school's colours (decision 140).
  const pictures = shown ? await linePictures(shop, shown.lines.map((line) => line.productId), LINE_PICTURE_SIZE) : {};
  // A signed-in parent whose order went to an address their account does not keep is offered to keep it (decision 114).
  const own = shown && shopper && shown.userId === shopper.id ? shown : undefined;
  const saveAddress = own ? await shop.accounts.offerToSave(shopper!.id, own.address) : null;
  // Not found yet means the read model is a moment behind (the wait timed out): thank them anyway.
  return {
    guest: !shopper,
    saveAddress:
      own && (saveAddress === "offer" || new URL(request.url).searchParams.get("saved") === "address")
        ? { offer: saveAddress === "offer", saved: saveAddress === "saved", address: deliveryLine(own.address) }
        : null,
    order: shown
      ? {
          id: shown.id,
          displayId: shown.displayId,
          total: shown.total,
          lines: shown.lines.map((line, i) => ({
            key: `${line.productId}|${line.size}|${line.school}`,
            ...words[i],
            quantity: line.quantity,
            amount: line.unitPrice * line.quantity,
            picture: pictures[line.productId],
          })),
          money: orderMoney(shown),
        }
      : null,
    upiPanel: shown ? upiPanelFor(shop.config.upi, shown, lang) : null,
    // The optional gateway (decision 222): offered beside the shop's own UPI while the order awaits its payment.
    payOnline: shown ? offersPayOnline(shop, shown) : false,
    // What the gateway's answer was, when the parent came back from it; "paid" is never taken from the address: the order says it.
    online: shown ? onlineNoticeFor(request, shown) : null,
    // The days the order was promised as it was placed (decision 236).
    promised: shown ? (await orderDeliveryView(shop, shown.id, lang)).promised : null,
    // By when the order must be paid (UPI) or its number proven (a cash order, when the owner asks): else it is cancelled (decision 190).
    hold: shown ? holdNote(holdEndsAt(shop.orders.holdRules, shown, shopper), lang) : null,
    messages: routeMessages(request, "checkout", "payment", "delivery"),
    refusals: referenceRefusals(languageOf(request)),
  };
}

function holdNote(ends: ReturnType<typeof holdEndsAt>, lang: ReturnType<typeof languageOf>) {
  return ends ? { reason: ends.reason, until: formatDateTime(ends.at, lang) } : null;
}

/** The UPI reference form: the same rule as the page, the order's full id in the address. */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const orderId = orderIdOf(request);
  const form = await readUpiReferenceForm(request);
  if (!form.ok) return form.answer;
  const [shopper, order] = await Promise.all([getShopper(request, shop), shop.orders.getOrder(orderId)]);
  if (!order || order.deleted) throw new Response("No such order", { status: 404 });
  return reportUpiReference(shop, languageOf(request), { reference: form.value.reference, refuse: form.refuse }, order, reportingActor(shopper, order));
}

export default function OrderPlaced() {
  const { guest, order, upiPanel, payOnline, online, saveAddress, hold, promised } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const contact = useShopContact();
  const t = useT();
  const reported = Boolean(actionData && "reported" in actionData);
  // A guest paying by UPI is not taken home in the middle of it.
  const paying = Boolean(order?.money.awaitsUpi) || reported;
  return (
    <section className="order-done" aria-labelledby="done-title">
      <h1 id="done-title">{t("checkout:done.title")}</h1>
      <p>{t("checkout:done.received")}</p>
      {order ? (
        <div className="order-keep">
          <p className="order-number-label">{t("checkout:done.numberLabel")}</p>
          <p className="order-number" data-testid="order-number">
            {order.displayId}
          </p>
          <OrderLinesTable className="cart-table order-lines" lines={order.lines} />
          <OrderMoneyLines money={order.money} />
          <PromisedDates promised={promised} />
          <p>
            {t("payment:summary.method")}: <PaymentStandingText money={order.money} testId="payment-standing" />
          </p>
          {order.money.method === "cod" ? (
            <p data-testid="cash-note">{t("payment:summary.cash", { amount: formatRupees(order.total) })}</p>
          ) : null}
          {hold && !reported ? (
            <p className="notice" data-testid="hold-note">
              {hold.reason === "upiUnpaid" ? (
                t("checkout:done.payBy", { until: hold.until })
              ) : (
                <Message id="checkout:done.confirmBy" values={{ until: hold.until, signIn: <Link to="/otp">{t("checkout:done.confirmSignIn")}</Link> }} />
              )}
            </p>
          ) : null}
          {online ? (
            <p className="notice" role="status" data-testid="online-notice">
              {t(`payment:online.notice.${online}`)}
            </p>
          ) : null}
          {payOnline && !reported ? <PayOnlineButton orderId={order.id} /> : null}
          {upiPanel && !reported ? <UpiPayPanel {...upiPanel} /> : null}
          {/* A refused report (sent twice, say) stays by its form even once the order is "reported". */}
          {order.money.awaitsUpi || reported || refusalOf(actionData) ? (
            <UpiReferenceForm
              idPrefix="done"
              action={`/checkout/done?order=${order.id}`}
              hidden={{}}
              result={refusalOf(actionData)}
              reported={reported}
            />
          ) : null}
          <p data-testid="order-sms-note">{t("checkout:done.smsNote")}</p>
          <p>
            <Link to={trackingPath(order.displayId)}>{t("checkout:done.track")}</Link>
          </p>
          {contact?.whatsapp ? (
            <p>
              <a href={whatsappLink(contact.whatsapp, t("contact.orderQuestion", { number: order.displayId }))}>{t("checkout:done.askWhatsapp")}</a>
            </p>
          ) : null}
        </div>
      ) : (
        <p>{t("checkout:done.numberInSms")}</p>
      )}
      {order && saveAddress?.offer ? (
        <Form method="post" action="/account?details" className="save-address">
          <input type="hidden" name="intent" value="address-from-order" />
          <input type="hidden" name="orderId" value={order.id} />
          <p>{t("checkout:done.saveAddress", { address: saveAddress.address })}</p>
          <button type="submit" className="secondary">
            {t("checkout:done.saveAddressButton")}
          </button>
        </Form>
      ) : saveAddress?.saved ? (
        <p className="notice" role="status">
          {t("checkout:done.addressSaved")}
        </p>
      ) : null}
      {guest ? null : (
        <p>
          <Message id="checkout:done.inAccount" values={{ account: <Link to="/account">{t("checkout:done.account")}</Link> }} />
        </p>
      )}
      <p>
        <Link className="button primary" to="/">
          {t("checkout:done.backHome")}
        </Link>
      </p>
      {guest && !paying ? <GuestReturn /> : null}
    </section>
  );
}

/**
 * The spec's return home for a guest, with JavaScript only: a visible countdown and a button
 * that stops it. Without JavaScript the page stays: "Back to Home" is there.
 */
function GuestReturn() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [left, setLeft] = useState(GUEST_RETURN_SECONDS);
  const [staying, setStaying] = useState(false);
  const t = useT();

  useEffect(() => {
    if (!hydrated || staying) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, GUEST_RETURN_SECONDS - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        navigate("/");
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [hydrated, staying, navigate]);

  if (!hydrated) return null;
  if (staying) return <p className="return-note">{t("checkout:done.staying")}</p>;
  return (
    <p className="return-note" data-testid="return-countdown">
      {/* Not a live region: a number read out every second would drown the page. */}
      <span>{t("checkout:done.countdown", { count: left })}</span>{" "}
      <button type="button" className="stay-button" onClick={() => setStaying(true)}>
        {t("checkout:done.stay")}
      </button>
    </p>
  );
}
