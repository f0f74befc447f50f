/**
 * Stock as events (decision 100) as parents and the admin meet it, in Chromium with JavaScript
 * on and without JavaScript over HTTP through the pages' real forms and links (decision 177):
 * the shelf badge on a phone, the last unit going to whoever confirms first, the admin's
 * delivery and count on the stock page, and the school uniform items that are made to order.
 * The server side is in tests/integration/stock.test.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlBrowser, type HtmlPage, type Scope } from "../support/html-browser";
import { descendants } from "../support/html-browser/dom";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { createBottle } from "../support/stock-contract";

// Whole flows in a browser on a shared 2-core machine: give each more than the default 30 s.
vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  admin = await createTestAdmin(server.shop, server.url, `stock-admin-${randomUUID().slice(0, 8)}@churu-uniforms.example`);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

/** A product of the shop's own table with `stockQuantity` units on the shelf; its name is unique to the test. */
const addBottle = (stockQuantity: number, label: string) =>
  createBottle(server.shop.products, stockQuantity, `Steel Bottle ${label} ${randomUUID().slice(0, 6)}`);

async function ordersFor(phone: string) {
  return server.shop.db.selectFrom("orders").selectAll().where("phone", "=", phone).execute();
}

/** The shelf badge of a product page ("In Stock", "Only 3 left", "Out of Stock", "Made to order"). */
const badge = (page: Page) => page.locator(".product-detail .badge-stock");

/** From the product page to the cart with `quantity` units, by BUY NOW. */
async function buyNow(page: Page, js: boolean, productId: number, quantity: number) {
  await open(page, `/product/${productId}`, js);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "BUY NOW" }).click();
  await settle(page, "**/cart", js);
}

