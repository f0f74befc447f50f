/**
 * The admin area's own frame (issue 20), JavaScript on and off: no shop navbar ("Login / Signup",
 * the Schools menu, the cart) and no shop footer, the admin header instead; at 1280x800 the
 * dashboard shows at least 15 orders, each row's status control shows its whole value, and a long
 * address or list of items is cut to one line with its whole text still in the cell; at 360 px
 * the admin pages fit the screen (only the table scrolls sideways, inside its own region).
 * Screenshots go to /tmp/admin-frame-*.png to be looked at.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import { open } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { createTestAdmin, newAdminPage, type TestAdmin } from "../support/admin";
import type { OrderStatus } from "../../domain/orders/events";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
const orders: { orderId: string; status: OrderStatus }[] = [];
const LONG_ADDRESS = "House 118, behind the old Sethani ka Johra, near Government Girls Senior Secondary School, Ward 14, Subhash Chowk";
const STATUSES: OrderStatus[] = ["pending", "processing", "shipped", "delivered", "cancelled"];
const ACTOR = { kind: "admin" as const, id: "frame-e2e", name: "Frame Test" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, "frame-e2e@churu-uniforms.example");
  browser = await launchBrowser();
  let phone = 9_200_000_000 + Math.floor(Math.random() * 700_000_000);
  for (let i = 0; i < 30; i++) {
    const mobile = String(phone++);
    const name = i % 3 === 0 ? "महेंद्र सिंह शेखावत" : `Kavita Jangid ${i}`;
    const placed = await server.shop.orders.placeOrder({
      scope: `guest:${mobile}`,
      idempotencyKey: randomUUID(),
      items: [
        { productId: "school/dps/shirt", size: "28", quantity: 2 },
        { productId: "school/dps/pant", size: "26", quantity: 1 },
        { productId: "stationery/scientific-calculator", quantity: 1 },
      ],
      customer: { kind: "guest", name, phone: mobile },
      address: { name, phone: mobile, address: i % 2 ? LONG_ADDRESS : `${i} Station Road`, city: "Churu", pincode: "331001" },
    });
    await server.shop.orders.waitUntilVisible(placed.position);
    const status = STATUSES[i % STATUSES.length];
    if (status !== "pending") await server.shop.orders.changeStatus(placed.orderId, status, ACTOR);
    orders.push({ orderId: placed.orderId, status });
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Rows of the dashboard whose whole box is on the screen as it first shows. */
function rowsOnScreen(page: Page): Promise<number> {
  return page.locator("table.admin-table tbody tr").evaluateAll((rows) => {
    const height = window.innerHeight;
    const width = window.innerWidth;
    return rows.filter((row) => {
      const box = row.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= height && box.left >= 0 && box.left < width && box.height > 0;
    }).length;
  });
}

/**
 * Each row's status select: the width its chosen label needs (measured in the select's own font)
 * against the room inside it, less the arrow. A cut label ("pe", "proce") needs more than it has.
 */
function statusRoom(page: Page): Promise<{ label: string; needs: number; has: number }[]> {
  return page.locator("table.admin-table tbody select").evaluateAll((selects) => {
    const context = document.createElement("canvas").getContext("2d")!;
    return (selects as HTMLSelectElement[]).map((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const label = select.selectedOptions[0]?.text ?? "";
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      // Chromium draws the menu's arrow inside the box: about 1em of it is not for the text.
      const arrow = parseFloat(style.fontSize);
      return { label, needs: Math.ceil(context.measureText(label).width), has: Math.floor(select.clientWidth - padding - arrow) };
    });
  });
}

async function noShopFrame(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  // The admin login's own heading and button say "Login": the navbar's pair never shows.
  expect(text).not.toContain("Signup");
  expect(text).not.toMatch(/Login\s*\/?\s*Signup/);
  expect(await page.locator("header.navbar, footer.footer, .cart-link, .schools-menu").count()).toBe(0);
  expect(await page.getByRole("link", { name: "Login", exact: true }).count()).toBe(0);
  expect(await page.getByRole("link", { name: "Signup", exact: true }).count()).toBe(0);
}

