import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import type { ReadEvent } from "../domain/events/registry";
import { stockEvents, type StockEvent } from "../domain/stock/events";
import { evolve, initialStockState, type StockState } from "../domain/stock/stock";
import { insertRows } from "./bulk";
import type { ApplyContext } from "./projector";

type ReadStockEvent = ReadEvent<RecordedEvent, StockEvent>;

const HISTORY_COLUMNS = {
  product_id: "integer", revision: "integer", event_type: "text", change: "integer", available_after: "integer", shelf_change: "integer",
  order_id: "text", reason: "text", actor_kind: "text", actor_id: "text", actor_name: "text", at: "timestamptz",
};

interface ProductBatch {
  /** The product's state before the batch (as the read model had it) folded through the batch: the same fold as the decider's. */
  state: StockState;
  /** Units orders hold after the batch. */
  held: number;
  revision: number;
  at: string;
  /** Each order's change of hold in the batch (units, and when a hold it starts began). */
  holds: Map<string, { change: number; at: string }>;
}

function historyRow(event: ReadStockEvent, before: StockState, after: StockState) {
  const base = {
    product_id: event.data.productId,
    revision: event.revision,
    event_type: event.type,
    change: after.available - before.available,
    available_after: after.available,
    // Units on the shelf after minus before (decision 109): deliveries, returns and counts move the shelf as
    // they move what is for sale; a reservation or a release only sets units aside or frees them; a shipment
    // takes them off. Migration 0018 fills stored rows the same way.
    shelf_change: after.available - before.available,
    order_id: null as string | null,
    reason: null as string | null,
    actor_kind: "system",
    actor_id: null as string | null,
    actor_name: null as string | null,
    at: "",
  };
  switch (event.type) {
    case "StockReceived":
    case "StockReceiptCorrected":
    case "StockAdjusted":
    case "StockReturned": {
      const { actor, reason, at } = event.data;
      const orderId = event.type === "StockReturned" ? (event.data.orderId ?? null) : null;
      return { ...base, order_id: orderId, reason, actor_kind: actor.kind, actor_id: actor.id ?? null, actor_name: actor.name ?? null, at };
    }
    case "StockReserved":
      return { ...base, shelf_change: 0, order_id: event.data.orderId, actor_kind: "order", at: event.data.at };
    case "StockReleased":
      return { ...base, shelf_change: 0, order_id: event.data.orderId, reason: event.data.reason, actor_kind: "order", at: event.data.at };
    case "StockShipped":
      return { ...base, shelf_change: -event.data.quantity, order_id: event.data.orderId, actor_kind: "order", at: event.data.at };
    case "StockSnapshotted":
      return null;
  }
}

/** The stock read models, kept by the orders projector (projectors/orders.ts). */
export const STOCK_TABLES = ["stock_levels", "stock_holds", "stock_history"] as const;

/**
 * The stock read models: `stock_levels` (what /shop, the product pages, the cart and the
 * admin show; `held` is what orders not yet shipped hold, so on the shelf = available + held),
 * `stock_holds` (orders holding units, which the stock sweep and `shop stock ship-past` check)
 * and `stock_history`. A batch is folded in memory from the levels as stored, with the same
 * `evolve` the decider folds with, so the read model is the fold of the stream. Run by the
 * orders projector in its transaction: an order and the stock it took show together, and a
 * page waiting for its order waits for one checkpoint.
 */
