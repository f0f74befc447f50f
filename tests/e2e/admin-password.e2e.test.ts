/**
 * An admin added with a temporary password changes it at the first sign-in, with JavaScript on
 * in Chromium and off over HTTP (decisions 120, 175): every admin page sends them to /admin/password, a refusal shows beside
 * its field, the change opens the admin pages, and the browser they signed in with elsewhere is
 * signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin } from "../support/admin";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  await createTestAdmin(server.shop, server.url, "owner-password@churu-uniforms.example");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("/admin/password", () => {
  const js = true;

  it("a new admin replaces the temporary password before any other admin page; other sessions end (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const email = `neha-${js ? "js" : "nojs"}@churu-uniforms.example`;
    const temporary = "neha temporary 2026";
    const own = "neha's own password 2026";
    await server.shop.auth.addAdmin({ kind: "cli" }, { email, name: "Neha Verma", password: temporary });

    const signIn = async () => {
      const side = await newShopperPage(browser!, server.url, js);
      await side.page.setViewportSize({ width: 1280, height: 900 });
      await open(side.page, "/admin/login", js);
      await side.page.locator("#admin-email").fill(email);
      await side.page.locator("#admin-password").fill(temporary);
      await side.page.getByRole("button", { name: "Login" }).click();
      await settle(side.page, (url) => url.pathname === "/admin/password", js);
      return side;
    };
    const elsewhere = await signIn();
    const { context, page } = await signIn();
    await page.getByText("You signed in with a temporary password").waitFor();

    // Every other admin page sends them back here.
    await open(page, "/admin/products", js);
    await settle(page, (url) => url.pathname === "/admin/password", js);
    await page.getByRole("link", { name: "Orders", exact: true }).click();
    await settle(page, (url) => url.pathname === "/admin/password", js);

    await page.getByLabel("Current password").fill(temporary);
    await page.getByLabel("New password", { exact: true }).fill(own);
    await page.getByLabel("New password again").fill("not the same one");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The two new passwords are not the same.").waitFor();
    expect(await page.locator("#password-next").inputValue()).toBe(js ? own : "");

    await page.getByLabel("Current password").fill(temporary);
    await page.getByLabel("New password", { exact: true }).fill(own);
    await page.getByLabel("New password again").fill(own);
    await page.getByRole("button", { name: "Change password" }).click();
    await settle(page, (url) => url.pathname === "/admin/password" && url.searchParams.get("changed") === "1", js);
    await page.getByText("Your password is changed.").waitFor();
    await page.screenshot({ path: `/tmp/admin-password-${js ? "js" : "nojs"}.png`, fullPage: true });

    await page.getByRole("link", { name: "Go to the orders" }).click();
    await settle(page, (url) => url.pathname === "/admin", js);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(page.url()).not.toContain("/admin/password");

    // The browser signed in with the temporary password elsewhere is signed out.
    await elsewhere.page.reload();
    await elsewhere.page.waitForURL((url) => url.pathname === "/admin/login");
    await elsewhere.context.close();
    await context.close();
  });

  it("a new admin replaces the temporary password before any other admin page; other sessions end (JS off, over HTTP)", async () => {
    const email = "neha-nojs@churu-uniforms.example";
    const temporary = "neha temporary 2026";
    const own = "neha's own password 2026";
    await server.shop.auth.addAdmin({ kind: "cli" }, { email, name: "Neha Verma", password: temporary });

    const signIn = async () => {
      const browser = htmlBrowser(server.url);
      const login = await browser.open("/admin/login");
      const page = await login.fill({ css: "#admin-email" }, email).fill({ css: "#admin-password" }, temporary).press("Login");
      expect(page.url.pathname).toBe("/admin/password");
      return { browser, page };
    };
    const elsewhere = await signIn();
    const { browser, page: first } = await signIn();
    expect(first.has("You signed in with a temporary password")).toBe(true);

    // Every other admin page sends them back here.
    expect((await browser.open("/admin/products")).url.pathname).toBe("/admin/password");
    const page = await first.follow(/^Orders$/);
    expect(page.url.pathname).toBe("/admin/password");

    const refused = await page.fill("Current password", temporary).fill(/^New password$/, own).fill("New password again", "not the same one").press("Change password");
    expect(refused.has("The two new passwords are not the same.")).toBe(true);
    // Without JavaScript the page comes back from the server: no password is sent back into a field.
    expect(refused.field({ css: "#password-next" }).value).toBe("");

    const changed = await refused.fill("Current password", temporary).fill(/^New password$/, own).fill("New password again", own).press("Change password");
    expect(changed.url.pathname).toBe("/admin/password");
    expect(changed.url.searchParams.get("changed")).toBe("1");
    expect(changed.has("Your password is changed.")).toBe(true);

    const orders = await changed.follow("Go to the orders");
    expect(orders.url.pathname).toBe("/admin");
    expect(orders.headings().length).toBeGreaterThan(0);

    // The browser signed in with the temporary password elsewhere is signed out.
    expect((await elsewhere.page.reload()).url.pathname).toBe("/admin/login");
  });
});
