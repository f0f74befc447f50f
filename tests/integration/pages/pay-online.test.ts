// "Pay online" through the optional gateway (decision 222) with JavaScript off, in English and Hindi, through the
// pages' real forms (tests/support/html-browser) and Razorpay faked at its HTTP edge (tests/support/fake-razorpay.ts):
// the order's page offers the button; its press hands the parent to the hosted checkout by a plain form; the
// gateway's signed answer comes back by a form post from the gateway's site and the order shows paid; a forged
// answer is refused and records nothing; a failed payment says so; the edge lets only that one address take
// another site's post, and the page's content policy lets its form go to the gateway. Unset, nothing is offered.
// The owner's "Refund through Razorpay" on the order's page: asked through the API, shown as asked, recorded on the
// order when the gateway's webhook says it is processed; refused in words when the order was not paid through it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { formatRupees } from "../../../domain/money";
import { orderStreamId } from "../../../domain/orders/events";
import { signCheckout } from "../../../services/gateway/razorpay";
import { refusal } from "../../../domain/errors";
import { refusalText } from "../../../app/i18n/refusals.server";
import { adminHtmlBrowser, call, createTestAdmin, type TestAdmin } from "../../support/admin";
import { eventually } from "../../support/fake-providers";
import { startFakeRazorpay, type FakeRazorpay } from "../../support/fake-razorpay";
import { HtmlBrowser } from "../../support/html-browser";
import { randomUUID } from "node:crypto";
import { displayOrderId } from "../../../domain/orders/order";
import { signInShopperOver } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";
import { placeUpiOrder } from "../../support/statements";

let server: TestServer;
let plain: TestServer;
let razorpay: FakeRazorpay;
let admin: TestAdmin;

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House", ...razorpay.env } });
  plain = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await razorpay?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const donePage = (orderId: string) => `/checkout/done?order=${orderId}`;
const eventsOf = async (orderId: string) => (await server.shop.store.readStream(orderStreamId(orderId))).map((e) => e.type);