export async function applyStock(trx: Kysely<DB>, events: readonly RecordedEvent[], context?: ApplyContext): Promise<void> {
  const read: ReadStockEvent[] = [];
  for (const event of events) if (streamCategory(event.streamId) === stockEvents.category) read.push(stockEvents.read(event));
  if (read.length === 0) return;

  const products = new Map<number, ProductBatch>();
  const ids = [...new Set(read.map((e) => e.data.productId))];
  // Read even in a replay: an earlier batch of the same build wrote these rows.
  const stored = await trx.selectFrom("stock_levels").select(["product_id", "available", "held", "revision"]).where("product_id", "in", ids).execute();
  const before = new Map(stored.map((row) => [row.product_id, row]));
  const history: NonNullable<ReturnType<typeof historyRow>>[] = [];

  for (const event of read) {
    const id = event.data.productId;
    let batch = products.get(id);
    if (!batch) {
      const row = before.get(id);
      // Holds are kept in their own table; the fold here only needs what is for sale.
      const state = row ? { ...initialStockState(), productId: id, opened: true, available: row.available } : initialStockState();
      batch = { state, held: row?.held ?? 0, revision: row?.revision ?? -1, at: "", holds: new Map() };
      products.set(id, batch);
    }
    // A batch retried after a crash, or a row written by an earlier run: skip what is in.
    if (event.revision <= batch.revision) continue;
    const previous = batch.state;
    batch.state = evolve(previous, event);
    batch.revision = event.revision;
    const row = historyRow(event, previous, batch.state);
    if (row) {
      history.push(row);
      batch.at = row.at;
    }
    // A snapshot changes nothing: it is the fold so far, written down. A release gives back all the
    // order holds and a return of its goods part of it (decision 103); an exchange adds to a hold; a
    // shipment takes the whole hold off the shelf (decision 109).
    const hold = (orderId: string, change: number, at: string) => {
      const before = batch.holds.get(orderId);
      batch.holds.set(orderId, { change: (before?.change ?? 0) + change, at: before?.at ?? at });
      batch.held += change;
    };
    if (event.type === "StockReserved") hold(event.data.orderId, event.data.quantity, event.data.at);
    else if (event.type === "StockReleased" || event.type === "StockShipped") hold(event.data.orderId, -event.data.quantity, event.data.at);
    else if (event.type === "StockReturned" && event.data.orderId && event.data.fromHold > 0) hold(event.data.orderId, -event.data.fromHold, event.data.at);
  }

  const guarded = !context?.freshTables;
  await insertRows(trx, "stock_history", HISTORY_COLUMNS, history, {
    onConflict: guarded ? sql`on conflict (product_id, revision) do nothing` : undefined,
    context,
  });
  // Each hold moves by its batch's change; one that reaches nothing is gone (a hold begun and ended in the batch too).
  const holds = [...products].flatMap(([productId, batch]) =>
    [...batch.holds].filter(([, hold]) => hold.change !== 0).map(([orderId, hold]) => ({ product_id: productId, order_id: orderId, quantity: hold.change, at: hold.at })),
  );
  if (holds.length > 0) {
    await trx
      .insertInto("stock_holds")
      .values(holds)
      .onConflict((oc) => oc.columns(["product_id", "order_id"]).doUpdateSet({ quantity: sql`stock_holds.quantity + excluded.quantity` }))
      .execute();
  }
  // Only a hold that went down can have reached nothing: one statement for the batch, none for a batch of orders.
  const lowered = holds.filter((hold) => hold.quantity < 0);
  if (lowered.length > 0) {
    await trx
      .deleteFrom("stock_holds")
      .where((eb) => eb(eb.refTuple("product_id", "order_id"), "in", lowered.map((h) => eb.tuple(h.product_id, h.order_id))))
      .where("quantity", "<=", 0)
      .execute();
  }
  const changed = [...products].filter(([id, batch]) => batch.revision > (before.get(id)?.revision ?? -1));
  if (changed.length === 0) return;
  await trx
    .insertInto("stock_levels")
    .values(
      changed.map(([productId, batch]) => ({
        product_id: productId,
        available: batch.state.available,
        held: batch.held,
        revision: batch.revision,
        updated_at: batch.at || new Date(0).toISOString(),
      })),
    )
    .onConflict((oc) =>
      oc.column("product_id").doUpdateSet({
        available: sql`excluded.available`,
        held: sql`excluded.held`,
        revision: sql`excluded.revision`,
        updated_at: sql`case when excluded.updated_at = 'epoch' then stock_levels.updated_at else excluded.updated_at end`,
      }),
    )
    .execute();
}
