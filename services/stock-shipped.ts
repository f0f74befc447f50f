// The live migration of decision 109: before it, an order kept its hold on a product's stream
// after it shipped (decision 100), so the stock of today still sets aside units that left the
// shop long ago. This ships them: for every hold whose order has shipped or been delivered, a
// `ShipStock` through the one command handler with the stock decider. The decider ships only
// what the order holds, so a second run (or an order the shop ships meanwhile) appends nothing.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { orderEvents, orderStreamId, type OrderStatus } from "../domain/orders/events";
import { foldOrder } from "../domain/orders/order";
import { stockEvents, stockStreamId } from "../domain/stock/events";
import { stockDecider, stockSnapshots } from "../domain/stock/stock";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";

/** An order in one of these has sent its goods out: it holds nothing on the shelf any more. */
export const SHIPPED_STATUSES: readonly OrderStatus[] = ["shipped", "delivered"];

/** How many holds are read at a time. */
const PAGE = 500;

export interface ShipPastResult {
  /** Holds the orders read model showed for orders shipped or delivered. */
  holds: number;
  /** Of those, how many were shipped now (the others were shipped meanwhile, or their order moved on). */
  shipped: number;
  /** Where the last shipment is in the store: wait for the stock read model to pass it to see it. */
  position: Position | undefined;
}

/**
 * Ships the units still held by orders that have shipped or been delivered. Safe while the shop
 * sells, and idempotent:
 * - the candidates come from the read models (`stock_holds` joined with `orders`), which may lag;
 *   each is checked again on the order's own stream, so an order cancelled or taken back since
 *   (its release on its way) is left alone, and a deleted one is the stock sweep's;
 * - each `ShipStock` is decided on the product's stream as it is and appended at that revision:
 *   a hold already shipped, released or never there ships nothing, and a lost race decides again.
 * A hold the read model has not shown yet is shipped by the next run (`shop start` runs this).
 */
export async function shipPastOrders(deps: { db: Kysely<DB>; store: ShopEvents }): Promise<ShipPastResult> {
  const { db, store } = deps;
  // The holds come a product at a time: keep its stream folded and read only what is new, rather than
  // its newest snapshot again for every hold (before this, a snapshot named every order the product had).
  const stock = createCommandHandler(store, { decider: stockDecider, events: stockEvents, snapshots: stockSnapshots }, { cachedStreams: 16 });
  const result: ShipPastResult = { holds: 0, shipped: 0, position: undefined };
  let after: { productId: number; orderId: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom("stock_holds as h")
      .innerJoin("orders as o", "o.id", "h.order_id")
      .select(["h.product_id", "h.order_id"])
      .where("o.status", "in", SHIPPED_STATUSES)
      .where("o.deleted", "=", false);
    if (after) {
      const { productId, orderId } = after;
      query = query.where((eb) =>
        eb.or([eb("h.product_id", ">", productId), eb.and([eb("h.product_id", "=", productId), eb("h.order_id", ">", orderId)])]),
      );
    }
    const holds = await query.orderBy("h.product_id").orderBy("h.order_id").limit(PAGE).execute();
    for (const hold of holds) {
      result.holds += 1;
      if (!(await hasShipped(store, hold.order_id))) continue;
      const handled = await stock.handle(stockStreamId(hold.product_id), {
        type: "ShipStock",
        productId: hold.product_id,
        orderId: hold.order_id,
        at: new Date().toISOString(),
      });
      if (handled.changed) {
        result.shipped += 1;
        result.position = handled.position;
      }
    }
    if (holds.length < PAGE) return result;
    const last = holds[holds.length - 1];
    after = { productId: last.product_id, orderId: last.order_id };
  }
}

/** Whether the order's own stream says its goods went out (not cancelled, deleted or taken back since). */
async function hasShipped(store: ShopEvents, orderId: string): Promise<boolean> {
  const order = foldOrder(orderEvents.readAll(await store.readStream(orderStreamId(orderId))));
  return order.exists && !order.deleted && SHIPPED_STATUSES.includes(order.status);
}
