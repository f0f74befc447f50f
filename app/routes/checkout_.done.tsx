import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatRupees } from "../../domain/money";
import { getShopper } from "../auth/session.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

/** Seconds before a guest is taken home (spec: 3). */
const GUEST_RETURN_SECONDS = 3;

// A meta refresh needs no JavaScript: the guest flow goes home with JS off too.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: "Order placed | Churu Uniform House" },
  ...(data?.guest ? [{ httpEquiv: "refresh" as const, content: `${GUEST_RETURN_SECONDS};url=/` }] : []),
];

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
  return (
    <section className="order-done" aria-labelledby="done-title">
      <h1 id="done-title">Your order has been placed. Thank you!</h1>
      <p>We have received your order and will contact you soon.</p>
      {order ? (
        <>
          <p>
            Order number: <span className="order-number" data-testid="order-number">{order.displayId}</span>
          </p>
          <p>
            Total: <strong>{formatRupees(order.total)}</strong> · Cash on delivery
          </p>
        </>
      ) : null}
      {guest ? (
        <p>
          Keep your order number to <Link to="/orders/track">track your order</Link>. Taking you home in{" "}
          {GUEST_RETURN_SECONDS} seconds…
        </p>
      ) : (
        <p>
          You can see this order under <Link to="/account">My Account</Link>.
        </p>
      )}
      <p>
        <Link className="button primary" to="/">
          Back to Home
        </Link>
      </p>
    </section>
  );
}
