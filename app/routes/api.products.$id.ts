import { apiProductBody, apiProductPatchBody } from "../../domain/api/schemas";
import { checkProduct, checkProductChanges, firstProductError, productInputFromApi, productJson } from "../../domain/admin-products";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiAdminActor, requireApiUser } from "../auth/api.server";
import { productIdOr404, productOr404 } from "../products/api.server";

/**
 * GET (public): the product, or 404. Admin token: PUT replaces the product (name and price
 * required, the rest defaults), PATCH changes only the fields sent, DELETE removes it.
 * Each answers the product (DELETE: a message).
 */
const api = apiRoute({
  async GET({ params, context }) {
    return json(productJson(await productOr404(context.shop, productIdOr404(params.id))));
  },
  async PUT({ request, context, params }) {
    const actor = await requireApiAdminActor(request, context.shop);
    const id = productIdOr404(params.id);
    const values = checkProduct(productInputFromApi(await parseJson(request, apiProductBody)), { defaults: true });
    if (!values.ok) return jsonError(422, firstProductError(values.errors));
    const product = await context.shop.products.update(id, values.values, actor);
    if (!product) return jsonError(404, "Product not found.");
    return json(productJson(product));
  },
  async PATCH({ request, context, params }) {
    const actor = await requireApiAdminActor(request, context.shop);
    const id = productIdOr404(params.id);
    const values = checkProductChanges(productInputFromApi(await parseJson(request, apiProductPatchBody)));
    if (!values.ok) return jsonError(422, firstProductError(values.errors));
    const product = await context.shop.products.update(id, values.values, actor);
    if (!product) return jsonError(404, "Product not found.");
    return json(productJson(product));
  },
  async DELETE({ request, context, params }) {
    await requireApiUser(request, context.shop, { role: "admin" });
    const id = productIdOr404(params.id);
    if (!(await context.shop.products.remove(id))) return jsonError(404, "Product not found.");
    return json({ message: "Product deleted.", id });
  },
});
export const loader = api;
export const action = api;
