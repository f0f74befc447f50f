/**
 * The navbar's Schools menu on a 360 px phone in Hindi: opened, every school's row lies inside the screen
 * (it hung from "स्कूल" and ran 100 px off the right edge). The menu's words and links without
 * JavaScript: tests/integration/pages/home.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { open } from "../support/storefront";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the Schools menu on a 360 px phone", () => {
  it("opens inside the screen with the schools' Hindi names", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
    try {
      expect(await open(page, "/", true)).toBe(200);
      await page.locator(".schools-menu summary").click();
      const list = page.locator(".schools-menu details[open] > ul");
      await list.waitFor();
      expect(await list.getByRole("link", { name: "सेंट ज़ेवियर्स" }).count()).toBe(1);
      const box = await list.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});