/** From the cart to the details form, filled in: a dialog with JS, its own page without. */
async function openFilledDetails(page: Page, js: boolean, phone: string, name = "Meena Sharma") {
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await settle(page, "**/checkout", js);
  await page.getByRole("link", { name: "Place Order" }).click();
  if (js) await page.locator("dialog[open]").waitFor();
  else await settle(page, "**/checkout?step=details", js);
  await page.getByRole("heading", { name: "Enter your details to confirm order" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Mobile number", { exact: true }).fill(phone);
  await page.getByLabel("Address", { exact: true }).fill("4 Gandhi Nagar");
  await page.getByLabel("City", { exact: true }).fill("Churu");
  await page.getByLabel("Pincode", { exact: true }).fill("331001");
}

async function confirmOrder(page: Page, js: boolean) {
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await settle(page, "**/checkout/done?order=*", js);
  await page.getByRole("heading", { name: "Your order has been placed. Thank you!" }).waitFor();
}

/**
 * Opens `path` again until the badge says `label`: the stock read model is a projection
 * and may trail the order by a moment. Waits for the condition, not for a fixed time.
 */
async function openUntilBadge(page: Page, js: boolean, path: string, label: string) {
  await expect
    .poll(
      async () => {
        await open(page, path, js);
        return (await badge(page).textContent())?.trim();
      },
      { timeout: 15_000 },
    )
    .toBe(label);
}

{
  const mode = { name: "JS on" };
  const js = true;

  describe(`stock in the shop (${mode.name})`, () => {
    it("a parent on a phone sees 'Only 2 left', buys both, and the page then says 'Out of Stock' with the add button off", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const product = await addBottle(2, "Phone");
      const phone = newPhone();
      const { context, page } = await newShopperPage(browser, server.url, js);
      try {
        expect(page.viewportSize()?.width).toBe(360);
        await open(page, `/product/${product.id}`, js);
        expect(await badge(page).textContent()).toBe("Only 2 left");
        expect(await badge(page).isVisible()).toBe(true);
        // The stepper stops at what the shelf has.
        expect(await page.getByRole("spinbutton", { name: "Quantity" }).getAttribute("max")).toBe("2");

        await buyNow(page, js, product.id, 2);
        await openFilledDetails(page, js, phone);
        // 2 x ₹199, less the shop's 10% offer (₹39).
        expect(await textOf(page, "[data-testid=checkout-total]")).toBe("₹359");
        await confirmOrder(page, js);
        const orders = await ordersFor(phone);
        expect(orders).toHaveLength(1);
        expect(orders[0].total).toBe(359);

        await openUntilBadge(page, js, `/product/${product.id}`, "Out of Stock");
        const add = page.getByRole("button", { name: "Out of Stock" });
        expect(await add.isDisabled()).toBe(true);
        expect(await page.getByRole("button", { name: "BUY NOW" }).count()).toBe(0);
        expect((await server.shop.stock.level(product.id))?.available).toBe(0);
      } finally {
        await context.close();
      }
    });

    it("two parents with the last unit in their carts: the first to confirm gets it, the second is told it is out of stock and nothing is placed", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const product = await addBottle(1, "Last");
      const [firstPhone, secondPhone] = [newPhone(), newPhone()];
      const first = await newShopperPage(browser, server.url, js);
      const second = await newShopperPage(browser, server.url, js);
      try {
        // Both carts hold the last unit, both parents are at the details form.
        await buyNow(first.page, js, product.id, 1);
        await buyNow(second.page, js, product.id, 1);
        await openFilledDetails(first.page, js, firstPhone, "Ravi Kumar");
        await openFilledDetails(second.page, js, secondPhone, "Sita Sharma");

        await confirmOrder(first.page, js);
        expect(await ordersFor(firstPhone)).toHaveLength(1);

        // With JS the router fetches the refusal as data (the page without JavaScript is below, over HTTP).
        await second.page.getByRole("button", { name: "Confirm Order" }).click();
        const message = `${product.name} is out of stock.`;
        const summary = second.page.locator(".error-summary");
        await summary.getByText(message).waitFor();
        expect(await summary.getByRole("heading", { name: "There is a problem" }).count()).toBe(1);
        // The answer is in the details dialog, where the parent pressed Confirm.
        expect(await second.page.locator("dialog[open] .error-summary").count()).toBe(1);
        expect(new URL(second.page.url()).pathname).toBe("/checkout");
        // What the parent typed is still there for another try.
        expect(await second.page.getByLabel("Mobile number", { exact: true }).inputValue()).toBe(secondPhone);
        expect(await ordersFor(secondPhone)).toEqual([]);
        expect(await ordersFor(firstPhone)).toHaveLength(1);
      } finally {
        await first.context.close();
        await second.context.close();
      }
    });

    it("a school uniform item page says 'Made to order'", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      try {
        await open(page, "/schools/dps/shirt?size=30", js);
        expect(await badge(page).textContent()).toBe("Made to order");
        expect(await page.getByRole("button", { name: "BUY NOW" }).isEnabled()).toBe(true);
      } finally {
        await context.close();
      }
    });
  });

  describe(`the admin's stock page (${mode.name})`, () => {
    it("records a delivery with its reason and the admin's name in the history; a count of 'lots' is refused by the field", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const product = await addBottle(3, "Admin");
      const reason = `Delivery from Jaipur ${randomUUID().slice(0, 6)}`;
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      const forSale = page.locator(".stock-summary div", { has: page.locator("dt", { hasText: "For sale now" }) }).locator("dd");
      try {
        await open(page, `/admin/products/${product.id}/stock`, js);
        await page.getByRole("heading", { name: `Stock: ${product.name} (Free Size)` }).waitFor();
        expect(await forSale.textContent()).toBe("3");

        const delivery = page.getByRole("form", { name: "A delivery came in" });
        await delivery.getByLabel("Units received").fill("5");
        await delivery.getByLabel("Why").fill(reason);
        await delivery.getByRole("button", { name: "Add delivery" }).click();
        await settle(page, (url) => url.searchParams.get("saved") === "receive", js);
        await page.getByRole("status").filter({ hasText: "The delivery is added." }).waitFor();
        expect(await forSale.textContent()).toBe("8");

        const row = page.locator("table.stock-history tbody tr").filter({ hasText: reason });
        await row.waitFor();
        const cells = (await row.locator("td").allTextContents()).map((cell) => cell.trim());
        // When, What, For sale ±, For sale after, On the shelf ±, Who, Why / order
        expect(cells.slice(1)).toEqual(["Delivery", "+5", "8", "+5", admin.name || admin.email, reason]);

        const count = page.getByRole("form", { name: "Count the shelf" });
        await count.getByLabel("Units on the shelf").fill("lots");
        await count.getByLabel("Why").fill("Counted after the school fair");
        await count.getByRole("button", { name: "Save count" }).click();
        const field = page.locator(".form-field", { has: page.locator("#count-to") });
        await field.locator(".field-error").getByText("Enter a whole number of units.", { exact: true }).waitFor();
        const input = page.locator("#count-to");
        expect(await input.getAttribute("aria-invalid")).toBe("true");
        expect(await page.locator(`#${await input.getAttribute("aria-describedby")}`).textContent()).toBe("Enter a whole number of units.");
        // Nothing changed: the shelf and the history are as the delivery left them.
        expect(await forSale.textContent()).toBe("8");
        expect((await server.shop.stock.level(product.id))?.available).toBe(8);
        expect(await page.locator("table.stock-history tbody tr").filter({ hasText: "Counted after the school fair" }).count()).toBe(0);
      } finally {
        await context.close();
      }
    });
  });
}

