import { apiCartSchema } from "../../domain/api/schemas";
import { chargesBeforeDelivery, type ChargeRules } from "../../domain/orders/charges";
import type { CartView } from "../../services/cart";
import { apiRoute, json, parseJson } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";
import { cartJson, itemInputs } from "../orders/api.server";

/**
 * The signed-in user's cart (user token). GET reads it, priced by the server.
 * POST { items } makes the cart these items (as events: added, changed, removed),
 * named and priced by the server; a refused item changes nothing. DELETE clears it.
 * Each answers the cart as it now is, with the shop's offer as the cart page shows it
 * (subtotal, discount, total = subtotal - discount; delivery is charged once the address is known).
 */
function cartAnswer(cart: CartView, rules: ChargeRules) {
  const { subtotal, discountPercent, discount, total } = chargesBeforeDelivery(cart.total, rules, new Date());
  return { ...cartJson(cart), subtotal, discountPercent, discount, total };
}

const api = apiRoute({
  async GET({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    return json(cartAnswer(await context.shop.cart.view({ kind: "user", userId: user.id }), context.shop.config.charges));
  },
  async POST({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    const owner = { kind: "user" as const, userId: user.id };
    const body = await parseJson(request, apiCartSchema);
    await context.shop.cart.replace(owner, itemInputs(body.items));
    return json(cartAnswer(await context.shop.cart.view(owner), context.shop.config.charges));
  },
  async DELETE({ request, context }) {
    const user = await requireApiUser(request, context.shop);
    const owner = { kind: "user" as const, userId: user.id };
    await context.shop.cart.clear(owner);
    return json(cartAnswer(await context.shop.cart.view(owner), context.shop.config.charges));
  },
});
export const loader = api;
export const action = api;
