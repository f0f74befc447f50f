import type { ActionFunctionArgs } from "@remix-run/node";
import { apiGuestOrderSchema } from "../../domain/checkout";
import { methodNotAllowed, readJson } from "../auth/api.server";
import { addressFrom, apiFailure, idempotencyKeyOf, itemInputs, mobileFrom, NO_STORE, placedJson } from "../orders/api.server";

export const loader = () => methodNotAllowed("POST");

/**
 * POST /api/orders/guest { mobileNumber, cartItems, address, totalAmount }.
 * Prices come from the server; a different client price or total is a 409 and no
 * order. With an Idempotency-Key (scoped by the mobile number) a retry returns
 * the same order, and the same key with another body is a 422.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  if (request.method !== "POST") return methodNotAllowed("POST");
  try {
    const body = await readJson(request, apiGuestOrderSchema);
    const phone = mobileFrom(body.mobileNumber);
    const address = addressFrom(body.address);
    const placed = await shop.orders.placeOrder({
      scope: `guest:${phone}`,
      idempotencyKey: idempotencyKeyOf(request) ?? shop.orders.newIdempotencyKey(),
      items: itemInputs(body.cartItems),
      expectedTotal: body.totalAmount,
      customer: { kind: "guest", name: address.name, phone },
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
