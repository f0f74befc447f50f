import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STATUSES } from "../../domain/orders/events";
import { isOrderStatus, isPaymentStatus } from "../../domain/orders/order";
import { jsonError, methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { apiFailure, NO_STORE, orderJson } from "../orders/api.server";
import { adminActor } from "../admin/orders.server";
import type { Shop } from "../../services/index";

const patchBody = z.object({ status: z.string().max(40).optional(), paymentStatus: z.string().max(40).optional() }).strict();

async function orderOr404(shop: Shop, id: string) {
  const order = await shop.orders.getOrder(id);
  if (!order) throw jsonError(404, "Order not found.");
  return order;
}

/** GET /api/orders/{id} (admin token): one order, deleted ones too (`deleted: true`). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  try {
    await requireApiUser(request, context.shop, { role: "admin" });
    const order = await orderOr404(context.shop, params.id ?? "");
    return Response.json({ ...orderJson(order), deleted: order.deleted }, { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}

/**
 * PATCH /api/orders/{id} (admin token) `{ status?, paymentStatus? }`: appends the changes
 * with the admin as actor; answers the order as the list now shows it.
 * DELETE /api/orders/{id}: appends the tombstone; the order leaves GET /api/orders.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const shop = context.shop;
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed("GET, PATCH, DELETE");
  try {
    const admin = await requireApiUser(request, shop, { role: "admin" });
    const actor = adminActor({ id: admin.id, name: admin.name, email: admin.email });
    const id = params.id ?? "";
    if (request.method === "DELETE") {
      // The decider answers an unknown id (404); the service waits until the list shows the tombstone.
      const result = await shop.orders.deleteOrder(id, actor);
      const order = await shop.orders.getOrder(id);
      return Response.json(
        {
          message: result.changed ? "Order deleted." : "The order was already deleted.",
          ...(order ? { order: { ...orderJson(order), deleted: true } } : {}),
        },
        { headers: NO_STORE },
      );
    }
    const body = await readJson(request, patchBody);
    if (body.status === undefined && body.paymentStatus === undefined) return jsonError(400, "Send status and/or paymentStatus.");
    // Both values are checked before anything is written: a refused half never leaves the other applied.
    if (body.status !== undefined && !isOrderStatus(body.status)) return jsonError(422, `Status must be one of ${ORDER_STATUSES.join(", ")}.`);
    if (body.paymentStatus !== undefined && !isPaymentStatus(body.paymentStatus)) {
      return jsonError(422, `Payment status must be one of ${PAYMENT_STATUSES.join(", ")}.`);
    }
    if (body.status !== undefined) await shop.orders.changeStatus(id, body.status, actor);
    if (body.paymentStatus !== undefined) await shop.orders.changePaymentStatus(id, body.paymentStatus, actor);
    return Response.json(orderJson(await orderOr404(shop, id)), { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}
