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
  // Long enough that every page of the flow after its first visit is a kept one (decision 106).
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
  describe(`kept catalogue pages for a parent with a cart (${mode.name})`, () => {
    it("shows the parent's own badge on a kept page, which then works like any other", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(err.message));
      page.on("console", (message) => {
        if (message.type() === "error") problems.push(message.text());
      });
      try {
        // Another parent's cart makes /schools/dps a kept page for every guest with a badge.
        const other = await newShopperPage(browser, server.url, false);
        await open(other.page, "/schools/dps/shirt?size=32", false);
        await other.page.getByRole("button", { name: "ADD TO CART" }).click();
        await other.page.waitForLoadState("load");
        await open(other.page, "/schools/dps", false);
        await other.context.close();

        const answers = documentAnswers(page);
        /** Adds `quantity` on the product page open now, then opens the kept school page: it shows the new count. */
        const addThenReopen = async (quantity: string, count: string) => {
          await page.getByRole("spinbutton", { name: "Quantity" }).fill(quantity);
          await page.getByRole("button", { name: "ADD TO CART" }).click();
          await badge(page).filter({ hasText: new RegExp(`^${count}$`) }).waitFor();
          await open(page, "/schools/dps", js);
          expect(answers.at(-1)).toBe("hit");
          expect(await badge(page).textContent()).toBe(count);
        };

        await open(page, "/schools/dps/shirt?size=30", js);
        await addThenReopen("2", "2");
        expect(await badge(page).getAttribute("aria-label")).toBe("2 items in cart");

        // The kept page is a whole page: its links and forms work, with JavaScript (client-side) and without.
        // A product's own page (the school page also links its class kit, which has no quantity to fill).
        await page.locator(".item-card .card-title a").first().click();
        await settle(page, (url) => url.pathname.startsWith("/schools/dps/"), js);
        // Back to the kept page: the new count, never the one it was first filled with.
        await addThenReopen("1", "3");
        // No hydration mismatch or script refused: the filled page is what React would have drawn.
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
