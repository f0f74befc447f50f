/**
 * Named admins in the browser, with JavaScript on and off (decision 104): the owner adds an
 * admin on the Admins page, the new admin signs in and changes an order's status, the order's
 * trail names them by name and email, and once the owner disables them their next page load
 * lands on the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { signInAdmin } from "../../app/auth/session.server";

let server: TestServer;
let browser: Browser | null;
let owner: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  const email = "asha@example.in";
  const { user } = await server.shop.auth.createAdmin({ email, name: "Asha Sharma", password: "asha's long password 1994" });
  const signedIn = await signInAdmin(new Request(`${server.url}/admin/login`), server.shop, user.id);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  owner = { id: user.id, name: user.name, email, cookie, token: "" };
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("/admin/admins", () => {
  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;

    it(`the owner adds an admin who signs in, changes a status and is named in the trail; disabled, they are signed out (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const name = `Ravi Kumar ${mode.name}`;
      const email = `ravi-${mode.name.replace(/\W+/g, "-")}@example.in`.toLowerCase();
      const password = "ravi temporary 2026";
      const order = await placeTestOrder(server.shop, { name: `Parent ${mode.name}` });

      const ownerSide = await newAdminPage(browser, server.url, owner, js);
      const ownerPage = ownerSide.page;
      expect(await open(ownerPage, "/admin/admins", js)).toBe(200);
      await ownerPage.screenshot({ path: `/tmp/admins-${js ? "js" : "nojs"}-before.png`, fullPage: true });
      await ownerPage.getByLabel("Name").fill(name);
      await ownerPage.getByLabel("Email").fill(email);
      await ownerPage.getByLabel("Temporary password").fill(password);
      await ownerPage.getByRole("button", { name: "Add admin" }).click();
      await settle(ownerPage, /saved=added/, js);
      await ownerPage.locator(`tr[data-email="${email}"]`).waitFor();
      expect(await ownerPage.locator(`tr[data-email="${email}"]`).innerText()).toContain("Enabled");

      const { context, page } = await newShopperPage(browser, server.url, js);
      await page.setViewportSize({ width: 1280, height: 900 });
      await open(page, "/admin/login", js);
      await page.locator("#admin-email").fill(email);
      await page.locator("#admin-password").fill(password);
      await page.getByRole("button", { name: "Login" }).click();
      // A temporary password: the admin chooses their own before any other admin page (decision 120).
      await settle(page, (url) => url.pathname === "/admin/password", js);
      await page.getByLabel("Current password").fill(password);
      await page.getByLabel("New password", { exact: true }).fill("ravi's own password 2026");
      await page.getByLabel("New password again").fill("ravi's own password 2026");
      await page.getByRole("button", { name: "Change password" }).click();
      await settle(page, (url) => url.pathname === "/admin/password" && url.searchParams.get("changed") === "1", js);
      await open(page, "/admin", js);

      const r = page.locator(`tr[data-order-id="${order.orderId}"]`);
      await r.waitFor();
      await r.getByLabel(/Status of order/).selectOption("shipped");
      if (!js) await r.getByRole("button", { name: "Save" }).click();
      await page.locator(`tr[data-order-id="${order.orderId}"][data-status="shipped"]`).waitFor();

      await open(page, `/admin/orders/${order.orderId}`, js);
      await page.getByText(`Admin: ${name} (${email})`).first().waitFor();

      await open(ownerPage, "/admin/admins", js);
      await ownerPage.getByRole("button", { name: `Disable ${name}` }).click();
      await settle(ownerPage, /saved=disabled/, js);
      expect(await ownerPage.locator(`tr[data-email="${email}"]`).innerText()).toContain("Disabled");
      await ownerPage.screenshot({ path: `/tmp/admins-${js ? "js" : "nojs"}-after.png`, fullPage: true });

      await page.reload();
      await page.waitForURL((url) => url.pathname === "/admin/login");
      await context.close();
      await ownerSide.context.close();
    });
  }
});
