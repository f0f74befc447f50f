/**
 * The admin's payment steps on the order page (confirm, reject, cash collected, refund) and the
 * dashboard's payment filter, through the real pages as a browser without JavaScript sends them:
 * a form post, a redirect on success, the refusal's status and words (English and Hindi) otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatRupees } from "../../domain/money";
import { PAYMENT_STANDINGS, type PaymentStanding } from "../../domain/orders/events";
import { PAYMENT_FILTER_MESSAGE } from "../../domain/admin-orders";
import { PAYMENT_FORM_MESSAGES } from "../../domain/forms/admin-payments";
import { PAYMENT_FIELD_MESSAGES } from "../../domain/orders/payment";
import { UPI_REFERENCE_MESSAGE } from "../../domain/orders/upi";
import { refusal } from "../../domain/errors";
import { hasRefusal, refusalIn } from "../../app/i18n/i18n.server";
import { refusalText } from "../../app/i18n/refusals.server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url, "payments-admin@churu-uniforms.example");
});
afterAll(async () => {
  await server?.close();
});

// A reference no other test run on this database has: 12 digits, the first never 0.
let referenceSeq = 100_000_000_000 + Math.floor(Math.random() * 800_000_000_000);
const nextReference = () => String(referenceSeq++);

const placeUpiOrder = (name = "UPI Parent") =>
  placeTestOrder(server.shop, {
    name,
    items: [{ productId: "stationery/scientific-calculator", quantity: 2 }],
    address: "4 Subhash Chowk",
    paymentMethod: "upi",
  });

const customer = { kind: "guest" as const, name: "UPI Parent" };
const report = (orderId: string, reference: string) =>
  server.shop.orders.pay(orderId, (at) => ({ type: "ReportPayment", reference, actor: customer, at }));

const page = (path: string, lang: "en" | "hi" = "en") =>
  call(`${server.url}${path}`, { headers: { Cookie: `${admin.cookie}; shop_lng=${lang}` } });

/** A payment step as the order page's form posts it without JavaScript. */
const post = (orderId: string, fields: Record<string, string>, lang: "en" | "hi" = "en") =>
  call(`${server.url}/admin/orders/${orderId}`, {
    method: "POST",
    headers: { Cookie: `${admin.cookie}; shop_lng=${lang}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const summary = async (orderId: string) => (await server.shop.orders.getOrder(orderId))!;
const trail = async (orderId: string) => (await server.shop.store.readStream(`order-${orderId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

describe("the order page's payment steps", () => {
  it("confirms a reported UPI reference: the order is paid, by the admin, and the page says so", async () => {
    const { orderId } = await placeUpiOrder();
    const reference = nextReference();
    await report(orderId, reference);

    let res = await page(`/admin/orders/${orderId}`);
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(html).toContain(`data-field="reported-reference">${reference}</code>`);
    expect(html).toContain("Confirm payment");
    expect(html).toContain(">reported</span>");

    res = await post(orderId, { intent: "confirm", note: "Seen in SBI statement", back: "/admin?payment=reported" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${orderId}?saved=confirm&back=%2Fadmin%3Fpayment%3Dreported#payment`);

    const order = await summary(orderId);
    expect(order.paymentStatus).toBe("paid");
    expect(order.amountPaid).toBe(order.total);
    expect(order.paymentReference).toBe(reference);
    const confirmed = (await trail(orderId)).find((e) => e.type === "PaymentConfirmed")!;
    expect(confirmed.data).toMatchObject({ reference, note: "Seen in SBI statement", actor: { kind: "admin", id: admin.id } });

    html = await (await page(`/admin/orders/${orderId}?saved=confirm`)).text();
    expect(html).toContain("Payment confirmed.");
    expect(html).toContain("Payment confirmed</td>");
    expect(html).not.toContain(">Confirm payment</button>");
    // Confirming again is refused, beside the form, with the rule's words.
    res = await post(orderId, { intent: "confirm" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This order&#x27;s payment is already recorded.");
  });

  it("refuses a rejection without a note; a rejection frees the reference for another order", async () => {
    const first = await placeUpiOrder();
    const second = await placeUpiOrder();
    const reference = nextReference();
    await report(first.orderId, reference);
    // While the first order holds it, no other order can report it.
    await expect(report(second.orderId, reference)).rejects.toMatchObject({ status: 409 });

    let res = await post(first.orderId, { intent: "reject", note: "  " });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Write why the payment is rejected.");
    expect((await summary(first.orderId)).paymentStatus).toBe("reported");

    res = await post(first.orderId, { intent: "reject", note: "Not in the bank statement" });
    expect(res.status).toBe(302);
    expect((await summary(first.orderId)).paymentStatus).toBe("unpaid");
    const rejected = (await trail(first.orderId)).find((e) => e.type === "PaymentRejected")!;
    expect(rejected.data).toMatchObject({ reference, note: "Not in the bank statement", actor: { kind: "admin", id: admin.id } });

    await report(second.orderId, reference);
    expect((await summary(second.orderId)).paymentStatus).toBe("reported");
    // Nothing reported any more: a second rejection is refused.
    res = await post(first.orderId, { intent: "reject", note: "again" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("There is no reported payment to reject.");
  });

  it("refunds at most what was paid (409 with the amount), partly then wholly, in English and Hindi", async () => {
    const { orderId } = await placeUpiOrder();
    await report(orderId, nextReference());
    expect((await post(orderId, { intent: "confirm" })).status).toBe(302);
    const { total } = await summary(orderId);

    let res = await post(orderId, { intent: "refund", amount: String(total + 1), method: "upi" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`A refund can be at most ${formatRupees(total)}, what was paid and not yet refunded.`);
    res = await post(orderId, { intent: "refund", amount: String(total + 1), method: "upi" }, "hi");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`ज़्यादा से ज़्यादा ${formatRupees(total)} लौटाए जा सकते हैं`);

    res = await post(orderId, { intent: "refund", amount: "1,00", method: "upi" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("The refund must be an amount in rupees above 0, with at most two digits of paise.");
    res = await post(orderId, { intent: "refund", amount: "12.345", method: "upi" });
    expect(res.status).toBe(422);
    // Cash holds no paise: the owner is told what to give in cash, or to pay the exact amount by UPI.
    res = await post(orderId, { intent: "refund", amount: "50.25", method: "cash" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Cash is given back in whole rupees: refund ₹50 in cash, or the exact amount by UPI.");
    res = await post(orderId, { intent: "refund", amount: "50", method: "cheque" });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("The refund must be paid in cash or upi.");

    // By UPI to the paisa (decision 209).
    res = await post(orderId, { intent: "refund", amount: "50.25", method: "upi", reference: "9876 5432 1098", note: "One calculator returned" });
    expect(res.status).toBe(302);
    let order = await summary(orderId);
    expect(order.paymentStatus).toBe("partly refunded");
    expect(order.refundedPaise).toBe(50_25);
    const html = await (await page(`/admin/orders/${orderId}`)).text();
    expect(html).toContain(">partly refunded</span>");
    expect(html).toContain(`At most ${formatRupees(total - 51)}.75 can be given back.`);
    expect(html).toContain(`data-field="amount-refunded">₹50.25<`);

    res = await post(orderId, { intent: "refund", amount: `${total - 51}.75`, method: "upi" });
    expect(res.status).toBe(302);
    order = await summary(orderId);
    expect(order.paymentStatus).toBe("refunded");
    const refunds = (await trail(orderId)).filter((e) => e.type === "PaymentRefunded");
    expect(refunds.map((e) => e.data)).toMatchObject([
      { paise: 50_25, method: "upi", reference: "987654321098", note: "One calculator returned", actor: { kind: "admin", id: admin.id } },
      { paise: total * 100 - 50_25, method: "upi", actor: { kind: "admin", id: admin.id } },
    ]);
  });

  it("records cash collected on a cash-on-delivery order", async () => {
    const { orderId } = await placeTestOrder(server.shop, { name: "Cash Parent" });
    let html = await (await page(`/admin/orders/${orderId}`)).text();
    expect(html).toContain("Cash on delivery");
    expect(html).toContain(">Cash collected</button>");
    expect(html).not.toContain(">Confirm payment</button>");

    const res = await post(orderId, { intent: "cash" });
    expect(res.status).toBe(302);
    const order = await summary(orderId);
    expect(order.paymentStatus).toBe("paid");
    expect(order.amountPaid).toBe(order.total);
    const cash = (await trail(orderId)).find((e) => e.type === "CashCollected")!;
    expect(cash.data).toMatchObject({ amount: order.total, actor: { kind: "admin", id: admin.id } });
    html = await (await page(`/admin/orders/${orderId}`)).text();
    expect(html).toContain("Cash collected</td>");
    expect(html).not.toContain(">Cash collected</button>");
  });

  it("refuses cash on a cancelled order, and cash over a reported UPI reference, which stays reported", async () => {
    const cod = await placeTestOrder(server.shop, { name: "Cancelled Parent" });
    await server.shop.orders.changeStatus(cod.orderId, "cancelled", { kind: "admin", id: admin.id, name: "Payments Admin" });
    let res = await post(cod.orderId, { intent: "cash" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This order is cancelled: no cash can have been collected for it.");
    expect(await summary(cod.orderId)).toMatchObject({ paymentStatus: "unpaid", amountPaid: 0 });
    res = await post(cod.orderId, { intent: "cash" }, "hi");
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("यह ऑर्डर रद्द है");

    const upi = await placeUpiOrder();
    const reference = nextReference();
    await report(upi.orderId, reference);
    res = await post(upi.orderId, { intent: "cash" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(`The parent reported UPI payment ${reference} for this order: confirm or reject it before recording cash.`);
    expect(await summary(upi.orderId)).toMatchObject({ paymentStatus: "reported", paymentReference: reference, amountPaid: 0 });
    expect((await trail(upi.orderId)).map((e) => e.type)).not.toContain("CashCollected");
    // The reference is still this order's: no other order can report it.
    await expect(report((await placeUpiOrder()).orderId, reference)).rejects.toMatchObject({ status: 409 });
  });

  it("refuses a post that is not a payment step with 400", async () => {
    const { orderId } = await placeTestOrder(server.shop);
    const res = await post(orderId, { intent: "gift" });
    expect(res.status).toBe(400);
    // The order page reads payment steps and after-sale ones (decision 103): the refusal names both.
    expect(await res.text()).toContain("That request was not a step of this order&#x27;s page: a payment, a note, the delivery or a return.");
    expect((await post("00000000-0000-4000-8000-000000000000", { intent: "cash" })).status).toBe(404);
  });
});

describe("the dashboard's payment filter", () => {
  it("lists only the orders whose money stands so, with the status filter, sort and pages", async () => {
    const reported = await placeUpiOrder("Filter Reported");
    const reference = nextReference();
    await report(reported.orderId, reference);
    const unpaid = await placeUpiOrder("Filter Unpaid");
    const paid = await placeTestOrder(server.shop, { name: "Filter Paid" });
    await server.shop.orders.pay(paid.orderId, (at) => ({ type: "CollectCash", actor: { kind: "admin", id: admin.id }, at }));

    for (const standing of PAYMENT_STANDINGS) {
      const page = await server.shop.adminOrders.listPage({ filter: "all", payment: standing, sort: "date", direction: "desc" }, 500);
      expect(page.orders.every((o) => o.paymentStatus === standing), standing).toBe(true);
    }
    const ids = async (payment: PaymentStanding) =>
      (await server.shop.adminOrders.listPage({ filter: "all", payment, sort: "date", direction: "desc" }, 500)).orders.map((o) => o.id);
    expect(await ids("reported")).toContain(reported.orderId);
    expect(await ids("reported")).not.toContain(unpaid.orderId);
    expect(await ids("unpaid")).toContain(unpaid.orderId);
    expect(await ids("paid")).toContain(paid.orderId);

    let res = await page("/admin?payment=reported&status=pending&sort=id&dir=asc");
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(html).toContain(`data-order-id="${reported.orderId}"`);
    expect(html).not.toContain(`data-order-id="${unpaid.orderId}"`);
    expect(html).not.toContain(`data-order-id="${paid.orderId}"`);
    expect(html).toContain(`data-field="reported-reference">${reference}</code>`);
    // The filter stays in the sort links and in the row's way to the order page.
    expect(html).toContain('href="/admin?status=pending&amp;payment=reported&amp;sort=id&amp;dir=desc"');
    expect(html).toContain("Check payment");

    res = await page("/admin?payment=partly+refunded");
    expect(res.status).toBe(200);

    res = await page("/admin?payment=maybe&status=shipped");
    expect(res.status).toBe(400);
    html = await res.text();
    expect(html).toContain("Unknown payment filter: choose one of unpaid, reported, paid, partly refunded, refunded.");
    expect(html).toContain('href="/admin?status=shipped"');
    res = await page("/admin?payment=maybe", "hi");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("अनजान पेमेंट फ़िल्टर");
  });

  it("pages through a payment filter without losing it", async () => {
    for (let i = 0; i < 3; i++) await placeUpiOrder(`Pager UPI ${i}`);
    const seen: string[] = [];
    const query = { filter: "all", payment: "unpaid", sort: "date", direction: "desc" } as const;
    let next = await server.shop.adminOrders.listPage(query, 2);
    seen.push(...next.orders.map((o) => o.id));
    while (next.next) {
      next = await server.shop.adminOrders.listPage({ ...query, after: next.next }, 2);
      seen.push(...next.orders.map((o) => o.id));
    }
    const all = await server.shop.adminOrders.listPage(query, 500);
    expect(seen).toEqual(all.orders.map((o) => o.id));
    expect(all.orders.every((o) => o.paymentStatus === "unpaid")).toBe(true);
  });
});

describe("the payment words in Hindi", () => {
  it("has Hindi for every refusal the admin's payment steps and filter can show", () => {
    // The rules' refusals, by key.
    for (const key of [
      "admin.paymentAlreadyRecorded",
      "admin.paymentNothingReported",
      "admin.paymentRejectNote",
      "admin.paymentRefundAmount",
      "admin.paymentRefundMethod",
      "admin.paymentNothingPaid",
      "admin.paymentRecordedByRefund",
      "admin.paymentNoteTooLong",
      "payment.reference",
      "payment.referenceTaken",
    ]) {
      expect(refusalText("hi", refusal(key)), key).toMatch(/[\u0900-\u097F]/);
    }
    // The forms' and the filter's own messages, by their text.
    for (const message of [UPI_REFERENCE_MESSAGE, PAYMENT_FILTER_MESSAGE, ...Object.values(PAYMENT_FIELD_MESSAGES), ...Object.values(PAYMENT_FORM_MESSAGES)]) {
      expect(hasRefusal(message), message).toBe(true);
      expect(refusalIn("hi", message), message).toMatch(/[\u0900-\u097F]/);
    }
    expect(refusalText("hi", refusal("admin.paymentRefundTooLarge", { most: 1250 }))).toBe(
      "ज़्यादा से ज़्यादा ₹1,250 लौटाए जा सकते हैं, यानी जितना पेमेंट हुआ और अभी लौटाया नहीं गया।",
    );
  });

  it("shows the standing, the method and the steps in Hindi on the order page and the dashboard", async () => {
    const { orderId } = await placeUpiOrder("Hindi Parent");
    const reference = nextReference();
    await report(orderId, reference);
    let html = await (await page(`/admin/orders/${orderId}`, "hi")).text();
    expect(html).toContain("जानकारी मिली");
    expect(html).toContain("पेमेंट पक्का करें");
    expect(html).toContain("नामंज़ूर करें");
    expect(html).toContain(reference);

    const res = await post(orderId, { intent: "reject", note: "" }, "hi");
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("लिखें कि पेमेंट क्यों नामंज़ूर है।");

    html = await (await page("/admin?payment=reported", "hi")).text();
    expect(html).toContain("जानकारी मिली");
    expect(html).toContain("पेमेंट जाँचें");
    expect(html).toContain(reference);
  });
});
