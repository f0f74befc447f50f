import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, Link } from "@remix-run/react";
import { MOVE_REFERENCE_FORM_LIMITS, moveReferenceForm } from "../../domain/forms/upi-dispute";
import { displayOrderId } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import { isOrderId } from "../../domain/orders/ids";
import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import { requirePermission } from "../admin/guard.server";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { adminTime } from "../admin/orders.server";
import { isRuleViolation } from "../../domain/errors";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaT(matches)("admin:dispute.metaTitle", { reference: data?.disputes[0]?.reference ?? "" }) },
];

/** One order of a dispute as the owner compares it: what a bank statement or UPI app can be held against. */
async function card(shop: Shop, orderId: string, lang: Language) {
  const order = await shop.orders.getOrder(orderId);
  if (!order) return { id: orderId, displayId: displayOrderId(orderId), found: false as const };
  return {
    id: order.id,
    displayId: order.displayId,
    found: true as const,
    customer: order.customerName,
    phone: order.phone,
    total: formatRupees(order.total),
    placed: adminTime(order.placedAt, lang),
    status: order.status,
    standing: order.paymentStatus,
    reference: order.paymentReference,
  };
}

/**
 * A disputed UPI reference (decision 119): the order holding it and each order whose shopper
 * reported it and was refused, side by side, with the one step the owner may take: move it to
 * the order that really paid. Read from the streams (services/orders.ts `referenceDisputes`).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  const orderId = (params.id ?? "").trim().toLowerCase();
  if (!isOrderId(orderId)) throw redirect("/admin");
  const lang = languageOf(request);
  const disputes = await context.shop.orders.referenceDisputes(orderId);
  const params_ = new URL(request.url).searchParams;
  const moved = params_.get("moved");
  const movedReference = params_.get("reference");
  return {
    orderId,
    displayId: displayOrderId(orderId),
    messages: routeMessages(request, "payment"),
    // What was just moved, said once the page is drawn again (post, redirect, get).
    moved:
      moved && isOrderId(moved) && movedReference && /^\d{12}$/.test(movedReference)
        ? { id: moved, displayId: displayOrderId(moved), reference: movedReference }
        : null,
    disputes: await Promise.all(
      disputes.map(async (dispute) => {
        const holder = dispute.holder ? await card(context.shop, dispute.holder, lang) : null;
        const claimant = await card(context.shop, dispute.claimant, lang);
        // The page offers the move only where the rules allow it; the deciders still judge it when it is sent.
        const movable = holder?.found === true && holder.standing === "reported" && holder.reference === dispute.reference;
        return { ...dispute, refusedAt: dispute.refusedAt ? adminTime(dispute.refusedAt, lang) : null, holder, claimant, movable };
      }),
    ),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "orders");
  const form = await readPageForm(request, moveReferenceForm, MOVE_REFERENCE_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const { reference, from, to } = form.value;
  try {
    await context.shop.orders.moveUpiReference(reference, from, to, { kind: "admin", id: admin.id, name: admin.name });
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
  }
  const here = (params.id ?? "").trim().toLowerCase();
  const query = new URLSearchParams({ moved: to.trim().toLowerCase(), reference: reference.replace(/\s/g, "") });
  return redirect(`/admin/orders/${here}/reference?${query}`);
}

type Card = NonNullable<Awaited<ReturnType<typeof loader>>["disputes"][number]["holder"]>;

function OrderCard({ order, role }: { order: Card | null; role: string }) {
  const t = useT();
  if (!order) return <p>{t("admin:dispute.nobody")}</p>;
  return (
    <dl className="dispute-card" aria-label={`${role}: ${order.displayId}`}>
      <dt>{t("admin:dispute.order")}</dt>
      <dd>
        <Link to={`/admin/orders/${order.id}`}>{order.displayId}</Link>
      </dd>
      {order.found ? (
        <>
          <dt>{t("admin:dispute.customer")}</dt>
          <dd>{order.customer}</dd>
          <dt>{t("admin:dispute.phone")}</dt>
          <dd>{order.phone}</dd>
          <dt>{t("admin:dispute.total")}</dt>
          <dd>{order.total}</dd>
          <dt>{t("admin:dispute.placed")}</dt>
          <dd>{order.placed}</dd>
          <dt>{t("admin:dispute.status")}</dt>
          <dd>{t(`account:status.${order.status}`)}</dd>
          <dt>{t("admin:dispute.payment")}</dt>
          <dd>{t(`payment:standing.${order.standing}`)}</dd>
        </>
      ) : null}
    </dl>
  );
}

export default function ReferenceDispute() {
  const { orderId, displayId, disputes, moved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <section className="reference-dispute" aria-labelledby="dispute-title">
      <p>
        <Link to={`/admin/orders/${orderId}`}>{t("admin:dispute.back", { order: displayId })}</Link>
      </p>
      {moved ? (
        <p className="notice" role="status">
          {t("admin:dispute.moved", { reference: moved.reference, order: moved.displayId })}{" "}
          <Link to={`/admin/orders/${moved.id}`}>{t("admin:dispute.open", { order: moved.displayId })}</Link>
        </p>
      ) : null}
      <FormMessage result={result} />
      {disputes.length === 0 ? (
        <>
          <h1 id="dispute-title">{t("admin:order.title", { id: displayId })}</h1>
          <p>{t("admin:dispute.none")}</p>
        </>
      ) : (
        <h1 id="dispute-title">{t("admin:dispute.title", { reference: disputes[0].reference })}</h1>
      )}
      {disputes.length > 0 ? <p>{t("admin:dispute.intro")}</p> : null}
      {disputes.map((dispute) => (
        <article key={`${dispute.reference}-${dispute.claimant.id}`} className="dispute" data-reference={dispute.reference}>
          <h2>{dispute.reference}</h2>
          <div className="dispute-sides">
            <section aria-label={t("admin:dispute.holder")}>
              <h3>{t("admin:dispute.holder")}</h3>
              <OrderCard order={dispute.holder} role={t("admin:dispute.holder")} />
            </section>
            <section aria-label={t("admin:dispute.claimant")}>
              <h3>{t("admin:dispute.claimant")}</h3>
              <OrderCard order={dispute.claimant} role={t("admin:dispute.claimant")} />
              {dispute.refusedAt ? (
                <p>
                  {t("admin:dispute.reportedAt")}: {dispute.refusedAt}
                </p>
              ) : null}
            </section>
          </div>
          {dispute.holder && dispute.movable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="move" />
              <input type="hidden" name="reference" value={dispute.reference} />
              <input type="hidden" name="from" value={dispute.holder.id} />
              <input type="hidden" name="to" value={dispute.claimant.id} />
              <p>{t("admin:dispute.moveHint", { from: dispute.holder.displayId, to: dispute.claimant.displayId })}</p>
              <button type="submit">{t("admin:dispute.move", { reference: dispute.reference, order: dispute.claimant.displayId })}</button>
            </Form>
          ) : dispute.holder ? (
            <p>{t("admin:dispute.cannotMove", { order: dispute.holder.displayId })}</p>
          ) : null}
        </article>
      ))}
    </section>
  );
}
