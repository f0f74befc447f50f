import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedShop } from "../../db/seed";
import { SEED_PRODUCTS } from "../../db/seed-products";
import { parseShopFilters } from "../../domain/shop-filters";
import { SHOP_CATEGORIES, SHOP_GENDERS } from "../../domain/shop-products";
import { createCatalogueService, type CatalogueService } from "../../services/catalogue";
import { createNewsletterService } from "../../services/newsletter";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
let catalogue: CatalogueService;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedShop(database.db);
  catalogue = createCatalogueService(database.db);
});
afterAll(async () => {
  await database?.close();
});

const filtersFrom = (query: string) => {
  const parsed = parseShopFilters(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.errors.join(" "));
  return parsed.filters;
};

describe("the shop's products", () => {
  it("seeds every category and gender once, with some out of stock, and never seeds twice", async () => {
    await seedShop(database.db);
    const all = await catalogue.listProducts();
    expect(all).toHaveLength(SEED_PRODUCTS.length);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(SHOP_CATEGORIES));
    expect(new Set(all.map((p) => p.gender))).toEqual(new Set(SHOP_GENDERS));
    expect(all.some((p) => p.stockQuantity === 0)).toBe(true);
    expect(Math.max(...all.map((p) => p.price)) - Math.min(...all.map((p) => p.price))).toBeGreaterThan(1000);
  });

  it("lists cheapest first", async () => {
    const prices = (await catalogue.listProducts()).map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("filters by category, gender and stock, alone and together", async () => {
    const shirts = await catalogue.listProducts(filtersFrom("category=shirt"));
    expect(shirts.length).toBeGreaterThan(1);
    expect(shirts.every((p) => p.category === "shirt")).toBe(true);

    const girls = await catalogue.listProducts(filtersFrom("gender=girls"));
    expect(girls.length).toBeGreaterThan(1);
    expect(girls.every((p) => p.gender === "girls")).toBe(true);

    const inStock = await catalogue.listProducts(filtersFrom("stock=true"));
    const outOfStock = await catalogue.listProducts(filtersFrom("stock=false"));
    expect(inStock.every((p) => p.stockQuantity > 0)).toBe(true);
    expect(outOfStock.every((p) => p.stockQuantity === 0)).toBe(true);
    expect(inStock.length + outOfStock.length).toBe(SEED_PRODUCTS.length);

    const girlsSkirtsInStock = await catalogue.listProducts(filtersFrom("category=skirt&gender=girls&stock=true"));
    const expected = SEED_PRODUCTS.filter((p) => p.category === "skirt" && p.gender === "girls" && (p.stock_quantity ?? 0) > 0);
    expect(girlsSkirtsInStock.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
  });

  it("filters by an inclusive price range", async () => {
    const range = await catalogue.listProducts(filtersFrom("minPrice=299&maxPrice=499"));
    const expected = SEED_PRODUCTS.filter((p) => p.price >= 299 && p.price <= 499);
    expect(range).toHaveLength(expected.length);
    expect(range.some((p) => p.price === 299)).toBe(true);
    expect(range.some((p) => p.price === 499)).toBe(true);
    expect(await catalogue.listProducts(filtersFrom("minPrice=1000"))).toSatisfy((list: { price: number }[]) =>
      list.every((p) => p.price >= 1000),
    );
  });

  it("answers an empty list when nothing matches", async () => {
    expect(await catalogue.listProducts(filtersFrom("category=tie&minPrice=5000"))).toEqual([]);
  });

  it("refuses a minimum above the maximum and non-numeric prices with a message, before any query", () => {
    expect(parseShopFilters(new URLSearchParams("minPrice=500&maxPrice=100"))).toMatchObject({
      ok: false,
      errors: ["Min price cannot be more than max price."],
    });
    expect(parseShopFilters(new URLSearchParams("maxPrice=cheap"))).toMatchObject({ ok: false, errors: ["Max price must be a number of rupees, like 250."] });
    expect(parseShopFilters(new URLSearchParams("category=hats"))).toMatchObject({ ok: false });
    expect(parseShopFilters(new URLSearchParams("category=all&gender=&stock="))).toMatchObject({ ok: true, filters: {} });
  });

  it("finds one product by id, and nothing for an unknown id", async () => {
    const [first] = await catalogue.listProducts(filtersFrom("category=blazer"));
    expect(await catalogue.findProduct(first.id)).toEqual(first);
    expect(await catalogue.findProduct(999_999)).toBeUndefined();
    expect(await catalogue.findProduct(-1)).toBeUndefined();
    expect(await catalogue.findProduct(Number.MAX_SAFE_INTEGER)).toBeUndefined();
  });

  it("prices a cart line for product/{id} from the table", async () => {
    const [blazer] = await catalogue.listProducts(filtersFrom("category=blazer&stock=true&minPrice=1250&maxPrice=1250"));
    const line = await catalogue.productForCart(`product/${blazer.id}`);
    // Its category goes with it: the line's default HSN and tax class come from it (decision 200).
    expect(line).toEqual({ id: `product/${blazer.id}`, name: "Navy Blazer", price: 1250, size: "36", stock: 6, imageUrl: blazer.imageUrl, category: "blazer" });
    expect(await catalogue.productForCart(blazer.id)).toEqual(line);
    const [soldOut] = await catalogue.listProducts(filtersFrom("stock=false"));
    expect((await catalogue.productForCart(`product/${soldOut.id}`))?.stock).toBe(0);
    for (const bad of ["product/999999", "product/abc", "product/01", "school/dps/shirt", "product/1/2", ""]) {
      expect(await catalogue.productForCart(bad)).toBeUndefined();
    }
  });

  it("keeps one newsletter row per address", async () => {
    const newsletter = createNewsletterService(database.db);
    await newsletter.subscribe("parent@example.com");
    await newsletter.subscribe("parent@example.com");
    const rows = await database.db.selectFrom("newsletter_subscribers").selectAll().execute();
    expect(rows.map((row) => row.email)).toEqual(["parent@example.com"]);
  });
});
