/**
 * The reports area (decision 135) and season planning (decision 136), in Chromium with JavaScript on and
 * without JavaScript over HTTP through the pages' real forms and links (decision 175), in English and Hindi: the filters in the address, the server-drawn charts with their tables, a
 * CSV download, and the tailor's plan. The shop has two school years of orders written through the
 * real commands (bin/demo-history.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, call, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import { seededRandom, writeDemoHistory } from "../../bin/demo-history";
import { listCatalogueProducts } from "../../domain/catalogue";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url, "reports-admin@churu-uniforms.example");
  // Only DPS shirts, so the season's item is sure to have sold last July.
  const products = listCatalogueProducts().filter((p) => p.id === "school/dps/shirt");
  await writeDemoHistory(server.shop, products, seededRandom(7), { orders: 60, until: new Date(), parents: 20 });
  const head = await server.shop.store.headPosition();
  expect(await server.shop.waitForReadModels(head!, 60_000)).toBe(true);
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const WORDS = {
  en: { title: "Reports", show: "Show", season: "Season planning", plan: "Plan", suggested: "To make or order", schoolHeader: "School" },
  hi: { title: "रिपोर्ट", show: "दिखाएँ", season: "सीज़न की तैयारी", plan: "योजना बनाएँ", suggested: "बनवाएँ या मँगवाएँ", schoolHeader: "स्कूल" },
} as const;

async function inLanguage(context: BrowserContext, language: "en" | "hi") {
  await context.addCookies([{ name: "shop_lng", value: language, url: server.url }]);
}

describe("/admin/reports", () => {
  it("keeps anyone but the admin out, and answers a bad period with 400 and its words", async () => {
    for (const path of ["/admin/reports", "/admin/reports.csv?table=sales", "/admin/reports/season", "/admin/reports/season.csv?item=school/dps/shirt"]) {
      const res = await call(`${server.url}${path}`);
      expect(res.status, path).toBe(302);
    }
    const bad = await call(`${server.url}/admin/reports?from=2026-13-45`, { headers: { Cookie: admin.cookie } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Write the dates as a day, month and year");
    const backwards = await call(`${server.url}/admin/reports.csv?table=sales&from=2026-07-02&to=2026-07-01`, { headers: { Cookie: admin.cookie } });
    expect(backwards.status).toBe(400);
    const growth = await call(`${server.url}/admin/reports/season?item=school/dps/shirt&growth=9999`, { headers: { Cookie: `${admin.cookie}; shop_lng=hi` } });
    expect(growth.status).toBe(400);
    expect(await growth.text()).toContain("बढ़त 50 से 300 तक");
  });

  for (const language of ["en", "hi"] as const) {
    const words = WORDS[language];
    it(`shows charts with their tables, filters by school in the address, downloads a CSV and plans a season (JS off, over HTTP, ${language})`, async () => {
      const http = await adminHtmlBrowser(server.url, admin);
      await http.setCookie(`shop_lng=${language}; Path=/`);
      const reports = await http.open("/admin/reports");
      expect(reports.status).toBe(200);
      expect(reports.text("h1")).toBe(words.title);
      // Server-drawn charts: an SVG image per chart, each with its axis words, and the figures in a table.
      for (const chart of ["sales-chart", "count-chart", "school-chart", "size-chart"]) {
        expect(reports.attr(`svg[data-chart="${chart}"]`, "role"), chart).toBe("img");
      }
      expect(reports.count('svg[data-chart="sales-chart"] path.line')).toBe(2);
      // Rupees with Indian grouping on the axis.
      expect(reports.texts('svg[data-chart="sales-chart"] .tick text')).toContain("₹0");
      expect(reports.count('[data-table="schools"] tbody tr')).toBeGreaterThan(0);

      // The filter: a GET form, so the school ends up in the address.
      const filters = reports.within(".report-filters");
      const firstSchool = filters.field({ css: 'select[name="school"]' }).options[1];
      const filtered = await filters.select({ css: 'select[name="school"]' }, firstSchool).press(words.show);
      const school = filtered.url.searchParams.get("school");
      expect(school).toBe("DPS");
      expect(filtered.count('svg[data-chart="size-chart"]')).toBe(1);
      expect(filtered.count('[data-table="sizes"] tbody tr')).toBeGreaterThan(1);

      // The schools table as a CSV, in the page's language, with the page's figures as plain numbers a spreadsheet adds up.
      const href = filtered.attr('a[data-csv="schools"]', "href")!;
      expect(href).toContain(`school=${encodeURIComponent(school!).replace(/%20/g, "+")}`);
      const csv = await http.open(href);
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toContain("text/csv");
      const [header, first] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(header.startsWith(words.schoolHeader)).toBe(true);
      const [firstRow] = filtered.all('[data-table="schools"] tbody tr');
      const [name, ...figures] = filtered.within(firstRow).texts("th, td");
      const plain = (shown: string) => String(Number(shown.replace(/[₹,\s]/g, "")));
      expect(first).toBe([/[",]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name, ...figures.map(plain)].join(","));
      expect(first).not.toMatch(/₹/);

      // Season planning: this July's shirts from last July's sizes, at 150%.
      const season = await filtered.follow(new RegExp(words.season));
      expect(season.url.pathname).toBe("/admin/reports/season");
      const julyValue = season.attr('select[name="term"] option[value^="july-"]', "value")!;
      const planned = await season
        .select({ css: 'select[name="item"]' }, "school/dps/shirt")
        .select({ css: 'select[name="term"]' }, julyValue)
        .fill({ css: 'input[name="growth"]' }, "150")
        .press(words.plan);
      expect(planned.url.searchParams.get("growth")).toBe("150");
      expect(planned.count('svg[data-chart="season-chart"]')).toBe(1);
      const rows = planned.all('[data-table="season"] tbody tr');
      expect(rows.length).toBeGreaterThan(1);
      // Each size's expected units are last season's at 150%, rounded up.
      for (const row of rows) {
        const [, last, , , , expected] = planned.within(row).texts("th, td").map((c) => Number(c.replace(/,/g, "")));
        expect(expected).toBe(Math.ceil((last * 150) / 100));
      }
      const seasonCsv = await http.open(planned.attr('a[data-csv="season"]', "href")!);
      expect(seasonCsv.status).toBe(200);
      expect(seasonCsv.headers.get("content-disposition")).toContain(`season-school-dps-shirt-${julyValue}.csv`);
      expect(seasonCsv.body).toContain(words.suggested);
    });
  }

  for (const language of ["en", "hi"] as const) {
    const js = true;
    const words = WORDS[language];
    it(`shows charts with their tables, filters by school in the address, downloads a CSV and plans a season (JS on, ${language})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await inLanguage(context, language);
      try {
        expect(await open(page, "/admin/reports", js)).toBe(200);
        await page.getByRole("heading", { level: 1, name: words.title }).waitFor();
        // Server-drawn charts: an SVG image per chart, each with its axis words, and the figures in a table.
        for (const chart of ["sales-chart", "count-chart", "school-chart", "size-chart"]) {
          const svg = page.locator(`svg[data-chart="${chart}"]`);
          await svg.waitFor();
          expect(await svg.getAttribute("role")).toBe("img");
        }
        expect(await page.locator('svg[data-chart="sales-chart"] path.line').count()).toBe(2);
        // Rupees with Indian grouping on the axis.
        expect(await page.locator('svg[data-chart="sales-chart"] .tick text').allTextContents()).toContain("₹0");
        const schoolRows = page.locator('[data-table="schools"] tbody tr');
        expect(await schoolRows.count()).toBeGreaterThan(0);

        // The filter: a GET form, so the school ends up in the address.
        await page.locator('select[name="school"]').selectOption({ index: 1 });
        await page.locator(".report-filters button[type=submit]").click();
        await settle(page, (url) => url.searchParams.has("school") && url.searchParams.get("school") !== "", js);
        const school = new URL(page.url()).searchParams.get("school")!;
        expect(school).toBe("DPS");
        await page.locator('svg[data-chart="size-chart"]').waitFor();
        expect(await page.locator('[data-table="sizes"] tbody tr').count()).toBeGreaterThan(1);

        // The schools table as a CSV, in the page's language, with the page's figures as plain numbers a spreadsheet adds up.
        const href = await page.locator('a[data-csv="schools"]').getAttribute("href");
        expect(href).toContain(`school=${encodeURIComponent(school).replace(/%20/g, "+")}`);
        const csv = await page.request.get(`${server.url}${href}`);
        expect(csv.status()).toBe(200);
        expect(csv.headers()["content-type"]).toContain("text/csv");
        const text = (await csv.text()).replace(/^\uFEFF/, "");
        const [header, first] = text.split("\r\n");
        expect(header.startsWith(words.schoolHeader)).toBe(true);
        const cells = await page.locator('[data-table="schools"] tbody tr').first().locator("th, td").allTextContents();
        const [name, ...figures] = cells;
        const plain = (shown: string) => String(Number(shown.replace(/[₹,\s]/g, "")));
        expect(first).toBe([/[",]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name, ...figures.map(plain)].join(","));
        expect(first).not.toMatch(/₹/);

        // Season planning: this July's shirts from last July's sizes, at 150%.
        await page.getByRole("link", { name: new RegExp(words.season) }).click();
        await settle(page, /\/admin\/reports\/season/, js);
        await page.locator('select[name="item"]').selectOption("school/dps/shirt");
        const julyValue = await page.locator('select[name="term"] option[value^="july-"]').first().getAttribute("value");
        await page.locator('select[name="term"]').selectOption(julyValue!);
        await page.locator('input[name="growth"]').fill("150");
        await page.getByRole("button", { name: words.plan }).click();
        await settle(page, (url) => url.searchParams.get("growth") === "150", js);
        await page.locator('svg[data-chart="season-chart"]').waitFor();
        const rows = page.locator('[data-table="season"] tbody tr');
        expect(await rows.count()).toBeGreaterThan(1);
        // Each size's expected units are last season's at 150%, rounded up.
        for (let i = 0; i < (await rows.count()); i++) {
          const [, last, , , , expected] = (await rows.nth(i).locator("th, td").allTextContents()).map((c) => Number(c.replace(/,/g, "")));
          expect(expected).toBe(Math.ceil((last * 150) / 100));
        }
        const seasonHref = await page.locator('a[data-csv="season"]').getAttribute("href");
        const seasonCsv = await page.request.get(`${server.url}${seasonHref}`);
        expect(seasonCsv.status()).toBe(200);
        expect(seasonCsv.headers()["content-disposition"]).toContain(`season-school-dps-shirt-${julyValue}.csv`);
        expect(await seasonCsv.text()).toContain(words.suggested);
      } finally {
        await context.close();
      }
    });
  }
});
