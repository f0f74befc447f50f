import type { Shop } from "../../services/index";
import { parseShopProductId } from "../../domain/shop-products";
import { jsonError } from "../api/http.server";

/** The {id} of /api/products/{id}: a plain positive number, else 404 (there is no such product). */
export function productIdOr404(raw: string | undefined): number {
  const id = parseShopProductId(raw);
  if (id === undefined) throw jsonError(404, "Product not found.");
  return id;
}

export async function productOr404(shop: Shop, id: number) {
  const product = await shop.products.get(id);
  if (!product) throw jsonError(404, "Product not found.");
  return product;
}
