// What an order's change does to the shelves, as stock commands: pure, so every path (the
// checkout, the /api, the admin's status, a return, an exchange) asks the same rules, and
// the one command handler appends them with the order (decision 110). A status move does what
// the lifecycle's row for it says (./lifecycle.ts, decision 160).
import { parseShopProductCartId } from "../shop-products";
import type { ReleaseReason, StockActor } from "../stock/events";
import type { StockCommand } from "../stock/stock";
import { NO_SKUS, type SkuLookup } from "../stock/school-stock";
import type { Actor, OrderEvent, OrderLine } from "./events";
import { GOODS_AT, moveOf, type StockStep } from "./lifecycle";
import { displayOrderId, type OrderState } from "./order";
import { heldLines, shortReturnId } from "./returns";
import { linesAfterDrop } from "./drop-line";

/**
 * An order line the shelf counts: a product of the shop's table, or a size of a school item the owner
 * counts (its SKU, decision 180; other school items are made to order and count nothing).
 */
export interface TrackedLine {
  productId: number;
  name: string;
  quantity: number;
  /** A made-to-order school size: the order holds what the shelf has and the rest is made. */
  orMake?: true;
}

/** The lines whose product keeps stock, one per product (two sizes of one product add up), by product id. */
export function trackedLines(lines: readonly { productId: string; name: string; quantity: number; size?: string }[], skus: SkuLookup = NO_SKUS): TrackedLine[] {
  const tracked = new Map<number, TrackedLine>();
  for (const line of lines) {
    const sku = parseShopProductCartId(line.productId) === undefined ? skus(line.productId, line.size) : undefined;
    const productId = sku?.sku ?? parseShopProductCartId(line.productId);
    if (productId === undefined) continue;
    const same = tracked.get(productId);
    if (same) same.quantity += line.quantity;
    else tracked.set(productId, { productId, name: sku && line.size ? `${line.name} (${line.size})` : line.name, quantity: line.quantity, ...(sku?.whenOut === "make" ? { orMake: true as const } : {}) });
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
  lines.map((l) => ({ type: "ReserveStock", productId: l.productId, orderId, quantity: l.quantity, name: l.name, at, ...(more ? { more } : {}), ...(l.orMake ? { orMake: true } : {}) }));
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
export function placementStock(orderId: string, lines: readonly OrderLine[], at: string, skus: SkuLookup = NO_SKUS): StockEffect[] {
  return byProduct(reserve(orderId, trackedLines(lines, skus), at));
}

/**
 * A walk-in sale (decision 210): each counted line is held and leaves the shelf at once, on the same
 * streams as online orders, so the last piece goes to whoever appends first. A made-to-order size is no
 * exception at the counter: the parent takes the piece away, so the shelf must have it.
 */
export function counterSaleStock(orderId: string, lines: readonly OrderLine[], at: string, skus: SkuLookup = NO_SKUS): StockEffect[] {
  const handed = trackedLines(lines, skus).map(({ orMake: _made, ...line }) => line);
  return byProduct(handed.flatMap((line) => [...reserve(orderId, [line], at), ...ship(orderId, [line], at)]));
}

/**
 * What an order's change does to the shelves, from the order before it and the events decided:
 * - each status move does what its row of the lifecycle says (./lifecycle.ts `MOVES`): hold what the
 *   order accounts for now, ship what it holds, release it, or take back goods that went out;
 * - deleting gives back what the order holds (nothing once its goods left: they come back only as a return);
 * - a received return's goods go back on the shelf, off what the order still holds;
 * - an exchange's new size leaves the shelf at once (it went out with the parent).
 */
export function orderStockEffects(before: OrderState, events: readonly OrderEvent[], at: string, skus: SkuLookup = NO_SKUS): StockEffect[] {
  if (!before.exists) {
    const placed = events.find((e) => e.type === "OrderPlaced");
    return placed ? placementStock(placed.data.orderId, placed.data.lines, at, skus) : [];
  }
  const orderId = before.placed.orderId;
  const named: StockEffect[] = [];
  const commands: StockCommand[] = [];
  const names = new Map(before.afterSale.lines.map((l) => [l.productId, l.name]));
  const nameOf = (productId: string) => names.get(productId) ?? productId;
  // What the order accounts for now: its lines after exchanges, less goods already back on the shelf.
  const accounted = () => trackedLines(heldLines(before.afterSale), skus);
  let deleted = before.deleted;
  for (const event of events) {
    if (event.type === "OrderStatusChanged" && !deleted) {
      const move = moveOf(event.data.from, event.data.to);
      const actor = stockActor(event.data.actor);
      for (const step of move?.stock ?? []) commands.push(...stockStep(step, orderId, before, accounted, actor, at, skus));
    }
    if (event.type === "OrderDeleted" && !deleted) {
      deleted = true;
      const status = events.reduce((s, e) => (e.type === "OrderStatusChanged" ? e.data.to : s), before.status);
      if (GOODS_AT[status] === "held") commands.push(...release(orderId, trackedLines(before.afterSale.lines, skus), "deleted", at));
    }
    if (event.type === "OrderLineDropped" && !deleted) {
      // Before dispatch (decision 204): the order gives back what it holds of the line's product and holds again
      // what its other lines of that product still need, so only the dropped units go back on sale.
      const droppedLine = event.data.line;
      const left = linesAfterDrop(before.afterSale.lines, droppedLine);
      for (const product of trackedLines([droppedLine], skus)) {
        const still = trackedLines(left, skus).filter((l) => l.productId === product.productId);
        commands.push(...release(orderId, [product], "dropped", at), ...reserve(orderId, still, at));
      }
    }
    if (event.type === "ReturnReceived") {
      // A return asked for in this very change (at the counter, decision 214) is read from its own event.
      const asked = events.find((e) => e.type === "ReturnRequested" && e.data.returnId === event.data.returnId);
      const record = before.afterSale.returns.find((r) => r.returnId === event.data.returnId) ?? (asked?.type === "ReturnRequested" ? asked.data : undefined);
      const lines = trackedLines((record?.lines ?? []).map((l) => ({ productId: l.productId, name: nameOf(l.productId), quantity: l.quantity, size: l.size })), skus);
      const reason = `Return ${shortReturnId(event.data.returnId)} of order ${displayOrderId(orderId)}`;
      const actor = stockActor(event.data.actor);
      const returned: StockCommand[] = lines.map((l) => ({ type: "ReturnStock", productId: l.productId, quantity: l.quantity, orderId, actor, reason, at }));
      named.push(...byProduct(returned, `return\n${event.data.returnId}`));
    }
    if (event.type === "ExchangeMade") {
      const lines = trackedLines(event.data.lines.map((l) => ({ productId: l.toProductId ?? l.productId, name: nameOf(l.productId), quantity: l.quantity, size: l.toSize })), skus);
      const exchanged = lines.flatMap((l) => [...reserve(orderId, [l], at, true), ...ship(orderId, [l], at)]);
      named.push(...byProduct(exchanged, `exchange\n${event.data.returnId}`));
    }
  }
  return [...byProduct(commands), ...named];
}

/** One stock step of a move (./lifecycle.ts `StockStep`) as the stock commands of the order's products. */
function stockStep(
  step: StockStep,
  orderId: string,
  before: Extract<OrderState, { exists: true }>,
  accounted: () => TrackedLine[],
  actor: StockActor,
  at: string,
  skus: SkuLookup,
): StockCommand[] {
  switch (step) {
    case "hold":
      return reserve(orderId, accounted(), at);
    case "ship":
      return ship(orderId, trackedLines(before.afterSale.lines, skus), at);
    case "release":
      // Whatever the order holds of every product of its lines after exchanges.
      return release(orderId, trackedLines(before.afterSale.lines, skus), "cancelled", at);
    case "takeBack": {
      const reason = `Parcel of order ${displayOrderId(orderId)} came back to the shop`;
      return accounted().map((l) => ({ type: "ReturnStock", productId: l.productId, quantity: l.quantity, orderId, actor, reason, at }));
    }
  }
}
