// The payments report (decision 224) without JavaScript, in English and Hindi, over HTTP through its real GET form:
// a UPI order confirmed by the owner and partly refunded, one paid from a bank statement, one paid online through
// Razorpay (faked at its HTTP edge), and one whose reported reference waits for the owner. The page shows what came in
// by method after refunds, by day, how each payment was matched, the wait from order to payment, what is not matched
// yet, and refuses a period that is not one in the page's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { indiaDay } from "../../../domain/reports/reports";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { startFakeRazorpay, type FakeRazorpay } from "../../support/fake-razorpay";
import { eventually } from "../../support/fake-providers";
import { startTestServer, type TestServer } from "../../support/server";
import { placeUpiOrder } from "../../support/statements";

let server: TestServer;
let admin: TestAdmin;
let razorpay: FakeRazorpay;
const asha = { kind: "admin" as const, id: "admin-1", name: "Asha" };

const paid = (orderId: string) =>
  eventually(`order ${orderId} paid`, async () => (["paid", "partly refunded"].includes((await server.shop.orders.getOrder(orderId))?.paymentStatus ?? "") ? true : null), 60_000);

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House", ...razorpay.env } });
  admin = await createTestAdmin(server.shop, server.url);
  const shop = server.shop;
  // ₹558 confirmed by the owner by hand, ₹100 of it refunded by UPI.
  const byHand = await placeUpiOrder(shop, "payments-report", 2);
  await shop.orders.pay(byHand, (at) => ({ type: "ConfirmPayment", actor: asha, at }));
  await shop.orders.pay(byHand, (at) => ({ type: "RefundPayment", paise: 100_00, method: "upi", note: "Late delivery", actor: asha, at }));
  // ₹837 whose reported reference a bank statement brought in.
  const byStatement = await placeUpiOrder(shop, "payments-report", 3, "634599990001");
  const day = indiaDay(new Date());
  const statement = `Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\n${day.split("-").reverse().join("/")},${day.split("-").reverse().join("/")},BY TRANSFER-UPI/CR/634599990001/RAVI KU/SBIN/ravi@oksbi/UPI--,TRANSFER FROM 1,,837.00,"10,837.00"\n`;
  await shop.orders.readStatement({ name: "sbi.csv", bytes: new TextEncoder().encode(statement) }, asha);
  // ₹1,116 paid online through Razorpay.
  const online = await placeUpiOrder(shop, "payments-report", 4);
  const { gatewayOrderId } = await shop.orders.openGatewayCheckout(online);
  await razorpay.sendWebhook(server.url, razorpay.webhookBody("payment.captured", razorpay.pay(gatewayOrderId, { method: "upi" })));
  // ₹1,395 reported by the parent, not confirmed yet.
  await placeUpiOrder(shop, "payments-report", 5, "634599990002");
  for (const id of [byHand, byStatement, online]) await paid(id);
  // The report's own read model catches up on its own: wait for its three payments and the refund.
  await eventually("the payments report's rows", async () => {
    const report = await shop.payments.paymentsReport(day, day);
    return report.received.upi + report.received.online === 2511_00 && report.refunded.upi === 100_00 ? true : null;
  }, 60_000);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await razorpay?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe.each(["en", "hi"] as Language[])("the payments report without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];
  const w = m.payment.takings;

  it("shows what came in by method and day after refunds, how it was matched, and what is not matched yet", async () => {
    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    const reports = await owner.open("/admin/reports");
    let page = await reports.follow(m.reports.paymentsLink);
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(w.title);
    const today = indiaDay(new Date());

    // A period that is not one: refused in words, with a 400.
    const backwards = await page.fill(w.from, today).fill(w.to, "2020-01-01").press(w.show);
    expect(backwards.status).toBe(400);
    expect(backwards.alerts()).toContain(w.error.backwards);
    expect((await owner.open("/admin/reports/payments?from=2026-13-01")).alerts()).toContain(w.error.badDay);

    page = await backwards.fill(w.from, today).fill(w.to, today).press(w.show);
    expect(page.status).toBe(200);
    expect(page.alerts()).toContain(fill(w.showing, { from: today, to: today }));
    const methods = page.within({ region: w.byMethod });
    expect(methods.lines(`tr[data-method="upi"]`).join(" ")).toBe(`${w.method.upi} ₹1,395 ₹100 ₹1,295`);
    expect(methods.lines(`tr[data-method="online"]`).join(" ")).toBe(`${w.method.online} ₹1,116 ₹0 ₹1,116`);
    expect(methods.lines(`tr[data-method="all"]`).join(" ")).toBe(`${w.total} ₹2,511 ₹100 ₹2,411`);
    expect(page.within({ region: w.byDay }).lines(`tr[data-day="${today}"]`).join(" ")).toBe(`${today} ₹1,395 ₹1,116 ₹0 ₹100 ₹2,411`);
    const matched = page.within({ region: w.matchedTitle });
    expect(matched.lines(`tr[data-by="hand"]`).join(" ")).toBe(`${w.by.hand} 1 ₹558`);
    expect(matched.lines(`tr[data-by="statement"]`).join(" ")).toBe(`${w.by.statement} 1 ₹837`);
    expect(matched.lines(`tr[data-by="gateway"]`).join(" ")).toBe(`${w.by.gateway} 1 ₹1,116`);
    const waits = page.within({ region: w.waitTitle });
    expect(waits.text(`tr[data-wait="upi"]`)).toMatch(new RegExp(`^${w.method.upi} 2 `));
    expect(waits.text(`tr[data-wait="online"]`)).toMatch(new RegExp(`^${w.method.online.replace(/[()]/g, "\\$&")} 1 `));
    const unmatched = page.within({ region: w.unmatchedTitle });
    expect(unmatched.text(`[data-unmatched="reported"]`)).toBe(fill(w.reported, { orders: 1, amount: "₹1,395" }));
    expect(unmatched.text(`[data-unmatched="unpaid"]`)).toBe(fill(w.unpaid, { orders: 0, amount: "₹0" }));
    expect(unmatched.text(`[data-unmatched="credits"]`)).toBe(fill(w.credits, { proposed: 0, unmatched: 0, conflicts: 0, confirmed: 0 }));
  });
});
