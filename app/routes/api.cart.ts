import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiCartSchema } from "../../domain/checkout";
import { methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { apiFailure, cartJson, itemInputs, NO_STORE } from "../orders/api.server";

/** GET /api/cart: the signed-in user's cart, priced by the server. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const user = await requireApiUser(request, context.shop);
    const cart = await context.shop.cart.view({ kind: "user", userId: user.id });
    return Response.json(cartJson(cart), { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}

/**
 * POST /api/cart { items }: the cart becomes these items (as events: added, changed,
 * removed), named and priced by the server; a refused item changes nothing.
 * DELETE /api/cart: clears it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  try {
    if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("GET, POST, DELETE");
    const user = await requireApiUser(request, shop);
    const owner = { kind: "user" as const, userId: user.id };
    if (request.method === "DELETE") {
      await shop.cart.clear(owner);
    } else {
      const body = await readJson(request, apiCartSchema);
      await shop.cart.replace(owner, itemInputs(body.items));
    }
    return Response.json(cartJson(await shop.cart.view(owner)), { headers: NO_STORE });
  } catch (err) {
    return apiFailure(err);
  }
}
