import { API_MESSAGES } from "../../domain/api/policy";
import { paymentConfirmBody, paymentRefundBody, paymentRejectBody } from "../../domain/api/schemas";
import type { Actor } from "../../domain/orders/events";
import type { PaymentCommand } from "../../domain/orders/payment";
import { paiseOfRupeeNumber } from "../../domain/money";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiAdminActor } from "../auth/api.server";
import { orderJson } from "../orders/api.server";

type Step = (request: Request, actor: Actor) => Promise<(at: string) => PaymentCommand>;

/** Each admin payment step: what its body says, as the command `pay` decides (domain/orders/payment.ts). */
const STEPS: Record<string, Step> = {
  async confirm(request, actor) {
    const body = await parseJson(request, paymentConfirmBody);
    return (at) => ({ type: "ConfirmPayment", ...(body.reference ? { reference: body.reference } : {}), ...(body.note ? { note: body.note } : {}), actor, at });
  },
  async reject(request, actor) {
    const body = await parseJson(request, paymentRejectBody);
    return (at) => ({ type: "RejectPayment", note: body.note, actor, at });
  },
  // Cash is the order's whole amount, taken at the door: nothing to say, so no body is read.
  async cash(_request, actor) {
    return (at) => ({ type: "CollectCash", actor, at });
  },
  async refund(request, actor) {
    const body = await parseJson(request, paymentRefundBody);
    return (at) => ({
      type: "RefundPayment",
      // Rupees to the paisa (254.79): a third digit of paise is refused by the decider as no amount.
      paise: paiseOfRupeeNumber(body.amount),
      method: body.method,
      ...(body.reference ? { reference: body.reference } : {}),
      ...(body.note ? { note: body.note } : {}),
      actor,
      at,
    });
  },
};

/**
 * POST /api/orders/{id}/payment/{confirm|reject|cash|refund} (admin token): one payment step
 * with the admin as actor, as the admin's order page takes it. Answers the order.
 */
const api = apiRoute({
  async POST({ request, context, params }) {
    const shop = context.shop;
    const actor = await requireApiAdminActor(request, shop);
    const step = Object.hasOwn(STEPS, params.action ?? "") ? STEPS[params.action!] : undefined;
    if (!step) throw jsonError(404, API_MESSAGES.notFound(request.method, new URL(request.url).pathname.slice(0, 200)));
    const command = await step(request, actor);
    const id = params.id ?? "";
    await shop.orders.pay(id, command);
    const order = await shop.orders.getOrder(id);
    if (!order) throw jsonError(404, "Order not found.");
    return json(orderJson(order));
  },
});
export const loader = api;
export const action = api;
