/**
 * The owner prints from an order's page, with JavaScript on and off: the invoice opens from the
 * order page's Print block, shows a Print button (or, without JavaScript, how to print), and as
 * printed (print media) leaves out the admin's nav and every button; on 80 mm receipt paper
 * nothing is wider than the paper. Screenshots go to /tmp/admin-print-*.png to be looked at.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatRupees } from "../../domain/money";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_PHONE: "+91 98765 43210", SHOP_EMAIL: "orders@churu-uniforms.example" } });
  admin = await createTestAdmin(server.shop, server.url, `print-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** School shirts and a calculator outside Churu district: the offer and a delivery charge both show. */
const chargedOrder = (name: string) =>
  placeTestOrder(server.shop, {
    name,
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: "stationery/scientific-calculator", quantity: 1 },
    ],
    address: "9 Mandi Road, near the water tank",
    city: "Ratangarh",
    pincode: "334001",
  });

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's violations on the page as it is (evaluated, so the page's CSP does not apply). */
async function violations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; help: string }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return found.map((v) => `${v.id}: ${v.help}`);
}

/** Whether an element is rendered at all (display none on it or an ancestor hides it). */
const shown = (page: Page, selector: string) =>
  page.evaluate((s) => [...document.querySelectorAll(s)].some((el) => (el as HTMLElement).offsetParent !== null || getComputedStyle(el).position === "fixed"), selector);

/** The widest box on the printed documents, in CSS pixels. */
const widestPrinted = (page: Page) =>
  page.evaluate(() => {
    let widest = 0;
    for (const el of document.querySelectorAll(".print-doc, .print-doc *")) {
      const box = el.getBoundingClientRect();
      widest = Math.max(widest, box.width, (el as HTMLElement).scrollWidth ?? 0);
    }
    return widest;
  });

