import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SEED_PRODUCTS } from "../../../db/seed-products";
import { htmlBrowser, type HtmlPage } from "../../support/html-browser";
import type { TestServer } from "../../support/server";
import { startStorefrontServer } from "../../support/storefront";

// /shop and /product with JavaScript off, through the filter form and the links (tests/support/html-browser).
// With JavaScript on (filters applied as they change, client-side links): tests/e2e/storefront-shop.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startStorefrontServer();
});
afterAll(async () => {
  await server?.close();
});

const count = (predicate: (p: (typeof SEED_PRODUCTS)[number]) => boolean) => SEED_PRODUCTS.filter(predicate).length;
const cards = (page: HtmlPage) => page.count(".product-card");

describe("/shop and /product answer with the right status", () => {
  it("400 with a message for a bad filter, 404 for an unknown product", async () => {
    const bad = await fetch(`${server.url}/shop?minPrice=500&maxPrice=100`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Min price cannot be more than max price.");
    const word = await fetch(`${server.url}/shop?minPrice=cheap`);
    expect(word.status).toBe(400);
    expect(await word.text()).toContain("Min price must be a number");
    for (const path of ["/product/999999", "/product/abc", "/product/0", "/product/1.5"]) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});

describe("shop (JS off)", () => {
  it("filters the list by category, gender, stock and price; the list follows the URL", async () => {
    let shop = await htmlBrowser(server.url).open("/shop");
    expect(shop.text("h1")).toBe("Shop School Uniforms & Accessories");
    expect(cards(shop)).toBe(SEED_PRODUCTS.length);
    const first = shop.within(".product-card");
    for (const part of [".price", "img", ".badge-stock", ".description"]) expect(first.all(part), part).toHaveLength(1);
    expect(first.links().find((l) => /View Details/.test(l.name))?.href).toMatch(/^\/product\/\d+$/);

    shop = await shop.select("Category", "blazer").press("Apply filters");
    expect(shop.url.searchParams.get("category")).toBe("blazer");
    expect(cards(shop)).toBe(count((p) => p.category === "blazer"));

    shop = await shop.select("Stock", "true").press("Apply filters");
    expect(shop.url.searchParams.get("stock")).toBe("true");
    expect(cards(shop)).toBe(count((p) => p.category === "blazer" && (p.stock_quantity ?? 0) > 0));
    expect(shop.count(".product-card .badge-stock.out")).toBe(0);

    shop = await shop.fill("Max price (₹)", "1000").press("Apply filters");
    expect(shop.url.searchParams.get("maxPrice")).toBe("1000");
    expect(cards(shop)).toBe(count((p) => p.category === "blazer" && (p.stock_quantity ?? 0) > 0 && p.price <= 1000));

    shop = await shop.select("Gender", "girls").press("Apply filters");
    expect(shop.url.searchParams.get("gender")).toBe("girls");
    expect(shop.has("No products found. Try adjusting your filters.")).toBe(true);

    // Back to everything: the form shows what the URL says.
    shop = await shop.follow("Clear filters");
    expect(shop.url.pathname).toBe("/shop");
    expect(shop.url.search).toBe("");
    expect(cards(shop)).toBe(SEED_PRODUCTS.length);
    expect(shop.field("Category").value).toBe("");
  });

  it("is in the navbar, and names its filters in words, never a message key, in English and Hindi", async () => {
    for (const [language, name, category, gender] of [
      ["en", "Shop", "Category", "Gender"],
      ["hi", "दुकान", "कैटेगरी", "किसके लिए"],
    ] as const) {
      const parent = htmlBrowser(server.url);
      await parent.setCookie(`shop_lng=${language}; Path=/`);
      const home = await parent.open("/");
      const shop = await home.within({ region: language === "en" ? "Main" : "मुख्य" }).follow(name);
      expect(shop.url.pathname).toBe("/shop");
      const link = shop.within({ region: language === "en" ? "Main" : "मुख्य" }).all("a").find((a) => shop.within(a).text() === name);
      expect(link?.attribs["aria-current"]).toBe("page");
      expect(shop.text("label[for=filter-category]")).toBe(category);
      expect(shop.text("label[for=filter-gender]")).toBe(gender);
      expect(shop.text(".filters")).not.toMatch(/shop:/);
    }
  });

  it("says so when min price is above max price instead of showing an empty list", async () => {
    const shop = await htmlBrowser(server.url).open("/shop");
    const refused = await shop.fill("Min price (₹)", "900").fill("Max price (₹)", "100").press("Apply filters");
    expect(refused.status).toBe(400);
    expect(refused.has("Min price cannot be more than max price.")).toBe(true);
    expect(cards(refused)).toBe(0);
    expect(refused.has("No products found")).toBe(false);
  });

  it("opens a product from its card and posts it to /cart as product/{id}", async () => {
    const shop = await htmlBrowser(server.url).open("/shop?category=blazer&minPrice=1250&maxPrice=1250");
    const product = await shop.follow("View Details of Navy Blazer");
    expect(product.url.pathname).toMatch(/^\/product\/\d+$/);
    const id = product.url.pathname.split("/").pop();
    expect(product.text("h1")).toBe("Navy Blazer");
    expect(product.text(".add-form .price")).toBe("Price: ₹1,250");
    // Its photo is not in public/ yet: the page shows the blazer drawing instead.
    expect(product.attr(".product-detail > picture img", "src")).toBe("/images/types/jacket.svg");
    expect(product.title).toBe("Navy Blazer | Churu Uniform House");
    const buy = product.request("BUY NOW");
    expect(buy.url.pathname).toBe("/cart");
    expect(Object.fromEntries(buy.entries.map((e) => [e.name, String(e.value)]))).toEqual({
      intent: "add",
      productId: `product/${id}`,
      size: "36",
      quantity: "1",
      redirectTo: "/cart",
    });
  });

  it("cannot add an out-of-stock product", async () => {
    const shop = await htmlBrowser(server.url).open("/shop?category=blazer&stock=false");
    const product = await shop.follow("View Details of Maroon Winter Blazer");
    expect(product.url.pathname).toMatch(/^\/product\/\d+$/);
    await expect(product.press("Out of Stock")).rejects.toThrow(/disabled/);
    expect(product.buttons()).not.toContain("BUY NOW");
  });

  it("shows a 404 page for an unknown product id", async () => {
    const page = await htmlBrowser(server.url).open("/product/424242");
    expect(page.status).toBe(404);
    expect(page.text("h1")).toBe("Page not found");
  });
});

describe("when the database fails", () => {
  it("shows 'Failed to load products' with a Try Again that reloads the same filters (JS off)", async () => {
    const parent = htmlBrowser(server.url);
    // An address no visit has asked for yet: the page cache would otherwise answer for the database.
    const search = "?category=tie&visit=js-off";
    let failed: HtmlPage;
    await sql`alter table products rename to products_away`.execute(server.shop.db);
    try {
      failed = await parent.open(`/shop${search}`);
    } finally {
      await sql`alter table products_away rename to products`.execute(server.shop.db);
    }
    expect(failed.status).toBe(503);
    expect(failed.has("Failed to load products. Please try again.")).toBe(true);
    const again = await failed.follow("Try Again");
    expect(again.url.search).toBe(search);
    expect(cards(again)).toBe(count((p) => p.category === "tie"));
  });
});
