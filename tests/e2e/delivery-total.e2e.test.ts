/**
 * "Parents see every rupee before they confirm" (decision 113) in a browser on a 360 px phone, with
 * JavaScript on, in English and Hindi (with it off, through the real forms: tests/integration/pages/delivery-total.test.ts): a parent checks delivery to Jaipur on a product
 * page, the cart and the checkout show ₹100 delivery and the total with it before anything is
 * placed; the total follows the pincode in the details (as it is typed with JavaScript, on the
 * first submit without); a total made stale by a price change is refused with the new figures, and
 * the order is placed at those once confirmed. The same rules as plain HTTP:
 * tests/integration/delivery-total.test.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { Language } from "../../domain/i18n";
import { launchBrowser, newShopperPage } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";

/** With JavaScript on: the same pages with it off are checked through their real forms in tests/integration/pages/. */
const js = true;

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the parent reads and clicks, in each language. */
const WORDS = {
  en: {
    check: "Check delivery to your pincode",
    checkButton: "Check",
    buyNow: "BUY NOW",
    proceed: "Proceed to Checkout",
    placeOrder: "Place Order",
    confirm: "Confirm Order",
    jaipur: "Delivery to 302001: ₹100",
    deliveryJaipur: "₹100 to 302001",
    deliveryChuru: "Free to 331001",
    total: (amount: string) => `Total: ${amount}`,
  },
  hi: {
    check: "अपने पिनकोड पर डिलीवरी देखें",
    checkButton: "देखें",
    buyNow: "अभी खरीदें",
    proceed: "ऑर्डर करने आगे बढ़ें",
    placeOrder: "ऑर्डर करें",
    confirm: "ऑर्डर पक्का करें",
    jaipur: "302001 पर डिलीवरी: ₹100",
    deliveryJaipur: "302001 पर ₹100",
    deliveryChuru: "331001 पर मुफ़्त",
    total: (amount: string) => `कुल: ${amount}`,
  },
} as const;

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

async function shopper(js: boolean, lang: Language) {
  const { context, page } = await newShopperPage(browser!, server.url, js);
  if (lang === "hi") await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
  return { context, page };
}

/** The product page's pincode check: the answer it gives. */
async function checkPincode(page: Page, js: boolean, lang: Language, pincode: string): Promise<string> {
  const words = WORDS[lang];
  await page.getByLabel(words.check, { exact: true }).fill(pincode);
  await page.getByRole("button", { name: words.checkButton, exact: true }).click();
  await settle(page, (url) => url.searchParams.get("pincode") === pincode, js);
  return textOf(page, "[data-testid=pincode-answer]");
}

/** BUY NOW on the page, on to the checkout and its details: a dialog with JavaScript, a page of its own without. */
async function toDetails(page: Page, js: boolean, lang: Language) {
  const words = WORDS[lang];
  await page.getByRole("button", { name: words.buyNow, exact: true }).click();
  await settle(page, "**/cart", js);
  await page.getByRole("link", { name: words.proceed, exact: true }).click();
  await settle(page, "**/checkout", js);
  await page.getByRole("link", { name: words.placeOrder, exact: true }).click();
  await page.locator("dialog[open] #details-name").waitFor();
}

async function fillDetails(page: Page, phone: string) {
  await page.locator("#details-name").fill("Meena Gupta");
  await page.locator("#details-phone").fill(phone);
  await page.locator("#details-address").fill("4 MI Road");
  await page.locator("#details-city").fill("Jaipur");
}

async function confirm(page: Page, js: boolean, lang: Language) {
  await page.getByRole("button", { name: WORDS[lang].confirm, exact: true }).click();
}

