/**
 * The owner's day with 5,000 orders (issue 35, decision 138), in Chromium with JavaScript on and
 * off, measured by the elements' boxes at 1280x800: the dashboard's payment filter on the
 * filters' first line, History and Delete on the screen in the reported-payments view, the Method
 * column, the signed-in admin named in the header; a cash-on-delivery slip says what to collect,
 * and an 80 mm receipt prints on a page as long as its text (the PDF's page boxes against the
 * documents' boxes). Screenshots go to /tmp/owner-day-*.png to be looked at.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser } from "../support/browser";
import { open } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { sql } from "kysely";
import { formatRupees } from "../../domain/money";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
const tag = `Ow${randomUUID().replace(/-/g, "").slice(0, 8)}`.toLowerCase();
const LONG_ADDRESS = "House 118, behind the old Sethani ka Johra, near Government Girls Senior Secondary School, Ward 14";
const reported: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_PHONE: "+91 98765 43210" } });
  admin = await createTestAdmin(server.shop, server.url, `owner-day-${randomUUID()}@churu-uniforms.example`);
  await server.shop.db.updateTable("users").set({ name: "Asha Saini" }).where("id", "=", admin.id).execute();
  browser = await launchBrowser();
  for (let i = 0; i < 8; i++) {
    const order = await placeTestOrder(server.shop, {
      name: `Mahendra Singh Shekhawat ${tag} ${i}`,
      paymentMethod: "upi",
      address: LONG_ADDRESS,
      email: `mahendra.singh.shekhawat.${i}@example.com`,
      userId: `user-${tag}-${i}`,
      items: [
        { productId: "school/dps/shirt", size: "28", quantity: 2 },
        { productId: "school/dps/pant", size: "26", quantity: 1 },
      ],
    });
    await server.shop.orders.pay(order.orderId, (at) => ({ type: "ReportPayment", reference: `41234567${String(1000 + i)}`, actor: { kind: "guest" }, at }));
    reported.push(order.orderId);
  }
  await busyDay(reported[0], 5_000);
}, 180_000);

/**
 * A busy day's counts: `copies` more reported UPI orders in the orders read model, copied from
 * one order with new ids and numbers, in every status. Only the dashboard's list and its counts
 * read them (the status list reads "Pending (1,000)", as it did on the owner's day); no stream
 * backs them, which nothing in this file asks for.
 */
