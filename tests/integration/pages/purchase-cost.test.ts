/**
 * The purchase cost of a bought-in product (issue 51) through the stock page's real form over HTTP with JavaScript
 * off, in English and Hindi: the owner enters what a piece cost with a delivery, the page shows the weighted average
 * and the shelf at cost, and a cost that cannot be a piece's is refused beside the form with words, recording nothing.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/server";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import type { HtmlBrowser } from "../../support/html-browser";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `purchase-cost-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function owner(lang: "en" | "hi"): Promise<HtmlBrowser> {
  const browser = await adminHtmlBrowser(server.url, admin);
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

async function bottle() {
  return server.shop.products.create({
    name: `Steel Bottle ${randomUUID().slice(0, 6)}`,
    nameHi: "स्टील की बोतल",
    price: 199,
    description: "",
    imageUrl: null,
    stockQuantity: 0,
    category: "accessories",
    gender: "unisex",
    size: "Free Size",
  });
}

const WORDS = {
  en: { none: "No cost of a piece yet", bad: "Enter the cost of a piece in rupees, like 95 or 95.50." },
  hi: { none: "अभी एक नग की लागत नहीं है", bad: "एक नग की लागत रुपये में लिखें, जैसे 95 या 95.50।" },
} as const;

describe("the purchase cost entered with a delivery", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`is averaged over the deliveries by their pieces and shown with the shelf at cost; a wrong cost is refused (${lang})`, async () => {
      const product = await bottle();
      const browser = await owner(lang);
      const w = WORDS[lang];
      let page = await browser.open(`/admin/products/${product.id}/stock`);
      expect(page.status).toBe(200);
      expect(page.text("[data-field=purchase-cost]")).toContain(w.none);
      const receive = async (from: typeof page, quantity: string, cost: string) => {
        const form = from.within("form.stock-form:has(input[name=cost])");
        return form.fill({ css: "input[name=quantity]" }, quantity).fill({ css: "input[name=cost]" }, cost).fill({ css: "input[name=reason]" }, "Jaipur wholesaler").press(/./);
      };
      page = await receive(page, "20", "95");
      page = await receive(page, "4", "100.00");
      // (20 x ₹95 + 4 x ₹100) / 24 = ₹95.83; 24 on the shelf at cost: 24 x 95.83 = ₹2,299.92 -> ₹2,300.
      const shown = page.text("[data-field=purchase-cost]");
      expect(shown).toContain("₹95.83");
      expect(shown).toContain("24");
      expect(shown).toContain("₹2,300");

      const refused = await receive(page, "5", "95.5.5");
      expect(refused.status).toBe(422);
      expect(refused.text("form.stock-form:has(input[name=cost])")).toContain(w.bad);
      const zero = await receive(page, "5", "0");
      expect(zero.status).toBe(422);
      expect(zero.text("form.stock-form:has(input[name=cost])")).toContain(lang === "en" ? "The cost of a piece must be from ₹0.01 to ₹1,00,000" : "₹0.01 से ₹1,00,000 तक");
      // Nothing was recorded by either: still 24 pieces, the same cost.
      expect((await browser.open(`/admin/products/${product.id}/stock`)).text("[data-field=purchase-cost]")).toBe(shown);
    });
  }
});
