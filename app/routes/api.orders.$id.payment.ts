import { paymentReportBody } from "../../domain/api/schemas";
import { RuleViolation } from "../../domain/errors";
import { apiRoute, json, parseJson } from "../api/http.server";
import { orderJson, ownOrderForPayment } from "../orders/api.server";

/**
 * POST /api/orders/{id}/payment `{ reference, phone? }`: the shopper reports the UPI reference
 * of their payment; the admin confirms it later. The order's owner only: the signed-in user
 * (shopper token) for their order, a guest with the order's mobile number; anyone else gets
 * the same 404 as an unknown id. Answers the order, `payment.status` "reported".
 */
const api = apiRoute({
  async POST({ request, context, params }) {
    const shop = context.shop;
    const body = await parseJson(request, paymentReportBody);
    const { order, actor } = await ownOrderForPayment(request, shop, params.id ?? "", body.phone);
    if (order.paymentMethod !== "upi") throw new RuleViolation("payment.notUpi", {}, 409);
    await shop.orders.pay(order.id, (at) => ({ type: "ReportPayment", reference: body.reference, actor, at }));
    const now = await shop.orders.getOrder(order.id);
    return json(orderJson(now ?? order));
  },
});
export const loader = api;
export const action = api;
