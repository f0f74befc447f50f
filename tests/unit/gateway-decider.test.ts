/**
 * The gateway stream's rules (decision 221): a capture recorded once by its payment id and only against a gateway
 * order the shop opened for its amount; a second payment of a paid order kept, not applied; a refund never more than
 * the payment has left, recorded processed once, even when its webhook overtook the shop's record of asking it.
 * And the two signatures: a webhook's over the raw bytes, the checkout's over the gateway order and payment.
 */
import { describe, expect, it } from "vitest";
import { gatewayDecider, refundableOf, type GatewayEvent } from "../../domain/payments/gateway";
import { checkoutSignatureFits, signCheckout, signWebhook, webhookSignatureFits } from "../../services/gateway/razorpay";
import { spec } from "../support/decider-spec";

const orderId = "0b7c5a52-8f0e-4d7e-9d51-6a0f3c2b1e90";
const at = "2026-12-07T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const opened: GatewayEvent = { type: "GatewayOrderOpened", data: { orderId, gatewayOrderId: "order_AbCdEf12345678", paise: 55_800, at } };
const capture = (paymentId: string, orderAwaits = true) => ({
  type: "RecordCapture" as const,
  orderId,
  gatewayOrderId: "order_AbCdEf12345678",
  paymentId,
  paise: 55_800,
  method: "upi",
  orderAwaits,
  via: "webhook" as const,
  at,
});
const captured = (paymentId: string, applied = true): GatewayEvent => ({
  type: "GatewayPaymentCaptured",
  data: { orderId, gatewayOrderId: "order_AbCdEf12345678", paymentId, paise: 55_800, method: "upi", applied, via: "webhook", at },
});
const asked = (refundId: string, paise: number): GatewayEvent => ({
  type: "GatewayRefundAsked",
  data: { orderId, paymentId: "pay_Payment000001", refundId, paise, note: "", actor: admin, at },
});

describe("a capture", () => {
  it("pays the order once, by its payment id", () => {
    spec(gatewayDecider).given(opened).when(capture("pay_Payment000001")).then([captured("pay_Payment000001")]);
    spec(gatewayDecider).given(opened, captured("pay_Payment000001")).when(capture("pay_Payment000001")).thenNothing();
  });

  it("of a gateway order this order never opened, or of another amount, is refused", () => {
    spec(gatewayDecider).given().when(capture("pay_Payment000001")).thenRefuses("gateway.notThisOrder", {}, 409);
    spec(gatewayDecider).given(opened).when({ ...capture("pay_Payment000001"), paise: 100 }).thenRefuses("gateway.amountDiffers", { asked: 55_800, paid: 100 }, 409);
  });

  it("of an order paid already, or a second payment, is kept without paying it again", () => {
    spec(gatewayDecider).given(opened).when(capture("pay_Payment000001", false)).then([captured("pay_Payment000001", false)]);
    spec(gatewayDecider).given(opened, captured("pay_Payment000001")).when(capture("pay_Payment000002")).then([captured("pay_Payment000002", false)]);
  });
});

describe("a refund", () => {
  it("is never more than the payment has left, counting refunds asked and not yet processed", () => {
    const ask = (refundId: string, paise: number) => ({ type: "AskRefund" as const, orderId, paymentId: "pay_Payment000001", refundId, paise, note: "", actor: admin, at });
    spec(gatewayDecider).given(opened, captured("pay_Payment000001"), asked("rfnd_Refund00000001", 31_000)).when(ask("rfnd_Refund00000002", 24_900)).thenRefuses(
      "admin.paymentRefundTooLarge",
      { most: 248 },
      409,
    );
    const state = spec(gatewayDecider).given(opened, captured("pay_Payment000001")).when(ask("rfnd_Refund00000001", 31_000)).state();
    expect(refundableOf(state, "pay_Payment000001")).toBe(24_800);
    spec(gatewayDecider).given(opened).when(ask("rfnd_Refund00000001", 100)).thenRefuses("gateway.noPayment", {}, 409);
  });

  it("is recorded processed once, even when its webhook came before the shop recorded asking it", () => {
    const done = { type: "RecordRefundProcessed" as const, orderId, paymentId: "pay_Payment000001", refundId: "rfnd_Refund00000001", paise: 31_000, at };
    const processed: GatewayEvent = { type: "GatewayRefundProcessed", data: { orderId, paymentId: "pay_Payment000001", refundId: "rfnd_Refund00000001", paise: 31_000, at } };
    spec(gatewayDecider).given(opened, captured("pay_Payment000001"), asked("rfnd_Refund00000001", 31_000)).when(done).then([processed]);
    spec(gatewayDecider).given(opened, captured("pay_Payment000001"), asked("rfnd_Refund00000001", 31_000), processed).when(done).thenNothing();
    spec(gatewayDecider).given(opened, captured("pay_Payment000001")).when(done).then([processed]);
    spec(gatewayDecider).given(opened, captured("pay_Payment000001"), asked("rfnd_Refund00000001", 31_000)).when({ ...done, paise: 30_000 }).thenRefuses("gateway.refundDiffers", {}, 409);
    // Asked after its webhook recorded it processed: nothing more.
    spec(gatewayDecider)
      .given(opened, captured("pay_Payment000001"), processed)
      .when({ type: "AskRefund", orderId, paymentId: "pay_Payment000001", refundId: "rfnd_Refund00000001", paise: 31_000, note: "", actor: admin, at })
      .thenNothing();
  });
});

describe("the gateway's signatures", () => {
  const body = '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_Payment000001"}}}}';
  it("a webhook's is over the exact bytes, with the webhook secret", () => {
    const signature = signWebhook("webhook-secret", body);
    expect(webhookSignatureFits("webhook-secret", new TextEncoder().encode(body), signature)).toBe(true);
    expect(webhookSignatureFits("webhook-secret", new TextEncoder().encode(body), signature.toUpperCase())).toBe(true);
    expect(webhookSignatureFits("webhook-secret", body + " ", signature)).toBe(false);
    expect(webhookSignatureFits("key-secret", body, signature)).toBe(false);
    expect(webhookSignatureFits("webhook-secret", body, signature.slice(0, 63))).toBe(false);
    expect(webhookSignatureFits("webhook-secret", body, null)).toBe(false);
  });

  it("the checkout's is over the gateway order and the payment, with the key secret", () => {
    const signature = signCheckout("key-secret", "order_AbCdEf12345678", "pay_Payment000001");
    expect(checkoutSignatureFits("key-secret", "order_AbCdEf12345678", "pay_Payment000001", signature)).toBe(true);
    expect(checkoutSignatureFits("key-secret", "order_Other000000001", "pay_Payment000001", signature)).toBe(false);
    expect(checkoutSignatureFits("webhook-secret", "order_AbCdEf12345678", "pay_Payment000001", signature)).toBe(false);
  });
});
