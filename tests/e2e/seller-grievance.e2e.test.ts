/**
 * Seller disclosures and the grievance desk (decisions 129, 130), JavaScript on in Chromium and off over HTTP
 * through the pages' real links and forms (decision 175), in English and Hindi: the seller details page reached from the footer, a product's facts and MRP,
 * the terms at checkout, a guest filing a complaint and getting its number on the page and by SMS,
 * and the admin acknowledging and resolving it with a note the parent reads on their ticket page.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlBrowser } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { displayOrderId } from "../../domain/orders/order";
import en from "../../app/locales/en/seller.json";
import hi from "../../app/locales/hi/seller.json";
import enG from "../../app/locales/en/grievance.json";
import hiG from "../../app/locales/hi/grievance.json";
import enCommon from "../../app/locales/en/common.json";
import hiCommon from "../../app/locales/hi/common.json";

const GSTIN = "08AAPFU0939F1ZV";
const LEGAL_NAME = "Churu Uniform House Pvt Ltd";
const ADDRESS = "Subhash Chowk, Churu, Rajasthan 331001";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SHOP_LEGAL_NAME: LEGAL_NAME,
      SHOP_ADDRESS: ADDRESS,
      SHOP_GSTIN: GSTIN,
      SHOP_GRIEVANCE_OFFICER: "Kavita Saini, +91 98290 11111, grievance@churu-uniforms.example",
      SHOP_PHONE: "+91 98290 22222",
    },
  });
  admin = await createTestAdmin(server.shop, server.url, `grievance-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LANGUAGES = [
  { lang: "en", seller: en, grievance: enG, common: enCommon },
  { lang: "hi", seller: hi, grievance: hiG, common: hiCommon },
] as const;

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

async function inLanguage(context: BrowserContext, lang: string) {
  if (lang === "hi") await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
}

/** A browser without JavaScript, over HTTP, asking for the page in `lang` as the language switch does (a cookie). */
async function overHttp(lang: string, browser: HtmlBrowser = htmlBrowser(server.url)): Promise<HtmlBrowser> {
  if (lang === "hi") await browser.setCookie("shop_lng=hi; Path=/");
  return browser;
}

