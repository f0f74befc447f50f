import { sql, type Kysely, type Updateable } from "kysely";
import type { DB, ProductsTable } from "../db/schema";
import type { ProductListFilters, ProductValues } from "../domain/admin-products";
import type { ShopProduct } from "../domain/shop-products";
import { isProductId, selectProducts, selectShopProducts, toShopProduct } from "./catalogue";
import type { StockActor } from "../domain/stock/events";
import type { StockService } from "./stock";
import type { ProductTaxService } from "./product-tax";
import { categoryTax } from "../domain/tax/product-tax";

function columns(values: Partial<ProductValues>): Updateable<ProductsTable> {
  const set: Updateable<ProductsTable> = {};
  if (values.name !== undefined) set.name = values.name;
  if (values.price !== undefined) set.price = values.price;
  if (values.description !== undefined) set.description = values.description;
  if (values.nameHi !== undefined) set.name_hi = values.nameHi;
  if (values.descriptionHi !== undefined) set.description_hi = values.descriptionHi;
  if (values.countryOfOrigin !== undefined) set.country_of_origin = values.countryOfOrigin;
  if (values.maker !== undefined) set.maker = values.maker;
  if (values.netQuantity !== undefined) set.net_quantity = values.netQuantity;
  if (values.imageUrl !== undefined) set.image_url = values.imageUrl;
  if (values.category !== undefined) set.category = values.category;
  if (values.gender !== undefined) set.gender = values.gender;
  if (values.size !== undefined) set.size = values.size;
  return set;
}

/**
 * The admin's product commands and the /api's product queries. Products are a plain table
 * (not event-sourced: decision 023), so /shop and the cart see a change at once; their
 * stock is not: a product's stock is its `stock-{id}` stream (decision 100), and a stock
 * number given here becomes a count by the admin in that stream. Values arrive checked by
 * domain/admin-products.ts; the table's own checks are the last guard.
 */
export function createProductService(db: Kysely<DB>, stock: StockService, productTax: ProductTaxService) {
  const byId = (id: number) => selectProducts(db).where("products.id", "=", id).executeTakeFirst();
  // The web server's page cache listens, so the shop shows a change on the next page view.
  const listeners = new Set<() => void>();
  const changed = <T>(result: T): T => {
    for (const listener of listeners) listener();
    return result;
  };
  return {
    /** Calls `listener` after every product change; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Every product, by id (the admin table). */
    async listAll(): Promise<ShopProduct[]> {
      const rows = await selectProducts(db).orderBy("products.id").limit(5000).execute();
      return rows.map(toShopProduct);
    },

    /** GET /api/products: the /shop filters plus size, cheapest first like /shop. */
    async list(filters: ProductListFilters = {}): Promise<ShopProduct[]> {
      let query = selectShopProducts(db, filters);
      if (filters.size) query = query.where(sql<string>`lower(size)`, "=", filters.size.toLowerCase());
      const rows = await query.limit(5000).execute();
      return rows.map(toShopProduct);
    },

    async get(id: number): Promise<ShopProduct | undefined> {
      if (!isProductId(id)) return undefined;
      const row = await byId(id);
      return row && toShopProduct(row);
    },

    /**
     * A new product with its HSN code and tax class (decision 200): those given, else its category's default from
     * the rate table, recorded as set by whoever added it; a category with none (accessories) leaves it without.
     */
    async create(values: ProductValues, actor: StockActor = { kind: "admin" }): Promise<ShopProduct> {
      const row = await db
        .insertInto("products")
        .values({
          name: values.name,
          price: values.price,
          description: values.description,
          name_hi: values.nameHi ?? null,
          description_hi: values.descriptionHi ?? null,
          ...(values.countryOfOrigin !== undefined ? { country_of_origin: values.countryOfOrigin } : {}),
          maker: values.maker ?? null,
          net_quantity: values.netQuantity ?? null,
          image_url: values.imageUrl,
          stock_quantity: values.stockQuantity,
          category: values.category,
          gender: values.gender,
          size: values.size,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The stock stream opens with the count given; the column keeps it as the opening count.
      const opened = await stock.open(row.id, values.stockQuantity);
      const tax = values.tax ?? categoryTax(values.category);
      if (tax) await productTax.set(row.id, tax, actor);
      return changed(toShopProduct({ ...row, available: opened.available }));
    },

    /**
     * Changes the given fields (all of them for a PUT); undefined when there is no such
     * product. A stock number is the admin's count of the shelf, recorded with who gave it.
     */
    async update(id: number, values: Partial<ProductValues>, actor: StockActor): Promise<ShopProduct | undefined> {
      if (!isProductId(id)) return undefined;
      const set = columns(values);
      if (Object.keys(set).length > 0) {
        const updated = await db.updateTable("products").set(set).where("id", "=", id).returning("id").executeTakeFirst();
        if (!updated) return undefined;
      } else if (!(await byId(id))) {
        return undefined;
      }
      if (values.stockQuantity !== undefined) await stock.count(id, values.stockQuantity, actor, "Stock set on the product form");
      if (values.tax) await productTax.set(id, values.tax, actor);
      const row = await byId(id);
      return changed(row && toShopProduct(row));
    },

    /** The admin's count of the shelf (PATCH /api/products/{id}/stock, the stock page): an adjustment with its actor and reason. */
    async setStock(id: number, stockQuantity: number, actor: StockActor, reason = "Stock counted"): Promise<ShopProduct | undefined> {
      if (!isProductId(id) || !(await byId(id))) return undefined;
      await stock.count(id, stockQuantity, actor, reason);
      const row = await byId(id);
      return changed(row && toShopProduct(row));
    },

    /**
     * Removes the product from the shop. Orders keep their lines (an order line holds
     * its own name and price); a cart line for it shows as no longer available.
     */
    async remove(id: number): Promise<boolean> {
      if (!isProductId(id)) return false;
      const result = await db.deleteFrom("products").where("id", "=", id).executeTakeFirst();
      return changed(Number(result.numDeletedRows) > 0);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
