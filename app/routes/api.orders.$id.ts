import { orderPatchBody } from "../../domain/api/schemas";
import { checkAdminOrderChange } from "../../domain/orders/intents";
import { decideLegacyPaymentStatus, newPayment } from "../../domain/orders/payment";
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
   * PATCH /api/orders/{id} (admin token) `{ status?, paymentStatus? }`: appends the changes
   * with the admin as actor; answers the order as the list now shows it. paymentStatus is the
   * old two-way switch: "paid" records the money (cash collected, or the UPI payment confirmed),
   * "pending" on an order whose money the shop keeps is a 409 (money goes back by a refund).
   */
  async PATCH({ request, context, params }) {
    const shop = context.shop;
    const actor = await requireAdminActor(request, shop);
    const id = params.id ?? "";
    const body = await parseJson(request, orderPatchBody);
    if (body.status === undefined && body.paymentStatus === undefined) return jsonError(400, "Invalid request: send status and/or paymentStatus.");
    // The whole change is checked before anything is written: a refused half never leaves the other applied.
    const change = checkAdminOrderChange(body);
    const order = change.status !== undefined && change.paymentStatus !== undefined ? await shop.orders.getOrder(id) : undefined;
    if (order && change.paymentStatus !== undefined) {
      // The payment rule refuses by what was paid, which the status change does not touch: asked first, a 409 leaves the status as it was.
      const payment = { ...newPayment(order.paymentMethod, order.total), paid: order.amountPaid, refunded: order.amountRefunded };
      decideLegacyPaymentStatus(change.paymentStatus, { orderId: order.id, cancelled: order.status === "cancelled", deleted: order.deleted, payment }, actor, new Date().toISOString());
    }
    if (change.status !== undefined) await shop.orders.changeStatus(id, change.status, actor);
    if (change.paymentStatus !== undefined) await shop.orders.changePaymentStatus(id, change.paymentStatus, actor);
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
