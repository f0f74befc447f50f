/**
 * A return at the counter (decision 214): the parent brings goods of any order, online or walk-in, and leaves in
 * one step with another size or their money. The online path's steps (decision 103: asked, approved, received,
 * exchanged or refunded) are the same events, decided in turn by the same rules on the order as each leaves it,
 * so the trail, the stock and the credit note read a counter return as they read any other. Pure: the service
 * brings the wanted size's product (the catalogue knows it) and the time.
 */
import { RuleViolation } from "../errors";
import { checkMobile } from "../phone";
import type { Actor, OrderLine, ReturnLine } from "../orders/events";
import { REFUND_METHODS } from "../orders/terms";
import { isOpen, refundFor, type AfterSale, type AfterSaleCommand, type ExchangeTarget } from "../orders/returns";
import type { PaymentCommand } from "../orders/payment";

/** What the staff gives back for the goods: another size, or the money in cash or by UPI. */
export type CounterReturnOutcome =
  | { kind: "exchange"; size: string; targets: Record<string, ExchangeTarget> }
  /** `shownAmount`: the refund the counter showed before the money was given (never another). */
  | { kind: "refund"; method: string; reference?: string; shownAmount: number };

export interface ReturnAtCounter {
  type: "ReturnAtCounter";
  /** Made where the return starts (the counter page's first view): the same id is the same return, however often sent. */
  returnId: string;
  lines: ReturnLine[];
  reason: string;
  counter: string;
  outcome: CounterReturnOutcome;
  actor: Actor;
  at: string;
}

/** The order as a counter return reads it (an existing order's state, domain/orders/order.ts). */
interface Placed {
  placed: { lines: readonly OrderLine[]; subtotal: number; discount: number };
  payment: { paid: number; refundedPaise: number };
  afterSale: AfterSale;
}

/**
 * What a refund at the counter gives back for `lines`: the goods' invoiced value rounded to the rupee (the
 * online rule, `refundFor`), never more than is left of what was paid. The counter shows it before the money.
 */
export function counterRefund(order: Placed, lines: readonly ReturnLine[]): number {
  const { placed, payment } = order;
  return refundFor(lines, { lines: placed.lines, subtotal: placed.subtotal, discount: placed.discount }, Math.floor((payment.paid * 100 - payment.refundedPaise) / 100));
}

/**
 * The order's own commands that make up a counter return, in turn: asked for and approved by the staff, the goods
 * received over the counter, then the other size handed over or the money given back. Refused before any step
 * when the refund is not the one shown or lacks what the drawer needs to account for it.
 */
export function counterReturnSteps(command: ReturnAtCounter, order: Placed): (AfterSaleCommand | PaymentCommand)[] {
  const { returnId, actor, at, outcome } = command;
  // A return under way on the order page (asked online, say) is finished there: two returns of one order never cross.
  if (order.afterSale.returns.some(isOpen)) throw new RuleViolation("counterReturns.openReturn", {}, 409);
  const note = `counter ${command.counter}`;
  const asked: AfterSaleCommand = {
    type: "RequestReturn",
    returnId,
    lines: command.lines,
    want: outcome.kind,
    ...(outcome.kind === "exchange" ? { exchangeSize: outcome.size } : {}),
    reason: command.reason,
    actor,
    at,
  };
  const taken: (AfterSaleCommand | PaymentCommand)[] = [
    asked,
    { type: "ApproveReturn", returnId, note, actor, at },
    { type: "ReceiveReturn", returnId, method: "drop-off", actor, at },
  ];
  if (outcome.kind === "exchange") return [...taken, { type: "MakeExchange", returnId, targets: outcome.targets, actor, at }];
  if (!(REFUND_METHODS as readonly string[]).includes(outcome.method)) throw new RuleViolation("counterReturns.method", {}, 422);
  // A UPI refund is sent from the shop's app: its reference is what the day close and the parent check it by.
  if (outcome.method === "upi" && !outcome.reference?.trim()) throw new RuleViolation("counterReturns.upiReference", {}, 422);
  // The refund names its counter: the money leaves that drawer, whichever counter (or the web) sold the bill (decision 218).
  return [
    ...taken,
    {
      type: "RefundPayment",
      paise: outcome.shownAmount * 100,
      method: outcome.method,
      ...(outcome.reference ? { reference: outcome.reference } : {}),
      note,
      counter: command.counter,
      actor,
      at,
    },
  ];
}

/**
 * The refund shown must be the refund due for the lines asked, checked once the lines are known to be returnable
 * (the order decider calls it after the goods are received, on the order as it then stands).
 */
export function checkShownRefund(order: Placed, lines: readonly ReturnLine[], shown: number): void {
  const due = counterRefund(order, lines);
  if (due <= 0) throw new RuleViolation("counterReturns.nothingToRefund", {}, 409);
  if (shown !== due) throw new RuleViolation("counterReturns.refundChanged", { now: due, was: shown }, 409);
}

/** What the counter's find box was given: an order's number (typed, or scanned from its bill), its id, or a mobile number. */
export type CounterFind = { kind: "order"; orderId: string } | { kind: "number"; shortId: string } | { kind: "phone"; phone: string };

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHORT_ID = /^[0-9A-F]{8}$/;

/**
 * The find box's text as what to look for, or a refusal: an order number as the bill prints it (its code scans as the
 * same eight characters, a "#" before it allowed), the order's full id, or the parent's 10-digit mobile number.
 */
export function parseCounterFind(typed: string): CounterFind {
  const text = typed.trim().slice(0, 60);
  const lower = text.toLowerCase();
  if (ORDER_ID.test(lower)) return { kind: "order", orderId: lower };
  const bare = text.replace(/^#/, "").trim().toUpperCase();
  if (SHORT_ID.test(bare)) return { kind: "number", shortId: bare };
  const mobile = /^[+\d][\d\s()-]*$/.test(text) ? checkMobile(text) : undefined;
  if (mobile?.ok) return { kind: "phone", phone: mobile.phone };
  throw new RuleViolation("counterReturns.findWhat", {}, 422);
}
