import { apiStockBody } from "../../domain/api/schemas";
import { checkStockOnly, firstProductError, productJson } from "../../domain/admin-products";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiAdminActor } from "../auth/api.server";
import { productIdOr404 } from "../products/api.server";

/**
 * PATCH /api/products/{id}/stock (admin token) `{ stock_quantity, reason? }`: the admin counted
 * the shelf. Recorded as an adjustment in the product's stock stream with the admin and the
 * reason (decision 100); orders holding units keep them.
 */
const api = apiRoute({
  async PATCH({ request, context, params }) {
    const actor = await requireApiAdminActor(request, context.shop);
    const id = productIdOr404(params.id);
    const body = await parseJson(request, apiStockBody);
    const stock = checkStockOnly(body.stock_quantity);
    if (!stock.ok) return jsonError(422, firstProductError(stock.errors));
    const product = await context.shop.products.setStock(id, stock.values, actor, body.reason);
    if (!product) return jsonError(404, "Product not found.");
    return json(productJson(product));
  },
});
export const loader = api;
export const action = api;
