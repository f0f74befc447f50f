import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { randomInt } from "node:crypto";
import { JS_MODES, launchBrowser, newShopperPage, ready } from "../support/browser";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";

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

// Without JavaScript, the same order through the pages' forms over HTTP: tests/integration/pages/i18n.test.ts.
describe("a Hindi shopper buys a shirt", () => {
  for (const mode of JS_MODES.filter((m) => m.javaScriptEnabled)) {
    const js = mode.javaScriptEnabled;
    it(`orders in Hindi, is told what to fix in Hindi, and gets the order SMS in Hindi (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      const phone = `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
      try {
        await open(page, "/?lng=hi", js);
        expect(await page.getAttribute("html", "lang")).toBe("hi-IN");
        await open(page, "/schools/dps/shirt?size=30", js);
        await page.getByRole("spinbutton", { name: "कितने चाहिए" }).fill("1");
        await page.getByRole("button", { name: "अभी खरीदें" }).click();
        await settle(page, "**/cart", js);

        await page.getByRole("link", { name: "ऑर्डर करने आगे बढ़ें" }).click();
        await settle(page, "**/checkout", js);
        await page.getByRole("link", { name: "ऑर्डर करें" }).click();
        await page.getByRole("heading", { name: "ऑर्डर पक्का करने के लिए अपनी जानकारी भरें" }).waitFor();

        // Nothing filled, then a short number and pincode: every message in Hindi, by its field.
        const confirm = page.getByRole("button", { name: "ऑर्डर पक्का करें" });
        await confirm.click();
        for (const message of ["नाम भरना ज़रूरी है", "मोबाइल नंबर भरना ज़रूरी है", "पता भरना ज़रूरी है", "पिनकोड भरना ज़रूरी है"]) {
          await page.locator(".field-error").getByText(message, { exact: true }).waitFor();
        }
        const fill = async (mobile: string, pincode: string) => {
          await page.getByLabel("नाम", { exact: true }).fill("सुनीता देवी");
          await page.getByLabel("मोबाइल नंबर", { exact: true }).fill(mobile);
          await page.getByLabel("पता", { exact: true }).fill("वार्ड 7, सुभाष चौक");
          await page.getByLabel("शहर", { exact: true }).fill("चूरू");
          await page.getByLabel("पिनकोड", { exact: true }).fill(pincode);
        };
        await fill("12345", "3310");
        await confirm.click();
        await page.locator("#phone-error").getByText("मोबाइल नंबर 10 अंकों का होना चाहिए").waitFor();
        await page.locator("#pincode-error").getByText("पिनकोड 6 अंकों का होना चाहिए").waitFor();

        await fill(phone, "331001");
        await confirm.click();
        await settle(page, "**/checkout/done?order=*", js);
        await page.getByRole("heading", { name: "आपका ऑर्डर हो गया है। धन्यवाद!" }).waitFor();
        const number = await textOf(page, "[data-testid=order-number]");

        // The text the SMS provider was handed: Hindi, with the number the page showed and its tracking link.
        const [sms] = await eventually(`the order SMS to ${phone}`, () => {
          const texts = server.sms.to(phone);
          return texts.length ? texts : null;
        });
        expect(sms.text).toMatch(new RegExp(`^Churu Uniform House: आपका ऑर्डर ${number} \\(₹\\d[\\d,]*(, \\d+% छूट ₹[\\d,]+)?\\) मिल गया। ट्रैक करें: \\S+/orders/track\\?orderId=${number}$`));
      } finally {
        await context.close();
      }
    }, 90_000);
  }
});
