import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
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

for (const mode of JS_MODES) {
  const js = mode.javaScriptEnabled;
  describe(`catalogue pages kept for visitors, opened by a parent with a cart (${mode.name})`, () => {
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
        const visitor = await newShopperPage(browser, server.url, false);
        await open(visitor.page, "/schools/dps", false);
        await open(visitor.page, "/schools/dps", false);
        expect(await badge(visitor.page).count()).toBe(0);
        await visitor.context.close();

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

        // The page works like any other: its links and forms, with JavaScript (client-side) and without.
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
