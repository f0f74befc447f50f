import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { orderQuestionText, whatsappLink } from "../../domain/contact";
import { formatRupees } from "../../domain/money";
import { trackingPath } from "../../domain/tracking";
import { getShopper } from "../auth/session.server";
import { orderHandle, useShopContact } from "../components/ContactAddress";
import { useHydrated } from "../components/useHydrated";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

/**
 * Seconds before a guest is taken home. The spec's 3 left no time to read, let alone note
 * down, the order number: a minute, counted down on screen, with a way to stay; and only
 * with JavaScript, never a meta refresh (decision 095).
 */
const GUEST_RETURN_SECONDS = 60;

export const meta: MetaFunction<typeof loader> = () => [{ title: "Order placed | Churu Uniform House" }, { name: "robots", content: "noindex" }];

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
  };
}

export default function OrderPlaced() {
  const { guest, order } = useLoaderData<typeof loader>();
  const contact = useShopContact();
  return (
    <section className="order-done" aria-labelledby="done-title">
      <h1 id="done-title">Your order has been placed. Thank you!</h1>
      <p>We have received your order and will contact you soon.</p>
      {order ? (
        <div className="order-keep">
          <p className="order-number-label">Your order number</p>
          <p className="order-number" data-testid="order-number">
            {order.displayId}
          </p>
          <p>
            Total: <strong>{formatRupees(order.total)}</strong> · Cash on delivery
          </p>
          <p data-testid="order-sms-note">We have sent an SMS with this order number to the mobile number you gave.</p>
          <p>
            <Link to={trackingPath(order.displayId)}>Track this order</Link>
          </p>
          {contact?.whatsapp ? (
            <p>
              <a href={whatsappLink(contact.whatsapp, orderQuestionText(order.displayId))}>Ask about this order on WhatsApp</a>
            </p>
          ) : null}
        </div>
      ) : (
        <p>Your order number is in the SMS we are sending to the mobile number you gave.</p>
      )}
      {guest ? null : (
        <p>
          You can see this order under <Link to="/account">My Account</Link>.
        </p>
      )}
      <p>
        <Link className="button primary" to="/">
          Back to Home
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
  if (staying) return <p className="return-note">You can stay on this page as long as you like.</p>;
  return (
    <p className="return-note" data-testid="return-countdown">
      {/* Not a live region: a number read out every second would drown the page. */}
      <span>Taking you home in {left} seconds.</span>{" "}
      <button type="button" className="stay-button" onClick={() => setStaying(true)}>
        Stay on this page
      </button>
    </p>
  );
}
