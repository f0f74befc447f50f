/**
 * The admin area in Hindi on a 360 px phone: every page fits the screen (the wide tables
 * scroll inside their own box), and with JavaScript on a row's refusal and the dialogs read
 * in Hindi too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import { addAdminCookie, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { open } from "../support/storefront";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
let orderId: string;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  admin = await createTestAdmin(server.shop, server.url);
  orderId = (await placeTestOrder(server.shop, { name: "Kamla Devi" })).orderId;
  productId = (
    await server.shop.products.create({
      name: "Hindi Test Tie",
      price: 120,
      description: "A striped tie",
      imageUrl: null,
      stockQuantity: 4,
      category: "tie",
      gender: "unisex",
      size: "Free Size",
    })
  ).id;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const fitsPhone = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

describe("the admin area in Hindi on a phone", () => {
  for (const mode of JS_MODES) {
    it(`fits every admin page at 360 px in Hindi (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
      await addAdminCookie(context, admin, server.url);
      await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
      try {
        for (const [path, heading] of [
          ["/admin", "ऑर्डर"],
          [`/admin/orders/${orderId}`, undefined],
          [`/admin/orders/${orderId}/delete`, "यह ऑर्डर हटाएँ?"],
          ["/admin/products", "सामान"],
          [`/admin/products/${productId}/delete`, "यह सामान हटाएँ?"],
          ["/admin/notifications", "संदेश"],
        ] as const) {
          expect(await open(page, path, mode.javaScriptEnabled), path).toBe(200);
          expect(await page.getAttribute("html", "lang")).toBe("hi-IN");
          if (heading) await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
          expect(await fitsPhone(page), path).toBeLessThanOrEqual(360);
        }

        if (mode.javaScriptEnabled) {
          // The dashboard's delete dialog asks in Hindi.
          await open(page, "/admin", true);
          await page.locator(`tr[data-order-id="${orderId}"]`).getByRole("button", { name: "हटाएँ" }).click();
          await page.getByRole("heading", { level: 2, name: "यह ऑर्डर हटाएँ?" }).waitFor();
          expect(await fitsPhone(page)).toBeLessThanOrEqual(360);
        }
      } finally {
        await context.close();
      }
    });
  }
});
