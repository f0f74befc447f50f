/**
 * Money an order received or gave back, as the payments report counts it (decision 224): by how it came
 * (UPI to the shop's own ID, online through the gateway, cash at the counter or the door) and, for a payment,
 * how the shop came to know it (the owner by hand, a bank statement, the gateway's word, cash in hand).
 * Read from the order's own payment events, which say it in their actor and note, written by one place each.
 */
import type { Actor, OrderEvent } from "../orders/events";

/** Who the order's trail says confirmed a payment or a refund the gateway reported (decision 221). */
export const GATEWAY_ACTOR: Actor = { kind: "system", name: "Razorpay" };

/** The note a confirmation from a bank statement carries on the order's trail: which statement and row (decision 220). */
export const statementNote = (statementId: string, row: number) => `statement ${statementId.slice(0, 12)} row ${row}`;
const STATEMENT_NOTE = /^statement [0-9a-f]{12} row \d+$/;

export const RECEIVED_METHODS = ["upi", "online", "cash"] as const;
export type ReceivedMethod = (typeof RECEIVED_METHODS)[number];

/** How the shop came to know of a payment: the owner's own confirmation, a statement's credit, the gateway, cash in hand. */
export const MATCHED_BY = ["hand", "statement", "gateway", "cash"] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

export interface Received {
  kind: "payment" | "refund";
  method: ReceivedMethod;
  /** For a payment: how it was matched to its order. */
  matchedBy?: MatchedBy;
  /** In paise, as refunds are recorded (decision 209); a payment's whole rupees times 100. */
  paise: number;
}

const byGateway = (actor: Actor) => actor.kind === GATEWAY_ACTOR.kind && actor.name === GATEWAY_ACTOR.name;

/** The money an order event moves, or undefined for an event that moves none. */
export function receivedOf(event: OrderEvent): Received | undefined {
  switch (event.type) {
    case "PaymentConfirmed": {
      const { actor, note, amount } = event.data;
      const paise = amount * 100;
      if (byGateway(actor)) return { kind: "payment", method: "online", matchedBy: "gateway", paise };
      return { kind: "payment", method: "upi", matchedBy: STATEMENT_NOTE.test(note) ? "statement" : "hand", paise };
    }
    case "CashCollected":
      return { kind: "payment", method: "cash", matchedBy: "cash", paise: event.data.amount * 100 };
    case "PaymentRefunded": {
      const { method, paise } = event.data;
      return { kind: "refund", method: method === "razorpay" ? "online" : method === "cash" ? "cash" : "upi", paise };
    }
    default:
      return undefined;
  }
}
