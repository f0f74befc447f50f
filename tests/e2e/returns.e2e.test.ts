/**
 * Notes, delivery details, returns and exchanges (decision 103), in Chromium with JavaScript on and without
 * JavaScript over HTTP through the pages' real forms and links (decision 176): the admin writes a note and the courier's tracking number on the order page; a parent
 * asks for a refund on the tracking page and for another size on the account page; the admin
 * approves, records the goods back, and refunds (the Payment section's form comes filled in) or
 * makes the exchange (the unit moves to its new size at the price paid); each step is in the order's history with the admin's name.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { htmlBrowser, type HtmlBrowser, type HtmlPage, type Scope } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { trackInBrowser } from "../support/tracking";
import { formatDate } from "../../domain/i18n";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, signInShopperIn, signInShopperOver, type TestAdmin } from "../support/admin";
import { createBottle } from "../support/stock-contract";
import { orderEvents, orderStreamId, type Actor } from "../../domain/orders/events";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `returns-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
const adminActor = (): Actor => ({ kind: "admin", id: admin.id, name: admin.name });
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);

/** A delivered order, its cash collected: a parent can return it. */
async function deliveredOrder(items: { productId: string; size?: string; quantity: number }[], userId?: string) {
  const phone = newPhone();
  const name = userId ? "Meena Sharma" : "Asha Devi";
  const placed = await server.shop.orders.placeOrder({
    scope: userId ? `user:${userId}` : `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items,
    customer: userId ? { kind: "user", userId, name, phone } : { kind: "guest", name, phone },
    address: { name, phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "cod",
  });
  await server.shop.orders.changeStatus(placed.orderId, "shipped", adminActor());
  await server.shop.orders.changeStatus(placed.orderId, "delivered", adminActor());
  await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: adminActor(), at }));
  return { ...placed, phone, name };
}

/** The order page's history rows as text. */
async function historyRows(page: Page): Promise<string[]> {
  return page.getByRole("table", { name: "Order history" }).locator("tbody tr").allTextContents();
}

/** Presses a step's button on the order page and waits for the page that says it was done. */
async function step(page: Page, button: ReturnType<Page["getByRole"]>, done: string, js: boolean) {
  await button.click();
  await settle(page, (url) => url.searchParams.get("done") === done, js);
}

/** Whether an element of the page shows exactly these words (a status line after a step). */
function showsExactly(page: Scope, words: string): boolean {
  return page.all("body *").some((el) => page.within(el).text() === words);
}

/** The order page's history rows as text, without JavaScript. */
function historyRowsOverHttp(page: HtmlPage): string[] {
  // The table, not the scrolling region around it that bears its name too.
  return page.texts('table[aria-label="Order history"] tbody tr');
}

/** A parent tracking an order without JavaScript: the page as a text's link opens it, the mobile number typed. */
async function trackOverHttp(parent: HtmlBrowser, number: string, phone: string): Promise<HtmlPage> {
  const start = await parent.open(`/orders/track?orderId=${number}`);
  const tracked = await start.fill("Mobile number", phone).press("Track Order");
  expect(tracked.count("[data-testid=tracked-status]")).toBe(1);
  return tracked;
}

describe("notes, delivery and returns (JS off, over HTTP)", () => {
  it("the admin adds a note and the courier's details; a courier without its number is refused beside the form (JS off, over HTTP)", async () => {
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }]);
    const http = await adminHtmlBrowser(server.url, admin);
    const page = await http.open(`/admin/orders/${order.orderId}`);
    const noted = await page.within("form.after-sale-note").fill("New note", "Parent asked for delivery after 5 pm").press("Add note");
    expect(noted.url.searchParams.get("done")).toBe("note");
    expect(showsExactly(noted, "Note added.")).toBe(true);
    const note = noted.within(noted.all('[data-testid="order-note"]')[0]);
    expect(note.texts("p")[0]).toBe("Parent asked for delivery after 5 pm");
    expect(note.text()).toContain(`Admin: ${admin.name}`);
    // The box is empty again for the next note.
    expect(noted.within("form.after-sale-note").field("New note").value).toBe("");

    const refused = await noted.within("form.after-sale-delivery").choose("by courier").fill("Courier", "DTDC").press("Record delivery");
    const delivery = refused.within("form.after-sale-delivery");
    expect(delivery.alerts().join("\n")).toContain("Give the courier's name and the tracking number.");
    // What was typed is still there.
    expect(delivery.field("Courier").value).toBe("DTDC");
    expect(delivery.field("by courier").checked).toBe(true);
    const recorded = await delivery.fill("Tracking number", "D40012345").press("Record delivery");
    expect(recorded.url.searchParams.get("done")).toBe("delivery");
    expect(showsExactly(recorded, "Delivery details recorded.")).toBe(true);
    expect(recorded.texts('[data-field="delivery"]').at(-1)).toContain("DTDC, tracking number D40012345");

    const rows = historyRowsOverHttp(recorded);
    expect(rows.find((text) => text.includes("Note added"))).toContain(`Admin: ${admin.name}`);
    expect(rows.find((text) => text.includes("Delivery recorded"))).toContain("DTDC, tracking D40012345");

    // The parent sees the courier and the number, never the note.
    const tracked = await trackOverHttp(htmlBrowser(server.url), order.displayId, order.phone);
    expect(tracked.has("Sent by DTDC, tracking number D40012345.")).toBe(true);
    expect(tracked.body).not.toContain("after 5 pm");
  });

  it("a parent asks for a refund on the tracking page; the admin approves, receives and refunds (JS off, over HTTP)", async () => {
    const bottle = await createBottle(server.shop.products, 5);
    const order = await deliveredOrder([
      { productId: "school/dps/shirt", size: "30", quantity: 1 },
      { productId: `product/${bottle.id}`, quantity: 2 },
    ]);
    const parent = htmlBrowser(server.url);
    const start = await parent.open("/orders/track");
    const tracked = await start.fill("Order ID", order.displayId).fill("Mobile number", order.phone).press("Track Order");
    expect(tracked.count("[data-testid=tracked-status]")).toBe(1);
    // Posted: the order's page is at its number alone.
    expect(tracked.url.search).toBe(`?orderId=${order.displayId}`);
    const form = tracked.within("form.return-request");
    // A box per line, each quantity starting at 1: ticking the bottle returns one of it.
    expect(form.field(`How many of ${bottle.name} (Free Size)`).value).toBe("1");
    expect(form.field(`${bottle.name} (Free Size)`).checked).toBe(false);
    const sent = await form
      .check(`${bottle.name} (Free Size)`)
      .choose("My money back (cash or UPI)")
      .fill("Why are you returning it?", "The lid leaks")
      .press("Ask for a return");
    expect(sent.count("[data-testid=return-sent]")).toBe(1);
    // On the day the return was asked for, as recorded: not the day the test runs, which differs across midnight.
    const asked = orderEvents.readAll(await server.shop.store.readStream(orderStreamId(order.orderId))).findLast((e) => e.type === "ReturnRequested");
    expect(asked?.type).toBe("ReturnRequested");
    expect(sent.text("[data-testid=return-states]")).toContain(`Refund of ${bottle.name} (Free Size) x 1 asked on ${formatDate(asked!.data.at, "en")}, waiting for the shop.`);
    const stock = async () => (await server.shop.stock.level(bottle.id))!.available;
    expect(await stock()).toBe(3);

    const http = await adminHtmlBrowser(server.url, admin);
    const page = await http.open(`/admin/orders/${order.orderId}`);
    expect(page.text('article.return-card [data-field="return-stage"]')).toBe("State: requested");
    const approved = await page.within("article.return-card").fill("Note to the parent (optional)", "Bring it with the box").press("Approve");
    expect(approved.url.searchParams.get("done")).toBe("approve");
    expect(showsExactly(approved, "Return approved.")).toBe(true);
    const received = await approved.within("article.return-card").choose("Drop-off at the shop").press("Goods received");
    expect(received.url.searchParams.get("done")).toBe("receive");
    expect(showsExactly(received, "Return received; stock-tracked items are back on the shelf.")).toBe(true);
    expect(await stock()).toBe(4);

    // The refund form comes filled in with the return's amount and name.
    const refund = received.within("form.payment-step-refund");
    const amount = refund.field("Amount (₹)").value;
    expect(Number(amount)).toBeGreaterThan(0);
    expect(refund.field("Note (optional)").value).toMatch(/^Return [0-9A-F]{8}$/);
    // By UPI: the suggested amount is the goods' value to the paisa, and cash is given in whole rupees (decision 209).
    const refunded = await refund.select("Refund by", "upi").press("Refund");
    expect(refunded.url.searchParams.get("saved")).toBe("refund");
    expect(showsExactly(refunded, "Refund recorded.")).toBe(true);
    expect(refunded.text('article.return-card [data-field="return-stage"]')).toBe("State: refunded");
    expect(refunded.text('[data-field="amount-refunded"]')).toBe(`₹${amount}`);

    const rows = historyRowsOverHttp(refunded);
    const row = (what: string) => rows.find((text) => text.includes(what)) ?? "";
    expect(row("Return requested")).toContain(`Guest: ${order.name}`);
    for (const what of ["Return approved", "Return received", "Refunded"]) expect(row(what), what).toContain(`Admin: ${admin.name}`);
    expect(await stock()).toBe(4);
  });

  it("a parent asks for another size on the account page; the admin makes the exchange and the order lists the new size (JS off, over HTTP)", async () => {
    const user = await server.shop.auth.registerWithEmail({ email: `exchange-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 2 }], user.id);
    const parent = htmlBrowser(server.url);
    await signInShopperOver(parent, server.shop, user.id);
    const account = await parent.open("/account");
    const returnForm = `section[data-order="${order.displayId}"] form.return-request`;
    const form = account.within(returnForm);
    // One line: its box comes ticked, its quantity at 1 (of the 2 ordered).
    expect(form.field("Shirt (30)").checked).toBe(true);
    expect(form.field("How many of Shirt (30)").value).toBe("1");
    // The size is missing: refused beside the form, the rest kept.
    const refused = await form.choose("Another size").fill("Why are you returning it?", "Too tight").press("Ask for a return");
    // The refusal heads the order's returns part, where the page opens (the form's action names it).
    expect(refused.texts(`#return-${order.displayId} > [role=alert]`).some((t) => t.includes("Choose the size of Shirt you want instead."))).toBe(true);
    expect(refused.url.hash).toBe(`#return-${order.displayId}`);
    const again = refused.within(returnForm);
    expect(again.field("Why are you returning it?").value).toBe("Too tight");
    expect(again.field("Another size").checked).toBe(true);
    expect(again.field("Shirt (30)").checked).toBe(true);
    // The sizes the shirt is made in, less its own: chosen, not typed.
    expect(again.field("Size wanted for Shirt (30) (for an exchange)").options).toEqual(["Choose a size (for an exchange)", "24", "26", "28", "32", "34", "36", "38", "40", "42", "44", "46"]);
    const sent = await again.select("Size wanted for Shirt (30) (for an exchange)", "32").press("Ask for a return");
    expect(sent.count(`#return-${order.displayId} > [data-testid=return-sent]`)).toBe(1);
    expect(sent.url.hash).toBe(`#return-${order.displayId}`);

    const http = await adminHtmlBrowser(server.url, admin);
    let page = await http.open(`/admin/orders/${order.orderId}`);
    for (const [button, done] of [["Approve", "approve"], ["Goods received", "receive"], ["Exchange made (give size 32)", "exchange"]]) {
      page = await page.within("article.return-card").press(button);
      expect(page.url.searchParams.get("done"), button).toBe(done);
    }
    expect(showsExactly(page, "Exchange made.")).toBe(true);
    expect(page.text('article.return-card [data-field="return-stage"]')).toBe("State: exchanged");
    const lines = page.all('table[aria-label="Order lines"] tbody tr').map((tr) => page.within(tr).texts("th, td").join(""));
    // One shirt still 30, the other now 32 at the price paid for it: what the parent holds, two shirts in all.
    expect(lines).toEqual([expect.stringMatching(/^Shirt30DPS1₹(\d+)₹\1$/), expect.stringMatching(/^Shirt32 \(exchanged from 30\)DPS1₹(\d+)₹\1$/)]);
    expect(historyRowsOverHttp(page).find((text) => text.includes("Exchange made"))).toContain(`Admin: ${admin.name}`);
  });
});