/** The gateway's answer posted back as its page would: a form post from the gateway's own site. */
const postAnswer = (orderId: string, answer: Record<string, string>, origin = razorpay.url) =>
  fetch(`${server.url}/checkout/return?order=${orderId}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(answer),
  });

const CASES: { lang: Language }[] = [{ lang: "en" }, { lang: "hi" }];

describe.each(CASES)("paying online without JavaScript ($lang)", ({ lang }) => {
  const m = RESOURCES[lang];
  const w = m.payment.online;

  it("hands the parent to the gateway's hosted checkout and shows the order paid once the gateway's signed answer checks out", async () => {
    const orderId = await placeUpiOrder(server.shop, `pay-online-${lang}`, 3);
    const order = (await server.shop.orders.getOrder(orderId))!;
    const parent = new HtmlBrowser(server.url, { language: lang });

    let page = await parent.open(donePage(orderId));
    expect(page.status).toBe(200);
    // Beside the shop's own UPI, not instead of it.
    expect(page.buttons()).toContain(w.button);
    expect(page.text()).toContain(m.payment.upi.title);
    // The page's content policy lets its form go to the gateway's checkout, and nowhere else.
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${razorpay.url};`);

    page = await page.press(w.button);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(fill(w.handoff, { amount: formatRupees(order.total) }));
    // Nothing is paid by the press: a gateway order for the order's amount in paise, its receipt the order.
    const opened = [...razorpay.orders.values()].filter((o) => o.receipt === orderId);
    expect(opened).toMatchObject([{ amount: order.total * 100, currency: "INR" }]);
    expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("unpaid");

    // On the gateway's own page (the fake's hosted checkout): the order's amount, paid.
    page = await page.press(fill(w.continue, { amount: formatRupees(order.total) }));
    expect(page.url.origin).toBe(razorpay.url);
    expect(page.text()).toContain(`Pay ₹${order.total.toFixed(2)}`);
    page = await page.press("Pay");
    // Back to the shop by the gateway's form, from the gateway's site: the order's page says it is paid.
    page = await page.press("Return to the shop");
    expect(page.status).toBe(200);
    expect(page.url.pathname).toBe("/checkout/done");
    expect(page.redirects.map((hop) => hop.status)).toEqual([303]);
    expect(page.text("[data-testid=payment-standing]")).toBe(m.payment.standing.paid);
    expect(page.buttons()).not.toContain(w.button);
    const paid = (await server.shop.orders.getOrder(orderId))!;
    expect(paid).toMatchObject({ paymentStatus: "paid", amountPaid: order.total });

    // The same answer again (the parent's back and resend): nothing new.
    const payment = [...razorpay.payments.values()].find((p) => p.order_id === opened[0]!.id)!;
    const before = await eventsOf(orderId);
    const again = await postAnswer(orderId, razorpay.answerFor(payment));
    expect(again.status).toBe(303);
    expect(await eventsOf(orderId)).toEqual(before);
    expect(before.filter((type) => type === "PaymentConfirmed")).toHaveLength(1);
  });

  it("refuses a forged answer with a 400 page in the parent's language and records nothing", async () => {
    const orderId = await placeUpiOrder(server.shop, `pay-online-${lang}`, 2);
    const parent = new HtmlBrowser(server.url, { language: lang });
    await (await parent.open(donePage(orderId))).press(w.button);
    const gatewayOrder = [...razorpay.orders.values()].find((o) => o.receipt === orderId)!;
    const payment = razorpay.pay(gatewayOrder.id);

    const forged = { ...razorpay.answerFor(payment), razorpay_signature: signCheckout("not-the-key-secret", gatewayOrder.id, payment.id) };
    const answer = await fetch(`${server.url}/checkout/return?order=${orderId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: razorpay.url, "accept-language": lang === "hi" ? "hi-IN,hi" : "en-IN,en" },
      body: new URLSearchParams(forged),
    });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain(m.refusals.gateway.badAnswer);
    expect(await eventsOf(orderId)).not.toContain("PaymentConfirmed");
    expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("unpaid");
  });

  it("says so when the payment did not go through, and the button is there to try again", async () => {
    const orderId = await placeUpiOrder(server.shop, `pay-online-${lang}`, 2);
    const parent = new HtmlBrowser(server.url, { language: lang });
    await (await parent.open(donePage(orderId))).press(w.button);
    // Razorpay's answer for a failed payment: error fields only, no payment.
    const failed = await postAnswer(orderId, { "error[code]": "BAD_REQUEST_ERROR", "error[description]": "Payment failed", "error[reason]": "payment_failed" });
    expect(failed.status).toBe(303);
    const page = await parent.open(failed.headers.get("location")!);
    expect(page.texts("[role=status]")).toContain(w.notice.failed);
    expect(page.buttons()).toContain(w.button);
    expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("unpaid");
  });
});

describe("Pay online beside the order's other pages", () => {
  it("is offered on the tracking page and in the account's order row while the UPI order is unpaid, each press handing over to the gateway", async () => {
    const m = RESOURCES.en;
    const w = m.payment.online;
    // A guest's order, looked up on the tracking page by its number and phone.
    const guest = await placeUpiOrder(server.shop, "pay-online-track", 2);
    const total = (await server.shop.orders.getOrder(guest))!.total;
    const parent = new HtmlBrowser(server.url, { language: "en" });
    const lookup = await parent.open(`/orders/track?orderId=${displayOrderId(guest)}`);
    let page = await lookup.fill({ css: "#track-phone" }, "9876543210").press(m.account.track.submit);
    expect(page.buttons()).toContain(w.button);
    page = await page.press(w.button);
    expect(page.text()).toContain(fill(w.handoff, { amount: formatRupees(total) }));
    expect([...razorpay.orders.values()].filter((o) => o.receipt === guest)).toHaveLength(1);

    // A signed-in parent's own order, in Hindi: its row on the account page has the button; a COD order's has none.
    const hi = RESOURCES.hi.payment.online;
    const user = await server.shop.auth.registerWithEmail({ email: `pay-online-${randomUUID()}@example.com`, password: "satchel-2026", name: "Asha Devi" });
    const place = (paymentMethod: "upi" | "cod") =>
      server.shop.orders.placeOrder({
        scope: `user:${user.id}`,
        idempotencyKey: randomUUID(),
        items: [{ productId: "school/dps/shirt", size: "30", quantity: 3 }],
        customer: { kind: "user", userId: user.id, name: "Asha Devi", phone: "9876543211" },
        address: { name: "Asha Devi", phone: "9876543211", address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
        paymentMethod,
      });
    const upi = await place("upi");
    const cod = await place("cod");
    await eventually("both orders on the account page", async () => ((await server.shop.orders.getOrder(cod.orderId)) ? true : null), 60_000);
    const own = new HtmlBrowser(server.url, { language: "hi" });
    await signInShopperOver(own, server.shop, user.id);
    page = await own.open("/account");
    expect(page.within(`tr:has([data-testid="payment-${displayOrderId(cod.orderId)}"])`).buttons()).not.toContain(hi.button);
    page = await page.within({ form: hi.heading }).press(hi.button);
    expect(page.text()).toContain(fill(hi.handoff, { amount: formatRupees((await server.shop.orders.getOrder(upi.orderId))!.total) }));
    expect([...razorpay.orders.values()].filter((o) => o.receipt === upi.orderId)).toHaveLength(1);
  });
});

describe("what the gateway's pages refuse", () => {
  it("refuses the press for an order paid meanwhile, in words, and offers it no more", async () => {
    const orderId = await placeUpiOrder(server.shop, "pay-online-refused", 2);
    const parent = new HtmlBrowser(server.url);
    const page = await parent.open(donePage(orderId));
    await server.shop.orders.pay(orderId, (at) => ({ type: "ConfirmPayment", note: "by hand", actor: { kind: "admin", id: "a", name: "Asha" }, at }));
    const refused = await page.press(RESOURCES.en.payment.online.button);
    expect(refused.status).toBe(409);
    expect(refused.alerts().join(" ")).toContain(RESOURCES.en.refusals.payment.alreadyPaid);
    expect(refused.buttons()).not.toContain(RESOURCES.en.payment.online.button);
  });

  it("lets another site post only to the gateway's return address", async () => {
    const orderId = await placeUpiOrder(server.shop, "pay-online-edge", 2);
    const elsewhere = await fetch(`${server.url}${donePage(orderId)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: razorpay.url },
      body: new URLSearchParams({ intent: "report", reference: "612345678901" }),
    });
    expect(elsewhere.status).toBe(403);
    const payOnline = await fetch(`${server.url}/checkout/pay-online?order=${orderId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: razorpay.url },
      body: new URLSearchParams({ intent: "pay-online" }),
    });
    expect(payOnline.status).toBe(403);
    // The gateway's answer is let in from its site, and with Origin "null" (after the bank's pages redirected it).
    for (const origin of [razorpay.url, "null"]) {
      const back = await postAnswer(orderId, { "error[code]": "BAD_REQUEST_ERROR" }, origin);
      expect(back.status).toBe(303);
    }
    // Opening the press's address (a reload, a link) shows the button and opens nothing.
    const opened = razorpay.calls.length;
    const shown = await new HtmlBrowser(server.url).open(`/checkout/pay-online?order=${orderId}`);
    expect(shown.status).toBe(200);
    expect(shown.buttons()).toContain(RESOURCES.en.payment.online.button);
    expect(razorpay.calls.length).toBe(opened);
  });
});

describe("without the gateway's settings", () => {
  it("offers no online payment: the page, its content policy and the addresses are as before", async () => {
    const orderId = await placeUpiOrder(plain.shop, "pay-online-off", 2);
    const page = await new HtmlBrowser(plain.url).open(donePage(orderId));
    expect(page.status).toBe(200);
    expect(page.buttons()).not.toContain(RESOURCES.en.payment.online.button);
    expect(page.text()).toContain(RESOURCES.en.payment.upi.title);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self';");
    const back = await fetch(`${plain.url}/checkout/return?order=${orderId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: razorpay.url },
      body: new URLSearchParams({ razorpay_payment_id: "pay_AAAAAAAAAAAAAA" }),
    });
    expect(back.status).toBe(404);
    expect((await new HtmlBrowser(plain.url).open(`/checkout/pay-online?order=${orderId}`)).url.pathname).toBe("/checkout/done");
  });
});

