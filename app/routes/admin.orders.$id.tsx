import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { orderAsOf, parseRevision, safeDashboardBack } from "../../domain/admin-orders";
import { deliveryLine, describeOrderEvent } from "../../domain/orders/describe";
import { displayOrderId, foldOrder, type OrderState } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import { requireAdmin } from "../auth/session.server";
import { kolkataTime } from "../admin/orders.server";
import { TableScroll } from "../components/TableScroll";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Order ${data.displayId} history | Admin` : "Order not found | Admin" },
];

function snapshot(state: OrderState & { exists: true }) {
  const p = state.placed;
  return {
    status: state.status,
    paymentStatus: state.paymentStatus,
    deleted: state.deleted,
    customer: `${p.customer.name} (${p.customer.kind === "user" ? `user ${p.customer.userId ?? ""}` : "guest"}), ${p.customer.phone}${p.customer.email ? `, ${p.customer.email}` : ""}`,
    address: deliveryLine(p.address),
    lines: p.lines.map((line) => ({
      key: `${line.productId}|${line.size}|${line.school}`,
      name: line.name,
      size: line.size,
      school: line.school,
      quantity: line.quantity,
      unitPrice: formatRupees(line.unitPrice),
      lineTotal: formatRupees(line.unitPrice * line.quantity),
    })),
    total: formatRupees(p.total),
    placedAt: kolkataTime.format(new Date(p.placedAt)),
  };
}

/**
 * The audit trail: every event of the order's stream, in order, read from the event store
 * itself (not a read model). ?at=<revision> folds the stream up to that event with the
 * order decider's evolve: the order exactly as it stood then (decision 052).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const url = new URL(request.url);
  const back = safeDashboardBack(url.searchParams.get("back"));
  const trail = await context.shop.orders.getOrderTrail(params.id ?? "");
  if (trail.length === 0) throw data({ message: "There is no order with this id.", back }, { status: 404 });
  const at = parseRevision(url.searchParams.get("at"));
  const stateNow = foldOrder(trail);
  const stateThen = at === undefined ? stateNow : at === "invalid" ? undefined : orderAsOf(trail, at);
  if (!stateThen || !stateThen.exists || !stateNow.exists) {
    throw data({ message: "This order has no such event.", back }, { status: 404 });
  }
  const orderId = stateNow.placed.orderId;
  const base = `/admin/orders/${orderId}`;
  const keep = back === "/admin" ? "" : `back=${encodeURIComponent(back)}`;
  const hrefAt = (revision?: number) => {
    const query = [revision === undefined ? "" : `at=${revision}`, keep].filter(Boolean).join("&");
    return query ? `${base}?${query}` : base;
  };
  const latest = trail[trail.length - 1].revision;
  return {
    orderId,
    displayId: displayOrderId(orderId),
    back,
    nowHref: hrefAt(),
    at: at === undefined || at === latest ? null : at,
    atWhen: at === undefined ? null : kolkataTime.format(trail.find((e) => e.revision === at)!.at),
    order: snapshot(stateThen),
    events: trail.map((event) => ({
      revision: event.revision,
      when: kolkataTime.format(event.at),
      whenIso: event.at.toISOString(),
      ...describeOrderEvent(event),
      href: hrefAt(event.revision === latest ? undefined : event.revision),
      current: at === undefined ? event.revision === latest : event.revision === at,
    })),
  };
}

export default function OrderTrail() {
  const { displayId, orderId, back, order, events, at, atWhen, nowHref } = useLoaderData<typeof loader>();
  return (
    <section className="order-trail" aria-labelledby="trail-title">
      <p>
        <Link to={back}>← Back to orders</Link>
      </p>
      <h1 id="trail-title">Order {displayId}</h1>
      <p className="muted">Order id {orderId}</p>

      <section aria-labelledby="snapshot-title" className={`order-snapshot${at !== null ? " past" : ""}`}>
        {at !== null ? (
          <>
            <h2 id="snapshot-title">The order as it stood after event #{at}</h2>
            <p className="notice" role="status">
              Time travel: this is the order on {atWhen}, after event #{at}. <Link to={nowHref}>Back to now</Link>
            </p>
          </>
        ) : (
          <h2 id="snapshot-title">The order now</h2>
        )}
        <dl className="snapshot-facts">
          <dt>Status</dt>
          <dd data-field="status">{order.status}</dd>
          <dt>Payment Status</dt>
          <dd data-field="payment-status">{order.paymentStatus}</dd>
          <dt>Deleted</dt>
          <dd data-field="deleted">{order.deleted ? "Yes" : "No"}</dd>
          <dt>Placed</dt>
          <dd>{order.placedAt}</dd>
          <dt>Customer</dt>
          <dd>{order.customer}</dd>
          <dt>Address</dt>
          <dd data-field="address">{order.address}</dd>
          <dt>Total</dt>
          <dd data-field="total">{order.total}</dd>
        </dl>
        <TableScroll label="Order lines">
          <table aria-label="Order lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Size</th>
                <th scope="col">School</th>
                <th scope="col">Qty</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.key}>
                  <td>{line.name}</td>
                  <td>{line.size}</td>
                  <td>{line.school}</td>
                  <td>{line.quantity}</td>
                  <td>{line.unitPrice}</td>
                  <td>{line.lineTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <h2>History</h2>
      <TableScroll label="Order history">
        <table aria-label="Order history" className="trail-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">What happened</th>
              <th scope="col">When (IST)</th>
              <th scope="col">By</th>
              <th scope="col">Status</th>
              <th scope="col">Details</th>
              <th scope="col">Time travel</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.revision} data-revision={event.revision} aria-current={event.current ? "true" : undefined}>
                <td>{event.revision}</td>
                <td>{event.what}</td>
                <td>
                  <time dateTime={event.whenIso}>{event.when}</time>
                </td>
                <td>{event.by}</td>
                <td>{event.change}</td>
                <td>{event.details}</td>
                <td>
                  {event.current ? (
                    <span>Shown above</span>
                  ) : (
                    <Link to={event.href} preventScrollReset>
                      View order at #{event.revision}
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; back?: string } | undefined) : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="error-page">
      <h1>{notFound ? "Order not found" : "Something went wrong"}</h1>
      <p>{body?.message ?? "The order's history could not be shown. Please try again in a moment."}</p>
      <p>
        <a className="button" href={body?.back ?? "/admin"}>
          Back to orders
        </a>
      </p>
    </section>
  );
}
