import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { orderQuestionText, whatsappLink } from "../../domain/contact";
import { formatRupees } from "../../domain/money";
import { trackingPath } from "../../domain/tracking";
import { getShopper } from "../auth/session.server";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { useHydrated } from "../components/useHydrated";
import { Message, metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";
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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shop = context.shop;
  const orderId = (new URL(request.url).searchParams.get("order") ?? "").toLowerCase();
  // Only an order id can get here from the checkout; anything else is not a confirmation.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orderId)) {
    throw new Response("No such order", { status: 404 });
  }
  const [shopper, order] = await Promise.all([getShopper(request, shop), shop.orders.getOrder(orderId)]);
  // Not found yet means the read model is a moment behind (the wait timed out): thank them anyway.
  return {
    guest: !shopper,
    order: order ? { displayId: order.displayId, total: order.total } : null,
    messages: routeMessages(request, "checkout"),
  };
}

export default function OrderPlaced() {
  const { guest, order } = useLoaderData<typeof loader>();
  const contact = useShopContact();
  const t = useT();
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
          <p>
            <Message id="checkout:done.total" values={{ total: <strong>{formatRupees(order.total)}</strong> }} />
          </p>
          <p data-testid="order-sms-note">{t("checkout:done.smsNote")}</p>
          <p>
            <Link to={trackingPath(order.displayId)}>{t("checkout:done.track")}</Link>
          </p>
          {contact?.whatsapp ? (
            <p>
              <a href={whatsappLink(contact.whatsapp, orderQuestionText(order.displayId))}>{t("checkout:done.askWhatsapp")}</a>
            </p>
          ) : null}
        </div>
      ) : (
        <p>{t("checkout:done.numberInSms")}</p>
      )}
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
      {guest ? <GuestReturn /> : null}
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
