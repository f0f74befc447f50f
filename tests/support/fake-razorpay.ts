import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { signCheckout, signWebhook } from "../../services/gateway/razorpay";

/**
 * Razorpay faked at its HTTP boundary, as the SMS provider is (decision 221): an HTTP server answering the REST
 * calls the shop makes (orders, payments, refunds, with the key's Basic auth checked) and a hosted checkout page
 * that works without JavaScript: a form the parent's "Pay" submits, then a form back to the shop's callback with
 * the signed answer. Tests make payments and refunds happen here and send the webhooks Razorpay would, signed
 * (or forged). The demo runs it the same way (bin/demo-razorpay.ts).
 */

export const FAKE_RAZORPAY_KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_FakeKey0001",
  RAZORPAY_KEY_SECRET: "fake-key-secret-for-tests",
  RAZORPAY_WEBHOOK_SECRET: "fake-webhook-secret-for-tests",
} as const;

interface FakeOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
  notes: Record<string, string>;
}

interface FakePayment {
  id: string;
  amount: number;
  currency: string;
  status: string;
  order_id: string;
  method: string;
  amount_refunded: number;
}

interface FakeRefund {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  notes: Record<string, string>;
}

export interface FakeRazorpay {
  url: string;
  /** The shop's settings pointing at this fake. */
  env: Record<string, string>;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** Every REST call the shop made: method and path. */
  calls: string[];
  /** The status a new refund answers with: "processed" (instant) or "pending" (the webhook says when). */
  refundStatus: "processed" | "pending";
  /** A payment of `gatewayOrderId` as the parent would make it, captured (or only authorised); no webhook sent. */
  pay(gatewayOrderId: string, options?: { method?: string; status?: string }): FakePayment;
  /** The hosted checkout's signed answer for a payment, as the parent's browser posts it back. */
  answerFor(payment: FakePayment): Record<string, string>;
  /** A webhook body of `event` about a payment or a refund, as Razorpay sends it. */
  webhookBody(event: "payment.captured" | "order.paid" | "refund.processed" | "payment.failed", about: FakePayment | FakeRefund): string;
  /** POSTs a webhook to the shop, signed with the webhook secret unless `signature` is given (a forgery). */
  sendWebhook(shopUrl: string, body: string, signature?: string | null): Promise<Response>;
  /** The refund made processed, as Razorpay's bank would. */
  processRefund(refundId: string): FakeRefund;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("base64").replace(/[^A-Za-z0-9]/g, "").slice(0, 14).padEnd(14, "X")}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = FAKE_RAZORPAY_KEYS;
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const fake: FakeRazorpay = {
    url: "",
    env: {},
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    calls: [],
    refundStatus: "pending",
    pay(gatewayOrderId, options = {}) {
      const order = fake.orders.get(gatewayOrderId);
      if (!order) throw new Error(`no fake order ${gatewayOrderId}`);
      const payment: FakePayment = {
        id: id("pay"),
        amount: order.amount,
        currency: "INR",
        status: options.status ?? "captured",
        order_id: order.id,
        method: options.method ?? "upi",
        amount_refunded: 0,
      };
      fake.payments.set(payment.id, payment);
      if (payment.status === "captured") order.status = "paid";
      return payment;
    },
    answerFor(payment) {
      return { razorpay_payment_id: payment.id, razorpay_order_id: payment.order_id, razorpay_signature: signCheckout(keySecret, payment.order_id, payment.id) };
    },
    webhookBody(event, about) {
      const payload =
        "payment_id" in about
          ? { refund: { entity: { ...about, entity: "refund" } }, payment: { entity: { ...fake.payments.get(about.payment_id), entity: "payment" } } }
          : { payment: { entity: { ...about, entity: "payment" } }, ...(event === "order.paid" ? { order: { entity: { ...fake.orders.get(about.order_id), entity: "order" } } } : {}) };
      return JSON.stringify({ entity: "event", account_id: "acc_FakeAccount01", event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    },
    async sendWebhook(shopUrl, body, signature) {
      const sign = signature === undefined ? signWebhook(webhookSecret, body) : signature;
      return fetch(`${shopUrl}/webhooks/razorpay`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-razorpay-event-id": id("evt"), ...(sign === null ? {} : { "x-razorpay-signature": sign }) },
        body,
      });
    },
    processRefund(refundId) {
      const refund = fake.refunds.get(refundId);
      if (!refund) throw new Error(`no fake refund ${refundId}`);
      refund.status = "processed";
      return refund;
    },
    close: async () => {},
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: http.ServerResponse, status: number, description: string) => json(res, status, { error: { code: "BAD_REQUEST_ERROR", description } });
  const html = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Razorpay (test)</title></head><body>${body}</body></html>`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      const path = url.pathname;
      // The hosted checkout: a browser's form posts, no API key needed (the key id is in the form).
      if (req.method === "POST" && path === "/v1/checkout/embedded") {
        const form = new URLSearchParams(text);
        const order = fake.orders.get(form.get("order_id") ?? "");
        if (form.get("key_id") !== keyId || !order) return html(res, "<p>Invalid order</p>");
        const fields = ["order_id", "callback_url", "cancel_url"].map((n) => `<input type="hidden" name="${n}" value="${escapeHtml(form.get(n) ?? "")}">`).join("");
        return html(
          res,
          `<h1>${escapeHtml(form.get("name") ?? "")}</h1><p>Pay ₹${(order.amount / 100).toFixed(2)}</p>` +
            `<form method="post" action="/v1/checkout/embedded/pay">${fields}<select name="method"><option value="upi">UPI</option><option value="card">Card</option><option value="netbanking">Netbanking</option></select><button type="submit">Pay</button></form>`,
        );
      }
      if (req.method === "POST" && path === "/v1/checkout/embedded/pay") {
        const form = new URLSearchParams(text);
        const payment = fake.pay(form.get("order_id") ?? "", { method: form.get("method") ?? "upi" });
        const answer = fake.answerFor(payment);
        const fields = Object.entries(answer).map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v)}">`).join("");
        return html(res, `<p>Payment successful</p><form method="post" action="${escapeHtml(form.get("callback_url") ?? "")}">${fields}<button type="submit">Return to the shop</button></form>`);
      }
      fake.calls.push(`${req.method} ${path}`);
      if (req.headers.authorization !== auth) return refuse(res, 401, "The api key provided is invalid");
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return refuse(res, 400, "The request body is not JSON");
      }
      if (req.method === "POST" && path === "/v1/orders") {
        if (!Number.isInteger(body.amount) || (body.amount as number) < 100) return refuse(res, 400, "The amount must be at least INR 1.00");
        const order: FakeOrder = {
          id: id("order"),
          amount: body.amount as number,
          currency: String(body.currency),
          receipt: typeof body.receipt === "string" ? body.receipt : null,
          status: "created",
          notes: (body.notes as Record<string, string>) ?? {},
        };
        fake.orders.set(order.id, order);
        return json(res, 200, { ...order, entity: "order" });
      }
      let match = /^\/v1\/orders\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const order = fake.orders.get(match[1]!);
        return order ? json(res, 200, { ...order, entity: "order" }) : refuse(res, 400, "The id provided does not exist");
      }
      match = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === "GET" && match) {
        const payment = fake.payments.get(match[1]!);
        return payment ? json(res, 200, { ...payment, entity: "payment" }) : refuse(res, 400, "The id provided does not exist");
      }
      match = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
      if (req.method === "POST" && match) {
        const payment = fake.payments.get(match[1]!);
        if (!payment || payment.status !== "captured") return refuse(res, 400, "The payment has not been captured");
        const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : (body.amount as number);
        if (!Number.isInteger(amount) || amount <= 0 || amount > payment.amount - payment.amount_refunded) {
          return refuse(res, 400, "The refund amount provided is greater than amount captured");
        }
        payment.amount_refunded += amount;
        const refund: FakeRefund = { id: id("rfnd"), payment_id: payment.id, amount, status: fake.refundStatus, notes: (body.notes as Record<string, string>) ?? {} };
        fake.refunds.set(refund.id, refund);
        return json(res, 200, { ...refund, entity: "refund", currency: "INR" });
      }
      refuse(res, 404, "The requested URL was not found on the server.");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.env = { ...FAKE_RAZORPAY_KEYS, RAZORPAY_API_URL: fake.url };
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
