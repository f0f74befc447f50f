/**
 * The optional gateway (decision 221), against Razorpay faked at its HTTP boundary: a parent's order opens a gateway
 * order for its amount in paise; a signed webhook pays it with the same PaymentConfirmed as a manual confirmation,
 * once however often it is sent; a forged one is refused and changes nothing (the API is not even asked); the
 * browser's signed answer from the hosted checkout does the same; a refund is asked in paise and recorded on the
 * order, with its credit note of the same paise, when the gateway says it is processed. Unset, the shop has no gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStreamId } from "../../domain/orders/events";
import { gatewayStreamId } from "../../domain/payments/gateway";
import { signWebhook } from "../../services/gateway/razorpay";
import { openTestShop, type TestShop } from "../support/shop";
import { isRuleViolation } from "../../domain/errors";
import { placeUpiOrder } from "../support/statements";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { eventually } from "../support/fake-providers";

let shop: TestShop;
let plain: TestShop;
let razorpay: FakeRazorpay;
beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi", ...REGISTERED_SHOP_ENV, ...razorpay.env } });
  plain = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await plain?.close();
  await razorpay?.close();
});

const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const bytes = (text: string) => new TextEncoder().encode(text);
const webhook = (body: string, signature = signWebhook(razorpay.env.RAZORPAY_WEBHOOK_SECRET!, body)) => shop.orders.receiveWebhook(bytes(body), signature);
/** The rule a promise was refused by: its key and status; fails the test if it resolves. */
async function ruleRefusalOf(promise: Promise<unknown>): Promise<{ key: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}
const eventsOf = async (streamId: string) => (await shop.store.readStream(streamId)).map((e) => e.type);

describe("without the gateway's settings", () => {
  it("works as before: UPI to the shop's own ID, and no gateway order can be opened", async () => {
    expect(plain.orders.gatewayOn).toBe(false);
    expect(plain.orders.upiAvailable).toBe(true);
    const orderId = await placeUpiOrder(plain, "gateway-off", 2);
    expect(await ruleRefusalOf(plain.orders.openGatewayCheckout(orderId))).toMatchObject({ key: "gateway.off", status: 404 });
  });
});

