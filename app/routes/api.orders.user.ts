import { apiRoute, json } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";
import { orderJson } from "../orders/api.server";

/** GET /api/orders/user (user token): the user's orders, newest first (an array, spec section 7). */
const api = apiRoute({
  async GET({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    const orders = await context.shop.orders.getOrderHistory(user.id);
    return json(orders.map(orderJson));
  },
});
export const loader = api;
export const action = api;
