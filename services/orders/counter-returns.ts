// Returns and exchanges at the counter (decision 214): any order, online or walk-in, found by its number, the code on
// its bill or the parent's mobile; the goods received and another size handed over (stock back and out in one
// command) or the money given back in cash or by UPI with the return's credit note, through the one order command.
import { RuleViolation } from "../../domain/errors";
import type { ReturnLine } from "../../domain/orders/events";
import { counterRefund, parseCounterFind, type CounterReturnOutcome } from "../../domain/counter/returns";
import { checkCounter } from "../../domain/counter/sale";
import { isOpen, lineKey, returnRequestRefusal, returnable } from "../../domain/orders/returns";
import { displayOrderId } from "../../domain/orders/order";
import type { Position } from "../../eventstore/port";
import { uuidFromHash } from "../../eventstore/command-handler";
import { existingOrderId, type OrderCore } from "./core";
import { checkIdempotencyKey } from "./ids";
import { exchangeLookup } from "./returns";

/** An order the find box found: enough to tell the parent's orders apart. */
export interface FoundOrder {
  orderId: string;
  displayId: string;
  placedAt: Date;
  total: number;
  status: string;
  itemCount: number;
}

/** A line of the order as the counter offers it back: how many of it may still come back. */
export interface CounterReturnLine {
  key: string;
  productId: string;
  name: string;
  size: string;
  school: string;
  returnable: number;
}

export interface CounterReturnInput {
  /** Made where the return starts (the counter page): the same id is the same return, however often sent. */
  returnId: string;
  orderId: string;
  counter: string;
  lines: ReturnLine[];
  reason: string;
  outcome: { kind: "exchange"; size: string } | { kind: "refund"; method: string; reference?: string; shownAmount: number };
  staff: { id: string; name: string };
}

export interface CounterReturnDone {
  /** False when this return id had been made before: nothing new was stored. */
  changed: boolean;
  /** The order's last event: what the read models must show before the counter reads them back. */
  position: Position | undefined;
}

/** The most orders a mobile number lists at the counter: the newest first. */
export const FOUND_MOST = 10;

export function counterReturnCommands(core: OrderCore) {
  const { db } = core.deps;
  const { currentOrder, changeOrder } = core;
  const exchangeTargets = exchangeLookup(core);

  return {
    /** The orders the counter's find box names: one by its number or id, a parent's newest by their mobile number. */
    async findForCounter(typed: string): Promise<FoundOrder[]> {
      const find = parseCounterFind(typed);
      let query = db.selectFrom("orders").select(["id", "short_id", "placed_at", "total", "status", "item_count"]).where("deleted", "=", false);
      if (find.kind === "order") query = query.where("id", "=", find.orderId);
      else if (find.kind === "number") query = query.where("short_id", "=", find.shortId);
      else query = query.where((eb) => eb.or([eb("phone", "=", find.phone), eb("ship_phone", "=", find.phone)]));
      const rows = await query.orderBy("placed_at", "desc").limit(FOUND_MOST).execute();
      return rows.map((r) => ({
        orderId: r.id,
        displayId: displayOrderId(r.id),
        placedAt: new Date(r.placed_at as unknown as string),
        total: r.total,
        status: r.status,
        itemCount: r.item_count,
      }));
    },

    /**
     * The order as the counter's return form shows it: each line and how many may come back, and why none may (not
     * handed over yet, past the 7 days, a return already under way, deleted) as a refusal the page words.
     */
    async counterReturnView(orderId: string) {
      const order = await currentOrder(orderId);
      const closed = order.afterSale.returns.some(isOpen)
        ? new RuleViolation("counterReturns.openReturn", {}, 409)
        : returnRequestRefusal(order, new Date().toISOString());
      const lines: CounterReturnLine[] = [];
      for (const line of order.afterSale.lines) {
        if (lines.some((l) => l.key === lineKey(line))) continue;
        lines.push({ key: lineKey(line), productId: line.productId, name: line.name, size: line.size, school: line.school, returnable: returnable(order.afterSale, line) });
      }
      return {
        orderId: order.placed.orderId,
        displayId: displayOrderId(order.placed.orderId),
        channel: order.placed.channel ?? "online",
        placedAt: order.placed.placedAt,
        total: order.placed.total,
        paid: order.payment.paid,
        refundedPaise: order.payment.refundedPaise,
        lines,
        closed,
      };
    },

    /** What a refund of `lines` gives back, for the counter to show before the money leaves the drawer. */
    async counterRefundDue(orderId: string, lines: readonly ReturnLine[]): Promise<number> {
      return counterRefund(await currentOrder(orderId), lines);
    },

    /**
     * The return made in one command: asked, approved and received by the staff member, then the other size handed
     * over (the goods back on the shelf and the new size off it, with the order) or the money given back (the refund
     * and its credit note, numbered in the shop's series). Refused whole; the same return id sent again makes nothing.
     */
    async returnAtCounter(input: CounterReturnInput): Promise<CounterReturnDone> {
      // The return's id is the page's key within its order: a key never names a return of another order.
      const returnId = uuidFromHash(`counter-return\n${existingOrderId(input.orderId)}\n${checkIdempotencyKey(input.returnId)}`);
      const counter = checkCounter(input.counter);
      const actor = { kind: "admin" as const, id: input.staff.id, name: input.staff.name };
      let outcome: CounterReturnOutcome;
      if (input.outcome.kind === "exchange") {
        const size = input.outcome.size.trim();
        const order = await currentOrder(input.orderId);
        // Looked up only when the return may be made: the decider refuses the others in its own words.
        const known = input.lines.filter((l) => l.quantity > 0 && order.afterSale.lines.some((o) => lineKey(o) === lineKey(l)));
        const may = !order.deleted && !order.afterSale.returns.some((r) => r.returnId === returnId) && size !== "";
        const targets = may ? await exchangeTargets(known, order.afterSale.lines, size) : {};
        outcome = { kind: "exchange", size, targets };
      } else {
        outcome = { ...input.outcome };
      }
      const done = await changeOrder(input.orderId, (at) => ({ type: "ReturnAtCounter", returnId, lines: input.lines, reason: input.reason, counter, outcome, actor, at }));
      return { changed: done.changed, position: done.position };
    },
  };
}
