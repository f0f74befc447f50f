import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError, Link } from "@remix-run/react";
import { safeDashboardBack } from "../../domain/admin-orders";
import { ORDER_PAGE_FORM_LIMITS, isAfterSaleStep, isCourierStep, orderPageForm } from "../../domain/forms/admin-returns";
import { OrderSnapshot, OrderTrailTable, PaymentSection } from "../admin/components/OrderSections";
import { AfterSaleSections } from "../admin/components/AfterSaleSections";
import { CourierSection } from "../admin/components/CourierSection";
import { runCourierStep } from "../admin/courier.server";
import { runAfterSaleStep } from "../admin/returns.server";
import { refusalFor, requirePermission, requireStaffOncePerRequest } from "../admin/guard.server";
import { refusal } from "../../domain/errors";
import { runDropStep, runPaymentStep } from "../admin/orders.server";
import { DropLineSection } from "../admin/components/DropLineSection";
import { orderPage } from "../admin/order-page.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { useMay } from "../admin/may";
import paymentStyles from "../styles/admin-payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [{ title: data ? t("admin:order.metaTitle", { id: data.displayId }) : t("admin:order.notFoundMetaTitle") }];
};

/**
 * The order and its audit trail (app/admin/order-page.server.ts): every event of the order's
 * stream, and ?at=<revision> the order exactly as it stood then (decision 052).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "seeOrders");
  const page = await orderPage(context.shop, request, params.id ?? "");
  if (!page.ok) throw data(page.refusal, { status: 404 });
  // Another order claims this order's UPI reference, or this order's report was refused for one (decision 119).
  const disputed = (await context.shop.orders.referenceDisputes(page.data.orderId)).length > 0;
  // What the optional gateway took and gave back for this order (decision 221), and whether its refund goes through it.
  const gateway = (await context.shop.orders.gatewayPayments(page.data.orderId)) ?? null;
  return { ...page.data, disputed, gateway };
}

/**
 * A payment step from the order's Payment section: confirm, reject, cash collected or refund,
 * by the signed-in admin. Post, redirect, get, with JavaScript on or off: the page comes back
 * at its Payment section with what was recorded; a refusal comes back beside its form, in the
 * page's language.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  const form = await readPageForm(request, orderPageForm, ORDER_PAGE_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const orderId = (params.id ?? "").trim().toLowerCase();
  const step = form.value;
  // Money given back is the owner's and a manager's; so is every other change to an order (decision 215).
  const refused = refusalFor(admin, step.intent === "refund" ? "refund" : "orders");
  if (refused) return form.refuse(refusalText(languageOf(request), refusal(refused)), 403);
  if (isAfterSaleStep(step)) {
    const done = await runAfterSaleStep(context.shop, admin, orderId, step);
    if (!done.ok) return form.refuse(refusalText(languageOf(request), done.refusal), refusalStatus(done.status));
    const query = new URLSearchParams({ done: step.intent });
    const back = safeDashboardBack(step.back);
    if (back !== "/admin") query.set("back", back);
    const section = step.intent === "note" ? "notes" : step.intent === "delivery" ? "delivery" : "returns";
    return redirect(`/admin/orders/${orderId}?${query}#${section}`);
  }
  if (isCourierStep(step)) {
    // Booked with the courier, or received back (decision 235): the page comes back at its Courier section.
    const done = await runCourierStep(context.shop, admin, orderId, step);
    if (!done.ok) return form.refuse(refusalText(languageOf(request), done.refusal), refusalStatus(done.status));
    const query = new URLSearchParams({ done: step.intent });
    const back = safeDashboardBack(step.back);
    if (back !== "/admin") query.set("back", back);
    return redirect(`/admin/orders/${orderId}?${query}#courier`);
  }
  if (step.intent === "drop") {
    const dropped = await runDropStep(context.shop, admin, orderId, step);
    if (!dropped.ok) return form.refuse(refusalText(languageOf(request), dropped.refusal), refusalStatus(dropped.status));
    const query = new URLSearchParams({ dropped: "1" });
    const back = safeDashboardBack(step.back);
    if (back !== "/admin") query.set("back", back);
    return redirect(`/admin/orders/${orderId}?${query}#payment`);
  }
  const outcome = await runPaymentStep(context.shop, admin, orderId, step);
  if (!outcome.ok) return form.refuse(refusalText(languageOf(request), outcome.refusal), refusalStatus(outcome.status));
  const query = new URLSearchParams({ saved: outcome.changed ? form.value.intent : "none" });
  const back = safeDashboardBack(form.value.back);
  if (back !== "/admin") query.set("back", back);
  return redirect(`/admin/orders/${orderId}?${query}#payment`);
}

export default function OrderTrail() {
  const { displayId, orderId, back, order, events, at, atWhen, nowHref, saved, done, afterSale, disputed, courier, courierDone, paperRefused, drop, dropped, gateway } = useLoaderData<typeof loader>();
  const t = useT();
  // The page offers only what the person's role may do (decision 217): a packer reads the order and prints its papers.
  const changes = useMay()("orders");
  return (
    <section className="order-trail" aria-labelledby="trail-title">
      <p>
        <Link to={back}>{t("admin:order.back")}</Link>
      </p>
      <h1 id="trail-title">{t("admin:order.title", { id: displayId })}</h1>
      <p className="muted">{t("admin:order.orderId", { id: orderId })}</p>
      <nav className="order-print" aria-labelledby="print-links-title">
        <h2 id="print-links-title">{t("print:orderPage.title")}</h2>
        <a href={`/admin/orders/${orderId}/print?doc=slip`}>{t("print:orderPage.slip")}</a> ·{" "}
        <a href={`/admin/orders/${orderId}/print?doc=invoice`}>{t("print:orderPage.invoice")}</a>
      </nav>
      {saved && at === null ? (
        <p className="notice" role="status">
          {t(`admin:payments.saved.${saved}`)}
        </p>
      ) : null}

      {dropped ? (
        <p className="notice" role="status" data-field="dropped">
          {t("admin:drop.done", { total: order.total })}
        </p>
      ) : null}
      <OrderSnapshot order={order} at={at} atWhen={atWhen} nowHref={nowHref} />
      {drop && changes ? <DropLineSection drop={drop} back={back} /> : null}

      <PaymentSection payment={order.payment} live={at === null} back={back} deleted={order.deleted} suggestedRefund={afterSale.suggestedRefund} suggestedRefundNote={afterSale.suggestedRefundNote} gateway={gateway} />
      {disputed && at === null && changes ? (
        <p className="notice" role="status">
          <Link to={`/admin/orders/${orderId}/reference`}>{t("admin:dispute.link")}</Link>
        </p>
      ) : null}
      {done && at === null ? (
        <p className="notice" role="status">
          {t(`returns:admin.saved.${done}`)}
        </p>
      ) : null}
      <AfterSaleSections afterSale={afterSale} live={at === null && changes} back={back} />
      {courier && at === null ? <CourierSection orderId={orderId} courier={courier} back={back} done={courierDone} paperRefused={paperRefused} /> : null}

      <h2>{t("admin:order.history")}</h2>
      <OrderTrailTable events={events} />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; back?: string } | undefined) : undefined;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Not this person's role (decision 215): the message says why.
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const t = useT();
  return (
    <section className="error-page">
      <h1>{notFound ? t("admin:order.notFound") : refused ? t("error.refused.heading") : t("admin:order.fault")}</h1>
      <p>{body?.message ?? t("admin:order.faultText")}</p>
      <p>
        <a className="button" href={body?.back ?? "/admin"}>
          {t("admin:nav.backToOrders")}
        </a>
      </p>
    </section>
  );
}
