import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signInShopper } from "../../app/auth/session.server";
import { SCHOOLS } from "../../domain/schools";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";

// A name no default could produce: the page must take it from the configuration.
const SHOP_NAME = "Sardarshahar Uniform Corner";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
let shopperCookies: string[];

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_NAME } });
  admin = await createTestAdmin(server.shop, server.url);
  const shopper = await server.shop.auth.registerWithEmail({
    email: `lost-${randomUUID()}@example.com`,
    password: "shopper password 1994",
    name: "Kavita Poonia",
  });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, shopper.id);
  shopperCookies = signedIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Page errors and console errors (a failed hydration shows up here). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (message) => {
    // The 404 of the page itself is reported as a failed resource: that one is expected.
    if (message.type() === "error" && !/status of 404/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function signInBrowser(context: BrowserContext) {
  for (const cookie of shopperCookies) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: server.url }]);
  }
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The shop's frame: brand, a Schools menu that opens and lists the schools. */
async function expectShopFrame(page: Page) {
  await expect.poll(() => page.locator("a.brand").textContent()).toBe(SHOP_NAME);
  await page.locator(".schools-menu summary").click();
  const menu = page.locator(".schools-menu ul");
  await menu.getByRole("link", { name: SCHOOLS[0].name, exact: true }).waitFor();
  expect(await menu.getByRole("link").count()).toBe(SCHOOLS.length + 1);
  // Closed again: open, the long list covers the page on a phone-sized screen.
  await page.locator(".schools-menu summary").click();
  await menu.waitFor({ state: "hidden" });
  expect(await page.locator("footer .copyright").textContent()).toContain(`${SHOP_NAME}, Churu, Rajasthan`);
}

/**
 * The shop's frame as a browser without JavaScript shows it: brand, a Schools menu (a native `<details>`) that opens
 * and lists the schools and closes again, the footer; and every style sheet it links loads (what Chromium's console
 * would report as a failed resource).
 */
async function expectShopFrameOverHttp(page: HtmlPage) {
  expect(page.text("a.brand")).toBe(SHOP_NAME);
  page.toggle("Schools");
  expect(page.within(".schools-menu ul").links().map((l) => l.name)).toContain(SCHOOLS[0].name);
  expect(page.count(".schools-menu ul a")).toBe(SCHOOLS.length + 1);
  page.toggle("Schools");
  expect(page.count(".schools-menu ul a")).toBe(0);
  expect(page.text("footer .copyright")).toContain(`${SHOP_NAME}, Churu, Rajasthan`);
  for (const sheet of page.all('link[rel="stylesheet"]')) {
    const href = new URL(sheet.attribs.href, page.url).toString();
    const res = await fetch(href);
    await res.arrayBuffer();
    expect(res.status, href).toBe(200);
  }
}

describe("error pages in the shop's frame (JS off, over HTTP)", () => {
  it("an unknown address shows 'Page not found' in the shop's frame, titled, and leads home (JS off, over HTTP)", async () => {
    const http = htmlBrowser(server.url);
    const page = await http.open("/uniforms/summer-2019-catalogue");
    expect(page.status).toBe(404);
    expect(page.title).toBe(`Page not found | ${SHOP_NAME}`);
    expect(page.text("h1")).toBe("Page not found");
    await expectShopFrameOverHttp(page);
    // A visitor is offered Login and Signup as on every page.
    expect(page.within({ region: "Main" }).links().map((l) => l.name)).toContain("Login");
    const home = await page.follow("Back to Home");
    expect(home.url.pathname).toBe("/");
    expect(home.status).toBe(200);
    expect(home.title).not.toContain("Page not found");
  });

  it("a signed-in shopper who follows a dead link still sees their own navbar (JS off, over HTTP)", async () => {
    const http = htmlBrowser(server.url);
    for (const cookie of shopperCookies) await http.setCookie(`${cookie}; Path=/`);
    const page = await http.open("/schools/dps/blazer-2018");
    expect(page.status).toBe(404);
    expect(page.title).toBe(`Page not found | ${SHOP_NAME}`);
    await expectShopFrameOverHttp(page);
    const main = page.within({ region: "Main" });
    const links = main.links().map((l) => l.name);
    expect(links).toContain("My Account");
    expect(main.buttons()).toContain("Logout");
    expect(links).not.toContain("Login");
    expect(links).not.toContain("Signup");
  });

  it("an unknown admin address shows the admin frame to a signed-in admin (JS off, over HTTP)", async () => {
    const http = await adminHtmlBrowser(server.url, admin);
    const page = await http.open("/admin/reports/2019");
    expect(page.status).toBe(404);
    expect(page.title).toBe("Page not found | Admin");
    expect(page.text("h1")).toBe("Page not found");
    const adminNav = page.within({ region: "Admin" });
    expect(adminNav.has(`Signed in as ${admin.name} (${admin.email})`)).toBe(true);
    expect(adminNav.links().map((l) => l.name)).toEqual(expect.arrayContaining(["Orders", "Products", "Notifications"]));
    expect(page.text("a.brand")).toBe(SHOP_NAME);
    const orders = await page.follow("Back to orders");
    expect(orders.url.pathname).toBe("/admin");
    expect(orders.text("h1")).toBe("Orders");
  });
});