/** A guest's order, placed through the order service: its number and phone prove it on the complaint form. */
async function guestOrder() {
  const phone = newPhone();
  const placed = await server.shop.orders.placeOrder({
    scope: `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }],
    customer: { kind: "guest", name: "Asha Devi", phone },
    address: { name: "Asha Devi", phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "cod",
  });
  // The complaint form finds the order as tracking does, in the read model: wait until it is there.
  expect(await server.shop.waitForReadModels(placed.position, 20_000)).toBe(true);
  // The parent proves the number with a sign-in code (joining the order to their account): only a proven number
  // gets the ticket's texts (decision 191). The order's own text comes first, so the code is the second.
  await eventually("the order's text", () => server.sms.to(phone).length >= 1);
  await server.shop.auth.sendCode({ phone });
  await server.shop.accounts.signInByCode({ phone, code: await server.sms.code(phone, 2) });
  return { orderId: placed.orderId, phone };
}

describe("seller disclosures", () => {
  const mode = { name: "JS on" };
  const js = true;
  for (const words of LANGUAGES) {
    it(`the footer leads to the seller's details, and a uniform's page shows its facts (${mode.name}, ${words.lang})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      await inLanguage(context, words.lang);
      try {
        await open(page, "/", js);
        await page.getByRole("contentinfo").getByRole("link", { name: words.common.footer.seller }).click();
        await settle(page, "**/seller", js);
        await page.getByRole("heading", { name: words.seller.page.title, level: 1 }).waitFor();
        const details = await page.locator("dl.seller-details").textContent();
        expect(details).toContain(LEGAL_NAME);
        expect(details).toContain(ADDRESS);
        expect(details).toContain(GSTIN);
        const body = await page.locator("main").textContent();
        expect(body).toContain("Kavita Saini");
        expect(body).toContain("grievance@churu-uniforms.example");
        expect(body).toContain("+91 98290 22222");
        expect(body).toContain(words.seller.terms.heading);

        await open(page, "/schools/dps/shirt?size=30", js);
        const facts = page.locator("section.product-facts");
        const text = (await facts.textContent()) ?? "";
        expect(text).toContain(words.seller.facts.india);
        expect(text).toContain(words.seller.facts.inclusive);
        expect(text).toMatch(/₹\d/);
        expect(text).toContain(LEGAL_NAME);
        expect(text).toContain(words.seller.facts.piece);
      } finally {
        await context.close();
      }
    });
  }

  it(`a product of the shop's table shows what the admin entered, and checkout shows the return terms (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const product = await server.shop.products.create({
      name: `Steel Bottle ${randomUUID().slice(0, 6)}`,
      price: 349,
      description: "750 ml",
      imageUrl: null,
      stockQuantity: 5,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
      countryOfOrigin: "India",
      maker: "Milton Housewares, Mumbai 400001",
      netQuantity: "750 ml",
    });
    const { context, page } = await newShopperPage(browser, server.url, js);
    try {
      await open(page, `/product/${product.id}`, js);
      const facts = (await page.locator("section.product-facts").textContent()) ?? "";
      expect(facts).toContain("Milton Housewares, Mumbai 400001");
      expect(facts).toContain("750 ml");
      expect(facts).toContain("₹349 (inclusive of all taxes)");

      await open(page, "/schools/dps/shirt?size=30", js);
      await page.getByRole("button", { name: "BUY NOW" }).click();
      await settle(page, "**/cart", js);
      await open(page, "/checkout", js);
      const terms = page.locator("section.seller-terms");
      await terms.getByRole("heading", { name: en.terms.heading }).waitFor();
      expect(await terms.textContent()).toContain("within 7 days of delivery");
    } finally {
      await context.close();
    }
  });

  for (const words of LANGUAGES) {
    it(`the footer leads to the seller's details, and a uniform's page shows its facts (JS off, over HTTP, ${words.lang})`, async () => {
      const browser = await overHttp(words.lang);
      const home = await browser.open("/");
      const page = await home.within("footer").follow(words.common.footer.seller);
      expect(page.url.pathname).toBe("/seller");
      expect(page.headings()[0]).toBe(words.seller.page.title);
      const details = page.text("dl.seller-details");
      expect(details).toContain(LEGAL_NAME);
      expect(details).toContain(ADDRESS);
      expect(details).toContain(GSTIN);
      const body = page.text("main");
      expect(body).toContain("Kavita Saini");
      expect(body).toContain("grievance@churu-uniforms.example");
      expect(body).toContain("+91 98290 22222");
      expect(body).toContain(words.seller.terms.heading);

      const text = (await browser.open("/schools/dps/shirt?size=30")).text("section.product-facts");
      expect(text).toContain(words.seller.facts.india);
      expect(text).toContain(words.seller.facts.inclusive);
      expect(text).toMatch(/₹\d/);
      expect(text).toContain(LEGAL_NAME);
      expect(text).toContain(words.seller.facts.piece);
    });
  }

  it("a product of the shop's table shows what the admin entered, and checkout shows the return terms (JS off, over HTTP)", async () => {
    const product = await server.shop.products.create({
      name: `Steel Bottle ${randomUUID().slice(0, 6)}`,
      price: 349,
      description: "750 ml",
      imageUrl: null,
      stockQuantity: 5,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
      countryOfOrigin: "India",
      maker: "Milton Housewares, Mumbai 400001",
      netQuantity: "750 ml",
    });
    const browser = htmlBrowser(server.url);
    const facts = (await browser.open(`/product/${product.id}`)).text("section.product-facts");
    expect(facts).toContain("Milton Housewares, Mumbai 400001");
    expect(facts).toContain("750 ml");
    expect(facts).toContain("₹349 (inclusive of all taxes)");

    const cart = await (await browser.open("/schools/dps/shirt?size=30")).press("BUY NOW");
    expect(cart.url.pathname).toBe("/cart");
    const terms = (await browser.open("/checkout")).within("section.seller-terms");
    expect(terms.headings()).toContain(en.terms.heading);
    expect(terms.text()).toContain("within 7 days of delivery");
  });
});

describe("the grievance desk", () => {
  const mode = { name: "JS on" };
  const js = true;
  for (const words of LANGUAGES) {
    it(`a guest files a complaint and gets its number at once and by SMS; the admin acknowledges and resolves it (${mode.name}, ${words.lang})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const order = await guestOrder();
      const { context, page } = await newShopperPage(browser, server.url, js);
      await inLanguage(context, words.lang);
      const G = words.grievance;
      try {
        await open(page, "/grievance", js);
        await page.getByLabel(G.form.name).fill("Asha Devi");
        await page.getByLabel(G.form.phone, { exact: true }).fill(order.phone);
        await page.getByLabel(G.form.orderNumber).fill(displayOrderId(order.orderId));
        await page.getByLabel(G.form.topic).selectOption("delivery");
        await page.getByLabel(G.form.text).fill("The parcel has not come after ten days.");
        // A wrong phone first: refused beside the form, nothing filed.
        const phone = page.getByLabel(G.form.phone, { exact: true });
        await phone.fill(newPhone());
        await page.getByRole("button", { name: G.form.submit }).click();
        await page.getByRole("alert").filter({ hasText: words.lang === "en" ? "could not find an order" : "कोई ऑर्डर नहीं मिला" }).waitFor();
        await page.getByLabel(G.form.phone, { exact: true }).fill(order.phone);
        await page.getByLabel(G.form.orderNumber).fill(displayOrderId(order.orderId));
        await page.getByLabel(G.form.text).fill("The parcel has not come after ten days.");
        await page.getByRole("button", { name: G.form.submit }).click();
        await settle(page, (url) => url.pathname.startsWith("/grievance/") && url.searchParams.get("filed") === "1", js).catch(async (err) => {
          throw new Error(`not filed; the page says: ${await page.locator("main").textContent()}`, { cause: err });
        });
        const filed = (await page.getByTestId("ticket-filed").textContent()) ?? "";
        const number = /G-[0-9A-F]{8}/.exec(filed)?.[0];
        expect(number, filed).toBeTruthy();
        expect(await page.getByTestId("ticket-stage").textContent()).toBe(G.ticket.stages.open);
        const ticketUrl = page.url();

        const [text] = await eventually(`the ticket's SMS to ${order.phone}`, () => {
          const texts = server.sms.to(order.phone).filter((t) => t.text.includes(number!));
          return texts.length ? texts : null;
        });
        expect(text.text).toContain(new URL(ticketUrl).pathname);

        // The admin, in the same language, on the desk: the ticket with its deadlines, acknowledged then resolved.
        const desk = await newAdminPage(browser, server.url, admin, js);
        await inLanguage(desk.context, words.lang);
        try {
          await open(desk.page, "/admin/grievances", js);
          await desk.page.getByTestId("open-grievances").getByRole("link", { name: number! }).click();
          await settle(desk.page, (url) => url.pathname.startsWith("/admin/grievances/"), js);
          await desk.page.getByLabel(G.admin.acknowledgeNote).fill("We are asking the courier.");
          await desk.page.getByRole("button", { name: G.admin.acknowledge }).click();
          await settle(desk.page, (url) => url.searchParams.get("saved") === "1", js);
          await desk.page.getByTestId("admin-ticket-stage").filter({ hasText: G.ticket.stages.acknowledged }).waitFor();
          await desk.page.getByLabel(G.admin.resolveNote).fill("Delivered again today; sorry for the wait.");
          await desk.page.getByRole("button", { name: G.admin.resolve }).click();
          await desk.page.getByTestId("admin-ticket-stage").filter({ hasText: G.ticket.stages.resolved }).waitFor();
        } finally {
          await desk.context.close();
        }

        await eventually("the resolution's SMS", () => server.sms.to(order.phone).some((t) => t.text.includes("Delivered again today; sorry for the wait.")));
        await open(page, new URL(ticketUrl).pathname, js);
        expect(await page.getByTestId("ticket-stage").textContent()).toBe(G.ticket.stages.resolved);
        expect(await page.getByTestId("ticket-resolution").textContent()).toBe("Delivered again today; sorry for the wait.");
        expect(await page.locator("main").textContent()).toContain("We are asking the courier.");
      } finally {
        await context.close();
      }
    });
  }

  for (const words of LANGUAGES) {
    it(`a guest files a complaint and gets its number at once and by SMS; the admin acknowledges and resolves it (JS off, over HTTP, ${words.lang})`, async () => {
      const order = await guestOrder();
      const browser = await overHttp(words.lang);
      const G = words.grievance;
      const form = await browser.open("/grievance");
      form.fill(G.form.name, "Asha Devi").fill(G.form.phone, order.phone).fill(G.form.orderNumber, displayOrderId(order.orderId)).select(G.form.topic, "delivery");
      form.fill(G.form.text, "The parcel has not come after ten days.");
      // A wrong phone first: refused beside the form, nothing filed.
      const refused = await form.fill(G.form.phone, newPhone()).press(G.form.submit);
      expect(refused.alerts().join(" ")).toContain(words.lang === "en" ? "could not find an order" : "कोई ऑर्डर नहीं मिला");
      refused.fill(G.form.phone, order.phone).fill(G.form.orderNumber, displayOrderId(order.orderId)).fill(G.form.text, "The parcel has not come after ten days.");
      const page = await refused.press(G.form.submit);
      expect(page.url.pathname.startsWith("/grievance/") && page.url.searchParams.get("filed") === "1", `not filed; the page says: ${page.text("main")}`).toBe(true);
      const filed = page.text('[data-testid="ticket-filed"]');
      const number = /G-[0-9A-F]{8}/.exec(filed)?.[0];
      expect(number, filed).toBeTruthy();
      expect(page.text('[data-testid="ticket-stage"]')).toBe(G.ticket.stages.open);

      const [text] = await eventually(`the ticket's SMS to ${order.phone}`, () => {
        const texts = server.sms.to(order.phone).filter((t) => t.text.includes(number!));
        return texts.length ? texts : null;
      });
      expect(text.text).toContain(page.url.pathname);

      // The admin, in the same language, on the desk: the ticket with its deadlines, acknowledged then resolved.
      const desk = await overHttp(words.lang, await adminHtmlBrowser(server.url, admin));
      const ticket = await (await desk.open("/admin/grievances")).within('[data-testid="open-grievances"]').follow(number!);
      expect(ticket.url.pathname.startsWith("/admin/grievances/")).toBe(true);
      const acknowledged = await ticket.fill(G.admin.acknowledgeNote, "We are asking the courier.").press(G.admin.acknowledge);
      expect(acknowledged.url.searchParams.get("saved")).toBe("1");
      expect(acknowledged.text('[data-testid="admin-ticket-stage"]')).toContain(G.ticket.stages.acknowledged);
      const resolved = await acknowledged.fill(G.admin.resolveNote, "Delivered again today; sorry for the wait.").press(G.admin.resolve);
      expect(resolved.text('[data-testid="admin-ticket-stage"]')).toContain(G.ticket.stages.resolved);

      await eventually("the resolution's SMS", () => server.sms.to(order.phone).some((t) => t.text.includes("Delivered again today; sorry for the wait.")));
      const after = await page.open(page.url.pathname);
      expect(after.text('[data-testid="ticket-stage"]')).toBe(G.ticket.stages.resolved);
      expect(after.text('[data-testid="ticket-resolution"]')).toBe("Delivered again today; sorry for the wait.");
      expect(after.text("main")).toContain("We are asking the courier.");
    });
  }
});
