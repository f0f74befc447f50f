import { z } from "zod";
import { apiUserOrderBody } from "../../domain/api/schemas";
import { ORDER_STATUSES } from "../../domain/orders/events";
import { apiRoute, idempotencyKeyOf, json, parseJson, parseQuery } from "../api/http.server";
import { apiTextLanguage } from "../api/language.server";
import { requireApiUser } from "../auth/api.server";
import { addressFrom, itemInputs, orderJson, placedResponse } from "../orders/api.server";

const listQuery = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(ORDER_STATUSES, { error: `Unknown status filter: use one of ${ORDER_STATUSES.join(", ")}.` }).optional(),
  ),
});

const api = apiRoute({
  /** GET /api/orders (admin token): every order, newest first, as an array (?status= filters). */
  async GET({ request, context }) {
    await requireApiUser(request, context.shop, { role: "admin" });
    const { status } = parseQuery(request, listQuery);
    const orders = await context.shop.orders.listOrders(status ? { status } : {});
    return json(orders.map(orderJson));
  },

  /**
   * POST /api/orders (user token) { items, total, shipping, paymentMethod? }: an order for the
   * signed-in user. Prices from the server (a stale client price or total is a
   * 409); an Idempotency-Key (scoped by the user) makes a retry return the same order.
   */
  async POST({ request, context }) {
    const shop = context.shop;
    const user = await requireApiUser(request, shop);
    const idempotencyKey = idempotencyKeyOf(request) ?? shop.orders.newIdempotencyKey();
    const body = await parseJson(request, apiUserOrderBody);
    const address = addressFrom(body.shipping);
    const placed = await shop.orders.placeOrder({
      scope: `user:${user.id}`,
      idempotencyKey,
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
      language: apiTextLanguage(request),
      ...(body.paymentMethod ? { paymentMethod: body.paymentMethod } : {}),
      // To the account's own proven number, or held to the limits on unverified orders (decision 194).
      from: { ip: context.clientIp ?? "", verifiedPhone: user.phone },
    });
    await shop.orders.waitUntilVisible(placed.position);
    return placedResponse(placed, await shop.orders.getOrder(placed.orderId), shop.config.upi);
  },
});
export const loader = api;
export const action = api;