async function placedOrders(phone: string) {
  return server.shop.db.selectFrom("orders").select(["total", "subtotal", "discount", "delivery"]).where("phone", "=", phone).execute();
}
for (const lang of ["en", "hi"] as const) {
  const words = WORDS[lang];
  describe(`every rupee before the parent confirms (JS on, ${lang})`, () => {
    it("a Jaipur order shows delivery ₹100 and the total with it on the product page, the cart and the checkout, and is placed at it", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopper(js, lang);
      const phone = newPhone();
      try {
        await open(page, "/schools/dps/shirt?size=30", js);
        expect(await checkPincode(page, js, lang, "302001")).toBe(words.jaipur);

        // ₹310 − ₹31 (10% off) + ₹100 delivery to Jaipur.
        await page.getByRole("button", { name: words.buyNow, exact: true }).click();
        await settle(page, "**/cart", js);
        expect(await textOf(page, "[data-testid=cart-delivery]")).toBe(words.jaipur);
        expect(await textOf(page, ".cart-total")).toBe(words.total("₹379"));

        await page.getByRole("link", { name: words.proceed, exact: true }).click();
        await settle(page, "**/checkout", js);
        expect(await textOf(page, "[data-testid=checkout-delivery]")).toBe(words.deliveryJaipur);
        expect(await textOf(page, "[data-testid=checkout-total]")).toBe("₹379");
        await page.getByRole("link", { name: words.placeOrder, exact: true }).click();
        await page.locator("dialog[open] #details-name").waitFor();

        // The details know the pincode and show every rupee before anything is placed.
        expect(await page.locator("#details-pincode").inputValue()).toBe("302001");
        expect(await textOf(page, "[data-testid=details-subtotal]")).toBe("₹310");
        expect(await textOf(page, "[data-testid=details-discount]")).toBe("−₹31");
        expect(await textOf(page, "[data-testid=details-delivery]")).toBe(words.deliveryJaipur);
        expect(await textOf(page, "[data-testid=details-total]")).toBe("₹379");
        expect(await placedOrders(phone)).toEqual([]);

        await fillDetails(page, phone);
        await confirm(page, js, lang);
        await settle(page, "**/checkout/done?order=*", js);
        expect(await textOf(page, "[data-testid=order-delivery]")).toBe("₹100");
        expect(await textOf(page, "[data-testid=order-total]")).toBe("₹379");
        expect(await placedOrders(phone)).toEqual([{ total: 379, subtotal: 310, discount: 31, delivery: 100 }]);
      } finally {
        await context.close();
      }
    });

    it("the total follows the pincode in the details, and the order is placed only at a total the page showed", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopper(js, lang);
      const phone = newPhone();
      try {
        await open(page, "/schools/dps/shirt?size=30", js);
        expect(await checkPincode(page, js, lang, "302001")).toBe(words.jaipur);
        await toDetails(page, js, lang);
        expect(await textOf(page, "[data-testid=details-total]")).toBe("₹379");
        await fillDetails(page, phone);
        await page.locator("#details-pincode").fill("331001");
        // As it is typed: free delivery in Churu district, and back.
        await page.locator("[data-testid=details-total]", { hasText: /^₹279$/ }).waitFor();
        expect(await textOf(page, "[data-testid=details-delivery]")).toBe(words.deliveryChuru);
        await page.locator("#details-pincode").fill("302001");
        await page.locator("[data-testid=details-total]", { hasText: /^₹379$/ }).waitFor();
        await page.locator("#details-pincode").fill("331001");
        await page.locator("[data-testid=details-total]", { hasText: /^₹279$/ }).waitFor();
        await confirm(page, js, lang);
        await settle(page, "**/checkout/done?order=*", js);
        expect(await textOf(page, "[data-testid=order-total]")).toBe("₹279");
        expect(await placedOrders(phone)).toEqual([{ total: 279, subtotal: 310, discount: 31, delivery: 0 }]);
      } finally {
        await context.close();
      }
    });

    it("a total made stale by a price change is refused with the new figures, and placed once confirmed", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const product = await server.shop.products.create({
        name: `Lunch Box ${randomUUID().slice(0, 8)}`,
        price: 200,
        description: "Steel, two tiers.",
        imageUrl: null,
        stockQuantity: 50,
        category: "accessories",
        gender: "unisex",
        size: "Free Size",
      });
      const { context, page } = await shopper(js, lang);
      const phone = newPhone();
      try {
        await open(page, `/product/${product.id}`, js);
        expect(await checkPincode(page, js, lang, "302001")).toBe(words.jaipur);
        await toDetails(page, js, lang);
        // ₹200 − ₹20 + ₹100.
        expect(await textOf(page, "[data-testid=details-total]")).toBe("₹280");
        await fillDetails(page, phone);

        await server.shop.products.update(product.id, { price: 250 }, { kind: "admin", name: "Test admin" });
        await confirm(page, js, lang);
        // ₹250 − ₹25 + ₹100: the new figures, both totals named, nothing placed.
        await page.locator(".error-summary", { hasText: "₹325" }).waitFor();
        const summary = await textOf(page, ".error-summary");
        expect(summary).toContain("₹280");
        if (lang === "en") expect(summary).toContain("The total for delivery to 302001 is ₹325, not the ₹280 shown before.");
        await page.locator("[data-testid=details-total]", { hasText: /^₹325$/ }).waitFor();
        expect(await textOf(page, "[data-testid=details-subtotal]")).toBe("₹250");
        expect(await placedOrders(phone)).toEqual([]);

        await confirm(page, js, lang);
        await settle(page, "**/checkout/done?order=*", js);
        expect(await textOf(page, "[data-testid=order-total]")).toBe("₹325");
        expect(await placedOrders(phone)).toEqual([{ total: 325, subtotal: 250, discount: 25, delivery: 100 }]);
      } finally {
        await context.close();
      }
    });
  });
}
