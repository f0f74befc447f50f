// What an order's change does to the shelves, as stock commands: pure, so every path (the
// checkout, the /api, the admin's status, a return, an exchange) asks the same rules, and
// the one command handler appends them with the order (decision 110).
import { parseShopProductCartId } from "../shop-products";
import type { ReleaseReason, StockActor } from "../stock/events";
import type { StockCommand } from "../stock/stock";
import type { Actor, OrderEvent, OrderLine, OrderStatus } from "./events";
import { displayOrderId, type OrderState } from "./order";
import { heldLines, shortReturnId } from "./returns";

/** An order line the shelf counts: a product of the shop's table (school uniform items are made to order). */
export interface TrackedLine {
  productId: number;
  name: string;
  quantity: number;
}

/** The lines whose product keeps stock, one per product (two sizes of one product add up), by product id. */
export function trackedLines(lines: readonly { productId: string; name: string; quantity: number }[]): TrackedLine[] {
  const tracked = new Map<number, TrackedLine>();
  for (const line of lines) {
    const productId = parseShopProductCartId(line.productId);
    if (productId === undefined) continue;
    const same = tracked.get(productId);
    if (same) same.quantity += line.quantity;
    else tracked.set(productId, { productId, name: line.name, quantity: line.quantity });
  }
  return [...tracked.values()].sort((a, b) => a.productId - b.productId);
}

/**
 * Stock commands for one product's stream, in order, decided together with the order.
 * `commandId` names a step that must reach the shelf once however often it is decided
 * (a return's goods, an exchange's new size).
 */
export interface StockEffect {
  productId: number;
  commands: StockCommand[];
  commandId?: string;
}

/** Goods that left the shop: the order's units are off the shelf, no longer held. */
const SHIPPED: readonly OrderStatus[] = ["shipped", "delivered"];

/** Several commands on one product's stream become one effect, in the order given. */
function byProduct(commands: readonly StockCommand[], commandId?: string): StockEffect[] {
  const effects = new Map<number, StockEffect>();
  for (const command of commands) {
    const effect = effects.get(command.productId) ?? { productId: command.productId, commands: [], ...(commandId ? { commandId } : {}) };
    effect.commands.push(command);
    effects.set(command.productId, effect);
  }
  return [...effects.values()];
}

const reserve = (orderId: string, lines: readonly TrackedLine[], at: string, more?: true): StockCommand[] =>
  lines.map((l) => ({ type: "ReserveStock", productId: l.productId, orderId, quantity: l.quantity, name: l.name, at, ...(more ? { more } : {}) }));
const ship = (orderId: string, lines: readonly TrackedLine[], at: string): StockCommand[] =>
  lines.map((l) => ({ type: "ShipStock", productId: l.productId, orderId, at }));
const release = (orderId: string, lines: readonly TrackedLine[], reason: ReleaseReason, at: string): StockCommand[] =>
  lines.map((l) => ({ type: "ReleaseStock", productId: l.productId, orderId, reason, at }));

const stockActor = (actor: Actor): StockActor => ({
  kind: actor.kind === "system" ? "system" : "admin",
  ...(actor.id ? { id: actor.id } : {}),
  ...(actor.name ? { name: actor.name } : {}),
});

/** A new order holds the units of its lines until they ship. */
export function placementStock(orderId: string, lines: readonly OrderLine[], at: string): StockEffect[] {
  return byProduct(reserve(orderId, trackedLines(lines), at));
}

/**
 * What an order's change does to the shelves, from the order before it and the events decided:
 * - cancelling or deleting gives back what the order holds (nothing once it has shipped: its
 *   goods come back only as a return);
 * - taking a cancelled order up again holds what it accounts for now (refused when it is gone);
 * - shipping or delivering takes the held units off the shelf;
 * - a received return's goods go back on the shelf, off what the order still holds;
 * - an exchange's new size leaves the shelf at once (it went out with the parent).
 */
export function orderStockEffects(before: OrderState, events: readonly OrderEvent[], at: string): StockEffect[] {
  if (!before.exists) {
    const placed = events.find((e) => e.type === "OrderPlaced");
    return placed ? placementStock(placed.data.orderId, placed.data.lines, at) : [];
  }
  const orderId = before.placed.orderId;
  let status = before.status;
  let deleted = before.deleted;
  const named: StockEffect[] = [];
  const names = new Map(before.afterSale.lines.map((l) => [l.productId, l.name]));
  const nameOf = (productId: string) => names.get(productId) ?? productId;
  for (const event of events) {
    if (event.type === "OrderStatusChanged") status = event.data.to;
    if (event.type === "OrderDeleted") deleted = true;
    if (event.type === "ReturnReceived") {
      const record = before.afterSale.returns.find((r) => r.returnId === event.data.returnId);
      const lines = trackedLines((record?.lines ?? []).map((l) => ({ productId: l.productId, name: nameOf(l.productId), quantity: l.quantity })));
      const reason = `Return ${shortReturnId(event.data.returnId)} of order ${displayOrderId(orderId)}`;
      const actor = stockActor(event.data.actor);
      const commands: StockCommand[] = lines.map((l) => ({ type: "ReturnStock", productId: l.productId, quantity: l.quantity, orderId, actor, reason, at }));
      named.push(...byProduct(commands, `return\n${event.data.returnId}`));
    }
    if (event.type === "ExchangeMade") {
      const lines = trackedLines(event.data.lines.map((l) => ({ productId: l.toProductId ?? l.productId, name: nameOf(l.productId), quantity: l.quantity })));
      const commands = lines.flatMap((l) => [...reserve(orderId, [l], at, true), ...ship(orderId, [l], at)]);
      named.push(...byProduct(commands, `exchange\n${event.data.returnId}`));
    }
  }
  const heldBefore = before.status !== "cancelled" && !before.deleted;
  const holdsAfter = status !== "cancelled" && !deleted;
  const shippedBefore = heldBefore && SHIPPED.includes(before.status);
  const shipsAfter = holdsAfter && SHIPPED.includes(status);
  const commands: StockCommand[] = [];
  if (heldBefore && !holdsAfter) {
    // A cancel gives back whatever the order holds of every product of its lines after exchanges.
    commands.push(...release(orderId, trackedLines(before.afterSale.lines), deleted ? "deleted" : "cancelled", at));
  } else if (!heldBefore && holdsAfter) {
    // Taken up again: it holds what it accounts for now, less goods back on the shelf.
    commands.push(...reserve(orderId, trackedLines(heldLines(before.afterSale)), at));
    if (shipsAfter) commands.push(...ship(orderId, trackedLines(before.afterSale.lines), at));
  } else if (holdsAfter && !shippedBefore && shipsAfter) {
    commands.push(...ship(orderId, trackedLines(before.afterSale.lines), at));
  }
  return [...byProduct(commands), ...named];
}
