/**
 * "Parents see every rupee before they confirm" (decision 113) with JavaScript off, in English and Hindi, through the
 * pages' real forms (tests/support/html-browser): a parent checks delivery to Jaipur on a product page, the cart and
 * the checkout show ₹100 delivery and the total with it before anything is placed; a changed pincode in the details
 * shows its new total on the first submit and asks again; a total made stale by a price change is refused with the
 * new figures, and the order is placed at those once confirmed. With JavaScript on (the total as the pincode is
 * typed): tests/e2e/delivery-total.e2e.test.ts; the same rules as plain HTTP: tests/integration/delivery-total.test.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../../../domain/i18n";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the parent reads and presses, in each language. */
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

async function parentIn(lang: Language): Promise<HtmlBrowser> {
  const parent = htmlBrowser(server.url);
  if (lang === "hi") await parent.setCookie("shop_lng=hi; Path=/");
  return parent;
}

/** The product page's pincode check: the page with its answer. */
async function checkPincode(page: HtmlPage, lang: Language, pincode: string): Promise<HtmlPage> {
  const words = WORDS[lang];
  const answered = await page.fill(words.check, pincode).press(words.checkButton);
  expect(answered.url.searchParams.get("pincode")).toBe(pincode);
  return answered;
}

/** BUY NOW on the page, on to the checkout and its details: a page of its own without JavaScript. */
async function toDetails(page: HtmlPage, lang: Language): Promise<HtmlPage> {
  const words = WORDS[lang];
  const cart = await page.press(words.buyNow);
  expect(cart.url.pathname).toBe("/cart");
  const checkout = await cart.follow(words.proceed);
  expect(checkout.url.pathname).toBe("/checkout");
  const details = await checkout.follow(words.placeOrder);
  expect(details.url.searchParams.get("step")).toBe("details");
  return details;
}

function fillDetails(page: HtmlPage, phone: string): HtmlPage {
  return page
    .fill({ css: "#details-name" }, "Meena Gupta")
    .fill({ css: "#details-phone" }, phone)
    .fill({ css: "#details-address" }, "4 MI Road")
    .fill({ css: "#details-city" }, "Jaipur");
}

async function placedOrders(phone: string) {
  return server.shop.db.selectFrom("orders").select(["total", "subtotal", "discount", "delivery"]).where("phone", "=", phone).execute();
}

for (const lang of ["en", "hi"] as const) {
  const words = WORDS[lang];
  describe(`every rupee before the parent confirms (JS off, ${lang})`, () => {
    it("a Jaipur order shows delivery ₹100 and the total with it on the product page, the cart and the checkout, and is placed at it", async () => {
      const parent = await parentIn(lang);
      const phone = newPhone();
      const product = await checkPincode(await parent.open("/schools/dps/shirt?size=30"), lang, "302001");
      expect(product.text("[data-testid=pincode-answer]")).toBe(words.jaipur);

      // ₹310 − ₹31 (10% off) + ₹100 delivery to Jaipur.
      const cart = await product.press(words.buyNow);
      expect(cart.url.pathname).toBe("/cart");
      expect(cart.text("[data-testid=cart-delivery]")).toBe(words.jaipur);
      expect(cart.text(".cart-total")).toBe(words.total("₹379"));

      const checkout = await cart.follow(words.proceed);
      expect(checkout.text("[data-testid=checkout-delivery]")).toBe(words.deliveryJaipur);
      expect(checkout.text("[data-testid=checkout-total]")).toBe("₹379");
      const details = await checkout.follow(words.placeOrder);

      // The details know the pincode and show every rupee before anything is placed.
      expect(details.field({ css: "#details-pincode" }).value).toBe("302001");
      expect(details.text("[data-testid=details-subtotal]")).toBe("₹310");
      expect(details.text("[data-testid=details-discount]")).toBe("−₹31");
      expect(details.text("[data-testid=details-delivery]")).toBe(words.deliveryJaipur);
      expect(details.text("[data-testid=details-total]")).toBe("₹379");
      expect(await placedOrders(phone)).toEqual([]);

      const done = await fillDetails(details, phone).press(words.confirm);
      expect(done.url.pathname).toBe("/checkout/done");
      expect(done.text("[data-testid=order-delivery]")).toBe("₹100");
      expect(done.text("[data-testid=order-total]")).toBe("₹379");
      expect(await placedOrders(phone)).toEqual([{ total: 379, subtotal: 310, discount: 31, delivery: 100 }]);
    });

    it("a changed pincode in the details shows its total on the first submit, and the order is placed only at a total the page showed", async () => {
      const parent = await parentIn(lang);
      const phone = newPhone();
      const details = await toDetails(await checkPincode(await parent.open("/schools/dps/shirt?size=30"), lang, "302001"), lang);
      expect(details.text("[data-testid=details-total]")).toBe("₹379");
      fillDetails(details, phone);
      details.fill({ css: "#details-pincode" }, "331001");
      // Without JavaScript the page still shows ₹379: the first submit shows the new total and asks again.
      expect(details.text("[data-testid=details-total]")).toBe("₹379");
      const asked = await details.press(words.confirm);
      const summary = asked.text(".error-summary");
      expect(summary).toContain("₹279");
      expect(summary).toContain("₹379");
      if (lang === "en") expect(summary).toContain("The total for delivery to 331001 is ₹279, not the ₹379 shown before.");
      expect(asked.text("[data-testid=details-delivery]")).toBe(words.deliveryChuru);
      expect(asked.text("[data-testid=details-total]")).toBe("₹279");
      expect(asked.field({ css: "#details-pincode" }).value).toBe("331001");
      expect(await placedOrders(phone)).toEqual([]);
      const done = await asked.press(words.confirm);
      expect(done.url.pathname).toBe("/checkout/done");
      expect(done.text("[data-testid=order-total]")).toBe("₹279");
      expect(await placedOrders(phone)).toEqual([{ total: 279, subtotal: 310, discount: 31, delivery: 0 }]);
    });

    it("a total made stale by a price change is refused with the new figures, and placed once confirmed", async () => {
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
      const parent = await parentIn(lang);
      const phone = newPhone();
      const details = await toDetails(await checkPincode(await parent.open(`/product/${product.id}`), lang, "302001"), lang);
      // ₹200 − ₹20 + ₹100.
      expect(details.text("[data-testid=details-total]")).toBe("₹280");
      fillDetails(details, phone);

      await server.shop.products.update(product.id, { price: 250 }, { kind: "admin", name: "Test admin" });
      const refused = await details.press(words.confirm);
      // ₹250 − ₹25 + ₹100: the new figures, both totals named, nothing placed.
      const summary = refused.text(".error-summary");
      expect(summary).toContain("₹325");
      expect(summary).toContain("₹280");
      if (lang === "en") expect(summary).toContain("The total for delivery to 302001 is ₹325, not the ₹280 shown before.");
      expect(refused.text("[data-testid=details-total]")).toBe("₹325");
      expect(refused.text("[data-testid=details-subtotal]")).toBe("₹250");
      expect(await placedOrders(phone)).toEqual([]);

      const done = await refused.press(words.confirm);
      expect(done.url.pathname).toBe("/checkout/done");
      expect(done.text("[data-testid=order-total]")).toBe("₹325");
      expect(await placedOrders(phone)).toEqual([{ total: 325, subtotal: 250, discount: 25, delivery: 100 }]);
    });
  });
}
