import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiUserOrderSchema } from "../../domain/checkout";
import { isOrderStatus } from "../../domain/orders/order";
import { jsonError, methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { addressFrom, apiFailure, idempotencyKeyOf, itemInputs, NO_STORE, orderJson, placedJson } from "../orders/api.server";

/**
 * GET /api/orders (admin token): every order, newest first (?status= filters).
 * The admin screens read the same service; the admin developer owns this list's details.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    await requireApiUser(request, context.shop, { role: "admin" });
    const status = new URL(request.url).searchParams.get("status") ?? "";
    if (status && !isOrderStatus(status)) return jsonError(400, "Unknown status filter.");
    const orders = await context.shop.orders.listOrders(status ? { status: status as never } : {});
    return Response.json(orders.map(orderJson), { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}

/**
 * POST /api/orders (user token) { items, total, shipping }: an order for the
 * signed-in user. Prices from the server (a stale client price or total is a
 * 409); an Idempotency-Key (scoped by the user) makes a retry return the same order.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  try {
    const user = await requireApiUser(request, shop);
    const body = await readJson(request, apiUserOrderSchema);
    const address = addressFrom(body.shipping);
    const placed = await shop.orders.placeOrder({
      scope: `user:${user.id}`,
      idempotencyKey: idempotencyKeyOf(request) ?? shop.orders.newIdempotencyKey(),
      items: itemInputs(body.items),
      expectedTotal: body.total,
      customer: {
        kind: "user",
        userId: user.id,
        name: address.name,
        phone: address.phone,
        ...(user.email ? { email: user.email } : {}),
      },
      address,
    });
    await shop.orders.waitUntilVisible(placed.position);
    const order = await shop.orders.getOrder(placed.orderId);
    return Response.json(placedJson(placed, order), {
      status: placed.duplicate ? 200 : 201,
      headers: { ...NO_STORE, ...(placed.duplicate ? { "Idempotent-Replayed": "true" } : {}) },
    });
  } catch (err) {
    return apiFailure(err);
  }
}
