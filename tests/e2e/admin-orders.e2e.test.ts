import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, ready } from "../support/browser";
import type { HtmlPage } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, call, createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatRupees } from "../../domain/money";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, "orders-admin@churu-uniforms.example");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const adminPage = (js: boolean) => newAdminPage(browser!, server.url, admin, js);

/** The dashboard and order pages without JavaScript, over HTTP (decision 175): the admin's own browser. */
const adminOver = () => adminHtmlBrowser(server.url, admin);
const rowIds = (page: HtmlPage) => page.all("tbody tr").map((tr) => tr.attribs["data-order-id"]);
/** More than one page of orders, placed once for both pager tests (each reads the rows it is shown). */
let pagerPlaced: Promise<void> | undefined;
const pagerOrders = () =>
  (pagerPlaced ??= (async () => {
    // Eight at a time: each is its own order stream, so they need not wait for each other.
    for (let i = 0; i < 56; i += 8) await Promise.all(Array.from({ length: 8 }, (_, j) => placeTestOrder(server.shop, { name: `Pager ${i + j}` })));
  })());
const rowOver = (page: HtmlPage, orderId: string) => page.within(`tr[data-order-id="${orderId}"]`);

const row = (page: Page, orderId: string) => page.locator(`tr[data-order-id="${orderId}"]`);
const events = async (orderId: string) => (await server.shop.store.readStream(`order-${orderId}`)).map((e) => e.type);