describe("notes, delivery and returns", () => {
  const mode = { name: "JS on", javaScriptEnabled: true };
  const js = mode.javaScriptEnabled;

  it(`the admin adds a note and the courier's details; a courier without its number is refused beside the form (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }]);
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, `/admin/orders/${order.orderId}`, js);
      const noteForm = page.locator("form.after-sale-note");
      await noteForm.getByLabel("New note").fill("Parent asked for delivery after 5 pm");
      await step(page, noteForm.getByRole("button", { name: "Add note" }), "note", js);
      await page.getByText("Note added.", { exact: true }).waitFor();
      const note = page.getByTestId("order-note").first();
      expect(await note.locator("p").first().textContent()).toBe("Parent asked for delivery after 5 pm");
      expect(await note.textContent()).toContain(`Admin: ${admin.name}`);
      // The box is empty again for the next note.
      expect(await page.locator("form.after-sale-note").getByLabel("New note").inputValue()).toBe("");

      const delivery = page.locator("form.after-sale-delivery");
      await delivery.getByLabel("by courier").check();
      await delivery.getByLabel("Courier", { exact: true }).fill("DTDC");
      await delivery.getByRole("button", { name: "Record delivery" }).click();
      await delivery.getByRole("alert").filter({ hasText: "Give the courier's name and the tracking number." }).waitFor();
      // What was typed is still there.
      expect(await page.locator("form.after-sale-delivery").getByLabel("Courier", { exact: true }).inputValue()).toBe("DTDC");
      expect(await page.locator("form.after-sale-delivery").getByLabel("by courier").isChecked()).toBe(true);
      await page.locator("form.after-sale-delivery").getByLabel("Tracking number").fill("D40012345");
      await step(page, page.locator("form.after-sale-delivery").getByRole("button", { name: "Record delivery" }), "delivery", js);
      await page.getByText("Delivery details recorded.", { exact: true }).waitFor();
      expect(await page.locator('[data-field="delivery"]').last().textContent()).toContain("DTDC, tracking number D40012345");

      const rows = await historyRows(page);
      expect(rows.find((text) => text.includes("Note added"))).toContain(`Admin: ${admin.name}`);
      expect(rows.find((text) => text.includes("Delivery recorded"))).toContain("DTDC, tracking D40012345");

      // The parent sees the courier and the number, never the note.
      const parent = await newShopperPage(browser, server.url, js);
      await trackInBrowser(parent.page, order.displayId, order.phone, js);
      await parent.page.getByText("Sent by DTDC, tracking number D40012345.").waitFor();
      expect(await parent.page.content()).not.toContain("after 5 pm");
      await parent.context.close();
    } finally {
      await context.close();
    }
  });

  it(`a parent asks for a refund on the tracking page; the admin approves, receives and refunds (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const bottle = await createBottle(server.shop.products, 5);
    const order = await deliveredOrder([
      { productId: "school/dps/shirt", size: "30", quantity: 1 },
      { productId: `product/${bottle.id}`, quantity: 2 },
    ]);
    const parent = await newShopperPage(browser, server.url, js);
    try {
      await open(parent.page, "/orders/track", js);
      await parent.page.getByLabel("Order ID").fill(order.displayId);
      await parent.page.getByLabel("Mobile number").fill(order.phone);
      await parent.page.getByRole("button", { name: "Track Order" }).click();
      await parent.page.locator("[data-testid=tracked-status]").waitFor();
      await ready(parent.page, js);
      // Posted: the order's page is at its number alone.
      expect(new URL(parent.page.url()).search).toBe(`?orderId=${order.displayId}`);
      const form = parent.page.locator("form.return-request");
      // A box per line, each quantity starting at 1: ticking the bottle returns one of it.
      expect(await form.getByLabel(`How many of ${bottle.name} (Free Size)`).inputValue()).toBe("1");
      expect(await form.getByRole("checkbox", { name: `${bottle.name} (Free Size)` }).isChecked()).toBe(false);
      await form.getByRole("checkbox", { name: `${bottle.name} (Free Size)` }).check();
      await form.getByLabel("My money back (cash or UPI)").check();
      await form.getByLabel("Why are you returning it?").fill("The lid leaks");
      await form.getByRole("button", { name: "Ask for a return" }).click();
      await parent.page.getByTestId("return-sent").waitFor();
      // On the day the return was asked for, as recorded: not the day the test runs, which differs across midnight.
      const asked = orderEvents.readAll(await server.shop.store.readStream(orderStreamId(order.orderId))).findLast((e) => e.type === "ReturnRequested");
      expect(asked?.type).toBe("ReturnRequested");
      expect(await parent.page.getByTestId("return-states").textContent()).toContain(
        `Refund of ${bottle.name} (Free Size) x 1 asked on ${formatDate(asked!.data.at, "en")}, waiting for the shop.`,
      );
    } finally {
      await parent.context.close();
    }
    const stock = async () => (await server.shop.stock.level(bottle.id))!.available;
    expect(await stock()).toBe(3);

    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, `/admin/orders/${order.orderId}`, js);
      const card = page.locator("article.return-card");
      expect(await card.locator('[data-field="return-stage"]').textContent()).toBe("State: requested");
      await card.getByLabel("Note to the parent (optional)").fill("Bring it with the box");
      await step(page, card.getByRole("button", { name: "Approve" }), "approve", js);
      await page.getByText("Return approved.", { exact: true }).waitFor();
      await page.locator("article.return-card").getByLabel("Drop-off at the shop").check();
      await step(page, page.locator("article.return-card").getByRole("button", { name: "Goods received" }), "receive", js);
      await page.getByText("Return received; stock-tracked items are back on the shelf.", { exact: true }).waitFor();
      expect(await stock()).toBe(4);

      // The refund form comes filled in with the return's amount and name.
      const refund = page.locator("form.payment-step-refund");
      const amount = await refund.getByLabel("Amount (₹)").inputValue();
      expect(Number(amount)).toBeGreaterThan(0);
      expect(await refund.getByLabel("Note (optional)").inputValue()).toMatch(/^Return [0-9A-F]{8}$/);
      // By UPI: the suggested amount is the goods' value to the paisa, and cash is given in whole rupees (decision 209).
      await refund.getByLabel("Refund by").selectOption("upi");
      await refund.getByRole("button", { name: "Refund" }).click();
      await settle(page, (url) => url.searchParams.get("saved") === "refund", js);
      await page.getByText("Refund recorded.", { exact: true }).waitFor();
      expect(await page.locator("article.return-card").locator('[data-field="return-stage"]').textContent()).toBe("State: refunded");
      expect(await field(page, "amount-refunded").textContent()).toBe(`₹${amount}`);

      const rows = await historyRows(page);
      const row = (what: string) => rows.find((text) => text.includes(what)) ?? "";
      expect(row("Return requested")).toContain(`Guest: ${order.name}`);
      for (const what of ["Return approved", "Return received", "Refunded"]) expect(row(what), what).toContain(`Admin: ${admin.name}`);
      expect(await stock()).toBe(4);
    } finally {
      await context.close();
    }
  });

  it(`a parent asks for another size on the account page; the admin makes the exchange and the order lists the new size (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const user = await server.shop.auth.registerWithEmail({ email: `exchange-${randomUUID()}@example.com`, password: "satchel-2026", name: "Meena Sharma" });
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 2 }], user.id);
    const parent = await newShopperPage(browser, server.url, js);
    try {
      await signInShopperIn(parent.context, server.shop, server.url, user.id);
      await open(parent.page, "/account", js);
      const form = parent.page.locator(`section[data-order="${order.displayId}"] form.return-request`);
      // One line: its box comes ticked, its quantity at 1 (of the 2 ordered).
      expect(await form.getByRole("checkbox", { name: "Shirt (30)" }).isChecked()).toBe(true);
      expect(await form.getByLabel("How many of Shirt (30)").inputValue()).toBe("1");
      await form.getByLabel("Another size").check();
      // The size is missing: refused beside the form, the rest kept.
      await form.getByLabel("Why are you returning it?").fill("Too tight");
      await form.getByRole("button", { name: "Ask for a return" }).click();
      const again = parent.page.locator(`section[data-order="${order.displayId}"] form.return-request`);
      // The refusal heads the order's returns part, where the page opens (the form's action names it), and takes the focus with JS on.
      const refusal = parent.page.locator(`#return-${order.displayId} > [role=alert]`).filter({ hasText: "Choose the size of Shirt you want instead." });
      await refusal.waitFor();
      expect(new URL(parent.page.url()).hash).toBe(`#return-${order.displayId}`);
      if (js) await expect.poll(() => refusal.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await again.getByLabel("Why are you returning it?").inputValue()).toBe("Too tight");
      expect(await again.getByLabel("Another size").isChecked()).toBe(true);
      expect(await again.getByRole("checkbox", { name: "Shirt (30)" }).isChecked()).toBe(true);
      // The sizes the shirt is made in, less its own: chosen, not typed.
      const sizes = again.getByLabel("Size wanted for Shirt (30) (for an exchange)");
      expect(await sizes.locator("option").allTextContents()).toEqual(["Choose a size (for an exchange)", "24", "26", "28", "32", "34", "36", "38", "40", "42", "44", "46"]);
      await sizes.selectOption("32");
      await again.getByRole("button", { name: "Ask for a return" }).click();
      const sent = parent.page.locator(`#return-${order.displayId} > [data-testid=return-sent]`);
      await sent.waitFor();
      expect(new URL(parent.page.url()).hash).toBe(`#return-${order.displayId}`);
      if (js) await expect.poll(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await parent.context.close();
    }

    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    try {
      await open(page, `/admin/orders/${order.orderId}`, js);
      await step(page, page.locator("article.return-card").getByRole("button", { name: "Approve" }), "approve", js);
      await step(page, page.locator("article.return-card").getByRole("button", { name: "Goods received" }), "receive", js);
      await step(page, page.locator("article.return-card").getByRole("button", { name: "Exchange made (give size 32)" }), "exchange", js);
      await page.getByText("Exchange made.", { exact: true }).waitFor();
      expect(await page.locator("article.return-card").locator('[data-field="return-stage"]').textContent()).toBe("State: exchanged");
      const lines = await page.getByRole("table", { name: "Order lines" }).locator("tbody tr").allTextContents();
      // One shirt still 30, the other now 32 at the price paid for it: what the parent holds, two shirts in all.
      expect(lines).toEqual([expect.stringMatching(/^Shirt30DPS1₹(\d+)₹\1$/), expect.stringMatching(/^Shirt32 \(exchanged from 30\)DPS1₹(\d+)₹\1$/)]);
      expect((await historyRows(page)).find((text) => text.includes("Exchange made"))).toContain(`Admin: ${admin.name}`);
    } finally {
      await context.close();
    }
  });
});
