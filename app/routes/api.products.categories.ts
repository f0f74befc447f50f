import { SHOP_SIZES } from "../../domain/admin-products";
import { CATEGORY_LABELS, GENDER_LABELS, SHOP_CATEGORIES, SHOP_GENDERS } from "../../domain/shop-products";

/** GET /api/products/categories (public): the values a product's category, gender and size may take. */
export function loader() {
  return Response.json(
    {
      categories: SHOP_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
      genders: SHOP_GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] })),
      sizes: [...SHOP_SIZES],
    },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}
