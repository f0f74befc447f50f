/**
 * An order's lifecycle (decision 160): which status may follow which, and what each move does to the
 * order's goods on the shelf, its money, its tax documents and the parent's messages. One table,
 * `MOVES`: the order decider refuses a move that is not in it, the stock effects
 * (./stock-effects.ts), the tax documents (`documentsDue`) and the notification reactor
 * (`moveMessage`) each read the same row, so a move's effects are written once and a new move (a
 * hold that expires, a counter sale) is one more row.
 *
 * Where the goods are follows from the status alone (`GOODS_AT`): held on the shelf for the order
 * (pending, processing), out of the shop (shipped, delivered), or not the order's at all (cancelled).
 */
import { RuleViolation } from "../errors";
import type { SmsMessageName } from "../sms-templates";
import type { CreditReason } from "../tax/documents";
import { ORDER_STATUSES, type Actor, type OrderStatus, type OrderStatusChanged } from "./events";

export type GoodsPlace = "held" | "out" | "none";

/** Where an order's goods are in each status. */
export const GOODS_AT: Readonly<Record<OrderStatus, GoodsPlace>> = {
  pending: "held",
  processing: "held",
  shipped: "out",
  delivered: "out",
  cancelled: "none",
};

/**
 * What a move does to the shelf, in this order on each product's stream:
 * - `hold`: the order holds what it accounts for now (its lines after exchanges, less goods returned);
 *   refused when the shelf is short;
 * - `ship`: what it holds leaves the shelf with the parcel;
 * - `release`: what it holds is for sale again;
 * - `takeBack`: the goods that went out are back on the shelf (a parcel that came back).
 */
export type StockStep = "hold" | "ship" | "release" | "takeBack";

/**
 * What a move does to the tax documents: an invoice when goods leave the shop (s.31: every removal has a
 * live invoice), a credit note reversing what the live invoice has left when they come back (s.34).
 */
export type DocumentStep = { issue: "invoice" } | { issue: "creditNote"; reason: CreditReason };

/**
 * What a move does to the order's money. Status moves never take or give back money themselves: money
 * moves only by a payment or a refund (./payment.ts), which the owner records with its method. A cancel
 * makes what the shop kept owed back to the parent (`refundOwedPaise`, in paise).
 */
export type MoneyStep = "owedBack";

export type MoveName = "pack" | "unpack" | "ship" | "handOver" | "deliver" | "notDelivered" | "cancel" | "parcelBack" | "parcelBackCancelled" | "takeUp";

export interface Move {
  from: OrderStatus;
  to: OrderStatus;
  name: MoveName;
  stock: readonly StockStep[];
  documents: readonly DocumentStep[];
  money: readonly MoneyStep[];
  /** The text the parent gets (a registered SMS template, domain/sms-templates.ts); none: they are not texted. */
  message?: Extract<SmsMessageName, "orderShipped" | "orderDelivered" | "orderCancelled">;
}

const move = (from: OrderStatus, to: OrderStatus, name: MoveName, effects: Partial<Omit<Move, "from" | "to" | "name">> = {}): Move => ({
  from,
  to,
  name,
  stock: effects.stock ?? [],
  documents: effects.documents ?? [],
  money: effects.money ?? [],
  ...(effects.message ? { message: effects.message } : {}),
});

const INVOICE: DocumentStep = { issue: "invoice" };
const ship = { stock: ["ship"], documents: [INVOICE], message: "orderShipped" } as const;
const handOver = { stock: ["ship"], documents: [INVOICE], message: "orderDelivered" } as const;
const cancel = { stock: ["release"], money: ["owedBack"], message: "orderCancelled" } as const;
const takeUp = { stock: ["hold"] } as const;