describe("/admin/orders/{id}/print", () => {
  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;
    const tag = js ? "js" : "nojs";

    it(`opens the invoice from the order page, prints without the frame, fits 80 mm paper (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const placed = await chargedOrder(`Print Parent ${mode.name}`);
      const summary = (await server.shop.orders.getOrder(placed.orderId))!;
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await page.setViewportSize({ width: 1280, height: 900 });

      await open(page, `/admin/orders/${placed.orderId}`, js);
      const printBlock = page.getByRole("navigation", { name: "Print" });
      await printBlock.getByRole("link", { name: "Invoice" }).click();
      await settle(page, (url) => url.pathname === `/admin/orders/${placed.orderId}/print`, js);
      const invoice = page.locator(`article[data-order-id="${placed.orderId}"]`);
      await invoice.waitFor();
      // Not shipped yet, so no tax invoice stands: it prints as an order summary that says so (decision 207).
      expect(await invoice.getByRole("heading", { level: 2 }).textContent()).toBe(`Order summaryOrder ${summary.displayId}`);
      expect(await invoice.locator('[data-field="total"]').textContent()).toBe(formatRupees(summary.total));
      expect(await invoice.locator('[data-field="discount"]').textContent()).toBe(`−${formatRupees(summary.discount)}`);
      expect(await invoice.locator('[data-field="delivery"]').textContent()).toBe(formatRupees(100));
      if (js) {
        await page.getByRole("button", { name: "Print" }).waitFor();
        expect(await page.getByText("Use your browser's Print").count()).toBe(0);
        // The button opens the browser's print dialog: here window.print is watched instead.
        await page.evaluate(() => {
          (window as unknown as { printed: number }).printed = 0;
          window.print = () => void ((window as unknown as { printed: number }).printed += 1);
        });
        await page.getByRole("button", { name: "Print" }).click();
        expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      } else {
        await page.getByText("Use your browser's Print").waitFor();
        expect(await page.getByRole("button", { name: "Print" }).count()).toBe(0);
      }
      await page.screenshot({ path: `/tmp/admin-print-invoice-a4-${tag}.png`, fullPage: true });

      await page.emulateMedia({ media: "print" });
      expect(await shown(page, ".admin-nav, nav, footer, .print-controls, button")).toBe(false);
      expect(await invoice.isVisible()).toBe(true);
      await page.screenshot({ path: `/tmp/admin-print-invoice-a4-print-${tag}.png`, fullPage: true });
      await page.emulateMedia({ media: "screen" });

      await page.getByRole("link", { name: "Receipt 80 mm" }).click();
      await settle(page, (url) => url.searchParams.get("paper") === "receipt", js);
      await invoice.waitFor();
      await page.emulateMedia({ media: "print" });
      expect(await shown(page, ".admin-nav, nav, footer, .print-controls, button")).toBe(false);
      // 80 mm is 302 px at 96 dpi; the printable 72 mm, 272 px.
      const width = await widestPrinted(page);
      expect(width).toBeGreaterThan(200);
      expect(width).toBeLessThanOrEqual(302);
      await invoice.screenshot({ path: `/tmp/admin-print-invoice-receipt-${tag}.png` });
      await page.emulateMedia({ media: "screen" });
      await page.getByRole("link", { name: "Packing slip" }).click();
      await settle(page, (url) => url.searchParams.get("doc") === "slip", js);
      await page.emulateMedia({ media: "print" });
      expect(await widestPrinted(page)).toBeLessThanOrEqual(302);
      await page.locator("article.print-slip").screenshot({ path: `/tmp/admin-print-slip-receipt-${tag}.png` });
      await context.close();
    });
  }

  it("puts each order of a selection on its own page, A4 and 80 mm wide", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const orders = [await chargedOrder("Selection One"), await chargedOrder("Selection Two")];
    const ids = orders.map((o) => o.orderId).join(",");
    const { context, page } = await newAdminPage(browser, server.url, admin, true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, `/admin/orders/print?ids=${ids}&doc=slip`, true);
    await page.screenshot({ path: "/tmp/admin-print-selection-slips.png", fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ media: "print" });
    const breaks = await page.locator("article.print-doc").evaluateAll((docs) => docs.map((d) => getComputedStyle(d).breakAfter));
    expect(breaks).toEqual(["page", "auto"]);
    const a4 = await page.pdf({ preferCSSPageSize: true });
    const receiptPage = await context.newPage();
    await receiptPage.goto(`/admin/orders/print?ids=${ids}&doc=invoice&paper=receipt`);
    await receiptPage.emulateMedia({ media: "print" });
    const receipt = await receiptPage.pdf({ preferCSSPageSize: true });
    const mediaBoxes = (pdf: Buffer) => [...pdf.toString("latin1").matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
    // A4 is 595 x 842 points; 80 mm is 227 points wide. One page per order, at least.
    const a4Pages = mediaBoxes(a4);
    expect(a4Pages.length).toBe(2);
    for (const [w, h] of a4Pages) expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
    const receiptPages = mediaBoxes(receipt);
    expect(receiptPages.length).toBeGreaterThanOrEqual(2);
    for (const [w] of receiptPages) expect(Math.round(w)).toBe(227);

    // In Hindi: the order page's Print block, then the invoice with the products' Hindi names.
    await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
    await page.emulateMedia({ media: "screen" });
    await open(page, `/admin/orders/${orders[0].orderId}`, true);
    const block = page.getByRole("navigation", { name: "प्रिंट" });
    await block.screenshot({ path: "/tmp/admin-print-order-page-block-hi.png" });
    await block.getByRole("link", { name: "बिल" }).click();
    await settle(page, (url) => url.pathname.endsWith("/print"), true);
    await page.getByRole("button", { name: "प्रिंट करें" }).waitFor();
    expect(await page.locator("article.print-invoice").textContent()).toContain("शर्ट");
    await page.screenshot({ path: "/tmp/admin-print-invoice-hi.png", fullPage: true });
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});
