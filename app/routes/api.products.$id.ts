import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  apiProductBody,
  apiProductPatchBody,
  checkProduct,
  checkProductChanges,
  firstProductError,
  productInputFromApi,
  productJson,
} from "../../domain/admin-products";
import { jsonError, methodNotAllowed, readJson, requireApiUser } from "../auth/api.server";
import { NO_STORE, productApiFailure, productIdOr404, productOr404 } from "../products/api.server";

/** GET /api/products/{id} (public): the product, or 404. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  try {
    const product = await productOr404(context.shop, productIdOr404(params.id));
    return Response.json(productJson(product), { headers: NO_STORE });
  } catch (err) {
    return productApiFailure(err);
  }
}

/**
 * Admin token: PUT replaces the product (name and price required, the rest defaults),
 * PATCH changes only the fields sent, DELETE removes it. Each answers the product (DELETE: a message).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const shop = context.shop;
  if (!["PUT", "PATCH", "DELETE"].includes(request.method)) return methodNotAllowed("GET, PUT, PATCH, DELETE");
  try {
    await requireApiUser(request, shop, { role: "admin" });
    const id = productIdOr404(params.id);
    if (request.method === "DELETE") {
      if (!(await shop.products.remove(id))) return jsonError(404, "Product not found.");
      return Response.json({ message: "Product deleted.", id }, { headers: NO_STORE });
    }
    const values =
      request.method === "PUT"
        ? checkProduct(productInputFromApi(await readJson(request, apiProductBody)), { defaults: true })
        : checkProductChanges(productInputFromApi(await readJson(request, apiProductPatchBody)));
    if (!values.ok) return jsonError(422, firstProductError(values.errors));
    const product = await shop.products.update(id, values.values);
    if (!product) return jsonError(404, "Product not found.");
    return Response.json(productJson(product), { headers: NO_STORE });
  } catch (err) {
    return productApiFailure(err);
  }
}
