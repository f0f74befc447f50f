// Paying through the optional gateway (Razorpay, decision 221). The parent's "Pay online" opens a gateway order
// for the order's amount in paise and hands the browser to the gateway's hosted checkout by a plain form; the
// payment is believed only as the gateway's API says it is (fetched by its id), whether the news came by a signed
// webhook or by the parent's browser coming back with a signed answer. A captured payment pays the order with the
// same PaymentConfirmed as the owner's own confirmation and a statement's, in one command with the gateway stream
// (domain/payments/gateway.ts) that records it once by its id. Refunds are asked through the API in paise and
// recorded on the order (PaymentRefunded, and its credit note) when the gateway says they are processed.
import { randomUUID } from "node:crypto";
import { RuleViolation } from "../../domain/errors";
import { orderStreamId, type Actor } from "../../domain/orders/events";
import type { OrderCommand, OrderState } from "../../domain/orders/order";
import { refundablePaise } from "../../domain/orders/payment";
import { gatewayDecider, gatewayEvents, gatewayStreamId, paidBy, refundsPending, type CaptureSource } from "../../domain/payments/gateway";
import { createCommandHandler, type StreamStep } from "../../eventstore/command-handler";
import type { Loaded } from "../../eventstore/command-handler";
import { GATEWAY_ID, GatewayError, type RazorpayClient } from "../gateway/razorpay";
import { GATEWAY_ACTOR } from "../../domain/payments/received";
import { existingOrderId, orderIdOf, type OrderCore } from "./core";

// Who the order's trail says confirmed a payment or a refund the gateway reported: the payments report knows it by this (decision 224).
export { GATEWAY_ACTOR };

/** What the hosted checkout's form carries: the gateway order to pay and where the parent comes back. */
export interface GatewayCheckout {
  keyId: string;
  checkoutUrl: string;
  gatewayOrderId: string;
  paise: number;
}

/** What became of a payment the shop was told about. */
export type CaptureOutcome =
  | { outcome: "paid"; orderId: string }
  /** Captured before (a webhook sent again, or after the parent's browser came back): nothing changed. */
  | { outcome: "known"; orderId: string }
  /** Captured, but the order was paid already: kept on the gateway stream, money the owner gives back. */
  | { outcome: "extra"; orderId: string }
  /** Not captured (yet): authorised, failed or created. Nothing recorded. */
  | { outcome: "notCaptured"; orderId: string; status: string };

export type RefundOutcome = { outcome: "processed" | "known"; orderId: string };

/** An order id is a UUID; a gateway order's receipt that is not one was not made by this shop. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The order still waits for its money: not paid, not cancelled, not deleted. */
const awaits = (state: OrderState) => state.exists && !state.deleted && state.status !== "cancelled" && state.payment.paid === 0;

