import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiProductBody, checkProduct, firstProductError, parseProductListFilters, productInputFromApi, productJson } from "../../domain/admin-products";
import { jsonError, methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { NO_STORE, productApiFailure } from "../products/api.server";

/**
 * GET /api/products (public): `{ products: [...] }`, the shape the shop reads (data.products).
 * Filters: category, gender, size, minPrice, maxPrice, inStock=true|false; a bad filter is a 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  try {
    const parsed = parseProductListFilters(new URL(request.url).searchParams);
    if (!parsed.ok) return jsonError(400, parsed.message);
    const products = await context.shop.products.list(parsed.filters);
    return Response.json({ products: products.map(productJson) }, { headers: NO_STORE });
  } catch (err) {
    return productApiFailure(err);
  }
}

/** POST /api/products (admin token): 201 with the new product. Category, gender and size default to accessories, unisex, Free Size. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  try {
    await requireApiUser(request, context.shop, { role: "admin" });
    const body = await readJson(request, apiProductBody);
    const checked = checkProduct(productInputFromApi(body), { defaults: true });
    if (!checked.ok) return jsonError(422, firstProductError(checked.errors));
    const product = await context.shop.products.create(checked.values);
    return Response.json(productJson(product), { status: 201, headers: { ...NO_STORE, Location: `/api/products/${product.id}` } });
  } catch (err) {
    return productApiFailure(err);
  }
}
