/**
 * Tax documents on narrow paper and phones (decision 208), in Chromium because only a browser lays them out: on the
 * 80 mm roll and on a 360 px phone, in English and Hindi, no amount breaks across lines, no column's name runs into
 * another's, and the page is no wider than the screen.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { REGISTERED_SHOP_ENV } from "../support/invoiced-order";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
  admin = await createTestAdmin(server.shop, server.url, `layout-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("a tax invoice on narrow paper", () => {
  for (const lang of ["en", "hi"] as const) {
    for (const [paper, width] of [["receipt", 360], ["a4", 360]] as const) {
      it(`keeps every amount whole and every heading apart (${paper} at ${width} px, ${lang})`, async ({ skip }) => {
        if (!browser) return skip("no Chromium on this machine");
        const placed = await placeTestOrder(server.shop, {
          name: "Layout Parent",
          items: [
            { productId: "school/dps/shirt", size: "30", quantity: 12 },
            { productId: "stationery/premium-school-notebook", quantity: 40 },
            { productId: "bags/classic-school-backpack", quantity: 3 },
          ],
          pincode: "302001",
        });
        await server.shop.orders.changeStatus(placed.orderId, "shipped", { kind: "admin", id: admin.id, name: admin.name });
        const { context, page } = await newAdminPage(browser, server.url, admin, true);
        await context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${server.url}/admin/orders/${placed.orderId}/print?doc=invoice&paper=${paper}`);
        await page.locator("article.print-tax").first().waitFor();
        const found = await page.evaluate(() => {
          const cells = [...document.querySelectorAll(".print-tax-lines td.num:not([data-field=rate]), .print-totals dd")];
          const broken = cells.filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            return lines.size > 1 || cell.scrollWidth > cell.clientWidth + 1;
          });
          const heads = [...document.querySelectorAll(".print-tax-lines td[data-label]")].filter((cell) => {
            const label = getComputedStyle(cell, "::before").content;
            return label === "none" || cell.scrollWidth > cell.clientWidth + 1;
          });
          return { cells: cells.length, broken: broken.map((c) => c.textContent), heads: heads.map((c) => `${c.getAttribute("data-field")} ${c.scrollWidth}/${c.clientWidth}`), width: document.documentElement.scrollWidth };
        });
        expect(found.cells).toBeGreaterThan(5);
        expect(found.broken).toEqual([]);
        expect(found.heads).toEqual([]);
        expect(found.width).toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  }
});
