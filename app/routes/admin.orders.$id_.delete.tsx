import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, Link } from "@remix-run/react";
import { safeDashboardBack } from "../../domain/admin-orders";
import { DELETE_ORDER_FORM_LIMITS, deleteOrderForm } from "../../domain/forms/admin";
import { describeItems } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import { requirePermission } from "../admin/guard.server";
import { runOrderIntent } from "../admin/orders.server";
import { ConfirmDeleteForm } from "../components/ConfirmDeleteForm";
import { readPageForm } from "../forms/form.server";
import { Message, metaT, useT } from "../i18n/I18n";
import { languageOf, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:deleteOrder.metaTitle") }];

/** The dashboard's 'Delete' without JavaScript: the dialog's question as a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "deleteOrders");
  const back = safeDashboardBack(new URL(request.url).searchParams.get("back"));
  const order = await context.shop.orders.getOrder(params.id ?? "");
  if (!order) throw data({ message: serverT(languageOf(request))("admin:order.noSuchOrder") }, { status: 404 });
  return {
    back,
    order: {
      id: order.id,
      displayId: order.displayId,
      customerName: order.customerName,
      total: formatRupees(order.total),
      items: describeItems(order.lines),
      deleted: order.deleted,
    },
  };
}

/** Appends the tombstone (OrderDeleted, the admin as actor) and goes back to the list the admin came from. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "deleteOrders");
  const form = await readPageForm(request, deleteOrderForm, DELETE_ORDER_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const outcome = await runOrderIntent(context.shop, admin, { intent: "delete", orderId: params.id ?? "" });
  if (!outcome.ok) return form.refuse(refusalText(languageOf(request), outcome.refusal), outcome.status);
  return redirect(safeDashboardBack(form.value.back));
}

export default function DeleteOrder() {
  const { order, back } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <section className="confirm-page" aria-labelledby="delete-order-title">
      <h1 id="delete-order-title">{t("admin:deleteOrder.title")}</h1>
      <p>{t("admin:deleteOrder.text", { id: order.displayId, name: order.customerName, items: order.items, total: order.total })}</p>
      {order.deleted ? (
        <p className="notice" role="status">
          <Message id="admin:deleteOrder.already" values={{ link: <Link to={back}>{t("admin:nav.backToOrders")}</Link> }} />
        </p>
      ) : (
        <>
          <p>{t("admin:deleteOrder.leaves")}</p>
          <ConfirmDeleteForm result={result} cancelTo={back}>
            <input type="hidden" name="back" value={back} />
          </ConfirmDeleteForm>
        </>
      )}
    </section>
  );
}
