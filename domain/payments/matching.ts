/**
 * Which order a statement's credit pays (decision 220). Only a credit whose UPI reference the
 * parent reported on that very order, for the order's amount, is taken as paid at once; a credit
 * that names the order number in its note, or is the only one of its amount within three days of
 * the only order that fits, is proposed for the owner to confirm; anything else stays unmatched.
 */
import type { StatementCredit } from "./credits";

/** An order waiting for its UPI money, as the read model has it. */
export interface AwaitingOrder {
  orderId: string;
  /** The order number the parent sees (displayOrderId). */
  number: string;
  duePaise: number;
  placedAt: string;
}

/** Who holds a reference now (its `upiref-` stream): one order, and the orders refused for it. */
export interface ReferenceHolder {
  orderId: string;
  /** The holding order is paid already. */
  paid: boolean;
  /** Orders whose parents reported it while it was held (decision 119). */
  disputedBy: readonly string[];
}

export type CreditMatch =
  | { row: number; standing: "matched"; by: "reference"; orderId: string }
  | { row: number; standing: "proposed"; by: "reference" | "note" | "amount"; orderId: string }
  | { row: number; standing: "conflict"; reference: string; orderIds: string[] }
  | { row: number; standing: "alreadyPaid"; orderId: string }
  /** `fits`: how many awaiting orders the amount fits in the window (2 or more: none is chosen). */
  | { row: number; standing: "unmatched"; fits: number };

export interface MatchingFacts {
  awaiting: readonly AwaitingOrder[];
  /** By reference: the holder of every reference of the file that some order holds. */
  holders: ReadonlyMap<string, ReferenceHolder>;
}

export const AMOUNT_WINDOW_DAYS = 3;
const DAY = 24 * 60 * 60 * 1000;
const IST = "+05:30";

/** The credit's window: from three days before it (its day's start when the file gives no time) to it (its day's end). */
export function windowOf(credit: Pick<StatementCredit, "on" | "at">): { from: number; to: number } {
  const to = credit.at ? Date.parse(credit.at) : Date.parse(`${credit.on}T23:59:59.999${IST}`);
  const start = credit.at ? to : Date.parse(`${credit.on}T00:00:00.000${IST}`);
  return { from: start - AMOUNT_WINDOW_DAYS * DAY, to };
}


/** Every credit's match, in the file's order; no order is matched or proposed for two credits. */
export function matchCredits(credits: readonly StatementCredit[], facts: MatchingFacts): CreditMatch[] {
  const byId = new Map(facts.awaiting.map((order) => [order.orderId, order]));
  const byNumber = new Map(facts.awaiting.map((order) => [order.number, order]));
  const taken = new Set<string>();
  const decided = new Map<number, CreditMatch>();

  // 1. The reference the parent reported: the surest, so it goes first over the whole file.
  for (const credit of credits) {
    const holder = credit.reference ? facts.holders.get(credit.reference) : undefined;
    if (!credit.reference || !holder) continue;
    const { row } = credit;
    if (holder.disputedBy.length > 0) {
      decided.set(row, { row, standing: "conflict", reference: credit.reference, orderIds: [holder.orderId, ...holder.disputedBy] });
    } else if (holder.paid) {
      decided.set(row, { row, standing: "alreadyPaid", orderId: holder.orderId });
    } else if (!byId.has(holder.orderId) || taken.has(holder.orderId)) {
      // Held by an order that waits for nothing now (cancelled, deleted) or already matched: the owner looks.
      decided.set(row, { row, standing: "conflict", reference: credit.reference, orderIds: [holder.orderId] });
    } else {
      const order = byId.get(holder.orderId)!;
      taken.add(order.orderId);
      // A reference reported for another amount is the parent's and probably the payment, but the money is not the order's.
      decided.set(
        row,
        order.duePaise === credit.paise
          ? { row, standing: "matched", by: "reference", orderId: order.orderId }
          : { row, standing: "proposed", by: "reference", orderId: order.orderId },
      );
    }
  }

  // 2. The order number in the note the parent's app sent.
  for (const credit of credits) {
    if (decided.has(credit.row) || !credit.orderNumber) continue;
    const order = byNumber.get(credit.orderNumber);
    if (!order || taken.has(order.orderId)) continue;
    taken.add(order.orderId);
    decided.set(credit.row, { row: credit.row, standing: "proposed", by: "note", orderId: order.orderId });
  }

  // 3. The exact amount, where one order fits the credit and no other credit of the file fits that order.
  // Orders by amount, and how many open credits each order fits: linear in the file, whatever its size.
  const byAmount = new Map<number, AwaitingOrder[]>();
  for (const order of facts.awaiting) if (!taken.has(order.orderId)) byAmount.set(order.duePaise, [...(byAmount.get(order.duePaise) ?? []), order]);
  const open = credits.filter((credit) => !decided.has(credit.row));
  const placed = new Map(facts.awaiting.map((order) => [order.orderId, Date.parse(order.placedAt)]));
  const fitting = new Map(
    open.map((credit) => {
      const { from, to } = windowOf(credit);
      return [credit.row, (byAmount.get(credit.paise) ?? []).filter((o) => placed.get(o.orderId)! >= from && placed.get(o.orderId)! <= to)];
    }),
  );
  const wantedBy = new Map<string, number>();
  for (const fits of fitting.values()) for (const order of fits) wantedBy.set(order.orderId, (wantedBy.get(order.orderId) ?? 0) + 1);
  for (const credit of open) {
    const fits = fitting.get(credit.row)!;
    const [only] = fits;
    const wanted = only && wantedBy.get(only.orderId)! > 1;
    decided.set(
      credit.row,
      fits.length === 1 && !wanted
        ? { row: credit.row, standing: "proposed", by: "amount", orderId: only.orderId }
        : { row: credit.row, standing: "unmatched", fits: fits.length },
    );
  }
  return credits.map((credit) => decided.get(credit.row)!);
}
