import type { Kysely, Selectable } from "kysely";
import type { DB, ProductsTable } from "../db/schema";
import type { ShopFilters } from "../domain/shop-filters";
import { parseShopProductCartId, shopProductCartId, type ShopProduct } from "../domain/shop-products";

/** What the cart needs to price a "product/{id}" line: the server's price, never the browser's. */
export interface ShopProductForCart {
  /** The cart id, "product/12". */
  id: string;
  name: string;
  price: number;
  /** Each shop product is one size ("Free Size" for one-size items). */
  size: string;
  /** Units in stock; 0 means it cannot be ordered. */
  stock: number;
  imageUrl: string | null;
}

/** One products row as the shop (and the admin and /api) shows it. */
export function toShopProduct(row: Selectable<ProductsTable>): ShopProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    imageUrl: row.image_url,
    stockQuantity: Number(row.stock_quantity),
    category: row.category,
    gender: row.gender,
    size: row.size,
  };
}

/** Product ids are Postgres integers: anything else names no product. */
export const isProductId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The products matching every given /shop filter, cheapest first (ties by name). Price bounds are inclusive. */
export function selectShopProducts(db: Kysely<DB>, filters: ShopFilters) {
  let query = db.selectFrom("products").selectAll();
  if (filters.category) query = query.where("category", "=", filters.category);
  if (filters.gender) query = query.where("gender", "=", filters.gender);
  if (filters.inStock === true) query = query.where("stock_quantity", ">", 0);
  if (filters.inStock === false) query = query.where("stock_quantity", "=", 0);
  if (filters.minPrice !== undefined) query = query.where("price", ">=", filters.minPrice);
  if (filters.maxPrice !== undefined) query = query.where("price", "<=", filters.maxPrice);
  return query.orderBy("price").orderBy("name").orderBy("id");
}

/** Queries on the general shop's products table (/shop, /product/{id}, and cart pricing). */
export function createCatalogueService(db: Kysely<DB>) {
  async function findProduct(id: number): Promise<ShopProduct | undefined> {
    if (!isProductId(id)) return undefined;
    const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toShopProduct(row);
  }

  return {
    /** Products matching every given filter, cheapest first (ties by name). Prices bounds are inclusive. */
    async listProducts(filters: ShopFilters = {}): Promise<ShopProduct[]> {
      const rows = await selectShopProducts(db, filters).execute();
      return rows.map(toShopProduct);
    },

    findProduct,

    /**
     * Prices a cart line for a shop product: `productForCart("product/12")` (a bare 12 works
     * too). Undefined when the id is not a shop product or the product is gone.
     */
    async productForCart(id: string | number): Promise<ShopProductForCart | undefined> {
      const numeric = typeof id === "number" ? id : parseShopProductCartId(id);
      if (numeric === undefined) return undefined;
      const product = await findProduct(numeric);
      if (!product) return undefined;
      return {
        id: shopProductCartId(product.id),
        name: product.name,
        price: product.price,
        size: product.size,
        stock: product.stockQuantity,
        imageUrl: product.imageUrl,
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