describe("a payment through the gateway", () => {
  it("opens one gateway order for the order's amount in paise, with the order's id as its receipt", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 2);
    const order = (await shop.orders.getOrder(orderId))!;
    const first = await shop.orders.openGatewayCheckout(orderId);
    expect(first.paise).toBe(order.total * 100);
    expect(razorpay.orders.get(first.gatewayOrderId)).toMatchObject({ amount: order.total * 100, currency: "INR", receipt: orderId });
    // Pressed again (back, pay again): the same gateway order, not a second one.
    const again = await shop.orders.openGatewayCheckout(orderId);
    expect(again.gatewayOrderId).toBe(first.gatewayOrderId);
    expect(razorpay.calls.filter((c) => c === "POST /v1/orders")).toHaveLength(1);
  });

  it("is confirmed by a signed webhook with the same PaymentConfirmed as the owner's, once however often it comes", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 3);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    const payment = razorpay.pay(gatewayOrderId, { method: "card" });
    const body = razorpay.webhookBody("payment.captured", payment);

    expect(await webhook(body)).toEqual({ applied: { outcome: "paid", orderId } });
    const order = (await shop.orders.getOrder(orderId))!;
    expect(order.paymentStatus).toBe("paid");
    expect(order.amountPaid).toBe(order.total);
    const orderEvents = await eventsOf(orderStreamId(orderId));
    expect(orderEvents.filter((t) => t === "PaymentConfirmed")).toHaveLength(1);

    // The same webhook again, and order.paid for the same payment: nothing new anywhere.
    expect(await webhook(body)).toEqual({ applied: { outcome: "known", orderId } });
    expect(await webhook(razorpay.webhookBody("order.paid", payment))).toEqual({ applied: { outcome: "known", orderId } });
    expect(await eventsOf(orderStreamId(orderId))).toEqual(orderEvents);
    expect(await eventsOf(gatewayStreamId(orderId))).toEqual(["GatewayOrderOpened", "GatewayPaymentCaptured"]);
  });

  it("refuses a forged webhook with a 400 and changes nothing, without asking the gateway", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 4);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    const payment = razorpay.pay(gatewayOrderId);
    const body = razorpay.webhookBody("payment.captured", payment);
    const before = { order: await eventsOf(orderStreamId(orderId)), gateway: await eventsOf(gatewayStreamId(orderId)), calls: razorpay.calls.length };

    // Signed with the wrong secret, signed over another body, not signed at all, a signature that is not hex.
    expect(await ruleRefusalOf(webhook(body, signWebhook("not-the-webhook-secret", body)))).toMatchObject({ key: "gateway.badSignature", status: 400 });
    expect(await ruleRefusalOf(webhook(body.replace('"status":"captured"', '"status":"captured" '), signWebhook(razorpay.env.RAZORPAY_WEBHOOK_SECRET!, body)))).toMatchObject({
      status: 400,
    });
    expect(await ruleRefusalOf(shop.orders.receiveWebhook(bytes(body), null))).toMatchObject({ status: 400 });
    expect(await ruleRefusalOf(webhook(body, "zz"))).toMatchObject({ status: 400 });

    expect(await eventsOf(orderStreamId(orderId))).toEqual(before.order);
    expect(await eventsOf(gatewayStreamId(orderId))).toEqual(before.gateway);
    expect(razorpay.calls.length).toBe(before.calls);
    expect((await shop.orders.getOrder(orderId))!.paymentStatus).toBe("unpaid");
  });

  it("believes the gateway's API, not the webhook's words: a payment not captured pays nothing", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 5);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    const payment = razorpay.pay(gatewayOrderId, { status: "failed" });
    // A correctly signed body that says captured, about a payment the API says failed.
    const body = razorpay.webhookBody("payment.captured", { ...payment, status: "captured" });
    expect(await webhook(body)).toEqual({ applied: { outcome: "notCaptured", orderId, status: "failed" } });
    expect((await shop.orders.getOrder(orderId))!.paymentStatus).toBe("unpaid");
    expect(await eventsOf(gatewayStreamId(orderId))).toEqual(["GatewayOrderOpened"]);
  });

  it("is confirmed by the browser's signed answer from the hosted checkout, and a forged answer is refused", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 6);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    const payment = razorpay.pay(gatewayOrderId);
    const answer = razorpay.answerFor(payment);
    const forged = { paymentId: payment.id, gatewayOrderId, signature: "0".repeat(64) };
    expect(await ruleRefusalOf(shop.orders.returnFromCheckout(orderId, forged))).toMatchObject({ key: "gateway.badAnswer", status: 400 });
    expect((await shop.orders.getOrder(orderId))!.paymentStatus).toBe("unpaid");

    const back = { paymentId: answer.razorpay_payment_id!, gatewayOrderId: answer.razorpay_order_id!, signature: answer.razorpay_signature! };
    expect(await shop.orders.returnFromCheckout(orderId, back)).toEqual({ outcome: "paid", orderId });
    // The webhook for the same payment, after: nothing new.
    expect(await webhook(razorpay.webhookBody("payment.captured", payment))).toEqual({ applied: { outcome: "known", orderId } });
    // A signed answer for this payment presented for another order: refused (the signature covers the gateway order it opened).
    const other = await placeUpiOrder(shop, "gateway", 2);
    await shop.orders.openGatewayCheckout(other);
    expect(await ruleRefusalOf(shop.orders.returnFromCheckout(other, back))).toMatchObject({ key: "gateway.badAnswer", status: 400 });
  });

  it("keeps a second payment of a paid order as money to give back, without paying the order twice", async () => {
    const orderId = await placeUpiOrder(shop, "gateway", 2);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    // The owner confirmed it by hand (the parent also paid to the shop's UPI ID), then the gateway payment comes.
    await shop.orders.pay(orderId, (at) => ({ type: "ConfirmPayment", note: "paid at the counter", actor: admin, at }));
    const payment = razorpay.pay(gatewayOrderId);
    expect(await webhook(razorpay.webhookBody("payment.captured", payment))).toEqual({ applied: { outcome: "extra", orderId } });
    const order = (await shop.orders.getOrder(orderId))!;
    expect(order.amountPaid).toBe(order.total);
    expect((await shop.orders.gatewayPayments(orderId))?.captures).toEqual([{ paymentId: payment.id, rupees: order.total, method: "upi", applied: false }]);
  });
});

