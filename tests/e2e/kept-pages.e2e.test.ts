/**
 * Catalogue pages kept whole for visitors (decision 171), opened by a parent with a cart: in Chromium with JavaScript
 * on and without JavaScript over HTTP (decision 177), the parent's own badge, never the visitors' kept copy.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle } from "../support/storefront";

// Whole flows in a browser on a shared 2-core machine: give each more than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  // Long enough that a visitor's copy of every page of the flow stays kept throughout (decision 171).
  [server, browser] = await Promise.all([startTestServer({ env: { PAGE_CACHE_SECONDS: "60" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each full page load's X-Page-Cache answer, in order. */
function documentAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "document") answers.push(response.headers()["x-page-cache"] ?? "rendered");
  });
  return answers;
}

const badge = (page: Page) => page.locator(".cart-link .badge");

{
  const js = true;
  describe("catalogue pages kept for visitors, opened by a parent with a cart (JS on)", () => {
    it("shows the parent's own badge, counted afresh after every add, never the visitors' kept copy", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(err.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      try {
        // A visitor's visit keeps /schools/dps, without a badge, for every visitor after.
        const visitor = htmlBrowser(server.url);
        await visitor.open("/schools/dps");
        expect((await visitor.open("/schools/dps")).count(".cart-link .badge")).toBe(0);

        const answers = documentAnswers(page);
        /** Adds `quantity` on the product page open now, then opens the school page: it shows the new count. */
        const addThenReopen = async (quantity: string, count: string) => {
          await page.getByRole("spinbutton", { name: "Quantity" }).fill(quantity);
          await page.getByRole("button", { name: "ADD TO CART" }).click();
          await badge(page).filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
          await open(page, "/schools/dps", js);
          // Rendered for this parent: the visitors' kept copy has no badge.
          expect(answers.at(-1)).toBe("rendered");
          expect(await badge(page).textContent()).toBe(count);
        };

        await open(page, "/schools/dps/shirt?size=30", js);
        await addThenReopen("2", "2");
        expect(await badge(page).getAttribute("aria-label")).toBe("2 items in cart");

        // The page works like any other: its links and forms, with JavaScript (client-side; without, over HTTP below).
        // A product's own page (the school page also links its class kit, which has no quantity to fill).
        await page.locator(".item-card .card-title a").first().click();
        await settle(page, (url) => url.pathname.startsWith("/schools/dps/"), js);
        // Back to the school page: the new count, never the one it showed before.
        await addThenReopen("1", "3");
        // No hydration mismatch or script refused.
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}

describe("catalogue pages kept for visitors, opened by a parent with a cart (JS off, over HTTP)", () => {
  it("shows the parent's own badge, counted afresh after every add, never the visitors' kept copy (JS off, over HTTP)", async () => {
    const badgeOf = (page: HtmlPage) => page.text(".cart-link .badge");
    // A visitor's visit keeps /schools/dps, without a badge, for every visitor after.
    const visitor = htmlBrowser(server.url);
    await visitor.open("/schools/dps");
    const kept = await visitor.open("/schools/dps");
    expect(kept.headers.get("x-page-cache")).toBe("hit");
    expect(kept.count(".cart-link .badge")).toBe(0);

    const parent = htmlBrowser(server.url);
    /** Adds `quantity` on the product page, then opens the school page: it shows the new count. */
    const addThenReopen = async (product: HtmlPage, quantity: string, count: string) => {
      const added = await product.fill("Quantity", quantity).press("ADD TO CART");
      expect(badgeOf(added)).toBe(count);
      const school = await parent.open("/schools/dps");
      // Rendered for this parent: the visitors' kept copy has no badge.
      expect(school.headers.get("x-page-cache") ?? "rendered").toBe("rendered");
      expect(badgeOf(school)).toBe(count);
      return school;
    };

    const school = await addThenReopen(await parent.open("/schools/dps/shirt?size=30"), "2", "2");
    expect(school.attr(".cart-link .badge", "aria-label")).toBe("2 items in cart");

    // The page works like any other: its links and forms. A product's own page (the school page also links its
    // class kit, which has no quantity to fill).
    const product = await school.follow(school.texts(".item-card .card-title a")[0]);
    expect(product.url.pathname.startsWith("/schools/dps/")).toBe(true);
    // Back to the school page: the new count, never the one it showed before.
    await addThenReopen(product, "1", "3");
  });
});
