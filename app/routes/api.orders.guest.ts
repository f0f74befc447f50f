import { apiGuestOrderBody } from "../../domain/api/schemas";
import { apiRoute, idempotencyKeyOf, parseJson } from "../api/http.server";
import { apiTextLanguage } from "../api/language.server";
import { addressFrom, itemInputs, mobileFrom, placedResponse } from "../orders/api.server";

/**
 * POST /api/orders/guest { mobileNumber, cartItems, address, totalAmount, paymentMethod? }.
 * Prices come from the server; a different client price or total is a 409 and no
 * order. With an Idempotency-Key (scoped by the mobile number) a retry returns
 * the same order, and the same key with another body is a 422.
 */
const api = apiRoute({
  async POST({ request, context }) {
    const shop = context.shop;
    const idempotencyKey = idempotencyKeyOf(request) ?? shop.orders.newIdempotencyKey();
    const body = await parseJson(request, apiGuestOrderBody);
    const phone = mobileFrom(body.mobileNumber);
    const address = addressFrom(body.address);
    const placed = await shop.orders.placeOrder({
      scope: `guest:${phone}`,
      idempotencyKey,
      items: itemInputs(body.cartItems, "cartItems"),
      expectedTotal: body.totalAmount,
      customer: { kind: "guest", name: address.name, phone },
      address,
      // The order's SMS: English, or Hindi when Accept-Language asks for it.
      language: apiTextLanguage(request),
      ...(body.paymentMethod ? { paymentMethod: body.paymentMethod } : {}),
      // A guest's number is unverified: held to the limits on unverified orders (decision 194).
      from: { ip: context.clientIp ?? "" },
    });
    await shop.orders.waitUntilVisible(placed.position);
    return placedResponse(placed, await shop.orders.getOrder(placed.orderId), shop.config.upi);
  },
});
export const loader = api;
export const action = api;
