import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { formatRupees } from "../../domain/money";
import { call } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: "2" } });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });
const addToCart = () =>
  call(`${server.url}/cart`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "2" }),
  });

describe("catalogue pages for visitors without a session or cart", () => {
  it("serves the same page from memory on the next visit", async () => {
    const first = await get("/schools/dps");
    const second = await get("/schools/dps");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    // The same page, but each response's scripts carry its own CSP nonce (decision 081).
    const withoutNonce = (html: string, res: Response) => html.replaceAll(/'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")![1], "NONCE");
    expect(withoutNonce(await second.text(), second)).toBe(withoutNonce(await first.text(), first));
  });

  it("keeps a page per address, query string included", async () => {
    await get("/schools/dps/pant?size=38-30");
    const other = await get("/schools/dps/pant?size=40-32");
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(await other.text()).toContain("40-32");
  });

  it("renders afresh for a parent with a cart, so the navbar counts their items", async () => {
    await get("/");
    expect((await get("/")).headers.get("x-page-cache")).toBe("hit");
    const added = await addToCart();
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^shop_cart=/);
    const withCart = await get("/", { Cookie: `theme=dark; ${cookie}` });
    expect(withCart.headers.get("x-page-cache")).toBeNull();
    expect(await withCart.text()).toContain('aria-label="2 items in cart"');
    // The anonymous copy never saw that cart.
    expect(await (await get("/")).text()).not.toContain("items in cart");
  });

  it("never keeps personal or live pages, or a failed page", async () => {
    for (const path of ["/cart", "/checkout", "/login", "/account", "/orders/track", "/api/products", "/healthz"]) {
      await get(path);
      expect((await get(path)).headers.get("x-page-cache"), path).toBeNull();
    }
    await get("/schools/no-such-school");
    const missing = await get("/schools/no-such-school");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBe("miss");
  });

  it("shows an admin's product change on the very next visit", async () => {
    const [product] = await server.shop.products.list();
    await get(`/product/${product.id}`);
    expect((await get(`/product/${product.id}`)).headers.get("x-page-cache")).toBe("hit");
    const price = product.price + 111;
    await server.shop.products.update(product.id, { price }, { kind: "admin", name: "Test admin" });
    const page = await get(`/product/${product.id}`);
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(await page.text()).toContain(formatRupees(price));
  });

  it("shows a change made elsewhere (another process, by hand) once the page's seconds are up", async () => {
    const [product] = await server.shop.products.list();
    await get(`/product/${product.id}`);
    const name = `Hand-edited ${Date.now()}`;
    await sql`update products set name = ${name} where id = ${product.id}`.execute(server.shop.db);
    expect(await (await get(`/product/${product.id}`)).text()).not.toContain(name);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await (await get(`/product/${product.id}`)).text()).toContain(name);
  });
});

describe("public files", () => {
  it("serves the favicon and images, and a missing image is a 404", async () => {
    const icon = await get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const image = await get("/images/types/jacket.svg");
    expect(image.status).toBe(200);
    expect(await image.text()).toContain("<svg");
    expect((await get("/images/types/no-such-thing.svg")).status).toBe(404);
  });
});