describe("/admin order dashboard", () => {
  it("sends anyone but the admin to the admin login, pages and actions alike", async () => {
    for (const [method, path] of [
      ["GET", "/admin"],
      ["GET", "/admin/orders/00000000-0000-4000-8000-000000000000"],
      ["POST", "/admin?index"],
    ] as const) {
      const res = await call(`${server.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/login");
    }
  });

  it("answers an unknown order id on the trail with a 404 page", async () => {
    for (const path of ["/admin/orders/00000000-0000-4000-8000-000000000000", "/admin/orders/not-an-id", "/admin/orders/not-an-id/delete"]) {
      const res = await call(`${server.url}${path}`, { headers: { Cookie: admin.cookie } });
      expect(res.status, path).toBe(404);
    }
    const { orderId } = await placeTestOrder(server.shop);
    const res = await call(`${server.url}/admin/orders/${orderId}?at=9`, { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(404);
  });

  it("hydrates the plain rows the server sent without an error, then shows them as live controls (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { orderId } = await placeTestOrder(server.shop, { name: `Hydrate <b>"O'Brien"</b> & Co` });
    const { context, page } = await adminPage(true);
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await open(page, "/admin", true);
    const r = row(page, orderId);
    await r.getByRole("button", { name: "Delete" }).waitFor();
    expect(await r.getByRole("button", { name: "Save" }).count()).toBe(0);
    expect(await r.locator("td.customer-name").textContent()).toBe(`Hydrate <b>"O'Brien"</b> & Co`);
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(0);
    expect(await page.locator("tbody a.danger-link").count(), "no plain row is left").toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  const mode = { name: "JS on" };
  const js = true;

  it(`pages with Next and Previous links, 50 orders a page (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await pagerOrders();
    const { context, page } = await adminPage(js);
    await open(page, "/admin", js);
    const ids = () => page.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-order-id")));
    const first = await ids();
    expect(first).toHaveLength(50);
    expect(await page.getByRole("link", { name: "Previous" }).count()).toBe(0);
    await page.getByRole("link", { name: "Next" }).click();
    await settle(page, (url) => url.searchParams.has("after"), js);
    // With JS the rows render a moment after the URL commits.
    await row(page, first[0]!).waitFor({ state: "detached" });
    const second = await ids();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    // The page is a URL: a reload shows the same rows.
    await page.reload();
    await ready(page, js);
    expect(await ids()).toEqual(second);
    // Previous from the second page is the first page's own address (decision 102), not a cursor.
    await page.getByRole("link", { name: "Previous" }).click();
    await settle(page, (url) => !url.searchParams.has("after") && !url.searchParams.has("before"), js);
    await row(page, first[0]!).waitFor();
    expect(await ids()).toEqual(first);
    await context.close();
  });

  it(`filters by status and sorts by the headers; the view is in the URL (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const shippedOne = await placeTestOrder(server.shop, { name: `Filter shipped ${mode.name}` });
    const pendingOne = await placeTestOrder(server.shop, { name: `Filter pending ${mode.name}` });
    await server.shop.orders.changeStatus(shippedOne.orderId, "shipped", { kind: "admin", id: admin.id, name: "setup" });

    const { context, page } = await adminPage(js);
    await open(page, "/admin", js);
    await page.getByRole("heading", { name: "Orders" }).waitFor();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Products" }).waitFor();
    expect(await row(page, pendingOne.orderId).count()).toBe(1);
    expect(await page.locator("th[aria-sort=descending]").textContent()).toContain("Order Date");

    await page.getByLabel("Status", { exact: true }).selectOption("shipped");
    await settle(page, (url) => url.searchParams.get("status") === "shipped", js);
    await row(page, pendingOne.orderId).waitFor({ state: "detached" });
    await row(page, shippedOne.orderId).waitFor();
    const statuses = await page.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-status")));
    expect(statuses.every((s) => s === "shipped")).toBe(true);

    // A new header starts ascending, the same header flips; the filter stays.
    await page.getByRole("link", { name: "Order ID" }).click();
    await settle(page, (url) => url.searchParams.get("sort") === "id" && url.searchParams.get("dir") === "asc", js);
    expect(new URL(page.url()).searchParams.get("status")).toBe("shipped");
    await page.locator("th[aria-sort=ascending]", { hasText: "Order ID" }).waitFor();
    await page.getByRole("link", { name: "Order ID" }).click();
    await settle(page, (url) => url.searchParams.get("sort") === "id" && url.searchParams.get("dir") === "desc", js);
    await page.locator("th[aria-sort=descending]", { hasText: "Order ID" }).waitFor();
    await page.getByRole("link", { name: "User ID" }).click();
    await settle(page, (url) => url.searchParams.get("sort") === "user" && url.searchParams.get("dir") === "asc", js);
    await page.locator("th[aria-sort=ascending]", { hasText: "User ID" }).waitFor();

    // The view survives a reload and is shareable.
    const shared = page.url();
    await page.reload();
    await ready(page, js);
    expect(page.url()).toBe(shared);
    await row(page, shippedOne.orderId).waitFor();
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("shipped");
    await context.close();
  });

  it(`changes a status and marks an order paid; the list shows it (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { orderId } = await placeTestOrder(server.shop, { name: `Status ${mode.name}` });
    const { context, page } = await adminPage(js);
    await open(page, "/admin", js);
    const r = row(page, orderId);
    await r.waitFor();
    expect(await r.getByRole("button", { name: "Save" }).count()).toBe(0);

    await r.getByLabel(/Status of order/).selectOption("delivered");
    await page.locator(`tr[data-order-id="${orderId}"][data-status="delivered"]`).waitFor();
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged"]);
    const [, , changed] = await server.shop.store.readStream(`order-${orderId}`);
    expect((changed.data as { actor: unknown; from: string; to: string })).toMatchObject({
      from: "pending",
      to: "delivered",
      actor: { kind: "admin", id: admin.id },
    });

    await row(page, orderId).getByRole("button", { name: "Mark paid" }).click();
    await page.locator(`tr[data-order-id="${orderId}"][data-payment-status="paid"]`).waitFor();
    expect(await row(page, orderId).getByRole("button", { name: "Mark paid" }).count()).toBe(0);
    // 'Mark paid' on a cash-on-delivery order records the cash collected (decision 101).
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged", "CashCollected"]);

    // Marked delivered by mistake, the parcel goes back to "shipped" (the lifecycle's one move out of delivered).
    await row(page, orderId).getByLabel(/Status of order/).selectOption("shipped");
    await page.locator(`tr[data-order-id="${orderId}"][data-status="shipped"]`).waitFor();

    await page.reload();
    await ready(page, js);
    expect(await row(page, orderId).getAttribute("data-status")).toBe("shipped");
    expect(await row(page, orderId).getAttribute("data-payment-status")).toBe("paid");
    await context.close();
  });

  it(`deletes an order after 'Delete this order?'; it stays under Deleted (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { orderId } = await placeTestOrder(server.shop, { name: `Delete ${mode.name}` });
    const { context, page } = await adminPage(js);
    // Newest first within pending: the new order is on the first page, and the view is not the default one.
    await open(page, "/admin?status=pending", js);
    await row(page, orderId).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this order?" });
    await dialog.waitFor();
    // Cancel first: nothing happens.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested"]);
    await row(page, orderId).getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await row(page, orderId).waitFor({ state: "detached" });
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderDeleted"]);

    await open(page, "/admin?status=deleted", js);
    await row(page, orderId).waitFor();
    expect(await row(page, orderId).textContent()).not.toContain("Mark paid");
    await context.close();
  });

  it(`opens the audit trail from a row and steps back in time (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const placed = await placeTestOrder(server.shop, {
      name: `Trail ${mode.name}`,
      items: [
        { productId: "stationery/scientific-calculator", quantity: 2 },
        { productId: "stationery/geometric-box-set", quantity: 1 },
      ],
    });
    const actor = { kind: "admin" as const, id: admin.id, name: "Asha Admin" };
    await server.shop.orders.changeStatus(placed.orderId, "processing", actor);
    await server.shop.orders.changeStatus(placed.orderId, "shipped", actor);
    await server.shop.orders.markPaid(placed.orderId, actor);
    await server.shop.orders.deleteOrder(placed.orderId, actor);

    const { context, page } = await adminPage(js);
    await open(page, "/admin?status=deleted&sort=id&dir=asc", js);
    await row(page, placed.orderId).getByRole("link", { name: placed.displayId }).click();
    await settle(page, (url) => url.pathname === `/admin/orders/${placed.orderId}`, js);
    await page.getByRole("heading", { name: `Order ${placed.displayId}` }).waitFor();

    const history = page.getByRole("table", { name: "Order history" });
    const texts = await history.locator("tbody tr").allTextContents();
    expect(texts).toHaveLength(6);
    expect(texts[0]).toContain("Order placed");
    expect(texts[0]).toContain(`Guest: Trail ${mode.name}`);
    expect(texts[0]).toContain("Scientific Calculator (Free Size) x 2");
    expect(texts[0]).toContain("12 Station Road, Churu, 331001");
    expect(texts[1]).toContain("Payment requested");
    expect(texts[2]).toContain("pending → processing");
    expect(texts[2]).toContain("Admin: Asha Admin");
    expect(texts[3]).toContain("processing → shipped");
    expect(texts[4]).toContain("Cash collected");
    expect(texts[4]).toContain("→ paid");
    expect(texts[4]).toContain("Admin: Asha Admin");
    expect(texts[5]).toContain("Order deleted");
    expect(texts.every((t) => /\d{4}/.test(t))).toBe(true);
    expect(await page.locator('[data-field="status"]').textContent()).toBe("shipped");
    expect(await page.locator('[data-field="deleted"]').textContent()).toBe("Yes");

    // Back to the moment after the first status change.
    await history.getByRole("link", { name: "View order at #2" }).click();
    await settle(page, (url) => url.searchParams.get("at") === "2", js);
    await page.getByRole("heading", { name: "The order as it stood after event #2" }).waitFor();
    expect(await page.locator('[data-field="status"]').textContent()).toBe("processing");
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe("unpaid");
    expect(await page.locator('[data-field="deleted"]').textContent()).toBe("No");
    // What is charged: the lines' ₹420, less an offer when one runs (decision 101).
    const charged = (await server.shop.orders.getOrder(placed.orderId))!;
    expect(await page.locator('[data-field="total"]').textContent()).toBe(formatRupees(charged.total));
    expect(await page.locator('[data-field="subtotal"]').textContent()).toBe("₹420");
    expect(await page.getByRole("table", { name: "Order lines" }).locator("tbody tr").count()).toBe(2);

    await history.getByRole("link", { name: "View order at #0" }).click();
    await settle(page, (url) => url.searchParams.get("at") === "0", js);
    await page.getByRole("heading", { name: "The order as it stood after event #0" }).waitFor();
    expect(await page.locator('[data-field="status"]').textContent()).toBe("pending");
    await history.getByRole("link", { name: "View order at #4" }).click();
    await settle(page, (url) => url.searchParams.get("at") === "4", js);
    await page.getByRole("heading", { name: "The order as it stood after event #4" }).waitFor();
    expect(await page.locator('[data-field="payment-status"]').textContent()).toBe("paid");
    expect(await page.locator('[data-field="deleted"]').textContent()).toBe("No");

    // The back link keeps the dashboard's filter and sort.
    await page.getByRole("link", { name: "← Back to orders" }).click();
    await settle(page, (url) => url.pathname === "/admin", js);
    const back = new URL(page.url()).searchParams;
    expect([back.get("status"), back.get("sort"), back.get("dir")]).toEqual(["deleted", "id", "asc"]);
    await context.close();
  });

  it("pages with Next and Previous links, 50 orders a page (JS off, over HTTP)", async () => {
    await pagerOrders();
    const browser = await adminOver();
    const firstPage = await browser.open("/admin");
    const first = rowIds(firstPage);
    expect(first).toHaveLength(50);
    expect(firstPage.links().filter((l) => l.name === "Previous")).toEqual([]);
    const secondPage = await firstPage.follow("Next");
    expect(secondPage.url.searchParams.has("after")).toBe(true);
    const second = rowIds(secondPage);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    // The page is a URL: a reload shows the same rows.
    expect(rowIds(await secondPage.reload())).toEqual(second);
    // Previous from the second page is the first page's own address (decision 102), not a cursor.
    const back = await secondPage.follow("Previous");
    expect(back.url.searchParams.has("after") || back.url.searchParams.has("before")).toBe(false);
    expect(rowIds(back)).toEqual(first);
  });

  it("filters by status and sorts by the headers; the view is in the URL (JS off, over HTTP)", async () => {
    const shippedOne = await placeTestOrder(server.shop, { name: "Filter shipped JS off" });
    const pendingOne = await placeTestOrder(server.shop, { name: "Filter pending JS off" });
    await server.shop.orders.changeStatus(shippedOne.orderId, "shipped", { kind: "admin", id: admin.id, name: "setup" });

    const browser = await adminOver();
    const dashboard = await browser.open("/admin");
    expect(dashboard.headings()).toContain("Orders");
    expect(dashboard.within({ region: "Admin" }).links().map((l) => l.name)).toContain("Products");
    expect(dashboard.count(`tr[data-order-id="${pendingOne.orderId}"]`)).toBe(1);
    expect(dashboard.text("th[aria-sort=descending]")).toContain("Order Date");

    const filtered = await dashboard.select("Status", "shipped").press("Filter");
    expect(filtered.url.searchParams.get("status")).toBe("shipped");
    expect(filtered.count(`tr[data-order-id="${pendingOne.orderId}"]`)).toBe(0);
    expect(filtered.count(`tr[data-order-id="${shippedOne.orderId}"]`)).toBe(1);
    expect(filtered.all("tbody tr").every((tr) => tr.attribs["data-status"] === "shipped")).toBe(true);

    // A new header starts ascending, the same header flips; the filter stays.
    const byId = await filtered.follow("Order ID");
    expect([byId.url.searchParams.get("sort"), byId.url.searchParams.get("dir"), byId.url.searchParams.get("status")]).toEqual(["id", "asc", "shipped"]);
    expect(byId.text("th[aria-sort=ascending]")).toContain("Order ID");
    const byIdDown = await byId.follow("Order ID");
    expect([byIdDown.url.searchParams.get("sort"), byIdDown.url.searchParams.get("dir")]).toEqual(["id", "desc"]);
    expect(byIdDown.text("th[aria-sort=descending]")).toContain("Order ID");
    const byUser = await byIdDown.follow("User ID");
    expect([byUser.url.searchParams.get("sort"), byUser.url.searchParams.get("dir")]).toEqual(["user", "asc"]);
    expect(byUser.text("th[aria-sort=ascending]")).toContain("User ID");

    // The view survives a reload and is shareable.
    const again = await byUser.reload();
    expect(again.url.toString()).toBe(byUser.url.toString());
    expect(again.count(`tr[data-order-id="${shippedOne.orderId}"]`)).toBe(1);
    expect(again.field("Status").value).toBe("shipped");
  });

  it("changes a status and marks an order paid; the list shows it (JS off, over HTTP)", async () => {
    const { orderId } = await placeTestOrder(server.shop, { name: "Status JS off" });
    const browser = await adminOver();
    const dashboard = await browser.open("/admin");
    expect(rowOver(dashboard, orderId).buttons()).toContain("Save");

    const delivered = await rowOver(dashboard, orderId).select(/Status of order/, "delivered").press("Save");
    expect(delivered.attr(`tr[data-order-id="${orderId}"]`, "data-status")).toBe("delivered");
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged"]);
    const [, , changed] = await server.shop.store.readStream(`order-${orderId}`);
    expect(changed.data as { actor: unknown; from: string; to: string }).toMatchObject({
      from: "pending",
      to: "delivered",
      actor: { kind: "admin", id: admin.id },
    });

    const paid = await rowOver(delivered, orderId).press("Mark paid");
    expect(paid.attr(`tr[data-order-id="${orderId}"]`, "data-payment-status")).toBe("paid");
    expect(rowOver(paid, orderId).buttons()).not.toContain("Mark paid");
    // 'Mark paid' on a cash-on-delivery order records the cash collected (decision 101).
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged", "CashCollected"]);

    // Marked delivered by mistake, the parcel goes back to "shipped" (the lifecycle's one move out of delivered).
    const shipped = await rowOver(paid, orderId).select(/Status of order/, "shipped").press("Save");
    expect(shipped.attr(`tr[data-order-id="${orderId}"]`, "data-status")).toBe("shipped");

    const reloaded = await shipped.reload();
    expect(reloaded.attr(`tr[data-order-id="${orderId}"]`, "data-status")).toBe("shipped");
    expect(reloaded.attr(`tr[data-order-id="${orderId}"]`, "data-payment-status")).toBe("paid");
  });

  it("deletes an order after 'Delete this order?'; it stays under Deleted (JS off, over HTTP)", async () => {
    const { orderId } = await placeTestOrder(server.shop, { name: "Delete JS off" });
    const browser = await adminOver();
    // Newest first within pending: the new order is on the first page, and the view is not the default one.
    const pending = await browser.open("/admin?status=pending");
    const asked = await rowOver(pending, orderId).follow("Delete");
    expect(asked.url.pathname).toBe(`/admin/orders/${orderId}/delete`);
    expect(asked.headings()).toContain("Delete this order?");
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested"]);
    const back = await asked.press("Delete");
    expect(back.url.pathname).toBe("/admin");
    // Back to the view it came from.
    expect(back.url.searchParams.get("status")).toBe("pending");
    expect(back.count(`tr[data-order-id="${orderId}"]`)).toBe(0);
    expect(await events(orderId)).toEqual(["OrderPlaced", "PaymentRequested", "OrderDeleted"]);

    const deleted = await browser.open("/admin?status=deleted");
    expect(rowOver(deleted, orderId).text()).not.toContain("Mark paid");
  });

  it("opens the audit trail from a row and steps back in time (JS off, over HTTP)", async () => {
    const placed = await placeTestOrder(server.shop, {
      name: "Trail JS off",
      items: [
        { productId: "stationery/scientific-calculator", quantity: 2 },
        { productId: "stationery/geometric-box-set", quantity: 1 },
      ],
    });
    const actor = { kind: "admin" as const, id: admin.id, name: "Asha Admin" };
    await server.shop.orders.changeStatus(placed.orderId, "processing", actor);
    await server.shop.orders.changeStatus(placed.orderId, "shipped", actor);
    await server.shop.orders.markPaid(placed.orderId, actor);
    await server.shop.orders.deleteOrder(placed.orderId, actor);

    const browser = await adminOver();
    const list = await browser.open("/admin?status=deleted&sort=id&dir=asc");
    const page = await rowOver(list, placed.orderId).follow(placed.displayId);
    expect(page.url.pathname).toBe(`/admin/orders/${placed.orderId}`);
    expect(page.headings()).toContain(`Order ${placed.displayId}`);

    const texts = page.within('table[aria-label="Order history"]').texts("tbody tr");
    expect(texts).toHaveLength(6);
    expect(texts[0]).toContain("Order placed");
    expect(texts[0]).toContain("Guest: Trail JS off");
    expect(texts[0]).toContain("Scientific Calculator (Free Size) x 2");
    expect(texts[0]).toContain("12 Station Road, Churu, 331001");
    expect(texts[1]).toContain("Payment requested");
    expect(texts[2]).toContain("pending → processing");
    expect(texts[2]).toContain("Admin: Asha Admin");
    expect(texts[3]).toContain("processing → shipped");
    expect(texts[4]).toContain("Cash collected");
    expect(texts[4]).toContain("→ paid");
    expect(texts[4]).toContain("Admin: Asha Admin");
    expect(texts[5]).toContain("Order deleted");
    expect(texts.every((t) => /\d{4}/.test(t))).toBe(true);
    expect(page.text('[data-field="status"]')).toBe("shipped");
    expect(page.text('[data-field="deleted"]')).toBe("Yes");

    // Back to the moment after the first status change.
    const at2 = await page.within('table[aria-label="Order history"]').follow("View order at #2");
    expect(at2.url.searchParams.get("at")).toBe("2");
    expect(at2.headings()).toContain("The order as it stood after event #2");
    expect(at2.text('[data-field="status"]')).toBe("processing");
    expect(at2.text('[data-field="payment-status"]')).toBe("unpaid");
    expect(at2.text('[data-field="deleted"]')).toBe("No");
    // What is charged: the lines' ₹420, less an offer when one runs (decision 101).
    const charged = (await server.shop.orders.getOrder(placed.orderId))!;
    expect(at2.text('[data-field="total"]')).toBe(formatRupees(charged.total));
    expect(at2.text('[data-field="subtotal"]')).toBe("₹420");
    expect(at2.count('table[aria-label="Order lines"] tbody tr')).toBe(2);

    const at0 = await at2.within('table[aria-label="Order history"]').follow("View order at #0");
    expect(at0.url.searchParams.get("at")).toBe("0");
    expect(at0.headings()).toContain("The order as it stood after event #0");
    expect(at0.text('[data-field="status"]')).toBe("pending");
    const at4 = await at0.within('table[aria-label="Order history"]').follow("View order at #4");
    expect(at4.url.searchParams.get("at")).toBe("4");
    expect(at4.headings()).toContain("The order as it stood after event #4");
    expect(at4.text('[data-field="payment-status"]')).toBe("paid");
    expect(at4.text('[data-field="deleted"]')).toBe("No");

    // The back link keeps the dashboard's filter and sort.
    const back = await at4.follow("← Back to orders");
    expect(back.url.pathname).toBe("/admin");
    expect([back.url.searchParams.get("status"), back.url.searchParams.get("sort"), back.url.searchParams.get("dir")]).toEqual(["deleted", "id", "asc"]);
  });
});
