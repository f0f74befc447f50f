import type { Shop } from "../../services/index";
import { parseShopProductId } from "../../domain/shop-products";
import { jsonError } from "../auth/api.server";

export const NO_STORE = { "Cache-Control": "no-store" };

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

/** A thrown Response as is; anything else logged and answered 503 with a message, never a bare 500. */
export function productApiFailure(err: unknown): Response {
  if (err instanceof Response) return err;
  console.error(`api products: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return jsonError(503, "The shop could not complete this right now. Please try again in a moment.");
}