// ---- Without JavaScript, over HTTP (decision 177): the same flows through the pages' real forms and links ----

/** The shelf badge of a product page read over HTTP. */
const badgeOf = (page: Scope) => page.text(".product-detail .badge-stock");

/** From the product page to the cart with `quantity` units, by BUY NOW. */
async function buyNowOverHttp(parent: HtmlBrowser, productId: number, quantity: number): Promise<HtmlPage> {
  const cart = await (await parent.open(`/product/${productId}`)).fill("Quantity", String(quantity)).press("BUY NOW");
  expect(cart.url.pathname).toBe("/cart");
  return cart;
}

/** From the cart to the details form (its own page without JavaScript), filled in. */
async function filledDetailsOverHttp(cart: HtmlPage, phone: string, name = "Meena Sharma"): Promise<HtmlPage> {
  const checkout = await cart.follow("Proceed to Checkout");
  expect(checkout.url.pathname).toBe("/checkout");
  const details = await checkout.follow("Place Order");
  expect(details.url.pathname + details.url.search).toBe("/checkout?step=details");
  expect(details.headings()).toContain("Enter your details to confirm order");
  return details.fill("Name", name).fill("Mobile number", phone).fill("Address", "4 Gandhi Nagar").fill("City", "Churu").fill("Pincode", "331001");
}

async function confirmOverHttp(details: HtmlPage): Promise<HtmlPage> {
  const done = await details.press("Confirm Order");
  expect(done.url.pathname).toBe("/checkout/done");
  expect(done.url.searchParams.get("order")).toBeTruthy();
  expect(done.headings()).toContain("Your order has been placed. Thank you!");
  return done;
}

/** Opens `path` again until the badge says `label` (the stock read model may trail the order by a moment). */
async function openUntilBadgeOverHttp(parent: HtmlBrowser, path: string, label: string): Promise<HtmlPage> {
  let page: HtmlPage | undefined;
  await expect
    .poll(
      async () => {
        page = await parent.open(path);
        return badgeOf(page);
      },
      { timeout: 15_000 },
    )
    .toBe(label);
  return page!;
}

