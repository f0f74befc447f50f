import type { LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiUser } from "../auth/api.server";
import { apiFailure, NO_STORE, orderJson } from "../orders/api.server";

/** GET /api/orders/user (user token): the user's orders, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const user = await requireApiUser(request, context.shop);
    const orders = await context.shop.orders.getOrderHistory(user.id);
    return Response.json(orders.map(orderJson), { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}

export const action = () => methodNotAllowed("GET");