export function gatewayCommands(core: OrderCore, client: RazorpayClient | undefined) {
  const { deps, orders, changes, numbered, orderSteps, shownChange, taxDocuments } = core;
  const gateway = createCommandHandler(deps.store, { decider: gatewayDecider, events: gatewayEvents });

  function needClient(): RazorpayClient {
    if (!client) throw new RuleViolation("gateway.off", {}, 404);
    return client;
  }

  /** The order as its own stream has it, or a 404. */
  async function loadOrder(orderId: string) {
    const loaded = await orders.load(orderStreamId(orderId));
    if (!loaded.state.exists || loaded.state.deleted) throw new RuleViolation("orders.notFound", {}, 404);
    return loaded as Loaded<Extract<OrderState, { exists: true }>>;
  }

  /** The shop's order a gateway payment is for: its gateway order's receipt, as the gateway's API says it. */
  async function orderOfPayment(paymentId: string) {
    const api = needClient();
    const payment = await api.fetchPayment(paymentId);
    if (payment.id !== paymentId || !payment.order_id || !GATEWAY_ID.order.test(payment.order_id)) return { payment, orderId: undefined };
    const gatewayOrder = await api.fetchOrder(payment.order_id);
    const orderId = gatewayOrder.receipt && ORDER_ID.test(gatewayOrder.receipt) ? gatewayOrder.receipt : undefined;
    return { payment, orderId };
  }

  /** An order change beside a gateway stream's, under both streams' turns and, when it may issue a document, its series'. */
  function handleWith<R>(orderId: string, command: OrderCommand | undefined, plan: Parameters<typeof changes.handle<R>>[0]["plan"]) {
    const seriesLocks = command && taxDocuments ? taxDocuments.locksFor(command, new Date()) : [];
    return (seriesLocks.length > 0 ? numbered : changes).handle<R>({ locks: [orderStreamId(orderId), gatewayStreamId(orderId), ...seriesLocks], plan });
  }

  /**
   * Records a payment the gateway's API says is captured, against the order its gateway order names: the gateway
   * stream first (so a second word of it finds it there), the order's PaymentConfirmed after it. A capture recorded
   * whose order append was lost (where streams are appended one by one) is finished here the next time it is heard of.
   */
  async function settlePayment(paymentId: string, via: CaptureSource, expectedOrder?: string): Promise<CaptureOutcome | undefined> {
    const { payment, orderId } = await orderOfPayment(paymentId);
    if (!orderId || (expectedOrder && orderId !== expectedOrder)) return undefined;
    if (payment.status !== "captured") return { outcome: "notCaptured", orderId, status: payment.status };
    if (payment.currency !== "INR" || !Number.isInteger(payment.amount) || payment.amount <= 0) return undefined;
    const commandId = randomUUID();
    const confirm = (at: string): OrderCommand => ({ type: "ConfirmPayment", note: `Razorpay ${paymentId} (${payment.method})`, actor: GATEWAY_ACTOR, at });
    return handleWith<CaptureOutcome | undefined>(orderId, undefined, async () => {
      const at = new Date().toISOString();
      const order = await orders.load(orderStreamId(orderId));
      if (!order.state.exists) return { answer: undefined };
      const streamId = gatewayStreamId(orderId);
      const loaded = await gateway.load(streamId);
      const known = loaded.state.captures.get(paymentId);
      if (known) {
        // Heard of before. Its order append lost on the way (streams appended one by one): that part again.
        if (known.applied && order.state.payment.paid === 0 && !order.state.deleted) {
          const steps = (await orderSteps(orderId, order, confirm(at), at, commandId)) ?? [];
          if (steps.length) return { steps, answer: async (results) => (await shownChange(results), { outcome: "paid" as const, orderId }) };
        }
        return { answer: { outcome: "known", orderId } };
      }
      const recorded = gateway.prepare(
        streamId,
        loaded,
        {
          type: "RecordCapture",
          orderId,
          gatewayOrderId: payment.order_id!,
          paymentId,
          paise: payment.amount,
          method: payment.method.toLowerCase().replace(/[^a-z_]/g, "").slice(0, 20) || "other",
          orderAwaits: awaits(order.state),
          via,
          at,
        },
        { commandId },
      );
      if (!recorded) return { answer: { outcome: "known", orderId } };
      const applied = recorded.events.some((e) => e.type === "GatewayPaymentCaptured" && e.data.applied);
      const steps: StreamStep[] = [{ prepared: recorded, handler: gateway }];
      if (applied) steps.push(...((await orderSteps(orderId, order, confirm(at), at, commandId)) ?? []));
      return {
        steps,
        answer: async (results) => {
          await shownChange(results);
          return applied ? { outcome: "paid", orderId } : { outcome: "extra", orderId };
        },
      };
    });
  }

  return {
    /** Whether the shop takes payments through the gateway (its settings are set). */
    gatewayOn: client !== undefined,

    /**
     * The parent's "Pay online": a gateway order for what the order charges, in paise, with the order's id as its
     * receipt; one already opened for the same amount and not paid is used again (the gateway takes several
     * attempts on one order). Refused for an order paid, cancelled, or paid on delivery.
     */
    async openGatewayCheckout(orderIdText: string): Promise<GatewayCheckout> {
      const api = needClient();
      const orderId = existingOrderId(orderIdText);
      const { state } = await loadOrder(orderId);
      if (state.payment.method !== "upi") throw new RuleViolation("gateway.notOnline", {}, 409);
      if (state.payment.paid > 0) throw new RuleViolation("payment.alreadyPaid", {}, 409);
      if (state.status === "cancelled") throw new RuleViolation("payment.cancelled", {}, 409);
      const paise = state.payment.due * 100;
      const streamId = gatewayStreamId(orderId);
      const opened = await gateway.load(streamId);
      const used = new Set([...opened.state.captures.values()].map((c) => c.gatewayOrderId));
      const again = [...opened.state.opened].find(([id, asked]) => asked === paise && !used.has(id));
      const checkout = (gatewayOrderId: string): GatewayCheckout => ({ keyId: api.keyId, checkoutUrl: api.checkoutUrl, gatewayOrderId, paise });
      if (again) return checkout(again[0]);
      const made = await api.createOrder(paise, orderId, { shop_order: orderId });
      if (!GATEWAY_ID.order.test(made.id) || made.amount !== paise) throw new GatewayError(`Razorpay made an order that is not the one asked: ${made.id} for ${made.amount}`);
      await gateway.handle(streamId, { type: "OpenGatewayOrder", orderId, gatewayOrderId: made.id, paise, at: new Date().toISOString() });
      return checkout(made.id);
    },

    /**
     * The parent's browser back from the hosted checkout with the gateway's signed answer. The signature is checked
     * over the gateway order this shop opened for this order (never one the answer names alone), then the payment
     * is fetched and recorded as a webhook's would be. A forged or foreign answer is refused (400) and records nothing.
     */
    async returnFromCheckout(orderIdText: string, answer: { paymentId: string; gatewayOrderId: string; signature: string }): Promise<CaptureOutcome> {
      const api = needClient();
      const orderId = existingOrderId(orderIdText);
      const { paymentId, gatewayOrderId, signature } = answer;
      if (!GATEWAY_ID.payment.test(paymentId) || !GATEWAY_ID.order.test(gatewayOrderId)) throw new RuleViolation("gateway.badAnswer", {}, 400);
      const { state } = await gateway.load(gatewayStreamId(orderId));
      if (!state.opened.has(gatewayOrderId) || !api.checkoutSignatureFits(gatewayOrderId, paymentId, signature)) {
        throw new RuleViolation("gateway.badAnswer", {}, 400);
      }
      const settled = await settlePayment(paymentId, "checkout", orderId);
      if (!settled) throw new RuleViolation("gateway.badAnswer", {}, 400);
      return settled;
    },

    /**
     * A webhook, its signature checked over the exact bytes received before anything is read (a forged one is a
     * 400 and changes nothing). payment.captured and order.paid record the payment as the API says it is;
     * refund.processed records a refund the shop asked. Anything else, or a payment of no order of this shop's,
     * is acknowledged and ignored, so the gateway does not send it again.
     */
    async receiveWebhook(rawBody: Uint8Array, signature: string | null): Promise<{ applied: CaptureOutcome | RefundOutcome | null }> {
      const api = needClient();
      if (!api.webhookSignatureFits(rawBody, signature)) throw new RuleViolation("gateway.badSignature", {}, 400);
      let body: WebhookBody;
      try {
        body = JSON.parse(Buffer.from(rawBody).toString("utf8")) as WebhookBody;
      } catch {
        throw new RuleViolation("gateway.badWebhook", {}, 400);
      }
      const event = typeof body?.event === "string" ? body.event : "";
      if (event === "payment.captured" || event === "order.paid") {
        const paymentId = body.payload?.payment?.entity?.id;
        if (typeof paymentId !== "string" || !GATEWAY_ID.payment.test(paymentId)) throw new RuleViolation("gateway.badWebhook", {}, 400);
        return { applied: (await settlePayment(paymentId, "webhook")) ?? null };
      }
      if (event === "refund.processed") {
        const refund = body.payload?.refund?.entity;
        const orderId = refund?.notes?.shop_order;
        if (!refund || typeof refund.id !== "string" || !GATEWAY_ID.refund.test(refund.id) || typeof refund.payment_id !== "string") {
          throw new RuleViolation("gateway.badWebhook", {}, 400);
        }
        if (typeof orderId !== "string" || !ORDER_ID.test(orderId) || !Number.isInteger(refund.amount)) return { applied: null };
        return { applied: (await settleRefund(orderId, refund.id, refund.payment_id, refund.amount as number)) ?? null };
      }
      return { applied: null };
    },

    /**
     * The owner's refund of an order paid through the gateway: asked through its API in paise (decision 209: the
     * paise the credit note will carry), recorded as asked; recorded on the order, with its credit note, only when
     * the gateway says it is processed (at once, or by its refund.processed webhook).
     */
    async refundThroughGateway(orderIdText: string, paise: number, note: string, actor: Actor): Promise<{ orderId: string; refundId: string; processed: boolean }> {
      const api = needClient();
      const orderId = existingOrderId(orderIdText);
      if (!Number.isInteger(paise) || paise <= 0) throw new RuleViolation("admin.paymentRefundAmount", {}, 422);
      const text = note.trim();
      if (text.length > 500) throw new RuleViolation("admin.paymentNoteTooLong", {}, 422);
      const commandId = randomUUID();
      // Asked once, whatever retries the command needs after: a refund is money, never asked twice for one press.
      let asked: Awaited<ReturnType<RazorpayClient["refund"]>> | undefined;
      const record = (at: string): OrderCommand => ({ type: "RecordGatewayRefund", paise, note: `Razorpay ${asked?.id ?? ""}${text ? `; ${text}` : ""}`, actor: GATEWAY_ACTOR, at });
      return handleWith(orderId, record(new Date().toISOString()), async () => {
        const at = new Date().toISOString();
        const order = await loadOrder(orderId);
        const streamId = gatewayStreamId(orderId);
        const loaded = await gateway.load(streamId);
        const paid = paidBy(loaded.state);
        if (!paid) throw new RuleViolation("gateway.noPayment", {}, 409);
        const left = refundablePaise(order.state.payment) - refundsPending(loaded.state);
        if (!asked && paise > left) throw new RuleViolation("admin.paymentRefundTooLarge", { most: Math.max(0, left) / 100 }, 409);
        asked ??= await api.refund(paid.paymentId, paise, { shop_order: orderId, ...(text ? { note: text.slice(0, 250) } : {}) });
        if (!GATEWAY_ID.refund.test(asked.id) || asked.amount !== paise) throw new GatewayError(`Razorpay made a refund that is not the one asked: ${asked.id} for ${asked.amount}`);
        const steps: StreamStep[] = [];
        const asking = gateway.prepareMany(
          streamId,
          loaded,
          [
            { type: "AskRefund", orderId, paymentId: paid.paymentId, refundId: asked.id, paise, note: text, actor, at },
            ...(asked.status === "processed" ? [{ type: "RecordRefundProcessed" as const, orderId, paymentId: paid.paymentId, refundId: asked.id, paise, at }] : []),
          ],
          { commandId },
        );
        if (asking) steps.push({ prepared: asking, handler: gateway });
        // Processed now, and not by its webhook first: the order records it in this command.
        const processed = asked.status === "processed" || (loaded.state.refunds.get(asked.id)?.processed ?? false);
        if (asking?.events.some((e) => e.type === "GatewayRefundProcessed")) steps.push(...((await orderSteps(orderId, order, record(at), at, commandId)) ?? []));
        const refundId = asked.id;
        if (steps.length === 0) return { answer: { orderId, refundId, processed } };
        return { steps, answer: async (results) => (await shownChange(results), { orderId, refundId, processed }) };
      });
    },

    /** The gateway's word on an order's payments: what paid it, what was paid twice, refunds asked and done. */
    async gatewayPayments(orderIdText: string) {
      const orderId = orderIdOf(orderIdText);
      if (!orderId || !client) return undefined;
      const { state } = await gateway.load(gatewayStreamId(orderId));
      if (state.opened.size === 0) return undefined;
      return {
        captures: [...state.captures].map(([paymentId, c]) => ({ paymentId, rupees: c.paise / 100, method: c.method, applied: c.applied })),
        refunds: [...state.refunds].map(([refundId, r]) => ({ refundId, paymentId: r.paymentId, paise: r.paise, processed: r.processed })),
        refundable: paidBy(state) !== undefined,
      };
    },
  };

  /** A refund the shop asked, processed by the gateway: recorded on the gateway stream, then on the order with its credit note. */
  async function settleRefund(orderId: string, refundId: string, paymentId: string, paise: number): Promise<RefundOutcome | undefined> {
    const commandId = randomUUID();
    // Any paise the gateway gave back (decision 209): a refund of ₹254.79 is recorded as that.
    const record = (at: string): OrderCommand => ({ type: "RecordGatewayRefund", paise, note: `Razorpay ${refundId}`, actor: GATEWAY_ACTOR, at });
    return handleWith<RefundOutcome | undefined>(orderId, record(new Date().toISOString()), async () => {
      const at = new Date().toISOString();
      const order = await orders.load(orderStreamId(orderId));
      if (!order.state.exists) return { answer: undefined };
      const streamId = gatewayStreamId(orderId);
      const loaded = await gateway.load(streamId);
      if (loaded.state.refunds.get(refundId)?.processed) return { answer: { outcome: "known", orderId } };
      const done = gateway.prepare(streamId, loaded, { type: "RecordRefundProcessed", orderId, paymentId, refundId, paise, at }, { commandId });
      if (!done) return { answer: { outcome: "known", orderId } };
      const steps: StreamStep[] = [{ prepared: done, handler: gateway }, ...((await orderSteps(orderId, order, record(at), at, commandId)) ?? [])];
      return { steps, answer: async (results) => (await shownChange(results), { outcome: "processed" as const, orderId }) };
    });
  }
}

/** The parts of a webhook's body the shop reads; everything else in it is ignored. */
interface WebhookBody {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown } };
    refund?: { entity?: { id?: unknown; payment_id?: unknown; amount?: unknown; notes?: { shop_order?: unknown } } };
  };
}
