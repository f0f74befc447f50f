import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { htmlBrowser } from "../support/html-browser";

/**
 * The shop's links are Remix's `Link` and `NavLink` (decision 170): without JavaScript they are links;
 * with it, a plain click is a navigation in the page, and a modified click is left to the browser. The
 * page's scripts are asked for only once it has drawn (app/scripts-after-paint.server.ts, decision 172).
 */
let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("links between the shop's pages", () => {
  it("with JavaScript, a menu link goes to its page without loading a new document, and marks itself as the current page", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    await page.goto("/");
    await ready(page, true);
    const main = page.getByRole("navigation", { name: "Main" });
    expect(await main.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    // Whatever this document holds survives a navigation in the page, and is gone after a page load.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });

    await main.getByRole("link", { name: "Shop" }).click();
    await page.waitForURL("**/shop");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // The address changes a moment before the page is drawn anew: wait for the menu to mark the new page.
    await main.locator('a[aria-current="page"]', { hasText: "Shop" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(documents).toEqual([]);
    expect(await main.getByRole("link", { name: "Shop" }).getAttribute("aria-current")).toBe("page");
    expect(await main.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();

    // A school from the Schools menu, then back: the history has both pages.
    await main.getByText("Schools", { exact: true }).click();
    await main.getByRole("link", { name: "DPS", exact: true }).click();
    await page.waitForURL("**/schools/dps");
    await page.goBack();
    await page.waitForURL("**/shop");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(documents).toEqual([]);
    await context.close();
  });

  it("with JavaScript, a click with Ctrl is left to the browser (a new tab), and this page stays", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    await page.goto("/");
    await ready(page, true);
    const opened = context.waitForEvent("page");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForURL("**/shop");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("with JavaScript, the page's scripts are asked for only once it has loaded, and then take over its links", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    // The page as served names no script to fetch while it is read: no modulepreload, no module script (decision 172).
    const response = await page.goto("/shop");
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"|<script[^>]*(type="module"|\ssrc=)/);
    await ready(page, true);
    // After `load` (the script waits for it, then for a frame). Not compared with the first paint's time: that is
    // when the frame reached the screen, which on a busy machine comes after the script's frame callback has run.
    const timing = await page.evaluate(() => ({
      loaded: performance.getEntriesByType("navigation").map((entry) => (entry as PerformanceNavigationTiming).loadEventStart)[0] ?? Infinity,
      scripts: performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js")).map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(0);
    expect(timing.scripts.filter((start) => start < timing.loaded)).toEqual([]);
    // Hydrated: a menu link goes to its page in this document.
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(documents).toEqual([]);
    await context.close();
  });

  it("without JavaScript, a menu link loads its page, marked as the current page by the server (JS off, over HTTP)", async () => {
    const home = await htmlBrowser(server.url).open("/");
    const shop = await home.within({ region: "Main" }).follow("Shop");
    expect(shop.url.pathname).toBe("/shop");
    expect(shop.status).toBe(200);
    const main = shop.within({ region: "Main" });
    const current = (name: string) => main.all("a[href]").filter((a) => main.within(a).text() === name).map((a) => a.attribs["aria-current"]);
    expect(current("Shop")).toEqual(["page"]);
    expect(current("Home")).toEqual([undefined]);
  });
});
