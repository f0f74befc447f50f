// The counter's day in Chromium with JavaScript on, keyboard only (issue 52, item 6), in English on a 1280 px counter
// screen and in Hindi on a 10-inch tablet: the drawer opened; two labels scanned into the code field (a scanner types the
// code and Enter), the focus back in that field after each; a reload keeps the sale; the cash typed and Enter makes the
// bill with its change; the day closed with the drawer's cash and the Z report showing the bill. No page is wider than
// the screen and axe finds nothing on the counter. The same steps without JavaScript are tests/integration/pages/
// counter.test.ts and cash.test.ts, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import type { Language } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import { createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { launchBrowser, ready } from "../support/browser";
import { violationsHere } from "../support/axe";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
  admin = await createTestAdmin(server.shop, server.url);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const owner = { kind: "admin" as const, id: "owner", name: "Asha" };

/** Each language at a counter, on a screen and a shelf of its own. */
const CASES: { lang: Language; counter: string; screen: { width: number; height: number }; items: [string, string][] }[] = [
  { lang: "en", counter: "5", screen: { width: 1280, height: 800 }, items: [["school/dps/belt", "Free Size"], ["school/dps/shirt", "28"]] },
  { lang: "hi", counter: "6", screen: { width: 800, height: 1280 }, items: [["school/dps/tie-small", "Free Size"], ["school/dps/shirt", "26"]] },
];

async function focusedId(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.id ?? null);
}

async function fitsTheScreen(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe.each(CASES)("a counter's day with JavaScript on ($lang)", ({ lang, counter, screen, items }) => {
  const m = RESOURCES[lang];
  const c = m.counter;

  it("scans two labels, keeps the sale over a reload, takes the cash with Enter, and closes the day on the bill", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const codes: number[] = [];
    for (const [item, size] of items) {
      await server.shop.schoolStock.setRule(item, "stop", null, owner);
      const sku = (await server.shop.schoolStock.skuOf(item, size))!;
      await server.shop.schoolStock.count(sku, 3, owner, "Counted the shelf");
      codes.push(sku);
    }
    const { total } = await server.shop.orders.counterBill(items.map(([productId, size]) => ({ productId, size, quantity: 1 })));

    const { context, page } = await newAdminPage(browser, server.url, admin, true);
    try {
      await context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
      await page.setViewportSize(screen);

      // The drawer opened with ₹500 before the first sale.
      await page.goto(`/admin/cash?counter=${counter}`);
      await ready(page, true);
      await page.getByLabel(m.cash.open.openingCash).fill("500");
      await page.getByLabel(m.cash.open.openingCash).press("Enter");
      await expect.poll(() => page.locator("body").innerText(), { timeout: 15_000 }).toContain(fill(m.cash.open.done, { amount: formatRupees(500) }));

      await page.goto(`/admin/counter?counter=${counter}`);
      await ready(page, true);
      await fitsTheScreen(page);
      expect(await violationsHere(page, page.url())).toEqual([]);
      // The code field has the focus: a scanner types each label's code and Enter, and the focus comes back for the next.
      for (const [index, code] of codes.entries()) {
        expect(await focusedId(page)).toBe("counter-code");
        await page.keyboard.type(String(code));
        await page.keyboard.press("Enter");
        await expect.poll(() => page.locator("tbody th").count(), { timeout: 15_000 }).toBe(index + 1);
      }
      await expect.poll(() => focusedId(page), { timeout: 15_000 }).toBe("counter-code");
      expect(await page.locator(".counter-total").first().innerText()).toBe(formatRupees(total));

      // A reload (a power cut, a slip of the hand) keeps the sale.
      await page.reload();
      await ready(page, true);
      expect(await page.locator("tbody th").count()).toBe(2);

      // The cash typed and Enter: the bill is made, with the change to give.
      const cash = page.getByLabel(c.pay.cashGiven);
      await cash.focus();
      await page.keyboard.type(String(total + 20));
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator("body").innerText(), { timeout: 15_000 }).toContain(fill(c.done.change, { amount: formatRupees(20) }));
      await fitsTheScreen(page);
      for (const code of codes) expect((await server.shop.stock.level(code))?.available).toBe(2);

      // The day closed with what the drawer holds: its opening and the bill.
      await page.goto(`/admin/cash?counter=${counter}`);
      await ready(page, true);
      expect(await page.locator(".cash-expected").innerText()).toBe(formatRupees(500 + total));
      await page.getByLabel(m.cash.close.counted).fill(String(500 + total));
      await page.getByLabel(m.cash.close.counted).press("Enter");
      await page.getByRole("link", { name: m.cash.closed.printA4 }).waitFor({ timeout: 15_000 });
      await page.getByRole("link", { name: m.cash.closed.printA4 }).click();
      await page.locator(".z-report").waitFor({ timeout: 15_000 });
      const report = await page.locator(".z-report").innerText();
      expect(report).toContain(fill(m.cash.z.counter, { counter }));
      expect(report).toContain(formatRupees(total));
    } finally {
      await context.close();
    }
  }, 180_000);
});
