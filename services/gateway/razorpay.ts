// Razorpay, the optional gateway (decision 221), spoken to over plain HTTPS as its REST API documents it:
// an order made for each attempt to pay (POST /v1/orders, amounts in paise), a payment's and an order's
// status fetched (GET /v1/payments/:id, GET /v1/orders/:id), a refund asked (POST /v1/payments/:id/refund).
// Its two signatures, both HMAC-SHA256 in hex: the hosted checkout's answer (razorpay_signature, over
// "order_id|payment_id" with the key secret) and a webhook's (X-Razorpay-Signature, over the raw body with
// the webhook secret). Tests and the demo point RAZORPAY_API_URL at a stand-in (tests/support/fake-razorpay.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

export interface RazorpaySettings {
  /** RAZORPAY_KEY_ID: rzp_test_… or rzp_live_…; public (the checkout form carries it). */
  keyId: string;
  /** RAZORPAY_KEY_SECRET: signs API calls and the checkout's answer. Never leaves the server. */
  keySecret: string;
  /** RAZORPAY_WEBHOOK_SECRET: the secret typed in the Dashboard's webhook; signs every webhook. */
  webhookSecret: string;
  /** RAZORPAY_API_URL: https://api.razorpay.com unless a stand-in is named. */
  apiUrl: string;
  timeoutMs: number;
}

/** Where the hosted checkout is: a form posted there opens Razorpay's own payment page (no script needed). */
export const hostedCheckoutUrl = (settings: Pick<RazorpaySettings, "apiUrl">) => `${settings.apiUrl}/v1/checkout/embedded`;

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

export interface GatewayPayment {
  id: string;
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded or failed: only captured is money the shop has. */
  status: string;
  order_id: string | null;
  /** upi, card, netbanking, wallet, emi, … */
  method: string;
  amount_refunded?: number;
}

export interface GatewayRefund {
  id: string;
  payment_id: string;
  amount: number;
  /** pending, processed or failed. */
  status: string;
}

/** The gateway answered with an error, or not at all: nothing the shop recorded depends on it. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

const hmacHex = (secret: string, text: string | Uint8Array) => createHmac("sha256", secret).update(text).digest("hex");

/** A hex signature compared in constant time; anything that is not 64 hex digits is simply wrong. */
function sameSignature(expected: string, given: string | null | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

/** The webhook's X-Razorpay-Signature: over the exact bytes received, never the JSON re-serialised. */
export const webhookSignatureFits = (secret: string, rawBody: Uint8Array | string, signature: string | null | undefined) =>
  sameSignature(hmacHex(secret, rawBody), signature);

/** The hosted checkout's razorpay_signature, over the order the shop stored (never the one the answer names) and the payment. */
export const checkoutSignatureFits = (keySecret: string, gatewayOrderId: string, paymentId: string, signature: string | null | undefined) =>
  sameSignature(hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`), signature);

/** What a stand-in signs with: the same rules, for the fake and the tests. */
export const signWebhook = (secret: string, rawBody: string) => hmacHex(secret, rawBody);
export const signCheckout = (keySecret: string, gatewayOrderId: string, paymentId: string) => hmacHex(keySecret, `${gatewayOrderId}|${paymentId}`);

/** Razorpay's ids: a prefix and 14 letters or digits (pay_29QQoUBi66xm2f). Anything else is not looked up. */
export const GATEWAY_ID = { order: /^order_[A-Za-z0-9]{6,30}$/, payment: /^pay_[A-Za-z0-9]{6,30}$/, refund: /^rfnd_[A-Za-z0-9]{6,30}$/ } as const;

export function createRazorpayClient(settings: RazorpaySettings) {
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: { authorization: auth, accept: "application/json", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay did not answer ${method} ${path}: ${(err as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      // Razorpay's error body: { error: { code, description } }; the description says what it refused.
      let description = text.slice(0, 300);
      try {
        description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
      } catch {
        // not JSON: the text as it came
      }
      throw new GatewayError(`Razorpay refused ${method} ${path} (${response.status}): ${description}`, response.status);
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`Razorpay answered ${method} ${path} with something that is not JSON`);
    }
  }

  return {
    keyId: settings.keyId,
    checkoutUrl: hostedCheckoutUrl(settings),
    /** An order for `paise`, its receipt the shop's order id (how a payment finds its order again). */
    createOrder: (paise: number, receipt: string, notes: Record<string, string>) =>
      call<GatewayOrder>("POST", "/v1/orders", { amount: paise, currency: "INR", receipt, notes }),
    fetchOrder: (gatewayOrderId: string) => call<GatewayOrder>("GET", `/v1/orders/${encodeURIComponent(gatewayOrderId)}`),
    fetchPayment: (paymentId: string) => call<GatewayPayment>("GET", `/v1/payments/${encodeURIComponent(paymentId)}`),
    /** A refund of `paise` of a captured payment, at the normal speed (no instant-refund fee). */
    refund: (paymentId: string, paise: number, notes: Record<string, string>) =>
      call<GatewayRefund>("POST", `/v1/payments/${encodeURIComponent(paymentId)}/refund`, { amount: paise, speed: "normal", notes }),
    checkoutSignatureFits: (gatewayOrderId: string, paymentId: string, signature: string | null | undefined) =>
      checkoutSignatureFits(settings.keySecret, gatewayOrderId, paymentId, signature),
    webhookSignatureFits: (rawBody: Uint8Array | string, signature: string | null | undefined) => webhookSignatureFits(settings.webhookSecret, rawBody, signature),
  };
}

export type RazorpayClient = ReturnType<typeof createRazorpayClient>;
