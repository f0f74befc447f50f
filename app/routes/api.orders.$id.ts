import { orderPatchBody } from "../../domain/api/schemas";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";
import { orderJson } from "../orders/api.server";
import { adminActor } from "../admin/orders.server";
import type { Shop } from "../../services/index";

async function orderOr404(shop: Shop, id: string) {
  const order = await shop.orders.getOrder(id);
  if (!order) throw jsonError(404, "Order not found.");
  return order;
}

async function requireAdminActor(request: Request, shop: Shop) {
  const admin = await requireApiUser(request, shop, { role: "admin" });
  return adminActor({ id: admin.id, name: admin.name, email: admin.email });
}

const api = apiRoute({
  /** GET /api/orders/{id} (admin token): one order, deleted ones too (`deleted: true`). */
  async GET({ request, context, params }) {
    await requireApiUser(request, context.shop, { role: "admin" });
    const order = await orderOr404(context.shop, params.id ?? "");
    return json({ ...orderJson(order), deleted: order.deleted });
  },

  /**
   * PATCH /api/orders/{id} (admin token) `{ status?, paymentStatus? }`: one command with the admin as actor,
   * the status a move of the order's lifecycle and paymentStatus the old two-way switch ("paid" records the
   * money: cash collected, or the UPI payment confirmed; "pending" on an order whose money the shop keeps is a
   * 409, since money goes back by a refund). Both parts are decided together: a refusal of either changes
   * nothing. Answers the order as the list now shows it.
   */
  async PATCH({ request, context, params }) {
    const shop = context.shop;
    const actor = await requireAdminActor(request, shop);
    const id = params.id ?? "";
    const body = await parseJson(request, orderPatchBody);
    if (body.status === undefined && body.paymentStatus === undefined) return jsonError(400, "Invalid request: send status and/or paymentStatus.");
    await shop.orders.changeOrder(id, { status: body.status, paymentStatus: body.paymentStatus }, actor);
    return json(orderJson(await orderOr404(shop, id)));
  },

  /** DELETE /api/orders/{id} (admin token): appends the tombstone; the order leaves GET /api/orders. */
  async DELETE({ request, context, params }) {
    const shop = context.shop;
    const actor = await requireAdminActor(request, shop);
    const id = params.id ?? "";
    // The decider answers an unknown id (404); the service waits until the list shows the tombstone.
    const result = await shop.orders.deleteOrder(id, actor);
    const order = await shop.orders.getOrder(id);
    return json({
      message: result.changed ? "Order deleted." : "The order was already deleted.",
      ...(order ? { order: { ...orderJson(order), deleted: true } } : {}),
    });
  },
});
export const loader = api;
export const action = api;