/** An order paid through the gateway, as the parent's browser coming back from the hosted checkout pays it. */
async function paidThroughGateway(scope: string): Promise<{ orderId: string; total: number; paymentId: string }> {
  const orderId = await placeUpiOrder(server.shop, scope, 4);
  const { gatewayOrderId } = await server.shop.orders.openGatewayCheckout(orderId);
  const payment = razorpay.pay(gatewayOrderId, { method: "card" });
  const answer = razorpay.answerFor(payment);
  await server.shop.orders.returnFromCheckout(orderId, { paymentId: payment.id, gatewayOrderId, signature: answer.razorpay_signature! });
  return { orderId, total: (await server.shop.orders.getOrder(orderId))!.total, paymentId: payment.id };
}

describe.each(CASES)("the owner's refund through Razorpay without JavaScript ($lang)", ({ lang }) => {
  const m = RESOURCES[lang];
  const w = m.admin.payments;

  it("is asked through the API, shown as asked, and recorded on the order when the gateway's webhook says it is processed", async () => {
    razorpay.refundStatus = "pending";
    const { orderId, total, paymentId } = await paidThroughGateway(`gateway-refund-${lang}`);
    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await owner.open(`/admin/orders/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(fill(w.gateway.capture, { id: paymentId, amount: formatRupees(total), method: "card" }));
    const form = () => page.within({ form: w.gatewayRefund.title });

    // More than was paid: refused beside its form, in words, and nothing is asked of the gateway.
    const asked = razorpay.refunds.size;
    const tooMuch = await form().fill(w.refund.amount, String(total + 1)).press(w.gatewayRefund.submit);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.alerts().join(" ")).toContain(refusalText(lang, refusal("admin.paymentRefundTooLarge", { most: total })));
    expect(razorpay.refunds.size).toBe(asked);

    page = await form().fill(w.refund.amount, "100").press(w.gatewayRefund.submit);
    expect(page.status).toBe(200);
    expect(page.texts("[role=status]")).toContain(w.saved.gatewayRefund);
    const refund = [...razorpay.refunds.values()].find((r) => r.payment_id === paymentId)!;
    // Asked in paise, naming the order, at the normal speed; not on the order until processed.
    expect(refund).toMatchObject({ amount: 10_000, status: "pending", notes: { shop_order: orderId } });
    expect(page.text()).toContain(fill(w.gateway.refundAsked, { id: refund.id, amount: formatRupees(100) }));
    expect((await server.shop.orders.getOrder(orderId))?.refundedPaise).toBe(0);

    razorpay.processRefund(refund.id);
    const hook = await razorpay.sendWebhook(server.url, razorpay.webhookBody("refund.processed", refund));
    expect(hook.status).toBe(200);
    await eventually("the refund on the order", async () => ((await server.shop.orders.getOrder(orderId))?.refundedPaise === 100_00 ? true : null), 30_000);
    page = await page.reload();
    expect(page.text()).toContain(fill(w.gateway.refundProcessed, { id: refund.id, amount: formatRupees(100) }));
    expect(page.text("[data-field=amount-refunded]")).toBe(formatRupees(100));
    expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("partly refunded");
  });

  it("is not offered for an order paid by hand, and a forged request is refused in words", async () => {
    const orderId = await placeUpiOrder(server.shop, `gateway-refund-${lang}`, 2);
    await server.shop.orders.pay(orderId, (at) => ({ type: "ConfirmPayment", note: "by hand", actor: { kind: "admin", id: admin.id, name: "Asha" }, at }));
    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    const page = await owner.open(`/admin/orders/${orderId}`);
    expect(page.buttons()).toContain(w.refund.submit);
    expect(page.buttons()).not.toContain(w.gatewayRefund.submit);
    const forged = await call(`${server.url}/admin/orders/${orderId}`, {
      method: "POST",
      headers: { Cookie: `${admin.cookie}; shop_lng=${lang}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "gatewayRefund", amount: "100" }).toString(),
    });
    expect(forged.status).toBe(409);
    expect(await forged.text()).toContain(m.refusals.gateway.noPayment);
    expect((await server.shop.orders.getOrder(orderId))?.refundedPaise).toBe(0);
  });
});
