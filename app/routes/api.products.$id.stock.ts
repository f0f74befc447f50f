import type { ActionFunctionArgs } from "@remix-run/node";
import { apiStockBody, checkStockOnly, firstProductError, productJson } from "../../domain/admin-products";
import { jsonError, methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { NO_STORE, productApiFailure, productIdOr404 } from "../products/api.server";

export const loader = () => methodNotAllowed("PATCH");

/** PATCH /api/products/{id}/stock (admin token) `{ stock_quantity }`: sets the units in stock. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  try {
    await requireApiUser(request, context.shop, { role: "admin" });
    const id = productIdOr404(params.id);
    const body = await readJson(request, apiStockBody);
    const stock = checkStockOnly(body.stock_quantity);
    if (!stock.ok) return jsonError(422, firstProductError(stock.errors));
    const product = await context.shop.products.setStock(id, stock.values);
    if (!product) return jsonError(404, "Product not found.");
    return Response.json(productJson(product), { headers: NO_STORE });
  } catch (err) {
    return productApiFailure(err);
  }
}
