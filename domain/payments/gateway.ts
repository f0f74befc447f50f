/**
 * An order's payments through the optional gateway (Razorpay, decision 221), as a stream of its own beside the
 * order's: `gateway-<orderId>`. It keeps every gateway order opened for the shop's order (one per attempt to pay
 * a different amount), each payment captured against one of them and whether it paid the order, and each refund
 * asked and processed. The order's own stream gets the same PaymentConfirmed as a manual or statement
 * confirmation, and a PaymentRefunded when the gateway says a refund is processed, in the same command.
 *
 * Each fact is recorded once, by its gateway id: a payment's capture by its pay_ id, a refund by its rfnd_ id,
 * so a webhook sent twice, or a webhook and the checkout's answer for the same payment, change nothing the second
 * time. Amounts here are in paise, as the gateway counts; the order's are whole rupees.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";

export const gatewayStreamId = (orderId: string) => `gateway-${orderId}`;

/** How a capture reached the shop: the gateway's webhook, or the parent's browser coming back from its checkout. */
export const CAPTURE_SOURCES = ["webhook", "checkout"] as const;
export type CaptureSource = (typeof CAPTURE_SOURCES)[number];

export interface GatewayOrderOpenedData {
  orderId: string;
  gatewayOrderId: string;
  paise: number;
  at: string;
}

export interface GatewayPaymentCapturedData {
  orderId: string;
  gatewayOrderId: string;
  paymentId: string;
  paise: number;
  /** The gateway's word for how the parent paid: upi, card, netbanking, wallet, … */
  method: string;
  /** False when the order was paid already (by hand, a statement, or an earlier payment): money to give back. */
  applied: boolean;
  via: CaptureSource;
  at: string;
}

export interface GatewayRefundAskedData {
  orderId: string;
  paymentId: string;
  refundId: string;
  paise: number;
  note: string;
  actor: Actor;
  at: string;
}

export interface GatewayRefundProcessedData {
  orderId: string;
  paymentId: string;
  refundId: string;
  paise: number;
  at: string;
}

export type GatewayEvent =
  | { type: "GatewayOrderOpened"; data: GatewayOrderOpenedData }
  | { type: "GatewayPaymentCaptured"; data: GatewayPaymentCapturedData }
  | { type: "GatewayRefundAsked"; data: GatewayRefundAskedData }
  | { type: "GatewayRefundProcessed"; data: GatewayRefundProcessedData };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const paise = z.number().int().positive();
const gatewayOrderId = z.string().regex(/^order_[A-Za-z0-9]{6,30}$/);
const paymentId = z.string().regex(/^pay_[A-Za-z0-9]{6,30}$/);
const refundId = z.string().regex(/^rfnd_[A-Za-z0-9]{6,30}$/);

export const gatewayEvents = createEventRegistry<GatewayEvent>("gateway", {
  GatewayOrderOpened: { version: 1, schema: z.object({ orderId: z.string(), gatewayOrderId, paise, at: z.string() }) },
  GatewayPaymentCaptured: {
    version: 1,
    schema: z.object({
      orderId: z.string(),
      gatewayOrderId,
      paymentId,
      paise,
      method: z.string().regex(/^[a-z_]{1,20}$/),
      applied: z.boolean(),
      via: z.enum(CAPTURE_SOURCES),
      at: z.string(),
    }),
  },
  GatewayRefundAsked: {
    version: 1,
    schema: z.object({ orderId: z.string(), paymentId, refundId, paise, note: z.string().max(500), actor, at: z.string() }),
  },
  GatewayRefundProcessed: { version: 1, schema: z.object({ orderId: z.string(), paymentId, refundId, paise, at: z.string() }) },
});

export interface GatewayCapture {
  gatewayOrderId: string;
  paise: number;
  method: string;
  applied: boolean;
}

export interface GatewayRefund {
  paymentId: string;
  paise: number;
  processed: boolean;
}

export interface GatewayState {
  /** Gateway orders opened for this order, by id: the paise each asks. */
  opened: ReadonlyMap<string, number>;
  captures: ReadonlyMap<string, GatewayCapture>;
  refunds: ReadonlyMap<string, GatewayRefund>;
}

export type GatewayCommand =
  | { type: "OpenGatewayOrder"; orderId: string; gatewayOrderId: string; paise: number; at: string }
  /** A captured payment, as the gateway's API says it is (never as a webhook or a browser says). */
  | {
      type: "RecordCapture";
      orderId: string;
      gatewayOrderId: string;
      paymentId: string;
      paise: number;
      method: string;
      /** Whether the order still waits for its money: if not, the capture is kept but pays nothing. */
      orderAwaits: boolean;
      via: CaptureSource;
      at: string;
    }
  | { type: "AskRefund"; orderId: string; paymentId: string; refundId: string; paise: number; note: string; actor: Actor; at: string }
  | { type: "RecordRefundProcessed"; orderId: string; paymentId: string; refundId: string; paise: number; at: string };

