// axe-core on a signed-in parent's pages and the admin's with JavaScript on, in English and in Hindi (the
// storefront signed out: ./accessibility.e2e.test.ts).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { inLanguage, violationsOf } from "../support/axe";
import { createTestAdmin, newAdminPage, placeTestOrder, signInShopperIn, type TestAdmin } from "../support/admin";
import { PARENT_ORDER_PAGES } from "../support/pages";
import { invoicedOrder, REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { startTestServer, type TestServer } from "../support/server";

vi.setConfig({ testTimeout: 300_000 });

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

describe("accessibility (axe-core), JavaScript on, signed in", () => {
  for (const language of ["en", "hi"] as const) {
    it(`finds no violation on a signed-in parent's pages and the admin's, in ${language === "en" ? "English" : "Hindi"}`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { orderId } = await placeTestOrder(server.shop, { name: "Axe Parent" });
      const { context, page } = await newAdminPage(browser, server.url, admin, true);
      await inLanguage(context, server.url, language);
      // A parent's phone: the account's orders must not become a region that scrolls sideways.
      await page.setViewportSize({ width: 360, height: 740 });
      try {
        const user = await server.shop.auth.registerWithEmail({ email: `axe-${language}-${Date.now()}@example.com`, password: "satchel-2026", name: "Axe Parent" });
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