describe("stock in the shop (JS off, over HTTP)", () => {
  it("a parent on a phone sees 'Only 2 left', buys both, and the page then says 'Out of Stock' with the add button off (JS off, over HTTP)", async () => {
    const product = await addBottle(2, "Phone");
    const phone = newPhone();
    const parent = htmlBrowser(server.url);
    const page = await parent.open(`/product/${product.id}`);
    expect(badgeOf(page)).toBe("Only 2 left");
    // The stepper stops at what the shelf has.
    expect(page.field("Quantity").element.attribs.max).toBe("2");

    const details = await filledDetailsOverHttp(await buyNowOverHttp(parent, product.id, 2), phone);
    // 2 x ₹199, less the shop's 10% offer (₹39).
    expect(details.text("[data-testid=checkout-total]")).toBe("₹359");
    await confirmOverHttp(details);
    const orders = await ordersFor(phone);
    expect(orders).toHaveLength(1);
    expect(orders[0].total).toBe(359);

    const after = await openUntilBadgeOverHttp(parent, `/product/${product.id}`, "Out of Stock");
    const add = after.all("button").filter((button) => after.within(button).text() === "Out of Stock");
    expect(add).toHaveLength(1);
    expect(add[0].attribs.disabled).toBeDefined();
    expect(after.buttons()).not.toContain("BUY NOW");
    expect((await server.shop.stock.level(product.id))?.available).toBe(0);
  });

  it("two parents with the last unit in their carts: the first to confirm gets it, the second is told it is out of stock and nothing is placed (JS off, over HTTP)", async () => {
    const product = await addBottle(1, "Last");
    const [firstPhone, secondPhone] = [newPhone(), newPhone()];
    const [first, second] = [htmlBrowser(server.url), htmlBrowser(server.url)];
    // Both carts hold the last unit, both parents are at the details form.
    const firstCart = await buyNowOverHttp(first, product.id, 1);
    const secondCart = await buyNowOverHttp(second, product.id, 1);
    const firstDetails = await filledDetailsOverHttp(firstCart, firstPhone, "Ravi Kumar");
    const secondDetails = await filledDetailsOverHttp(secondCart, secondPhone, "Sita Sharma");

    await confirmOverHttp(firstDetails);
    expect(await ordersFor(firstPhone)).toHaveLength(1);

    // Without JS the refusal is the page itself: a 409.
    const refused = await secondDetails.press("Confirm Order");
    expect(refused.status).toBe(409);
    const summary = refused.within(".error-summary");
    expect(summary.has(`${product.name} is out of stock.`)).toBe(true);
    expect(summary.headings()).toEqual(["There is a problem"]);
    // The page reloads at its top: the summary comes before the order summary.
    const order = [...descendants(refused.document)];
    const orderSummary = refused.all("h2").find((h) => refused.within(h).text() === "Order summary");
    expect(orderSummary).toBeDefined();
    expect(order.indexOf(summary.root as never)).toBeLessThan(order.indexOf(orderSummary!));
    expect(refused.url.pathname).toBe("/checkout");
    // What the parent typed is still there for another try.
    expect(refused.field("Mobile number").value).toBe(secondPhone);
    expect(await ordersFor(secondPhone)).toEqual([]);
    expect(await ordersFor(firstPhone)).toHaveLength(1);
  });

  it("a school uniform item page says 'Made to order' (JS off, over HTTP)", async () => {
    const page = await htmlBrowser(server.url).open("/schools/dps/shirt?size=30");
    expect(badgeOf(page)).toBe("Made to order");
    const buy = page.all("button").filter((button) => page.within(button).text() === "BUY NOW");
    expect(buy).toHaveLength(1);
    expect(buy[0].attribs.disabled).toBeUndefined();
  });
});

describe("the admin's stock page (JS off, over HTTP)", () => {
  it("records a delivery with its reason and the admin's name in the history; a count of 'lots' is refused by the field (JS off, over HTTP)", async () => {
    const product = await addBottle(3, "Admin");
    const reason = `Delivery from Jaipur ${randomUUID().slice(0, 6)}`;
    const forSale = (page: Scope) => {
      const box = page.all(".stock-summary div").find((div) => page.within(div).text("dt") === "For sale now");
      if (!box) throw new Error("no 'For sale now' on the stock page");
      return page.within(box).text("dd");
    };
    const historyRows = (page: Scope, text: string) => page.all("table.stock-history tbody tr").filter((tr) => page.within(tr).has(text));
    const admin$ = await adminHtmlBrowser(server.url, admin);
    const page = await admin$.open(`/admin/products/${product.id}/stock`);
    expect(page.headings()).toContain(`Stock: ${product.name} (Free Size)`);
    expect(forSale(page)).toBe("3");

    const saved = await page.within({ form: "A delivery came in" }).fill("Units received", "5").fill("Why", reason).press("Add delivery");
    expect(saved.url.searchParams.get("saved")).toBe("receive");
    expect(saved.alerts()).toContain("The delivery is added.");
    expect(forSale(saved)).toBe("8");
    const [row] = historyRows(saved, reason);
    expect(row).toBeDefined();
    // When, What, For sale ±, For sale after, On the shelf ±, Who, Why / order
    expect(saved.within(row).texts("td").slice(1)).toEqual(["Delivery", "+5", "8", "+5", admin.name || admin.email, reason]);

    const refused = await saved.within({ form: "Count the shelf" }).fill("Units on the shelf", "lots").fill("Why", "Counted after the school fair").press("Save count");
    const fieldBox = refused.all(".form-field").find((div) => refused.within(div).all("#count-to").length === 1);
    expect(fieldBox).toBeDefined();
    expect(refused.within(fieldBox!).text(".field-error")).toBe("Enter a whole number of units.");
    const input = refused.all("#count-to")[0];
    expect(input.attribs["aria-invalid"]).toBe("true");
    expect(refused.text(`#${input.attribs["aria-describedby"]}`)).toBe("Enter a whole number of units.");
    // Nothing changed: the shelf and the history are as the delivery left them.
    expect(forSale(refused)).toBe("8");
    expect((await server.shop.stock.level(product.id))?.available).toBe(8);
    expect(historyRows(refused, "Counted after the school fair")).toHaveLength(0);
  });
});