async function busyDay(from: string, copies: number) {
  await sql`
    do $$
    declare cols text;
    begin
      select string_agg(quote_ident(column_name), ', ') into cols
      from information_schema.columns
      where table_schema = current_schema() and table_name = 'orders' and is_generated = 'NEVER' and column_name not in ('id', 'short_id', 'status');
      execute format(
        'insert into orders (id, short_id, status, %s) select gen_random_uuid()::text, upper(substr(md5(g::text || id), 1, 8)), (array[''pending'',''processing'',''shipped'',''delivered'',''cancelled''])[1 + g %% 5], %s from orders, generate_series(1, ${sql.raw(String(copies))}) g where id = ${sql.raw(`''${from}''`)}',
        cols, cols);
    end $$`.execute(server.shop.db);
}
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The boxes of what the test looks at, in CSS pixels of the 1280 px window. */
function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
    };
    const scroller = document.querySelector("table.admin-table")?.parentElement ?? null;
    return {
      width: window.innerWidth,
      search: box(document.querySelector("#order-search")),
      status: box(document.querySelector("#status-filter")),
      payment: box(document.querySelector("#payment-filter")),
      actions: [...document.querySelectorAll("table.admin-table tbody tr td.actions")].map((cell) => ({
        history: box(cell.querySelector("a")),
        remove: box(cell.querySelector("button, a.danger-link")),
      })),
      overflow: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
      pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

describe("the dashboard at 1280 px", () => {
  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;
    it(`keeps the payment filter on the first line, History and Delete on the screen, a Method column and the admin's name (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const lang of ["en", "hi"] as const) {
        await context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
        // The whole reported view of the busy day: its counts as long as they get.
        await open(page, "/admin?payment=reported", js);
        await page.screenshot({ path: `/tmp/owner-day-reported-${lang}-${mode.name}.png` });
        const seen = await boxes(page);
        // One line of filters: the payment list's box starts on the search box's line.
        expect(seen.payment!.top, lang).toBeLessThan(seen.search!.bottom);
        expect(seen.payment!.right, lang).toBeLessThanOrEqual(seen.width);
        expect(seen.actions, lang).toHaveLength(50);
        for (const row of seen.actions) {
          expect(row.history!.right, lang).toBeLessThanOrEqual(seen.width);
          expect(row.remove!.right, lang).toBeLessThanOrEqual(seen.width);
        }
        expect(seen.overflow, lang).toBeLessThanOrEqual(0);
        expect(seen.pageOverflow, lang).toBeLessThanOrEqual(0);
        const methods = await page.locator("table.admin-table tbody td.payment-method").allInnerTexts();
        expect(new Set(methods), lang).toEqual(new Set(["UPI"]));
        const heading = await page.locator("table.admin-table thead th").allInnerTexts();
        expect(heading, lang).toContain(lang === "en" ? "Method" : "तरीका");
        expect(await page.locator("[data-signed-in-admin]").innerText(), lang).toContain("Asha Saini");
      }
      await context.close();
    });
  }
});

/** The page boxes of a PDF Chromium printed, in mm: [width, height] for each page. */
function pdfPages(pdf: Buffer): [number, number][] {
  const text = pdf.toString("latin1");
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    ((Number(m[3]) - Number(m[1])) * 25.4) / 72,
    ((Number(m[4]) - Number(m[2])) * 25.4) / 72,
  ]);
}

describe("printing", () => {
  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;
    it(`says on a cash-on-delivery slip what to collect, and prints each 80 mm receipt on a page as long as its text (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const cash = await placeTestOrder(server.shop, {
        name: `Sunita Saini ${mode.name}`,
        paymentMethod: "cod",
        address: LONG_ADDRESS,
        items: [
          { productId: "school/dps/shirt", size: "30", quantity: 2 },
          { productId: "school/dps/pant", size: "28", quantity: 1 },
          { productId: "stationery/scientific-calculator", quantity: 1 },
        ],
      });
      const short = await placeTestOrder(server.shop, { name: "Ram", paymentMethod: "cod" });
      const total = (await server.shop.orders.getOrder(cash.orderId))!.total;
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await page.setViewportSize({ width: 1280, height: 800 });
      // By the 8-character numbers, as the owner reads them off the dashboard.
      await open(page, `/admin/orders/print?ids=${cash.displayId},${reported[0].slice(0, 8)},${short.displayId}&paper=receipt`, js);
      expect(await page.locator("[data-order-id] [data-field=collect]").first().innerText()).toBe(`Cash on delivery: collect ${formatRupees(total)}`);
      // The UPI order (its payment reported, not yet collected at the door) asks no cash.
      expect(await page.locator(`[data-order-id="${reported[0]}"] [data-field=collect]`).count()).toBe(0);
      await page.screenshot({ path: `/tmp/owner-day-receipt-${mode.name}.png`, fullPage: true });
      await page.emulateMedia({ media: "print" });
      const docs = await page.locator(".print-doc").evaluateAll((els) => els.map((el) => (el.getBoundingClientRect().height * 25.4) / 96));
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pages = pdfPages(pdf);
      // One page per receipt, 80 mm wide, never shorter than its text and without a blank tail:
      // exact with JavaScript (measured), the server's reckoning within a few mm without it.
      const reckoned = await page.locator("link[data-receipt-pages]").getAttribute("href");
      expect(pages, `pages ${JSON.stringify(pages)} for documents of ${JSON.stringify(docs)} mm (${reckoned})`).toHaveLength(3);
      pages.forEach(([width, height], i) => {
        expect(width).toBeCloseTo(80, 0);
        expect(height, `receipt ${i + 1}`).toBeGreaterThanOrEqual(docs[i]);
        expect(height - docs[i], `receipt ${i + 1}: ${height.toFixed(1)} mm for ${docs[i].toFixed(1)} mm of text`).toBeLessThanOrEqual(js ? 2 : 12);
      });
      await context.close();
    });
  }
});