describe("error pages in the shop's frame", () => {
  const mode = { name: "JS on", javaScriptEnabled: true };
  it(`an unknown address shows 'Page not found' in the shop's frame, titled, and leads home (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
    const errors = watchErrors(page);
    try {
      expect(await open(page, "/uniforms/summer-2019-catalogue", mode.javaScriptEnabled)).toBe(404);
      expect(await page.title()).toBe(`Page not found | ${SHOP_NAME}`);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      await expectShopFrame(page);
      // A visitor is offered Login and Signup as on every page.
      await nav(page).getByRole("link", { name: "Login" }).waitFor();
      await page.getByRole("link", { name: "Back to Home" }).click();
      await settle(page, (url) => url.pathname === "/", mode.javaScriptEnabled);
      expect(await page.title()).not.toContain("Page not found");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it(`a signed-in shopper who follows a dead link still sees their own navbar (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, mode.javaScriptEnabled);
    const errors = watchErrors(page);
    try {
      await signInBrowser(context);
      expect(await open(page, "/schools/dps/blazer-2018", mode.javaScriptEnabled)).toBe(404);
      expect(await page.title()).toBe(`Page not found | ${SHOP_NAME}`);
      await expectShopFrame(page);
      await nav(page).getByRole("link", { name: "My Account" }).waitFor();
      await nav(page).getByRole("button", { name: "Logout" }).waitFor();
      expect(await nav(page).getByRole("link", { name: "Login" }).count()).toBe(0);
      expect(await nav(page).getByRole("link", { name: "Signup" }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it(`an unknown admin address shows the admin frame to a signed-in admin (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newAdminPage(browser, server.url, admin, mode.javaScriptEnabled);
    const errors = watchErrors(page);
    try {
      expect(await open(page, "/admin/reports/2019", mode.javaScriptEnabled)).toBe(404);
      expect(await page.title()).toBe("Page not found | Admin");
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      const adminNav = page.getByRole("navigation", { name: "Admin" });
      await adminNav.getByText(`Signed in as ${admin.name} (${admin.email})`).waitFor();
      for (const name of ["Orders", "Products", "Notifications"]) await adminNav.getByRole("link", { name }).waitFor();
      expect(await page.locator("a.brand").textContent()).toBe(SHOP_NAME);
      await page.getByRole("link", { name: "Back to orders" }).click();
      await settle(page, (url) => url.pathname === "/admin", mode.javaScriptEnabled);
      await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a client-side navigation to an unknown address shows the same page in the frame (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, true);
    const errors = watchErrors(page);
    try {
      await signInBrowser(context);
      await open(page, "/contact", true);
      await page.evaluate(() => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/no-such-page"));
      await settle(page, (url) => url.pathname === "/no-such-page", true);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      await expect.poll(() => page.title()).toBe(`Page not found | ${SHOP_NAME}`);
      await expectShopFrame(page);
      await nav(page).getByRole("link", { name: "My Account" }).waitFor();
      await ready(page, true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