function evolve(state: GatewayState, event: GatewayEvent): GatewayState {
  switch (event.type) {
    case "GatewayOrderOpened":
      return { ...state, opened: new Map(state.opened).set(event.data.gatewayOrderId, event.data.paise) };
    case "GatewayPaymentCaptured": {
      const { gatewayOrderId, paymentId, paise, method, applied } = event.data;
      return { ...state, captures: new Map(state.captures).set(paymentId, { gatewayOrderId, paise, method, applied }) };
    }
    case "GatewayRefundAsked": {
      const { refundId, paymentId, paise } = event.data;
      return { ...state, refunds: new Map(state.refunds).set(refundId, { paymentId, paise, processed: false }) };
    }
    case "GatewayRefundProcessed": {
      const { refundId, paymentId, paise } = event.data;
      return { ...state, refunds: new Map(state.refunds).set(refundId, { paymentId, paise, processed: true }) };
    }
  }
}

/** The payment that paid the order through the gateway, if one did. */
export function paidBy(state: GatewayState): { paymentId: string; capture: GatewayCapture } | undefined {
  for (const [paymentId, capture] of state.captures) if (capture.applied) return { paymentId, capture };
  return undefined;
}

/** Paise of a payment not yet given back or asked back. */
export function refundableOf(state: GatewayState, paymentId: string): number {
  const capture = state.captures.get(paymentId);
  if (!capture) return 0;
  let asked = 0;
  for (const refund of state.refunds.values()) if (refund.paymentId === paymentId) asked += refund.paise;
  return Math.max(0, capture.paise - asked);
}

/** Paise asked back and not yet processed: money the order page says is on its way. */
export function refundsPending(state: GatewayState): number {
  let pending = 0;
  for (const refund of state.refunds.values()) if (!refund.processed) pending += refund.paise;
  return pending;
}

export const gatewayDecider: Decider<GatewayState, GatewayCommand, GatewayEvent> = {
  initialState: () => ({ opened: new Map(), captures: new Map(), refunds: new Map() }),
  evolve,
  decide(command, state) {
    switch (command.type) {
      case "OpenGatewayOrder": {
        if (state.opened.has(command.gatewayOrderId)) return [];
        const { orderId, gatewayOrderId, paise, at } = command;
        return [{ type: "GatewayOrderOpened", data: { orderId, gatewayOrderId, paise, at } }];
      }
      case "RecordCapture": {
        // The same payment again (a webhook resent, or the webhook after the checkout's answer): nothing new.
        if (state.captures.has(command.paymentId)) return [];
        const asked = state.opened.get(command.gatewayOrderId);
        // A payment against a gateway order this shop's order never opened is not this order's money.
        if (asked === undefined) throw new RuleViolation("gateway.notThisOrder", {}, 409);
        if (command.paise !== asked) throw new RuleViolation("gateway.amountDiffers", { asked, paid: command.paise }, 409);
        const { orderId, gatewayOrderId, paymentId, paise, method, via, at } = command;
        // One gateway payment pays an order: a second one (the parent paid twice) is kept, to be given back.
        const applied = command.orderAwaits && paidBy(state) === undefined;
        return [{ type: "GatewayPaymentCaptured", data: { orderId, gatewayOrderId, paymentId, paise, method, applied, via, at } }];
      }
      case "AskRefund": {
        if (state.refunds.has(command.refundId)) return [];
        const { orderId, paymentId, refundId, paise, note, actor, at } = command;
        if (!state.captures.has(paymentId)) throw new RuleViolation("gateway.noPayment", {}, 409);
        if (!Number.isInteger(paise) || paise <= 0) throw new RuleViolation("admin.paymentRefundAmount", {}, 422);
        const left = refundableOf(state, paymentId);
        if (paise > left) throw new RuleViolation("admin.paymentRefundTooLarge", { most: Math.floor(left / 100) }, 409);
        return [{ type: "GatewayRefundAsked", data: { orderId, paymentId, refundId, paise, note, actor, at } }];
      }
      case "RecordRefundProcessed": {
        const known = state.refunds.get(command.refundId);
        if (known?.processed) return [];
        if (known && (known.paise !== command.paise || known.paymentId !== command.paymentId)) throw new RuleViolation("gateway.refundDiffers", {}, 409);
        // Processed before the shop recorded asking it (the webhook can overtake the API's answer): the payment's, within what it has left.
        if (!known) {
          if (!state.captures.has(command.paymentId)) throw new RuleViolation("gateway.noPayment", {}, 409);
          if (command.paise > refundableOf(state, command.paymentId)) throw new RuleViolation("gateway.refundDiffers", {}, 409);
        }
        const { orderId, paymentId, refundId, paise, at } = command;
        return [{ type: "GatewayRefundProcessed", data: { orderId, paymentId, refundId, paise, at } }];
      }
    }
  },
};
