import { apiProductBody } from "../../domain/api/schemas";
import { checkProduct, firstProductError, parseProductListFilters, productInputFromApi, productJson } from "../../domain/admin-products";
import { apiRoute, json, jsonError, parseJson } from "../api/http.server";
import { requireApiUser } from "../auth/api.server";

const api = apiRoute({
  /**
   * GET /api/products (public): `{ products: [...] }`, the shape the shop reads (data.products).
   * Filters: category, gender, size, minPrice, maxPrice, inStock=true|false; a bad filter is a 400.
   */
  async GET({ request, context }) {
    const parsed = parseProductListFilters(new URL(request.url).searchParams);
    if (!parsed.ok) return jsonError(400, parsed.message);
    const products = await context.shop.products.list(parsed.filters);
    return json({ products: products.map(productJson) });
  },

  /** POST /api/products (admin token): 201 with the new product. Category, gender and size default to accessories, unisex, Free Size. */
  async POST({ request, context }) {
    await requireApiUser(request, context.shop, { role: "admin" });
    const body = await parseJson(request, apiProductBody);
    const checked = checkProduct(productInputFromApi(body), { defaults: true });
    if (!checked.ok) return jsonError(422, firstProductError(checked.errors));
    const product = await context.shop.products.create(checked.values);
    return json(productJson(product), { status: 201, headers: { Location: `/api/products/${product.id}` } });
  },
});
export const loader = api;
export const action = api;
