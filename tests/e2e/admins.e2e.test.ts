/**
 * Named admins, with JavaScript on in Chromium and off over HTTP (decisions 104, 175): the owner adds an
 * admin on the Admins page, the new admin signs in and changes an order's status, the order's
 * trail names them by name and email, and once the owner disables them their next page load
 * lands on the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
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
  const mode = { name: "JS on" };
  const js = true;

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
    // A manager: they change an order's status below (decision 215).
    await ownerPage.getByLabel("Role", { exact: true }).selectOption("manager");
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

  it("the owner adds an admin who signs in, changes a status and is named in the trail; disabled, they are signed out (JS off, over HTTP)", async () => {
    const name = "Ravi Kumar JS off";
    const email = "ravi-js-off@example.in";
    const password = "ravi temporary 2026";
    const order = await placeTestOrder(server.shop, { name: "Parent JS off" });

    const ownerSide = await adminHtmlBrowser(server.url, owner);
    const admins = await ownerSide.open("/admin/admins");
    expect(admins.status).toBe(200);
    const added = await admins.fill("Name", name).fill("Email", email).fill("Temporary password", password).select(/^Role$/, "manager").press("Add admin");
    expect(added.url.searchParams.get("saved")).toBe("added");
    expect(added.text(`tr[data-email="${email}"]`)).toContain("Enabled");

    const browser = htmlBrowser(server.url);
    const login = await browser.open("/admin/login");
    const asked = await login.fill({ css: "#admin-email" }, email).fill({ css: "#admin-password" }, password).press("Login");
    // A temporary password: the admin chooses their own before any other admin page (decision 120).
    expect(asked.url.pathname).toBe("/admin/password");
    const changed = await asked
      .fill("Current password", password)
      .fill(/^New password$/, "ravi's own password 2026")
      .fill("New password again", "ravi's own password 2026")
      .press("Change password");
    expect(changed.url.searchParams.get("changed")).toBe("1");

    const dashboard = await browser.open("/admin");
    const shipped = await dashboard.within(`tr[data-order-id="${order.orderId}"]`).select(/Status of order/, "shipped").press("Save");
    expect(shipped.attr(`tr[data-order-id="${order.orderId}"]`, "data-status")).toBe("shipped");

    expect((await browser.open(`/admin/orders/${order.orderId}`)).has(`Admin: ${name} (${email})`)).toBe(true);

    const disabled = await (await ownerSide.open("/admin/admins")).press(`Disable ${name}`);
    expect(disabled.url.searchParams.get("saved")).toBe("disabled");
    expect(disabled.text(`tr[data-email="${email}"]`)).toContain("Disabled");

    expect((await browser.open("/admin")).url.pathname).toBe("/admin/login");
  });
});
