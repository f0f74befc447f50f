import { SHOP_SIZES } from "../../domain/admin-products";
import { CATEGORY_LABELS, GENDER_LABELS, SHOP_CATEGORIES, SHOP_GENDERS } from "../../domain/shop-products";
import { apiRoute, json } from "../api/http.server";

/** GET /api/products/categories (public): the values a product's category, gender and size may take. */
const api = apiRoute({
  GET() {
    return json(
      {
        categories: SHOP_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
        genders: SHOP_GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] })),
        sizes: [...SHOP_SIZES],
      },
      { headers: { "Cache-Control": "public, max-age=300" } },
    );
  },
});
export const loader = api;
export const action = api;