describe("the admin frame", () => {
  for (const mode of JS_MODES) {
    const js = mode.javaScriptEnabled;
    const tag = js ? "js" : "nojs";

    it(`draws the admin header, not the shop's navbar and footer, at 1280x800 (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await open(page, "/admin", js)).toBe(200);
      await noShopFrame(page);
      const header = page.locator("header.admin-header");
      expect(await header.locator("a.brand").textContent()).toBe(server.shop.config.shopName);
      const nav = header.getByRole("navigation", { name: "Admin" });
      for (const name of ["Orders", "Products", "Notifications"]) expect(await nav.getByRole("link", { name, exact: true }).count()).toBe(1);
      // The rest of the admin area is under "More", which opens with JavaScript off too (a native disclosure).
      expect(await nav.getByRole("link", { name: "Size charts", exact: true }).isVisible()).toBe(false);
      await nav.locator("summary", { hasText: "More" }).click();
      for (const name of ["Complaints", "Erasures", "Photos", "Size charts", "Class kits", "Admins"]) {
        await nav.getByRole("link", { name, exact: true }).waitFor({ state: "visible" });
      }
      await nav.locator("summary", { hasText: "More" }).click();
      expect(await header.innerText()).toContain(`Signed in as ${admin.name} (${admin.email})`);
      await header.getByRole("button", { name: "Logout" }).waitFor();
      await page.screenshot({ path: `/tmp/admin-frame-dashboard-${tag}.png` });
      // The header is one compact line at a desk's width.
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(48);

      expect(await rowsOnScreen(page)).toBeGreaterThanOrEqual(15);

      const room = await statusRoom(page);
      expect(room.length).toBeGreaterThanOrEqual(15);
      expect(new Set(room.map((r) => r.label))).toEqual(new Set(["pending", "processing", "shipped", "delivered", "cancelled"]));
      for (const r of room) expect(r.needs, `"${r.label}" fits its select`).toBeLessThanOrEqual(r.has);

      // A long address: one line, cut with "…", its whole text still in the cell for a screen reader.
      const longRow = page.locator(`tr[data-order-id="${orders[1].orderId}"]`);
      const cell = longRow.locator("td", { hasText: "Sethani ka Johra" });
      const cut = await cell.evaluate((td) => ({
        text: td.textContent,
        overflow: getComputedStyle(td).textOverflow,
        clipped: td.scrollWidth > td.clientWidth,
      }));
      expect(cut.text).toContain(LONG_ADDRESS);
      expect(cut).toMatchObject({ overflow: "ellipsis", clipped: true });
      const rowHeights = await page.locator("table.admin-table tbody tr").evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
      expect(Math.max(...rowHeights)).toBeLessThanOrEqual(40);
      await context.close();
    });

    it(`keeps the status readable in Hindi and every admin page inside a 360 px screen (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newAdminPage(browser, server.url, admin, js);
      await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, "/admin", js);
      expect(await rowsOnScreen(page)).toBeGreaterThanOrEqual(15);
      for (const r of await statusRoom(page)) expect(r.needs, `"${r.label}" fits its select`).toBeLessThanOrEqual(r.has);
      await page.screenshot({ path: `/tmp/admin-frame-dashboard-hi-${tag}.png` });

      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ["/admin", "/admin/products", "/admin/notifications", `/admin/orders/${orders[1].orderId}`]) {
        await open(page, path, js);
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
        expect(widths.page, `${path} fits 360 px`).toBeLessThanOrEqual(widths.screen);
        await noShopFrame(page);
      }
      await page.screenshot({ path: `/tmp/admin-frame-order-360-${tag}.png`, fullPage: true });
      await context.close();
    });

    it(`shows the admin login without the shop's "Login / Signup" (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      expect(await open(page, "/admin/login", js)).toBe(200);
      await noShopFrame(page);
      expect(await page.locator("header.admin-header a.brand").textContent()).toBe(server.shop.config.shopName);
      // Nobody is signed in yet: no admin nav, no Log out.
      expect(await page.locator("header.admin-header nav").count()).toBe(0);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `/tmp/admin-frame-login-${tag}.png` });
      await context.close();
    });
  }
});
