import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, "products-admin@churu-uniforms.example");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const adminPage = (js: boolean) => newAdminPage(browser!, server.url, admin, js);

const productRow = (page: Page, name: string) => page.getByRole("table", { name: "Products" }).locator("tbody tr").filter({ hasText: name });

const fieldError = (page: Page, message: string) => page.locator(".field-error", { hasText: message });

async function shopText(query: string): Promise<string> {
  return (await call(`${server.url}/shop?${query}`)).text();
}

describe("/admin/products", () => {
  it("sends anyone but the admin to the admin login", async () => {
    for (const [method, path] of [
      ["GET", "/admin/products"],
      ["POST", "/admin/products"],
      ["GET", "/admin/products/1/delete"],
    ] as const) {
      const res = await call(`${server.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/login");
    }
  });

  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;

    it(`adds, edits and deletes a product, with a message by every bad field, and /shop follows (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const name = `E2E Winter Blazer ${mode.name}`;
      const { context, page } = await adminPage(js);
      await open(page, "/admin/products", js);
      await page.getByRole("heading", { name: "Add Product" }).waitFor();

      // Everything wrong at once: each field says what is wrong.
      await page.getByRole("button", { name: "Add" }).click();
      for (const message of ["Name is required", "Price is required", "Choose a category", "Choose a gender"]) await fieldError(page, message).waitFor();
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Price (₹)").fill("abc");
      await page.getByLabel("Image URL").fill("ftp://example.com/x.png");
      await page.getByLabel("Stock quantity").fill("-2");
      await page.getByRole("button", { name: "Add" }).click();
      for (const message of ["Price must be a number", "Image URL must start with https:// or /", "Stock must be a whole number from 0"]) {
        await fieldError(page, message).waitFor();
      }
      // What was typed stays in the form.
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
      await page.getByLabel("Price (₹)").fill("0");
      await page.getByRole("button", { name: "Add" }).click();
      await fieldError(page, "Price must be more than 0").waitFor();
      expect(await productRow(page, name).count()).toBe(0);

      await page.getByLabel("Price (₹)").fill("1350");
      await page.getByLabel("Image URL").fill("/images/products/navy-blazer.png");
      await page.getByLabel("Description", { exact: true }).fill("Lined wool-blend blazer for the Churu winter.");
      await page.getByLabel("Stock quantity").fill("7");
      await page.getByLabel("Category").selectOption("blazer");
      await page.getByLabel("Gender").selectOption("girls");
      await page.getByLabel("Size").selectOption("34");
      await page.getByRole("button", { name: "Add" }).click();
      await page.getByRole("status").filter({ hasText: "Product added" }).waitFor();
      const row = productRow(page, name);
      await row.waitFor();
      expect(await row.textContent()).toContain("₹1,350");
      expect(await row.textContent()).toContain("Girls");
      const id = Number(await row.locator("td").first().textContent());
      expect(id).toBeGreaterThan(0);
      expect(await shopText("category=blazer&gender=girls")).toContain(name);

      // Edit: the form fills in; Update saves; /shop shows the new price.
      await row.getByRole("link", { name: "Edit" }).click();
      await settle(page, (url) => url.searchParams.get("edit") === String(id), js);
      await page.getByRole("heading", { name: "Edit Product" }).waitFor();
      expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
      expect(await page.getByLabel("Category").inputValue()).toBe("blazer");
      await page.getByLabel("Price (₹)").fill("1499");
      await page.getByLabel("Stock quantity").fill("0");
      await page.getByRole("button", { name: "Update" }).click();
      await page.getByRole("status").filter({ hasText: "Product updated" }).waitFor();
      await page.getByRole("heading", { name: "Add Product" }).waitFor();
      expect(await productRow(page, name).textContent()).toContain("₹1,499");
      const shop = await shopText("category=blazer&stock=false");
      expect(shop).toContain(name);
      expect(shop).toContain("₹1,499");

      // Cancel leaves the edit without saving.
      await productRow(page, name).getByRole("link", { name: "Edit" }).click();
      await page.getByRole("heading", { name: "Edit Product" }).waitFor();
      await page.getByLabel("Price (₹)").fill("1");
      await page.getByRole("link", { name: "Cancel" }).click();
      await page.getByRole("heading", { name: "Add Product" }).waitFor();
      expect(await productRow(page, name).textContent()).toContain("₹1,499");

      // Delete asks first: a dialog with JavaScript, a page without.
      await productRow(page, name).getByRole(js ? "button" : "link", { name: "Delete" }).click();
      if (js) {
        const dialog = page.getByRole("dialog", { name: "Delete this product?" });
        await dialog.waitFor();
        await dialog.getByRole("button", { name: "Delete" }).click();
      } else {
        await settle(page, (url) => url.pathname === `/admin/products/${id}/delete`, js);
        await page.getByRole("heading", { name: "Delete this product?" }).waitFor();
        await page.getByRole("button", { name: "Delete" }).click();
      }
      await page.getByRole("status").filter({ hasText: "Product deleted" }).waitFor();
      expect(await productRow(page, name).count()).toBe(0);
      expect(await shopText("category=blazer")).not.toContain(name);
      expect((await call(`${server.url}/product/${id}`)).status).toBe(404);
      await context.close();
    });
  }
});
