import { linesAfterDrop } from "./drop-line";
import type { ExchangeLine, OrderEvent, OrderLine } from "./events";

/** A line as the parent now holds it: an exchanged unit names the size it came back in. */
export interface HeldLine extends OrderLine {
  exchangedFrom?: string;
}

const sameItem = (a: { productId: string; size: string; school: string }, b: { productId: string; size: string; school: string }) =>
  a.productId === b.productId && a.size === b.size && a.school === b.school;

/**
 * The order's lines as the parent holds them after exchanges, for every page, slip and export that lists an order:
 * each exchanged unit leaves its line and joins a line in the new size at the price it was paid for, so socks
 * exchanged from size 4 to 5 are one pair of size 5 at ₹50, never size 4 at ₹50 and size 5 at ₹0 (a packer sent
 * two pairs). The lines still add up to what was paid. The returns decider keeps its own record of what went out
 * and came back (./returns.ts); this is what an order shows.
 */
export function linesAsHeld(lines: readonly HeldLine[], exchanged: readonly ExchangeLine[]): HeldLine[] {
  const held = lines.map((l) => ({ ...l }));
  for (const change of exchanged) {
    let left = change.quantity;
    // The dearest line of the size first: a unit of it got in an earlier exchange was paid for there too.
    const sources = held
      .filter((l) => sameItem(l, { productId: change.productId, size: change.fromSize, school: change.school }) && l.quantity > 0)
      .sort((a, b) => b.unitPrice - a.unitPrice);
    for (const from of sources) {
      if (left === 0) break;
      const moved = Math.min(left, from.quantity);
      from.quantity -= moved;
      left -= moved;
      const target = { productId: change.toProductId ?? change.productId, size: change.toSize, school: change.school };
      const into = held.find((l) => sameItem(l, target) && l.unitPrice === from.unitPrice && l.exchangedFrom === change.fromSize);
      if (into) into.quantity += moved;
      else held.push({ ...target, name: from.name, unitPrice: from.unitPrice, quantity: moved, exchangedFrom: change.fromSize });
    }
  }
  return held.filter((l) => l.quantity > 0);
}

/** The lines as held after an order's events (all of them, or those up to a point of its trail): the placed lines, then each exchange. */
export function heldLinesAfter(events: readonly OrderEvent[]): HeldLine[] {
  let held: HeldLine[] = [];
  for (const event of events) {
    if (event.type === "OrderPlaced") held = event.data.lines.map((l) => ({ ...l }));
    else if (event.type === "ExchangeMade") held = linesAsHeld(held, event.data.lines);
    // Dropped before dispatch (decision 204): the parent never held it.
    else if (event.type === "OrderLineDropped") held = linesAfterDrop(held, event.data.line);
  }
  return held;
}
