import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const fitsPhone = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe("a shopper reads the shop in Hindi", () => {
  for (const mode of JS_MODES) {
    it(`switches to हिन्दी from the navbar and stays in Hindi (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
      await page.goto("/schools");
      await ready(page, mode.javaScriptEnabled);
      expect(await page.getAttribute("html", "lang")).toBe("en-IN");

      await page.locator(".language-switch").getByRole("link", { name: "हिन्दी" }).click();
      await page.waitForURL((url) => url.pathname === "/schools" && !url.search.includes("lng"));
      await ready(page, mode.javaScriptEnabled);
      expect(await page.getAttribute("html", "lang")).toBe("hi-IN");
      await page.getByRole("heading", { level: 1, name: "अपना स्कूल ढूँढें" }).waitFor();
      expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

      // The choice holds on the next pages: home, then a school.
      await page.getByRole("navigation", { name: "मुख्य" }).getByRole("link", { name: "होम" }).click();
      await page.getByRole("heading", { level: 1, name: "चूरू के हर स्कूल की यूनिफॉर्म" }).waitFor();
      await ready(page, mode.javaScriptEnabled);
      expect(await page.title()).toMatch(/1994 से/);
      expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

      await page.goto("/schools/dps");
      await ready(page, mode.javaScriptEnabled);
      expect(await page.getAttribute("html", "lang")).toBe("hi-IN");
      await page.getByText("साइज़ चुनने और दाम देखने के लिए").waitFor();
      expect(await page.getByRole("navigation", { name: "आप यहाँ हैं" }).getByRole("link", { name: "स्कूल" }).count()).toBe(1);
      expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

      // A refused sign-in says what is wrong in Hindi too.
      await page.goto("/login");
      await ready(page, mode.javaScriptEnabled);
      await page.getByLabel("मोबाइल नंबर या ईमेल").fill("not-an-email");
      await page.getByRole("button", { name: "लॉग इन" }).click();
      await page.getByText("कृपया सही ईमेल या 10 अंकों का मोबाइल नंबर लिखें।").waitFor();
      expect(await fitsPhone(page)).toBeLessThanOrEqual(360);

      // And back to English from the same switch.
      await page.goto("/schools/dps");
      await ready(page, mode.javaScriptEnabled);
      await page.locator(".language-switch").getByRole("link", { name: "English" }).click();
      await page.waitForURL((url) => url.pathname === "/schools/dps" && !url.search.includes("lng"));
      await ready(page, mode.javaScriptEnabled);
      expect(await page.getAttribute("html", "lang")).toBe("en-IN");
      await page.getByText("Back to all schools").waitFor();
      await context.close();
    });
  }
});
