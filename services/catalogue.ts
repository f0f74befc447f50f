import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, ProductsTable } from "../db/schema";
import type { ShopFilters } from "../domain/shop-filters";
import { parseShopProductCartId, shopProductCartId, type ShopCategory, type ShopProduct } from "../domain/shop-products";
import type { ProductTax } from "../domain/tax/product-tax";

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
  /** Its category: the rate table's default HSN code and class come from it until the owner sets them (decision 200). */
  category: ShopCategory;
  /** Its HSN code and tax class, where the seller of it knows them (services/shopping.ts adds them). */
  tax?: ProductTax;
}

/** A products row with what its stock stream says is for sale (`available`, from `selectProducts`). */
export type ProductRow = Selectable<ProductsTable> & { available?: number | null };

/**
 * What the product's stock stream says is for sale (decision 100): the stock read model,
 * or the old stock column for a product whose stream has not been opened yet (the same
 * count its stream will open with). Every read of a product goes through here.
 */
const AVAILABLE = sql<number>`coalesce(stock_levels.available, products.stock_quantity)`;

export function selectProducts(db: Kysely<DB>) {
  return db
    .selectFrom("products")
    .leftJoin("stock_levels", "stock_levels.product_id", "products.id")
    .selectAll("products")
    .select(AVAILABLE.as("available"));
}

/** One products row as the shop (and the admin and /api) shows it. */
export function toShopProduct(row: ProductRow): ShopProduct {
  return {
    id: row.id,
    name: row.name,
    nameHi: row.name_hi,
    description: row.description,
    descriptionHi: row.description_hi,
    price: Number(row.price),
    imageUrl: row.image_url,
    stockQuantity: Number(row.available ?? row.stock_quantity),
    category: row.category,
    gender: row.gender,
    size: row.size,
    countryOfOrigin: row.country_of_origin,
    maker: row.maker,
    netQuantity: row.net_quantity,
  };
}

/** Product ids are Postgres integers: anything else names no product. */
export const isProductId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The products matching every given /shop filter, cheapest first (ties by name). Price bounds are inclusive. */
export function selectShopProducts(db: Kysely<DB>, filters: ShopFilters) {
  let query = selectProducts(db);
  if (filters.category) query = query.where("category", "=", filters.category);
  if (filters.gender) query = query.where("gender", "=", filters.gender);
  if (filters.inStock === true) query = query.where(AVAILABLE, ">", 0);
  if (filters.inStock === false) query = query.where(AVAILABLE, "<=", 0);
  if (filters.minPrice !== undefined) query = query.where("price", ">=", filters.minPrice);
  if (filters.maxPrice !== undefined) query = query.where("price", "<=", filters.maxPrice);
  return query.orderBy("price").orderBy("name").orderBy("id");
}

/** Queries on the general shop's products table (/shop, /product/{id}, and cart pricing). */
export function createCatalogueService(db: Kysely<DB>) {
  async function findProduct(id: number): Promise<ShopProduct | undefined> {
    if (!isProductId(id)) return undefined;
    const row = await selectProducts(db).where("products.id", "=", id).executeTakeFirst();
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
        category: product.category,
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
