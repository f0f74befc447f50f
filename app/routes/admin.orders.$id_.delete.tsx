import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { safeDashboardBack } from "../../domain/admin-orders";
import { DELETE_ORDER_FORM_LIMITS, deleteOrderForm } from "../../domain/forms/admin";
import { describeItems } from "../../domain/orders/order";
import { formatRupees } from "../../domain/money";
import { requireAdmin } from "../auth/session.server";
import { runOrderIntent } from "../admin/orders.server";
import { ConfirmDeleteForm } from "../components/ConfirmDeleteForm";
import { readPageForm } from "../forms/form.server";

export const meta: MetaFunction = () => [{ title: "Delete this order? | Admin" }];

/** The dashboard's 'Delete' without JavaScript: the dialog's question as a page. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context.shop);
  const back = safeDashboardBack(new URL(request.url).searchParams.get("back"));
  const order = await context.shop.orders.getOrder(params.id ?? "");
  if (!order) throw data({ message: "There is no order with this id." }, { status: 404 });
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
  const admin = await requireAdmin(request, context.shop);
  const form = await readPageForm(request, deleteOrderForm, DELETE_ORDER_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const outcome = await runOrderIntent(context.shop, admin, { intent: "delete", orderId: params.id ?? "" });
  if (!outcome.ok) return form.refuse(outcome.message, outcome.status);
  return redirect(safeDashboardBack(form.value.back));
}

export default function DeleteOrder() {
  const { order, back } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <section className="confirm-page" aria-labelledby="delete-order-title">
      <h1 id="delete-order-title">Delete this order?</h1>
      <p>
        Order {order.displayId} for {order.customerName}: {order.items} ({order.total}).
      </p>
      {order.deleted ? (
        <p className="notice" role="status">
          This order is already deleted. <Link to={back}>Back to orders</Link>
        </p>
      ) : (
        <>
          <p>It leaves the order list. Its whole history stays, under the Deleted filter.</p>
          <ConfirmDeleteForm result={result} cancelTo={back}>
            <input type="hidden" name="back" value={back} />
          </ConfirmDeleteForm>
        </>
      )}
    </section>
  );
}