/** Every move the shop allows; any other is refused with the reason `refusedMove` gives. */
export const MOVES: readonly Move[] = [
  move("pending", "processing", "pack"),
  move("pending", "shipped", "ship", ship),
  // Handed over at the counter or at the door without a "shipped" step: the goods left all the same.
  move("pending", "delivered", "handOver", handOver),
  move("pending", "cancelled", "cancel", cancel),
  move("processing", "pending", "unpack"),
  move("processing", "shipped", "ship", ship),
  move("processing", "delivered", "handOver", handOver),
  move("processing", "cancelled", "cancel", cancel),
  move("shipped", "delivered", "deliver", { message: "orderDelivered" }),
  // The parcel came back to the shop (not delivered) and goes out again later: its goods are held for the
  // order again, and the invoice of the parcel that did not reach the parent is reversed. Sent again, it gets a new one.
  move("shipped", "processing", "parcelBack", { stock: ["takeBack", "hold"], documents: [{ issue: "creditNote", reason: "return" }] }),
  // The parcel came back and the order ends there.
  move("shipped", "cancelled", "parcelBackCancelled", {
    stock: ["takeBack"],
    documents: [{ issue: "creditNote", reason: "cancellation" }],
    money: ["owedBack"],
    message: "orderCancelled",
  }),
  // Marked delivered by mistake: the parcel is still on its way. The goods stay out; the parent has their texts.
  move("delivered", "shipped", "notDelivered"),
  // A cancelled order taken up again holds its goods again (refused when the shelf is short); it is sent from there.
  move("cancelled", "pending", "takeUp", takeUp),
  move("cancelled", "processing", "takeUp", takeUp),
];

/** The move from one status to another, or undefined when the shop does not allow it. */
export function moveOf(from: OrderStatus, to: OrderStatus): Move | undefined {
  return MOVES.find((m) => m.from === from && m.to === to);
}

/** The statuses an order in `from` may be set to, in the shop's order of statuses: what the owner's status list offers. */
export function nextStatuses(from: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => moveOf(from, to) !== undefined);
}

/**
 * Why a move is refused, in words the owner acts on: a key of the `lifecycle` refusals with the status
 * asked for (`status`, worded in the page's language).
 */
export function refusedMove(from: OrderStatus, to: OrderStatus): RuleViolation {
  const key =
    from === "cancelled"
      ? "lifecycle.cancelledNotSent"
      : from === "delivered"
        ? "lifecycle.deliveredStays"
        : from === "shipped"
          ? "lifecycle.parcelLeft"
          : "lifecycle.notAllowed";
  return new RuleViolation(key, { status: to }, 409);
}

/** The event of a status change the lifecycle allows; [] when the order is already there; refused otherwise. */
export function decideStatusChange(
  order: { orderId: string; status: OrderStatus; deleted: boolean },
  to: OrderStatus,
  actor: Actor,
  at: string,
): OrderStatusChanged[] {
  if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
  if (order.status === to) return [];
  if (!moveOf(order.status, to)) throw refusedMove(order.status, to);
  return [{ type: "OrderStatusChanged", data: { orderId: order.orderId, from: order.status, to, actor, at } }];
}

/**
 * The moves among a command's events, in order: what its effects are decided from. A stored change
 * the lifecycle no longer allows (made before it) is no move and has no effects.
 */
export function movesIn(events: readonly { type: string; data: unknown }[]): Move[] {
  return events.flatMap((event) => {
    if (event.type !== "OrderStatusChanged") return [];
    const { from, to } = (event as OrderStatusChanged).data;
    const found = moveOf(from, to);
    return found ? [found] : [];
  });
}

/** The registered text a stored status change sends the parent; none for a move that is not texted (or not allowed). */
export function moveMessage(change: { from: OrderStatus; to: OrderStatus }): Move["message"] {
  return moveOf(change.from, change.to)?.message;
}

/**
 * What the shop kept and owes back to the parent: all it kept of a cancelled order; of an order that goes on, what
 * it kept above what the order now charges (a line dropped before dispatch, decision 204); else 0.
 */
export function refundOwedPaise(order: { status: OrderStatus; payment: { paid: number; refundedPaise: number; due: number } }): number {
  const kept = order.payment.paid * 100 - order.payment.refundedPaise;
  return Math.max(0, GOODS_AT[order.status] === "none" ? kept : kept - order.payment.due * 100);
}
