// Every page of the shop under its Content Security Policy (decision 081), with JavaScript on:
// it hydrates, client-side navigation and the cart's forms work, and the browser reports no
// violation. A script slipped into the page without the nonce is refused, and no site can
// frame the admin's pages.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { createTestAdmin, newAdminPage, placeTestOrder, signInShopperIn, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { settle } from "../support/storefront";
import { PARENT_ORDER_PAGES, STOREFRONT_PAGES } from "../support/pages";
import { invoicedOrder, REGISTERED_SHOP_ENV } from "../support/invoiced-order";

vi.setConfig({ testTimeout: 180_000 });

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

type Hydrated = Window & { __remixRouter?: unknown; __marker?: string };

/**
 * Collects every CSP violation a page of the context reports, through the DOM event (added
 * before any of the page's scripts run) and Chromium's console message, plus script errors.
 */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding("__cspViolation", ({ page }, text: string) => problems.push(`${new URL(page.url()).pathname}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sample})`);
    });
  });
  context.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  context.on("weberror", (error) => problems.push(`error: ${error.error().message}`));
  return problems;
}

/** Opens a page with JavaScript and waits until React has hydrated it. */
async function openHydrated(page: Page, path: string): Promise<number> {
  const response = await page.goto(path);
  await page.waitForFunction(() => (window as Hydrated).__remixRouter !== undefined, undefined, { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
  return response?.status() ?? 0;
}


describe("the Content Security Policy in a browser", () => {
  it("lets every storefront page hydrate with no violation, the same when served from the page cache", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    const problems = await watchViolations(context);
    try {
      const [product] = await server.shop.products.list();
      for (const path of [...STOREFRONT_PAGES, `/product/${product.id}`]) {
        const status = await openHydrated(page, path);
        expect(status, path).toBeLessThan(path === "/no-such-page" ? 500 : 400);
      }
      // A second visit to a catalogue page comes from the page cache, with the policy it was kept with.
      await page.goto("/schools/dps");
      const cached = await page.goto("/schools/dps");
      expect(cached?.headers()["x-page-cache"]).toBe("hit");
      await page.waitForFunction(() => (window as Hydrated).__remixRouter !== undefined);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps client-side navigation and the cart's forms working", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    const problems = await watchViolations(context);
    try {
      await openHydrated(page, "/");
      // A client-side navigation keeps the window: the marker survives it.
      await page.evaluate(() => ((window as Hydrated).__marker = "same document"));
      await page.locator("a.tile", { hasText: "School Uniforms" }).click();
      await settle(page, "**/schools", true);
      expect(await page.evaluate(() => (window as Hydrated).__marker)).toBe("same document");

      await openHydrated(page, "/accessories/stationary");
      await page.getByRole("form", { name: /Scientific Calculator/ }).getByRole("button", { name: /Add to Cart/i }).click();
      await page.locator(".cart-link .badge", { hasText: /^1$/ }).waitFor();
      await openHydrated(page, "/checkout");
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lets the signed-in account page and the admin's pages hydrate with no violation", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { orderId } = await placeTestOrder(server.shop, { name: "Csp Parent" });
    const { context, page } = await newAdminPage(browser, server.url, admin, true);
    const problems = await watchViolations(context);
    try {
      const user = await server.shop.auth.registerWithEmail({ email: `csp-${Date.now()}@example.com`, password: "satchel-2026", name: "Csp Parent" });
      await signInShopperIn(context, server.shop, server.url, user.id);
      await openHydrated(page, "/account");
      await page.getByRole("heading", { level: 1 }).waitFor();
      // The parent's tax invoice and credit note, A4 and 80 mm (print styles of their own).
      const invoiced = await invoicedOrder(server.shop, { userId: user.id, name: "Csp Parent" });
      for (const path of PARENT_ORDER_PAGES(invoiced.orderId)) expect(await openHydrated(page, path), path).toBe(200);
      for (const path of ["/admin", `/admin/orders/${orderId}`, "/admin/products", "/admin/notifications", "/admin/grievances"]) {
        expect(await openHydrated(page, path), path).toBe(200);
      }
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("refuses a script slipped into a page without the nonce", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    const problems = await watchViolations(context);
    try {
      await openHydrated(page, "/contact");
      await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
      });
      await expect.poll(() => problems.length).toBeGreaterThan(0);
      expect(problems.join("\n")).toMatch(/script-src/);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    } finally {
      await context.close();
    }
  });

  it("does not let another page frame the admin", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newAdminPage(browser, server.url, admin, true);
    try {
      // Another page (here about:blank) framing /admin: frame-ancestors 'none' stops the load.
      await page.setContent(`<iframe id="framed" src="${server.url}/admin"></iframe>`);
      const frame = await (await page.waitForSelector("#framed")).contentFrame();
      await expect.poll(async () => frame?.url() ?? "").not.toBe("about:blank");
      await page.waitForLoadState("load");
      expect(await frame?.locator("text=Orders").count().catch(() => 0)).toBe(0);
      expect(frame?.url()).toMatch(/^chrome-error:/);
    } finally {
      await context.close();
    }
  });
});
