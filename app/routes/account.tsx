import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireShopper } from "../auth/session.server";
import { OrderHistory } from "../components/OrderHistory";
import { loadOrderHistory } from "../orders/history.server";
import cartStyles from "../styles/cart.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: MetaFunction = () => [{ title: "My Account | Churu Uniform House" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context.shop);
  const orders = await loadOrderHistory(context.shop, shopper.id);
  return { shopper, orders };
}

export default function Account() {
  const { shopper, orders } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">My Account</h1>
      <dl className="account-details">
        <dt>Name</dt>
        <dd>{shopper.name}</dd>
        <dt>Email</dt>
        <dd>{shopper.email ?? "Not given"}</dd>
        {shopper.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{shopper.phone}</dd>
          </>
        ) : null}
      </dl>
      {/* ORDER HISTORY: owned by the orders developer (app/components/OrderHistory.tsx). */}
      <OrderHistory orders={orders} />
    </section>
  );
}
