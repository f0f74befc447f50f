import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";

// With JavaScript on: what the scripts do (a fetcher adds and changes without a reload) and how the buttons look.
// The cart with JavaScript off, through its real forms (and the merge at sign-in): tests/integration/pages/cart.test.ts.
const js = true;

// Whole flows in a browser on a shared 2-core machine: give each more than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function badge(page: Page): Promise<string> {
  const b = page.locator(".cart-link .badge");
  return (await b.count()) ? ((await b.textContent()) ?? "").trim() : "0";
}

/** Adds the DPS shirt in a size from its school page, with the page's own form. */
async function addShirt(page: Page, js: boolean, size: string, quantity = 1) {
  await open(page, `/schools/dps/shirt?size=${size}`, js);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "ADD TO CART" }).click();
  await page.waitForLoadState("load");
  await settle(page, (url) => url.pathname === "/schools/dps/shirt", js);
  // Until the shop says it was added. With JS the add goes by a fetcher, which leaves the router idle: a page
  // opened before its answer came cancels it, and the cart stays empty (CI once saw that on a busy machine).
  await page.getByRole("status").filter({ hasText: `Added: Shirt (${size}) x ${quantity}` }).waitFor();
}

describe("cart (JS on)", () => {
  it("adds from a school page, changes a quantity, removes, and ends empty", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await addShirt(page, js, "30", 2);
      await page.locator(".cart-link .badge", { hasText: /^2$/ }).waitFor();
      // BUY NOW on a one-size item goes to the cart.
      await open(page, "/accessories/stationary", js);
      await page.getByRole("form", { name: /Scientific Calculator/ }).getByRole("button", { name: /Add to Cart/i }).click();
      // With JavaScript the post is a client-side submission: the page is "loaded" before the cart has it.
      await page.locator(".cart-link .badge", { hasText: /^3$/ }).waitFor();
      await open(page, "/cart", js);
      expect(await badge(page)).toBe("3");

      const rows = page.locator(".cart-table tbody tr");
      expect(await rows.count()).toBe(2);
      expect(await textOf(page, ".cart-table tbody tr:first-child")).toMatch(/Shirt.*DPS.*30.*₹310.*₹620/);
      // The offer (10% by default) comes off the lines' ₹770.
      expect(await textOf(page, "[data-testid=cart-subtotal]")).toBe("₹770");
      expect(await textOf(page, "[data-testid=cart-total]")).toBe("₹693");

      // Change the quantity: a fetcher sends it (no reload; without JS the Update button does).
      const quantity = page.getByLabel("Quantity of Shirt (30)");
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await quantity.fill("3");
      await page.locator("[data-testid=cart-total]", { hasText: /^₹972$/ }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      await page.locator(".cart-link .badge", { hasText: /^4$/ }).waitFor();

      // A quantity of 0 never leaves the page: the input's own rules (min 1) stop it, JS or not
      // (the server's refusal of 0, -3, 'abc' and 1000 is in tests/integration/orders.api.test.ts).
      expect(await page.getByLabel("Quantity of Shirt (30)").getAttribute("min")).toBe("1");

      await page.getByRole("button", { name: "Remove Shirt (30)" }).click();
      await page.locator("[data-testid=cart-total]", { hasText: /^₹135$/ }).waitFor();
      expect(await page.locator(".cart-table tbody tr").count()).toBe(1);
      await page.getByRole("button", { name: /Remove Scientific Calculator/ }).click();
      await page.getByText("Your cart is empty.").waitFor();
      await page.locator(".cart-link .badge").waitFor({ state: "detached" });
    } finally {
      await context.close();
    }
  });

  it("asks before emptying the cart, with a Clear Cart button like the shop's other secondary buttons, in English and Hindi", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await addShirt(page, js, "30", 2);
      await open(page, "/cart", js);
      const clear = page.getByRole("link", { name: "Clear Cart" });
      // Styled as a secondary button: the size of "Proceed to Checkout", a border, padding, the shop's weight.
      const style = await clear.evaluate((el) => {
        const css = getComputedStyle(el);
        return { border: css.borderTopWidth, padding: parseFloat(css.paddingTop), weight: css.fontWeight, radius: parseFloat(css.borderTopLeftRadius) };
      });
      expect(style).toMatchObject({ border: "2px", weight: "600" });
      expect(style.padding).toBeGreaterThanOrEqual(8);
      expect(style.radius).toBeGreaterThan(0);
      // As tall as "Proceed to Checkout" but for its 2 px border above and below.
      const [own, proceed] = await Promise.all([clear.boundingBox(), page.getByRole("link", { name: "Proceed to Checkout" }).boundingBox()]);
      expect(Math.abs(own!.height - proceed!.height)).toBeLessThanOrEqual(4);
      expect(own!.height).toBeGreaterThanOrEqual(40);

      // The question first; No keeps everything.
      await clear.click();
      await settle(page, (url) => url.searchParams.get("confirm") === "clear", js);
      await page.getByText("Empty your cart?").waitFor();
      expect(await page.getByText("The 1 item in it will be removed.").count()).toBe(1);
      await page.getByRole("link", { name: "No, keep my cart" }).click();
      await settle(page, (url) => url.pathname === "/cart" && !url.searchParams.has("confirm"), js);
      expect(await page.locator(".cart-table tbody tr").count()).toBe(1);
      expect(await page.getByText("Empty your cart?").count()).toBe(0);

      // In Hindi, Yes empties it.
      await open(page, "/cart?lng=hi", js);
      await page.getByRole("link", { name: "कार्ट खाली करें" }).click();
      await settle(page, (url) => url.searchParams.get("confirm") === "clear", js);
      await page.getByText("क्या कार्ट खाली करना है?").waitFor();
      await page.getByRole("button", { name: "हाँ, कार्ट खाली करें" }).click();
      await page.locator(".cart-link .badge").waitFor({ state: "detached" });
      await page.locator(".cart-empty").waitFor();
    } finally {
      await context.close();
    }
  });

});
