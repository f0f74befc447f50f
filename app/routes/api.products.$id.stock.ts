import { apiStockBody } from "../../domain/api/schemas";
import { checkStockOnly, firstProductError, productJson } from "../../domain/admin-products";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";
import { productIdOr404 } from "../products/api.server";

/** PATCH /api/products/{id}/stock (admin token) `{ stock_quantity }`: sets the units in stock. */
const api = apiRoute({
  async PATCH({ request, context, params }) {
    await requireApiUser(request, context.shop, { role: "admin" });
    const id = productIdOr404(params.id);
    const body = await parseJson(request, apiStockBody);
    const stock = checkStockOnly(body.stock_quantity);
    if (!stock.ok) return jsonError(422, firstProductError(stock.errors));
    const product = await context.shop.products.setStock(id, stock.values);
    if (!product) return jsonError(404, "Product not found.");
    return json(productJson(product));
  },
});
export const loader = api;
export const action = api;
