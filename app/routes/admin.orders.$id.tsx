import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { orderAsOf, parseRevision, safeDashboardBack } from "../../domain/admin-orders";
import { deliveryLine } from "../../domain/orders/describe";
import { displayOrderId, foldOrder, type OrderState } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import type { Language } from "../../domain/i18n";
import { requireAdmin } from "../auth/session.server";
import { adminTime } from "../admin/orders.server";
import { describeOrderEventIn } from "../admin/describe.server";
import { TableScroll } from "../components/TableScroll";
import { Message, metaT, useT, type T } from "../i18n/I18n";
import { languageOf, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [{ title: data ? t("admin:order.metaTitle", { id: data.displayId }) : t("admin:order.notFoundMetaTitle") }];
};

function snapshot(state: OrderState & { exists: true }, t: T, lang: Language) {
  const p = state.placed;
  const who =
    p.customer.kind === "user"
      ? t("admin:order.customerUser", { name: p.customer.name, userId: p.customer.userId ?? "" })
      : t("admin:order.customerGuest", { name: p.customer.name });
  return {
    status: state.status,
    paymentStatus: state.paymentStatus,
    deleted: state.deleted,
    customer: [who, p.customer.phone, p.customer.email].filter(Boolean).join(", "),
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
    placedAt: adminTime(p.placedAt, lang),
  };
}

/**
 * The audit trail: every event of the order's stream, in order, read from the event store
 * itself (not a read model). ?at=<revision> folds the stream up to that event with the
 * order decider's evolve: the order exactly as it stood then (decision 052).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const lang = languageOf(request);
  const t = serverT(lang);
  const url = new URL(request.url);
  const back = safeDashboardBack(url.searchParams.get("back"));
  const trail = await context.shop.orders.getOrderTrail(params.id ?? "");
  if (trail.length === 0) throw data({ message: t("admin:order.noSuchOrder"), back }, { status: 404 });
  const at = parseRevision(url.searchParams.get("at"));
  const stateNow = foldOrder(trail);
  const stateThen = at === undefined ? stateNow : at === "invalid" ? undefined : orderAsOf(trail, at);
  if (!stateThen || !stateThen.exists || !stateNow.exists) {
    throw data({ message: t("admin:order.noSuchEvent"), back }, { status: 404 });
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
    atWhen: at === undefined ? null : adminTime(trail.find((e) => e.revision === at)!.at, lang),
    order: snapshot(stateThen, t, lang),
    events: trail.map((event) => ({
      revision: event.revision,
      when: adminTime(event.at, lang),
      whenIso: event.at.toISOString(),
      ...describeOrderEventIn(t, event),
      href: hrefAt(event.revision === latest ? undefined : event.revision),
      current: at === undefined ? event.revision === latest : event.revision === at,
    })),
  };
}

export default function OrderTrail() {
  const { displayId, orderId, back, order, events, at, atWhen, nowHref } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="order-trail" aria-labelledby="trail-title">
      <p>
        <Link to={back}>{t("admin:order.back")}</Link>
      </p>
      <h1 id="trail-title">{t("admin:order.title", { id: displayId })}</h1>
      <p className="muted">{t("admin:order.orderId", { id: orderId })}</p>

      <section aria-labelledby="snapshot-title" className={`order-snapshot${at !== null ? " past" : ""}`}>
        {at !== null ? (
          <>
            <h2 id="snapshot-title">{t("admin:order.then", { at })}</h2>
            <p className="notice" role="status">
              <Message
                id="admin:order.timeTravel"
                values={{ when: atWhen, at, link: <Link to={nowHref}>{t("admin:order.backToNow")}</Link> }}
              />
            </p>
          </>
        ) : (
          <h2 id="snapshot-title">{t("admin:order.now")}</h2>
        )}
        <dl className="snapshot-facts">
          <dt>{t("admin:order.status")}</dt>
          <dd data-field="status">{t(`account:status.${order.status}`)}</dd>
          <dt>{t("admin:order.paymentStatus")}</dt>
          <dd data-field="payment-status">{t(`account:paymentStatus.${order.paymentStatus}`)}</dd>
          <dt>{t("admin:order.deleted")}</dt>
          <dd data-field="deleted">{order.deleted ? t("admin:order.yes") : t("admin:order.no")}</dd>
          <dt>{t("admin:order.placed")}</dt>
          <dd>{order.placedAt}</dd>
          <dt>{t("admin:order.customer")}</dt>
          <dd>{order.customer}</dd>
          <dt>{t("admin:order.address")}</dt>
          <dd data-field="address">{order.address}</dd>
          <dt>{t("admin:order.total")}</dt>
          <dd data-field="total">{order.total}</dd>
        </dl>
        <TableScroll label={t("admin:order.lines")}>
          <table aria-label={t("admin:order.lines")}>
            <thead>
              <tr>
                <th scope="col">{t("admin:order.item")}</th>
                <th scope="col">{t("admin:order.size")}</th>
                <th scope="col">{t("admin:order.school")}</th>
                <th scope="col">{t("admin:order.quantity")}</th>
                <th scope="col">{t("admin:order.price")}</th>
                <th scope="col">{t("admin:order.total")}</th>
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

      <h2>{t("admin:order.history")}</h2>
      <TableScroll label={t("admin:order.historyTable")}>
        <table aria-label={t("admin:order.historyTable")} className="trail-table">
          <thead>
            <tr>
              <th scope="col">{t("admin:order.number")}</th>
              <th scope="col">{t("admin:order.what")}</th>
              <th scope="col">{t("admin:order.when")}</th>
              <th scope="col">{t("admin:order.by")}</th>
              <th scope="col">{t("admin:order.status")}</th>
              <th scope="col">{t("admin:order.details")}</th>
              <th scope="col">{t("admin:order.timeTravelColumn")}</th>
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
                    <span>{t("admin:order.shownAbove")}</span>
                  ) : (
                    <Link to={event.href} preventScrollReset>
                      {t("admin:order.viewAt", { at: event.revision })}
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
  const t = useT();
  return (
    <section className="error-page">
      <h1>{notFound ? t("admin:order.notFound") : t("admin:order.fault")}</h1>
      <p>{body?.message ?? t("admin:order.faultText")}</p>
      <p>
        <a className="button" href={body?.back ?? "/admin"}>
          {t("admin:nav.backToOrders")}
        </a>
      </p>
    </section>
  );
}
