/**
 * Packing slips and invoices (/admin/orders/print, /admin/orders/{id}/print) as the server renders
 * them: what a slip shows and leaves out, an invoice's figures from the order read model, a
 * selection printed once each in the order asked, bad addresses refused with what was wrong.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatRupees } from "../../domain/money";
import { MAX_PRINT_ORDERS } from "../../app/admin/print.server";
import { signInShopper } from "../../app/auth/session.server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_PHONE: "+91 98765 43210" } });
  admin = await createTestAdmin(server.shop, server.url, `print-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** Two school shirts and a calculator to a pincode outside Churu district: the offer and a delivery charge both apply. */
const placeChargedOrder = (name = "Print Parent") =>
  placeTestOrder(server.shop, {
    name,
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: "stationery/scientific-calculator", quantity: 1 },
    ],
    address: "9 Mandi Road",
    city: "Ratangarh",
    pincode: "334001",
  });

const page = (path: string, lang: "en" | "hi" = "en", cookie = admin.cookie) =>
  call(`${server.url}${path}`, { headers: { Cookie: `${cookie}; shop_lng=${lang}` } });

/** The HTML of one order's document on a page. */
function docOf(html: string, orderId: string): string {
  const start = html.indexOf(`data-order-id="${orderId}"`);
  expect(start, `document of ${orderId}`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</article>", start));
}

/** Text as the page shows it: tags out, React's comment separators out, entities read. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("the packing slip", () => {
  it("has the shop, the order, the address and every item with its size, school and quantity, and no prices", async () => {
    const order = await placeChargedOrder("Slip Parent");
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    const res = await page(`/admin/orders/${order.orderId}/print?doc=slip`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const slip = docOf(html, order.orderId);
    const words = text(slip);
    expect(words).toContain("Packing slip");
    expect(words).toContain(`Order ${summary.displayId}`);
    expect(summary.displayId).toHaveLength(8);
    expect(words).toContain(server.shop.config.shopName);
    expect(words).toContain("+91 98765 43210");
    expect(words).toContain("Slip Parent");
    expect(words).toContain(order.phone);
    expect(words).toContain("9 Mandi Road");
    expect(words).toContain("Ratangarh 334001");
    for (const line of summary.lines) {
      const row = slip.slice(slip.indexOf(`data-line="${line.productId}|${line.size}|${line.school}"`));
      expect(text(row.slice(0, row.indexOf("</tr>")))).toContain(`${line.name} ${line.school}`.trim());
      expect(row).toContain(`data-field="size">${line.size}</td>`);
      expect(row).toContain(`data-field="quantity">${line.quantity}</td>`);
    }
    expect(words).toContain(`2 lines, ${summary.itemCount} items in all`);
    expect(slip.match(/class="print-box"/g)).toHaveLength(2);
    // No money on a packing slip but the cash a cash-on-delivery parcel must bring back (decision 138).
    expect(words).toContain(`Cash on delivery: collect ${formatRupees(summary.total)}`);
    expect(slip.replace(/<p class="print-collect"[^]*?<\/p>/, "")).not.toContain("₹");
    for (const line of summary.lines) expect(words).not.toContain(formatRupees(line.unitPrice));
    // With JavaScript off the page says how to print it; the button comes with JavaScript.
    expect(html).toContain("Use your browser&#x27;s Print");
    expect(html).not.toContain("print-button");
  });
});

describe("the invoice", () => {
  it("shows the order's own figures: lines, subtotal, the offer, delivery, total and the payment", async () => {
    const order = await placeChargedOrder("Invoice Parent");
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    // The shop's default rules: 10% off, ₹100 outside pincodes 331.
    expect(summary.discountPercent).toBe(10);
    expect(summary.discount).toBeGreaterThan(0);
    expect(summary.delivery).toBe(100);
    const html = await (await page(`/admin/orders/${order.orderId}/print?doc=invoice`)).text();
    const invoice = docOf(html, order.orderId);
    const words = text(invoice);
    // No tax document stands for it (the shop has no GSTIN): an order summary that says it is not a tax invoice (decision 207).
    expect(words).toContain(`Order summary Order ${summary.displayId}`);
    expect(words).toContain("This is an order summary, not a tax invoice: the shop is not registered for GST and charges no GST.");
    expect(words).toContain("Bill to Invoice Parent");
    for (const line of summary.lines) {
      const row = invoice.slice(invoice.indexOf(`data-line="${line.productId}|${line.size}|${line.school}"`));
      expect(row).toContain(`data-field="unit-price">${formatRupees(line.unitPrice)}</td>`);
      expect(row).toContain(`data-field="amount">${formatRupees(line.unitPrice * line.quantity)}</td>`);
    }
    expect(invoice).toContain(`data-field="subtotal">${formatRupees(summary.subtotal)}</dd>`);
    expect(words).toContain(`10% off −${formatRupees(summary.discount)}`);
    expect(invoice).toContain(`data-field="delivery">${formatRupees(summary.delivery)}</dd>`);
    expect(invoice).toContain(`data-field="total">${formatRupees(summary.total)}</dd>`);
    expect(summary.total).toBe(summary.subtotal - summary.discount + summary.delivery);
    expect(invoice).toContain(`data-field="payment-method">Cash on delivery</dd>`);
    expect(words).toContain(`Payment status Not paid yet: ${formatRupees(summary.total)} due`);

    // Cash collected, part refunded: the invoice says what came in and what went back.
    await server.shop.orders.pay(order.orderId, (at) => ({ type: "CollectCash", actor: { kind: "admin", id: admin.id }, at }));
    await server.shop.orders.pay(order.orderId, (at) => ({ type: "RefundPayment", paise: 50_00, method: "cash", actor: { kind: "admin", id: admin.id }, at }));
    const paid = (await server.shop.orders.getOrder(order.orderId))!;
    const after = text(docOf(await (await page(`/admin/orders/${order.orderId}/print?doc=invoice`)).text(), order.orderId));
    expect(after).toContain(`partly refunded Paid ${formatRupees(paid.amountPaid)} Refunded ${formatRupees(50)}`);
    expect(after).not.toContain("Not paid yet");
  });

  it("shows free delivery and no offer line when the order had none", async () => {
    const order = await placeTestOrder(server.shop, { name: "Near Parent" });
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    const invoice = docOf(await (await page(`/admin/orders/${order.orderId}/print?doc=invoice&paper=receipt`)).text(), order.orderId);
    expect(summary.delivery).toBe(0);
    expect(invoice).toContain(`data-field="delivery">Free</dd>`);
    expect(invoice.includes('data-field="discount"')).toBe(summary.discount > 0);
    expect(invoice).toContain(`data-field="total">${formatRupees(summary.total)}</dd>`);
  });

  it("is in Hindi, with the products' Hindi names, when the page is", async () => {
    const order = await placeChargedOrder("हिंदी ग्राहक");
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    const res = await page(`/admin/orders/${order.orderId}/print?doc=invoice`, "hi");
    expect(res.status).toBe(200);
    const html = await res.text();
    const words = text(docOf(html, order.orderId));
    expect(words).toContain(`ऑर्डर का सारांश ऑर्डर ${summary.displayId}`);
    expect(words).toContain("शर्ट");
    expect(words).not.toContain("Shirt");
    expect(words).toContain("सामान का जोड़");
    expect(words).toContain(`10% छूट −${formatRupees(summary.discount)}`);
    expect(words).toContain(`कुल ${formatRupees(summary.total)}`);
    expect(words).toContain("भुगतान डिलीवरी पर नकद");
    expect(words).toContain(`अभी भुगतान नहीं हुआ: ${formatRupees(summary.total)} बाकी`);
    expect(html).toContain("ब्राउज़र का Print");
    // The slip too.
    const slip = text(docOf(await (await page(`/admin/orders/${order.orderId}/print?doc=slip`, "hi")).text(), order.orderId));
    expect(slip).toContain("पैकिंग पर्ची");
    expect(slip).toContain("शर्ट");
  });
});

describe("a selection", () => {
  it("prints each order once, in the order asked, one document each", async () => {
    const a = await placeTestOrder(server.shop, { name: "First Parent" });
    const b = await placeTestOrder(server.shop, { name: "Second Parent" });
    const c = await placeTestOrder(server.shop, { name: "Third Parent" });
    const ids = [c.orderId, a.orderId, c.orderId, b.orderId.toUpperCase()];
    for (const doc of ["slip", "invoice"]) {
      const res = await page(`/admin/orders/print?ids=${ids.join(",")}&doc=${doc}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const printed = [...html.matchAll(/<article[^>]*data-order-id="([^"]+)"/g)].map((m) => m[1]);
      expect(printed).toEqual([c.orderId, a.orderId, b.orderId]);
      expect(text(html)).toContain("3 orders, one to a page.");
    }
  });

  it("refuses bad addresses with a 400 that says what was wrong", async () => {
    const a = await placeTestOrder(server.shop);
    const unknown = randomUUID();
    let res = await page(`/admin/orders/print?ids=${a.orderId},not-an-order,12345&doc=slip`);
    expect(res.status).toBe(400);
    let words = text(await res.text());
    expect(words).toContain("These orders cannot be printed.");
    expect(words).toContain("These are not order numbers or ids");
    expect(words).toContain("not-an-order, 12345");

    res = await page(`/admin/orders/print?ids=${a.orderId},${unknown}`);
    expect(res.status).toBe(400);
    words = text(await res.text());
    expect(words).toContain(`1 order was not found: ${unknown.replace(/-/g, "").slice(0, 8).toUpperCase()}`);

    res = await page(`/admin/orders/print?ids=${a.orderId}&doc=receipt&paper=a3`);
    expect(res.status).toBe(400);
    words = text(await res.text());
    expect(words).toContain('doc must be slip or invoice, got "receipt".');
    expect(words).toContain('paper must be a4 or receipt, got "a3".');

    res = await page(`/admin/orders/print`);
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain("No orders were chosen");

    const many = Array.from({ length: MAX_PRINT_ORDERS + 1 }, () => randomUUID());
    res = await page(`/admin/orders/print?ids=${many.join(",")}`);
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain(`At most 200 orders can be printed at once; 201 were chosen.`);

    res = await page(`/admin/orders/not-an-order/print`);
    expect(res.status).toBe(400);
    res = await page(`/admin/orders/${unknown}/print`);
    expect(res.status).toBe(404);

    res = await page(`/admin/orders/print?ids=zzz`, "hi");
    expect(res.status).toBe(400);
    expect(text(await res.text())).toContain("ये ऑर्डर नंबर या id नहीं हैं");
  });
});

describe("who may print", () => {
  it("sends a visitor without an admin session to the admin sign-in, and shows no order", async () => {
    const order = await placeChargedOrder("Private Parent");
    for (const path of [`/admin/orders/${order.orderId}/print?doc=invoice`, `/admin/orders/print?ids=${order.orderId}`]) {
      const res = await call(`${server.url}${path}`);
      expect([302, 303, 401, 403]).toContain(res.status);
      if (res.status === 302 || res.status === 303) expect(res.headers.get("location")).toMatch(/^\/admin\/login/);
      expect(await res.text()).not.toContain("Private Parent");
    }
  });

  it("refuses a signed-in shopper too", async () => {
    const order = await placeChargedOrder("Shopper Parent");
    const user = await server.shop.auth.registerWithEmail({ email: `print-shopper-${randomUUID()}@example.com`, password: "shopper password 1994", name: "Some Shopper" });
    const signed = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
    const cookie = signed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const res = await call(`${server.url}/admin/orders/${order.orderId}/print?doc=invoice`, { headers: { Cookie: cookie } });
    expect([302, 303, 401, 403]).toContain(res.status);
    expect(await res.text()).not.toContain("Shopper Parent");
  });
});