describe("a refund through the gateway", () => {
  it("is asked in paise and recorded on the order, with its credit note of the same paise, when the gateway says it is processed", async () => {
    const orderId = await placeUpiOrder(shop, "gateway-refund", 4);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    const payment = razorpay.pay(gatewayOrderId);
    await webhook(razorpay.webhookBody("payment.captured", payment));
    // Shipped: the invoice stands, so a refund is credited on a note.
    await shop.orders.changeStatus(orderId, "shipped", admin);

    razorpay.refundStatus = "pending";
    const asked = await shop.orders.refundThroughGateway(orderId, 310_00, "one shirt too small", admin);
    expect(asked.processed).toBe(false);
    expect(razorpay.refunds.get(asked.refundId)).toMatchObject({ payment_id: payment.id, amount: 31_000, status: "pending" });
    expect((await shop.orders.getOrder(orderId))!.refundedPaise ?? 0).toBe(0);
    // More than is left once this one is counted: refused before the gateway is asked.
    const calls = razorpay.calls.length;
    expect(await ruleRefusalOf(shop.orders.refundThroughGateway(orderId, 1000_00, "", admin))).toMatchObject({ key: "admin.paymentRefundTooLarge", status: 409 });
    expect(razorpay.calls.length).toBe(calls);

    const refund = razorpay.processRefund(asked.refundId);
    const body = razorpay.webhookBody("refund.processed", refund);
    expect(await webhook(body)).toEqual({ applied: { outcome: "processed", orderId } });
    expect(await webhook(body)).toEqual({ applied: { outcome: "known", orderId } });
    const order = await eventually("the refund on the order pages", async () => {
      const o = await shop.orders.getOrder(orderId);
      return o && o.refundedPaise === 310_00 ? o : null;
    });
    expect(order.paymentStatus).toBe("partly refunded");
    const refunded = (await shop.store.readStream(orderStreamId(orderId))).filter((e) => e.type === "PaymentRefunded");
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.data).toMatchObject({ paise: 310_00, method: "razorpay" });
    const documents = await shop.orders.taxDocuments(orderId);
    expect(documents?.creditNotes).toHaveLength(1);
    // The note's value is the refund's paise, to the paisa: what the gateway gave back.
    expect(documents!.creditNotes[0]!.totals.value).toBe(31_000);
  });

  it("records at once a refund the gateway processed at once, and refuses one for an order not paid through it", async () => {
    const orderId = await placeUpiOrder(shop, "gateway-refund", 2);
    const { gatewayOrderId } = await shop.orders.openGatewayCheckout(orderId);
    await webhook(razorpay.webhookBody("payment.captured", razorpay.pay(gatewayOrderId)));
    razorpay.refundStatus = "processed";
    const done = await shop.orders.refundThroughGateway(orderId, 100_00, "", admin);
    expect(done.processed).toBe(true);
    expect((await shop.orders.getOrder(orderId))!.refundedPaise).toBe(100_00);
    // Its webhook after: nothing new.
    expect(await webhook(razorpay.webhookBody("refund.processed", razorpay.refunds.get(done.refundId)!))).toEqual({ applied: { outcome: "known", orderId } });
    expect((await shop.store.readStream(orderStreamId(orderId))).filter((e) => e.type === "PaymentRefunded")).toHaveLength(1);

    const byHand = await placeUpiOrder(shop, "gateway-refund", 2);
    await shop.orders.pay(byHand, (at) => ({ type: "ConfirmPayment", actor: admin, at }));
    expect(await ruleRefusalOf(shop.orders.refundThroughGateway(byHand, 100_00, "", admin))).toMatchObject({ key: "gateway.noPayment", status: 409 });
  });
});
