import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import type { HtmlPage, Scope } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, call, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";

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

/** The product's row on the page without JavaScript (decision 175), or undefined. */
const productRowOver = (page: HtmlPage, name: string): Scope | undefined => {
  const row = page.all("tbody tr").find((tr) => page.within(tr).has(name));
  return row ? page.within(row) : undefined;
};

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

  const mode = { name: "JS on" };
  const js = true;

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
    await productRow(page, name).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this product?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("status").filter({ hasText: "Product deleted" }).waitFor();
    expect(await productRow(page, name).count()).toBe(0);
    expect(await shopText("category=blazer")).not.toContain(name);
    expect((await call(`${server.url}/product/${id}`)).status).toBe(404);
    await context.close();
  });

  it("adds, edits and deletes a product, with a message by every bad field, and /shop follows (JS off, over HTTP)", async () => {
    const name = "E2E Winter Blazer JS off";
    const browser = await adminHtmlBrowser(server.url, admin);
    const page = await browser.open("/admin/products");
    expect(page.headings()).toContain("Add Product");

    // Everything wrong at once: each field says what is wrong.
    const empty = await page.press("Add");
    for (const message of ["Name is required", "Price is required", "Choose a category", "Choose a gender"]) expect(empty.texts(".field-error")).toContain(message);
    const wrong = await empty
      .fill(/^Name$/, name)
      .fill("Price (₹)", "abc")
      .fill("Image URL", "ftp://example.com/x.png")
      .fill("Stock quantity", "-2")
      .press("Add");
    for (const message of ["Price must be a number", "Image URL must start with https:// or /", "Stock must be a whole number from 0"]) {
      expect(wrong.texts(".field-error")).toContain(message);
    }
    // What was typed stays in the form.
    expect(wrong.field(/^Name$/).value).toBe(name);
    const zero = await wrong.fill("Price (₹)", "0").press("Add");
    expect(zero.texts(".field-error")).toContain("Price must be more than 0");
    expect(productRowOver(zero, name)).toBeUndefined();

    const added = await zero
      .fill("Price (₹)", "1350")
      .fill("Image URL", "/images/products/navy-blazer.png")
      .fill(/^Description$/, "Lined wool-blend blazer for the Churu winter.")
      .fill("Stock quantity", "7")
      .select("Category", "blazer")
      .select("Gender", "girls")
      .select("Size", "34")
      .press("Add");
    expect(added.alerts().join(" ")).toContain("Product added");
    const row = productRowOver(added, name)!;
    expect(row.text()).toContain("₹1,350");
    expect(row.text()).toContain("Girls");
    const id = Number(row.text("td"));
    expect(id).toBeGreaterThan(0);
    expect(await shopText("category=blazer&gender=girls")).toContain(name);

    // Edit: the form fills in; Update saves; /shop shows the new price.
    const editing = await row.follow("Edit");
    expect(editing.url.searchParams.get("edit")).toBe(String(id));
    expect(editing.headings()).toContain("Edit Product");
    expect(editing.field(/^Name$/).value).toBe(name);
    expect(editing.field("Category").value).toBe("blazer");
    const updated = await editing.fill("Price (₹)", "1499").fill("Stock quantity", "0").press("Update");
    expect(updated.alerts().join(" ")).toContain("Product updated");
    expect(updated.headings()).toContain("Add Product");
    expect(productRowOver(updated, name)!.text()).toContain("₹1,499");
    const shop = await shopText("category=blazer&stock=false");
    expect(shop).toContain(name);
    expect(shop).toContain("₹1,499");

    // Cancel leaves the edit without saving.
    const again = await productRowOver(updated, name)!.follow("Edit");
    expect(again.headings()).toContain("Edit Product");
    const cancelled = await again.fill("Price (₹)", "1").follow("Cancel");
    expect(cancelled.headings()).toContain("Add Product");
    expect(productRowOver(cancelled, name)!.text()).toContain("₹1,499");

    // Delete asks first: without JavaScript, a page of its own.
    const asked = await productRowOver(cancelled, name)!.follow("Delete");
    expect(asked.url.pathname).toBe(`/admin/products/${id}/delete`);
    expect(asked.headings()).toContain("Delete this product?");
    const deleted = await asked.press("Delete");
    expect(deleted.alerts().join(" ")).toContain("Product deleted");
    expect(productRowOver(deleted, name)).toBeUndefined();
    expect(await shopText("category=blazer")).not.toContain(name);
    expect((await call(`${server.url}/product/${id}`)).status).toBe(404);
  });
});
