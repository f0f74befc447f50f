/**
 * The owner's payment round, with JavaScript on in Chromium and off over HTTP (decision 175): filter the dashboard to reported UPI
 * payments, open one, read the reference to match against the bank statement, confirm it,
 * refund part of it (a refund too large is refused beside its form first), and find each step
 * in the order's audit trail with the admin's name and the time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { FormNotSent, type HtmlPage } from "../support/html-browser";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatRupees } from "../../domain/money";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url, "payments-e2e@churu-uniforms.example");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

let referenceSeq = 300_000_000_000 + Math.floor(Math.random() * 600_000_000_000);

async function reportedUpiOrder(name: string) {
  const placed = await placeTestOrder(server.shop, {
    name,
    items: [{ productId: "stationery/scientific-calculator", quantity: 2 }],
    address: "7 Gadh Road",
    paymentMethod: "upi",
  });
  const reference = String(referenceSeq++);
  await server.shop.orders.pay(placed.orderId, (at) => ({ type: "ReportPayment", reference, actor: { kind: "guest", name }, at }));
  return { ...placed, reference, name };
}

const row = (page: Page, orderId: string) => page.locator(`tr[data-order-id="${orderId}"]`);
const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`);
const fieldOver = (page: HtmlPage, name: string) => page.text(`[data-field="${name}"]`);

describe("/admin payments", () => {
  const mode = { name: "JS on" };
  const js = true;

  it(`filters reported payments, confirms one against its reference, refunds part of it (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const order = await reportedUpiOrder(`Payer ${mode.name}`);
    const other = await reportedUpiOrder(`Other ${mode.name}`);
    await server.shop.orders.pay(other.orderId, (at) => ({ type: "ConfirmPayment", actor: { kind: "admin", id: admin.id }, at }));
    const { context, page } = await newAdminPage(browser, server.url, admin, js);

    await open(page, "/admin", js);
    await page.getByLabel("Payment", { exact: true }).selectOption("reported");
    await settle(page, (url) => url.searchParams.get("payment") === "reported", js);
    await row(page, other.orderId).waitFor({ state: "detached" });
    const r = row(page, order.orderId);
    await r.waitFor();
    const standings = await page.locator("tbody tr").evaluateAll((rows) => rows.map((tr) => tr.getAttribute("data-payment-status")));
    expect(standings.every((s) => s === "reported")).toBe(true);
    expect(await r.locator('[data-field="reported-reference"]').textContent()).toBe(order.reference);
    // The view survives a reload: the filter is in the address and in the select.
    await page.reload();
    await r.waitFor();
    expect(await page.getByLabel("Payment", { exact: true }).inputValue()).toBe("reported");

    await r.getByRole("link", { name: "Check payment" }).click();
    await settle(page, (url) => url.pathname === `/admin/orders/${order.orderId}`, js);
    await page.getByRole("heading", { name: "Payment", exact: true }).waitFor();
    expect(await field(page, "reported-reference").textContent()).toBe(order.reference);
    expect(await field(page, "payment-standing").textContent()).toBe("reported");
    expect(await field(page, "payment-method").textContent()).toBe("UPI");
    const { total } = (await server.shop.orders.getOrder(order.orderId))!;
    expect(await field(page, "amount-due").textContent()).toBe(formatRupees(total));

    await page.locator("form.payment-step-confirm").getByLabel("Note (optional)").fill("Matched in SBI statement");
    await page.getByRole("button", { name: "Confirm payment" }).click();
    await settle(page, (url) => url.searchParams.get("saved") === "confirm", js);
    await page.getByText("Payment confirmed.", { exact: true }).waitFor();
    expect(await field(page, "payment-standing").textContent()).toBe("paid");
    expect(await field(page, "amount-paid").textContent()).toBe(formatRupees(total));
    expect(await page.getByRole("button", { name: "Confirm payment" }).count()).toBe(0);

    // Too much first: refused beside the refund form, nothing recorded.
    const refund = page.locator("form.payment-step-refund");
    await refund.getByLabel("Amount (₹)").fill(String(total + 100));
    await refund.getByRole("button", { name: "Refund" }).click();
    await refund.getByRole("alert").filter({ hasText: `A refund can be at most ${formatRupees(total)}` }).waitFor();
    expect(await field(page, "amount-refunded").textContent()).toBe("₹0");

    await refund.getByLabel("Amount (₹)").fill("50");
    await refund.getByLabel("Refund by").selectOption("upi");
    await refund.getByLabel("Note (optional)").fill("One calculator returned");
    await refund.getByRole("button", { name: "Refund" }).click();
    await settle(page, (url) => url.searchParams.get("saved") === "refund", js);
    await page.getByText("Refund recorded.", { exact: true }).waitFor();
    expect(await field(page, "payment-standing").textContent()).toBe("partly refunded");
    expect(await field(page, "amount-refunded").textContent()).toBe("₹50");

    const history = page.getByRole("table", { name: "Order history" });
    const texts = await history.locator("tbody tr").allTextContents();
    const step = (what: string) => texts.find((text) => text.includes(what)) ?? "";
    expect(step("Payment reported")).toContain(`Guest: ${order.name}`);
    expect(step("Payment reported")).toContain(order.reference);
    expect(step("Payment confirmed")).toContain(`Admin: ${admin.name}`);
    expect(step("Payment confirmed")).toContain("Matched in SBI statement");
    expect(step("Refunded")).toContain(`Admin: ${admin.name}`);
    expect(step("Refunded")).toContain("₹50 by UPI");
    for (const what of ["Payment reported", "Payment confirmed", "Refunded"]) expect(step(what), what).toMatch(/\d{1,2}:\d{2}:\d{2}/);

    // The dashboard's view is kept: the order left the reported list.
    await page.getByRole("link", { name: "← Back to orders" }).click();
    await settle(page, (url) => url.pathname === "/admin", js);
    expect(new URL(page.url()).searchParams.get("payment")).toBe("reported");
    expect(await row(page, order.orderId).count()).toBe(0);
    await context.close();
  });

  it(`shows the payment section in Hindi and rejects a reference with a note (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const order = await reportedUpiOrder(`Hindi ${mode.name}`);
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
    await open(page, `/admin/orders/${order.orderId}`, js);
    expect(await field(page, "payment-standing").textContent()).toBe("जानकारी मिली");
    expect(await field(page, "reported-reference").textContent()).toBe(order.reference);
    const reject = page.locator("form.payment-step-reject");
    await reject.getByRole("button", { name: "नामंज़ूर करें" }).click();
    // The browser asks for the required note before anything is sent.
    expect(await reject.getByLabel("क्यों नामंज़ूर है?").evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await reject.getByLabel("क्यों नामंज़ूर है?").fill("बैंक स्टेटमेंट में नहीं मिला");
    await reject.getByRole("button", { name: "नामंज़ूर करें" }).click();
    await settle(page, (url) => url.searchParams.get("saved") === "reject", js);
    await page.getByText("पेमेंट नामंज़ूर: ग्राहक सही रेफरेंस बता सकता है।").waitFor();
    expect(await field(page, "payment-standing").textContent()).toBe("भुगतान बाकी");
    expect((await server.shop.orders.getOrder(order.orderId))!.paymentStatus).toBe("unpaid");
    await context.close();
  });

  it("filters reported payments, confirms one against its reference, refunds part of it (JS off, over HTTP)", async () => {
    const order = await reportedUpiOrder("Payer JS off");
    const other = await reportedUpiOrder("Other JS off");
    await server.shop.orders.pay(other.orderId, (at) => ({ type: "ConfirmPayment", actor: { kind: "admin", id: admin.id }, at }));
    const browser = await adminHtmlBrowser(server.url, admin);

    const filtered = await (await browser.open("/admin")).select("Payment", "reported").press("Filter");
    expect(filtered.url.searchParams.get("payment")).toBe("reported");
    expect(filtered.count(`tr[data-order-id="${other.orderId}"]`)).toBe(0);
    expect(filtered.all("tbody tr").every((tr) => tr.attribs["data-payment-status"] === "reported")).toBe(true);
    expect(filtered.text(`tr[data-order-id="${order.orderId}"] [data-field="reported-reference"]`)).toBe(order.reference);
    // The view survives a reload: the filter is in the address and in the select.
    const reloaded = await filtered.reload();
    expect(reloaded.count(`tr[data-order-id="${order.orderId}"]`)).toBe(1);
    expect(reloaded.field("Payment").value).toBe("reported");

    const page = await reloaded.within(`tr[data-order-id="${order.orderId}"]`).follow("Check payment");
    expect(page.url.pathname).toBe(`/admin/orders/${order.orderId}`);
    expect(page.headings()).toContain("Payment");
    expect(fieldOver(page, "reported-reference")).toBe(order.reference);
    expect(fieldOver(page, "payment-standing")).toBe("reported");
    expect(fieldOver(page, "payment-method")).toBe("UPI");
    const { total } = (await server.shop.orders.getOrder(order.orderId))!;
    expect(fieldOver(page, "amount-due")).toBe(formatRupees(total));

    const confirmed = await page.within("form.payment-step-confirm").fill("Note (optional)", "Matched in SBI statement").press("Confirm payment");
    expect(confirmed.url.searchParams.get("saved")).toBe("confirm");
    expect(confirmed.alerts()).toContain("Payment confirmed.");
    expect(fieldOver(confirmed, "payment-standing")).toBe("paid");
    expect(fieldOver(confirmed, "amount-paid")).toBe(formatRupees(total));
    expect(confirmed.buttons()).not.toContain("Confirm payment");

    // Too much first: refused beside the refund form, nothing recorded.
    const tooMuch = await confirmed.within("form.payment-step-refund").fill("Amount (₹)", String(total + 100)).press("Refund");
    expect(tooMuch.within("form.payment-step-refund").alerts().join(" ")).toContain(`A refund can be at most ${formatRupees(total)}`);
    expect(fieldOver(tooMuch, "amount-refunded")).toBe("₹0");

    const refunded = await tooMuch
      .within("form.payment-step-refund")
      .fill("Amount (₹)", "50")
      .select("Refund by", "upi")
      .fill("Note (optional)", "One calculator returned")
      .press("Refund");
    expect(refunded.url.searchParams.get("saved")).toBe("refund");
    expect(refunded.alerts()).toContain("Refund recorded.");
    expect(fieldOver(refunded, "payment-standing")).toBe("partly refunded");
    expect(fieldOver(refunded, "amount-refunded")).toBe("₹50");

    const texts = refunded.texts('table[aria-label="Order history"] tbody tr');
    const step = (what: string) => texts.find((text) => text.includes(what)) ?? "";
    expect(step("Payment reported")).toContain(`Guest: ${order.name}`);
    expect(step("Payment reported")).toContain(order.reference);
    expect(step("Payment confirmed")).toContain(`Admin: ${admin.name}`);
    expect(step("Payment confirmed")).toContain("Matched in SBI statement");
    expect(step("Refunded")).toContain(`Admin: ${admin.name}`);
    expect(step("Refunded")).toContain("₹50 by UPI");
    for (const what of ["Payment reported", "Payment confirmed", "Refunded"]) expect(step(what), what).toMatch(/\d{1,2}:\d{2}:\d{2}/);

    // The dashboard's view is kept: the order left the reported list.
    const back = await refunded.follow("← Back to orders");
    expect(back.url.pathname).toBe("/admin");
    expect(back.url.searchParams.get("payment")).toBe("reported");
    expect(back.count(`tr[data-order-id="${order.orderId}"]`)).toBe(0);
  });

  it("shows the payment section in Hindi and rejects a reference with a note (JS off, over HTTP)", async () => {
    const order = await reportedUpiOrder("Hindi JS off");
    const browser = await adminHtmlBrowser(server.url, admin);
    await browser.setCookie("shop_lng=hi; Path=/");
    const page = await browser.open(`/admin/orders/${order.orderId}`);
    expect(fieldOver(page, "payment-standing")).toBe("जानकारी मिली");
    expect(fieldOver(page, "reported-reference")).toBe(order.reference);
    // The browser asks for the required note before anything is sent.
    const unsent = await page.within("form.payment-step-reject").press("नामंज़ूर करें").catch((err: unknown) => err);
    expect(unsent).toBeInstanceOf(FormNotSent);
    expect((unsent as FormNotSent).reasons).toEqual(["valueMissing"]);
    const rejected = await page.within("form.payment-step-reject").fill("क्यों नामंज़ूर है?", "बैंक स्टेटमेंट में नहीं मिला").press("नामंज़ूर करें");
    expect(rejected.url.searchParams.get("saved")).toBe("reject");
    expect(rejected.has("पेमेंट नामंज़ूर: ग्राहक सही रेफरेंस बता सकता है।")).toBe(true);
    expect(fieldOver(rejected, "payment-standing")).toBe("भुगतान बाकी");
    expect((await server.shop.orders.getOrder(order.orderId))!.paymentStatus).toBe("unpaid");
  });
});
