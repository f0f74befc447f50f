/**
 * Finding and handling orders on the dashboard, with JavaScript on in Chromium and off over HTTP (decision 175): search by phone finds
 * the order; two ticked orders get a new status in one go; 'Download these orders' gives a CSV with
 * the order in it. Screenshots at 1280 px go to /tmp (never into the repository).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `find-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("/admin find, bulk status and export", () => {
  const mode = { name: "JS on" };
  const js = true;

  it(`search by phone finds the order (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const order = await placeTestOrder(server.shop, { name: `Phone Finder ${mode.name}` });
    await placeTestOrder(server.shop, { name: `Someone Else ${mode.name}` });
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, "/admin", js);
    await page.getByLabel("Search", { exact: true }).fill(order.phone.slice(-6));
    await page.getByRole("button", { name: "Filter" }).click();
    await settle(page, (url) => url.searchParams.get("q") === order.phone.slice(-6), js);
    const rows = page.locator("tbody tr");
    await page.locator(`tr[data-order-id="${order.orderId}"]`).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await page.locator(".order-count strong").textContent()).toBe("Orders: 1");
    await page.screenshot({ path: `/tmp/find/admin-search-${mode.name}.png` });
    await context.close();
  });

  it(`bulk: sets the status of two ticked orders (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const tag = `Bulk${randomUUID().slice(0, 6)}`;
    const a = await placeTestOrder(server.shop, { name: `${tag} One` });
    const b = await placeTestOrder(server.shop, { name: `${tag} Two` });
    const c = await placeTestOrder(server.shop, { name: `${tag} Three` });
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, `/admin?q=${tag}`, js);
    await page.getByLabel(`Select order ${a.displayId}`).check();
    await page.getByLabel(`Select order ${b.displayId}`).check();
    await page.getByLabel("New status").selectOption("shipped");
    await page.getByRole("button", { name: "Set status" }).click();
    await page.locator("[data-bulk-report]").waitFor();
    expect(await page.locator("[data-bulk-report]").textContent()).toContain("2 of 2 orders marked Shipped.");
    await page.screenshot({ path: `/tmp/find/admin-bulk-${mode.name}.png` });
    expect((await server.shop.orders.getOrder(a.orderId))?.status).toBe("shipped");
    expect((await server.shop.orders.getOrder(b.orderId))?.status).toBe("shipped");
    expect((await server.shop.orders.getOrder(c.orderId))?.status).toBe("pending");
    await context.close();
  });

  it(`export downloads a CSV with the order in it (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const tag = `Csv${randomUUID().slice(0, 6)}`;
    const order = await placeTestOrder(server.shop, { name: `${tag} रमेश` });
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await open(page, `/admin?q=${tag}`, js);
    const [download] = await Promise.all([page.waitForEvent("download"), page.locator("[data-export-all]").click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const text = (await import("node:fs")).readFileSync(path!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain(order.displayId);
    expect(text).toContain(`${tag} रमेश`);
    await context.close();
  });

  it("search by phone finds the order (JS off, over HTTP)", async () => {
    const order = await placeTestOrder(server.shop, { name: "Phone Finder JS off" });
    await placeTestOrder(server.shop, { name: "Someone Else JS off" });
    const browser = await adminHtmlBrowser(server.url, admin);
    const dashboard = await browser.open("/admin");
    const found = await dashboard.fill("Search", order.phone.slice(-6)).press("Filter");
    expect(found.url.searchParams.get("q")).toBe(order.phone.slice(-6));
    expect(found.count(`tr[data-order-id="${order.orderId}"]`)).toBe(1);
    expect(found.count("tbody tr")).toBe(1);
    expect(found.text(".order-count strong")).toBe("Orders: 1");
  });

  it("bulk: sets the status of two ticked orders (JS off, over HTTP)", async () => {
    const tag = `Bulk${randomUUID().slice(0, 6)}`;
    const a = await placeTestOrder(server.shop, { name: `${tag} One` });
    const b = await placeTestOrder(server.shop, { name: `${tag} Two` });
    const c = await placeTestOrder(server.shop, { name: `${tag} Three` });
    const browser = await adminHtmlBrowser(server.url, admin);
    const page = await browser.open(`/admin?q=${tag}`);
    const done = await page.check(`Select order ${a.displayId}`).check(`Select order ${b.displayId}`).select("New status", "shipped").press("Set status");
    expect(done.text("[data-bulk-report]")).toContain("2 of 2 orders marked Shipped.");
    expect((await server.shop.orders.getOrder(a.orderId))?.status).toBe("shipped");
    expect((await server.shop.orders.getOrder(b.orderId))?.status).toBe("shipped");
    expect((await server.shop.orders.getOrder(c.orderId))?.status).toBe("pending");
  });

  it("export downloads a CSV with the order in it (JS off, over HTTP)", async () => {
    const tag = `Csv${randomUUID().slice(0, 6)}`;
    const order = await placeTestOrder(server.shop, { name: `${tag} रमेश` });
    const browser = await adminHtmlBrowser(server.url, admin);
    const page = await browser.open(`/admin?q=${tag}`);
    // A download link: the browser saves what it answers, under the name the answer gives.
    const download = await browser.open(page.attr("[data-export-all]", "href")!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/filename="?orders-\d{4}-\d{2}-\d{2}\.csv"?/);
    expect(download.body.charCodeAt(0)).toBe(0xfeff);
    expect(download.body).toContain(order.displayId);
    expect(download.body).toContain(`${tag} रमेश`);
  });
});
