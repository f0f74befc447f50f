// axe-core on every page of the shop with JavaScript on, in English and in Hindi, signed
// out, as a signed-in parent and as the admin: what a screen-reader user or a parent with a
// small phone would trip over (missing names, contrast, scrolling regions) shows up here.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrated, launchBrowser, newShopperPage } from "../support/browser";
import { createTestAdmin, newAdminPage, placeTestOrder, signInShopperIn, type TestAdmin } from "../support/admin";
import { PARENT_ORDER_PAGES, STOREFRONT_PAGES } from "../support/pages";
import { invoicedOrder, REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { startTestServer, type TestServer } from "../support/server";

vi.setConfig({ testTimeout: 300_000 });

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  // GST-registered: a parent's shipped order has a tax invoice and a credit note to open.
  [server, browser] = await Promise.all([startTestServer({ env: REGISTERED_SHOP_ENV }), launchBrowser()]);
  admin = await createTestAdmin(server.shop, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/** Runs axe on the page as it is (evaluated, so the page's CSP does not apply). */
async function violationsHere(page: Page, path: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations.map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

async function violationsOf(page: Page, path: string): Promise<string[]> {
  await openHydrated(page, path);
  return violationsHere(page, path);
}

async function inLanguage(context: BrowserContext, language: "en" | "hi") {
  await context.addCookies([{ name: "shop_lng", value: language, url: server.url }]);
}

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
    } finally {
      await context.close();
    }
  });

  for (const language of ["en", "hi"] as const) {
    it(`finds no violation on any storefront page, signed out, in ${language === "en" ? "English" : "Hindi"}`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, true);
      await inLanguage(context, language);
      try {
        const [product] = await server.shop.products.list();
        const found: string[] = [];
        for (const path of [...STOREFRONT_PAGES, `/product/${product.id}`]) found.push(...(await violationsOf(page, path)));
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });

    it(`finds no violation on a signed-in parent's pages and the admin's, in ${language === "en" ? "English" : "Hindi"}`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { orderId } = await placeTestOrder(server.shop, { name: "Axe Parent" });
      const { context, page } = await newAdminPage(browser, server.url, admin, true);
      await inLanguage(context, language);
      // A parent's phone: the account's orders must not become a region that scrolls sideways.
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        const user = await server.shop.auth.registerWithEmail({ email: `axe-${language}-${Date.now()}@example.com`, password: "secret123", name: "Axe Parent" });
        await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 2 });
        await signInShopperIn(context, server.shop, server.url, user.id);
        await server.shop.accounts.addAddress(user.id, { name: "Axe Parent", phone: "9876501234", address: "12 Station Road", city: "Churu", pincode: "331001" });
        // A complaint of the parent's, open: its page and the admin's, with the desk's table (decision 129).
        const ticket = await server.shop.grievances.file({ key: randomUUID(), userId: user.id, name: "Axe Parent", phone: "9876501234", topic: "delivery", text: "Late.", language });
        if (!ticket.ok) throw new Error("the complaint was throttled");
        const invoiced = await invoicedOrder(server.shop, { userId: user.id, name: "Axe Parent" });
        const found: string[] = [];
        // The account page with each of its own forms open too (decision 114).
        for (const path of ["/account", "/account/privacy", "/admin/privacy", "/account/children", "/admin/kits", "/admin/kits?school=shekhawati-public-school", "/account?edit=details", "/account?edit=phone", "/account?address=new", "/cart", "/checkout", "/", "/admin", `/admin/orders/${orderId}`, "/admin/products", "/admin/photos", "/admin/photos?owner=logo.dps", "/admin/notifications", "/admin/grievances", `/admin/grievances/${ticket.ticketId}`, `/grievance/${ticket.ticketId}?filed=1`, "/admin/password", "/admin/reports", "/admin/reports/season", "/admin/sizes", "/admin/sizes/shirt", "/admin/sizes/exchanges", `/admin/orders/${orderId}/reference`, ...PARENT_ORDER_PAGES(invoiced.orderId)]) {
          found.push(...(await violationsOf(page, path)));
        }
        expect(found).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
