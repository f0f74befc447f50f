// axe-core on every storefront page with JavaScript on, in English and in Hindi, signed out: what a screen-reader
// user or a parent with a small phone would trip over (missing names, contrast, scrolling regions) shows up here.
// A signed-in parent's pages and the admin's: ./accessibility-account.e2e.test.ts (a file of its own, so the two
// run side by side).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { inLanguage, openHydrated, violationsHere, violationsOf } from "../support/axe";
import { STOREFRONT_PAGES } from "../support/pages";
import { REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { startTestServer, type TestServer } from "../support/server";

vi.setConfig({ testTimeout: 300_000 });

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ env: REGISTERED_SHOP_ENV }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("accessibility (axe-core), JavaScript on", () => {
  it("catches what it is here to catch: an image without a text and a button without a name", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    try {
      await openHydrated(page, "/contact");
      await page.evaluate(() => {
        const image = document.createElement("img");
        image.src = "/favicon.ico";
        document.querySelector("main")!.append(image, document.createElement("button"));
      });
      const found = (await violationsHere(page, "/contact")).join("\n");
      expect(found).toMatch(/image-alt/);
      expect(found).toMatch(/button-name/);
      // A frame whose colours fail is caught the first time its markup is seen (and only then measured).
      await page.evaluate(() => {
        const faint = document.createElement("p");
        faint.textContent = "Faint words";
        faint.style.color = "#eeeeee";
        faint.style.background = "#ffffff";
        document.querySelector("footer")!.append(faint);
      });
      expect((await violationsHere(page, "/contact")).join("\n")).toMatch(/color-contrast/);
    } finally {
      await context.close();
    }
  });

  for (const language of ["en", "hi"] as const) {
    it(`finds no violation on any storefront page, signed out, in ${language === "en" ? "English" : "Hindi"}`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, true);
      await inLanguage(context, server.url, language);
      try {
        const [product] = await server.shop.products.list();
        const found: string[] = [];
        for (const path of [...STOREFRONT_PAGES, `/product/${product.id}`]) found.push(...(await violationsOf(page, path)));
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });

  }
});
