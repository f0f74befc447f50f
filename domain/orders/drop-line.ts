/**
 * Dropping a line before dispatch (decision 204): the owner takes off the order units the shop cannot supply,
 * while the goods are still in the shop. The order's money is recomputed by the domain's rule (./charges.ts
 * `chargesAfterDrop`) and recorded with the drop, the held units go back on the shelf (./stock-effects.ts), the
 * parent is texted (workers/reactor.ts), and what they paid above the new total is owed back (./lifecycle.ts `refundOwedPaise`). Once the
 * goods left, an invoice stands for them: a line is then taken back by a return and its credit note, never dropped.
 */
import { RuleViolation } from "../errors";
import { chargesAfterDrop } from "./charges";
import { GOODS_AT } from "./lifecycle";
import type { Actor, OrderLine, OrderLineDropped, OrderPlaced, OrderStatus } from "./events";
import type { PaymentState } from "./payment";

export const DROP_NOTE_MAX = 500;

export interface DropLine {
  type: "DropLine";
  /** The line as the order names it. */
  line: { productId: string; size: string; school: string };
  /** How many of its units; left out: all of them. */
  quantity?: number;
  note?: string;
  actor: Actor;
  at: string;
}

/** The order as a drop sees it. */
export interface DroppableOrder {
  placed: OrderPlaced["data"];
  status: OrderStatus;
  deleted: boolean;
  payment: PaymentState;
}

const sameLine = (a: { productId: string; size: string; school: string }, b: { productId: string; size: string; school: string }) =>
  a.productId === b.productId && a.size === b.size && a.school === b.school;

/** The lines once `dropped` units of one are taken off: a line with none left is gone. */
export function linesAfterDrop<L extends Pick<OrderLine, "productId" | "size" | "school" | "quantity">>(lines: readonly L[], dropped: OrderLineDropped["data"]["line"]): L[] {
  return lines
    .map((line) => (sameLine(line, dropped) ? { ...line, quantity: line.quantity - dropped.quantity } : { ...line }))
    .filter((line) => line.quantity > 0);
}

export function decideDropLine(command: DropLine, order: DroppableOrder): OrderLineDropped[] {
  const { placed } = order;
  if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
  if (order.status === "cancelled") throw new RuleViolation("orders.dropCancelled", {}, 409);
  // The goods left with an invoice for them: what the parent does not keep comes back as a return and its credit note.
  if (GOODS_AT[order.status] !== "held") throw new RuleViolation("orders.dropAfterDispatch", {}, 409);
  const line = placed.lines.find((l) => sameLine(l, command.line));
  if (!line) throw new RuleViolation("orders.dropNoSuchLine", {}, 404);
  const quantity = command.quantity ?? line.quantity;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > line.quantity) {
    throw new RuleViolation("orders.dropQuantity", { item: line.name, most: line.quantity }, 422);
  }
  const note = (command.note ?? "").trim();
  if (note.length > DROP_NOTE_MAX) throw new RuleViolation("orders.dropNoteTooLong", { max: DROP_NOTE_MAX }, 422);
  const dropped = { productId: line.productId, size: line.size, school: line.school, name: line.name, quantity };
  const left = linesAfterDrop(placed.lines, dropped);
  // An order with nothing left to send is a cancel: its own move gives back the goods and owes back the money.
  if (left.length === 0) throw new RuleViolation("orders.dropLastLine", {}, 409);
  // The parent paid (or says they paid) the old total: the owner settles their report before the total moves.
  if (order.payment.reported) throw new RuleViolation("orders.dropPaymentReported", { reference: order.payment.reported.reference }, 409);
  const charges = chargesAfterDrop(placed, left.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
  return [{ type: "OrderLineDropped", data: { orderId: placed.orderId, line: dropped, note, charges, actor: command.actor, at: command.at } }];
}

/** The order's terms after a drop: the lines left, and the money as the drop recorded it. */
export function placedAfterDrop(placed: OrderPlaced["data"], event: OrderLineDropped["data"]): OrderPlaced["data"] {
  const { subtotal, discountPercent, discount, delivery, total } = event.charges;
  return { ...placed, lines: linesAfterDrop(placed.lines, event.line), subtotal, discountPercent, discount, delivery, total };
}
