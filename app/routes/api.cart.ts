import { apiCartSchema } from "../../domain/api/schemas";
import { apiRoute, json, parseJson } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";
import { cartJson, itemInputs } from "../orders/api.server";

/**
 * The signed-in user's cart (user token). GET reads it, priced by the server.
 * POST { items } makes the cart these items (as events: added, changed, removed),
 * named and priced by the server; a refused item changes nothing. DELETE clears it.
 * Each answers the cart as it now is.
 */
const api = apiRoute({
  async GET({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    return json(cartJson(await context.shop.cart.view({ kind: "user", userId: user.id })));
  },
  async POST({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    const owner = { kind: "user" as const, userId: user.id };
    const body = await parseJson(request, apiCartSchema);
    await context.shop.cart.replace(owner, itemInputs(body.items));
    return json(cartJson(await context.shop.cart.view(owner)));
  },
  async DELETE({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    const owner = { kind: "user" as const, userId: user.id };
    await context.shop.cart.clear(owner);
    return json(cartJson(await context.shop.cart.view(owner)));
  },
});
export const loader = api;
export const action = api;
