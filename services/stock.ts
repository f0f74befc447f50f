// Stock as events (decision 100): every change of a product's stock goes through the stock
// decider and the one command handler; orders reserve and release through here, the admin
// receives, counts and takes back through here, and the read side is the stock projector's.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { RuleViolation, isRuleViolation } from "../domain/errors";
import { stockEvents, stockStreamId, type ReleaseReason, type StockActor } from "../domain/stock/events";
import { stockDecider, stockSnapshots, type StockCommand, type StockState } from "../domain/stock/stock";
import { purchaseCost } from "../domain/stock/costing";
import { createCommandHandler, type Loaded, type StreamStep } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";
import type { StockEffect, TrackedLine } from "../domain/orders/stock-effects";

export { trackedLines, type TrackedLine } from "../domain/orders/stock-effects";

/**
 * How an order's stock reaches the store beside the order (the order service's command over
 * several streams, eventstore/command-handler.ts). "together": one atomic append (Postgres).
 * "reserve first": reservations first, each at its stream's revision, then the order; a failure
 * gives back what was reserved, and a crash in between is finished by `sweep` (EventStoreDB
 * before multi-stream appends). Both run in the contract suite on Postgres and PGlite; neither
 * has run against a live EventStoreDB (docs/eventstoredb.md).
 */
export type ReservationStrategy = "together" | "reserve first";

export interface StockLevel {
  productId: number;
  available: number;
  held: number;
  updatedAt: string | null;
}

export interface StockHistoryEntry {
  revision: number;
  type: string;
  /** Units for sale after less before. */
  change: number;
  /** Units on the shelf after less before (a shipment takes them off; a reservation does not). */
  shelfChange: number;
  availableAfter: number;
  orderId: string | null;
  reason: string | null;
  actor: { kind: string; id: string | null; name: string | null };
  at: string;
}

/** Attempts for one stock change when other buyers keep winning the race for the same product. */
export const STOCK_ATTEMPTS = 40;

export function createStockService(deps: {
  db: Kysely<DB>;
  store: ShopEvents;
  /** Read your writes for stock: resolves once the stock read model has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
}) {
  const { db, store, waitUntilVisible } = deps;
  const handler = createCommandHandler(
    store,
    { decider: stockDecider, events: stockEvents, snapshots: stockSnapshots },
    // Every order reads the stock of its products: keep them folded, read only what is new.
    { maxAttempts: STOCK_ATTEMPTS, cachedStreams: 2000 },
  );

  /** The old stock column's count, which opens a product's stream on its first change (0 for a product gone). */
  async function openingCount(productId: number): Promise<number> {
    const row = await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirst();
    return row ? Number(row.stock_quantity) : 0;
  }

  /** One change by hand, through the command handler; waits until pages show it. */
  async function change(productId: number, command: (at: string) => StockCommand) {
    const handled = await handler.handle(stockStreamId(productId), async (state) => {
      const decided = command(new Date().toISOString());
      return state.opened ? decided : { ...decided, openingCount: await openingCount(productId) };
    });
    if (handled.changed && handled.position) await waitUntilVisible(handled.position);
    return { changed: handled.changed, available: handled.state.available, position: handled.position };
  }

  /** Commands for a stream not opened yet begin with its opening count (the first one carries it). */
  async function withOpening(loaded: Loaded<StockState>, commands: readonly StockCommand[]): Promise<StockCommand[]> {
    if (loaded.state.opened || commands.length === 0) return [...commands];
    const [first, ...rest] = commands;
    return [{ ...first, openingCount: await openingCount(first.productId) }, ...rest];
  }

  /**
   * One product's part of an order's change, decided (not appended) for the order service's
   * command over several streams. A new order's reservations are decided on the stream as
   * this process last wrote it (the caller holds the product's turn; a write from another
   * process fails the append's expected revision, and the handler's retry reads it); a refusal
   * ("Only 2 left") or a decision to append nothing is only trusted on the stream as it is.
   * `undo`: where the store cannot append streams together, what gives a provisional hold back.
   */
  async function step(effect: StockEffect, undo?: { orderId: string; reason: ReleaseReason }): Promise<StreamStep | null> {
    const streamId = stockStreamId(effect.productId);
    const options = effect.commandId ? { commandId: effect.commandId } : {};
    const remembered = handler.cached(streamId);
    let prepared: ReturnType<typeof handler.prepare> = null;
    if (remembered && !effect.commandId && effect.commands.every((c) => c.type === "ReserveStock")) {
      try {
        prepared = handler.prepareMany(streamId, remembered, effect.commands, options);
      } catch (err) {
        if (!isRuleViolation(err)) throw err;
      }
    }
    if (!prepared) {
      const loaded = await handler.load(streamId);
      // A stream never opened holds nothing for anyone: nothing to give back or ship.
      if (!loaded.state.opened && effect.commands.every((c) => c.type === "ReleaseStock" || c.type === "ShipStock")) return null;
      prepared = handler.prepareMany(streamId, loaded, await withOpening(loaded, effect.commands), options);
    }
    if (!prepared) return null;
    const line = { productId: effect.productId, name: "", quantity: 0 };
    return {
      prepared,
      handler,
      ...(undo ? { undo: () => release(undo.orderId, [line], undo.reason) } : {}),
      redo: () => handler.handle(streamId, async (state) => (state.opened ? effect.commands : withOpening({ state } as Loaded<StockState>, effect.commands)), options),
    };
  }

  /** Each effect's step, in the order given (products that change nothing add none). */
  async function steps(effects: readonly StockEffect[], undo?: { orderId: string; reason: ReleaseReason }): Promise<StreamStep[]> {
    const made: StreamStep[] = [];
    for (const effect of effects) {
      const one = await step(effect, undo);
      if (one) made.push(one);
    }
    return made;
  }

  /** Gives back whatever the order holds of these products; a second call finds nothing held and appends nothing. */
  async function release(orderId: string, lines: readonly TrackedLine[], reason: ReleaseReason): Promise<Position | undefined> {
    let position: Position | undefined;
    for (const line of lines) {
      const streamId = stockStreamId(line.productId);
      // A stream never opened holds nothing for anyone.
      if (!(await handler.load(streamId)).state.opened) continue;
      const handled = await handler.handle(streamId, {
        type: "ReleaseStock",
        productId: line.productId,
        orderId,
        reason,
        at: new Date().toISOString(),
      });
      if (handled.changed) position = handled.position;
    }
    return position;
  }

  /**
   * Reserves each line on its own stream ("reserve first"). A short line releases the lines
   * reserved before it and throws its 409. Returns the lines this call reserved (a retry of
   * the same order reserves nothing new), for the caller to release if the order fails.
   */
  async function reserve(orderId: string, lines: readonly TrackedLine[]): Promise<TrackedLine[]> {
    const reserved: TrackedLine[] = [];
    try {
      for (const line of lines) {
        const handled = await handler.handle(stockStreamId(line.productId), async (state) => {
          const command: StockCommand = {
            type: "ReserveStock",
            productId: line.productId,
            orderId,
            quantity: line.quantity,
            name: line.name,
            at: new Date().toISOString(),
          };
          return state.opened ? command : { ...command, openingCount: await openingCount(line.productId) };
        });
        if (handled.changed) reserved.push(line);
      }
      return reserved;
    } catch (err) {
      await release(orderId, reserved, "not placed");
      throw err;
    }
  }

  async function level(productId: number): Promise<StockLevel | undefined> {
    const row = await db.selectFrom("stock_levels").selectAll().where("product_id", "=", productId).executeTakeFirst();
    if (!row) return undefined;
    return {
      productId,
      available: row.available,
      held: row.held,
      updatedAt: new Date(row.updated_at).toISOString(),
    };
  }

  return {
    steps,
    reserve,
    release,
    level,

    /** A product's stream begins with its count (a new product, or the migration of one). */
    async open(productId: number, count?: number) {
      const handled = await handler.handle(stockStreamId(productId), async (state) => ({
        type: "OpenStock" as const,
        productId,
        at: new Date().toISOString(),
        ...(state.opened ? {} : { openingCount: count ?? (await openingCount(productId)) }),
      }));
      return { opened: handled.changed, available: handled.state.available, position: handled.position };
    },

    /**
     * The live migration: every product whose stream is not opened yet gets its first event
     * from the stock column. Safe while the shop sells: an order that reaches a product first
     * opens it itself with the same count (whoever appends second loses the race and reloads).
     */
    async openAll(): Promise<{ products: number; opened: number }> {
      const rows = await db.selectFrom("products").select("id").orderBy("id").execute();
      let opened = 0;
      for (const row of rows) if ((await this.open(row.id)).opened) opened += 1;
      // Not waited for: until the stock projector has these, pages read the same count from the column.
      return { products: rows.length, opened };
    },

    /** A delivery on the shelf; `cost`: what a piece cost the owner, in paise (a bought-in product's purchase cost, issue 51). */
    async receive(productId: number, quantity: number, actor: StockActor, reason: string, cost?: number) {
      return change(productId, (at) => ({ type: "ReceiveStock", productId, quantity, ...(cost === undefined ? {} : { cost }), actor, reason, at }));
    },

    /** A bought-in product's purchase cost: the weighted average over its deliveries with a cost, read from its stream. */
    async purchaseCost(productId: number) {
      const events = stockEvents.readAll(await store.readStream(stockStreamId(productId)));
      return purchaseCost(events.flatMap((e) => (e.type === "StockReceived" ? [e.data] : [])));
    },

    /** The shopkeeper counted `onShelf` units on the shelf: for sale is what orders not yet shipped do not hold (decision 109). */
    async count(productId: number, onShelf: number, actor: StockActor, reason: string) {
      return change(productId, (at) => ({ type: "CountStock", productId, onShelf, actor, reason, at }));
    },

    /** Goods a parent brought back go on the shelf again; `orderNumber` (the 8 characters parents see) names their order. */
    async takeBack(productId: number, quantity: number, actor: StockActor, reason: string, orderNumber?: string) {
      let orderId: string | undefined;
      if (orderNumber) {
        const order = await db.selectFrom("orders").select("id").where("short_id", "=", orderNumber.toUpperCase()).executeTakeFirst();
        if (!order) throw new RuleViolation("stock.noOrder", { number: orderNumber.toUpperCase() }, 404);
        orderId = order.id;
      }
      return change(productId, (at) => ({ type: "ReturnStock", productId, quantity, actor, reason, at, ...(orderId ? { orderId } : {}) }));
    },

    /** A product's stock changes, newest first. */
    async history(productId: number, limit = 100): Promise<StockHistoryEntry[]> {
      const rows = await db
        .selectFrom("stock_history")
        .selectAll()
        .where("product_id", "=", productId)
        .orderBy("revision", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        revision: row.revision,
        type: row.event_type,
        change: row.change,
        shelfChange: row.shelf_change,
        availableAfter: row.available_after,
        orderId: row.order_id,
        reason: row.reason,
        actor: { kind: row.actor_kind, id: row.actor_id, name: row.actor_name },
        at: new Date(row.at).toISOString(),
      }));
    },

    /**
     * Finishes what a crash left half done ("reserve first" stores): units held by an order
     * that was never placed (older than `graceMs`, checked on the order's own stream) or by
     * an order cancelled or deleted since go back on the shelf. On Postgres nothing is ever
     * left half done; the sweep then finds nothing. Idempotent: a hold released twice is
     * released once.
     */
    async sweep(options: { graceMs?: number; now?: Date } = {}): Promise<{ released: number }> {
      const graceMs = options.graceMs ?? 120_000;
      const cutoff = new Date((options.now ?? new Date()).getTime() - graceMs);
      const holds = await db
        .selectFrom("stock_holds as h")
        .leftJoin("orders as o", "o.id", "h.order_id")
        .select(["h.product_id", "h.order_id", "h.quantity", "h.at", "o.id as placed", "o.status", "o.deleted"])
        .where((eb) => eb.or([eb("o.id", "is", null), eb("o.status", "=", "cancelled"), eb("o.deleted", "=", true)]))
        .limit(1000)
        .execute();
      let released = 0;
      for (const hold of holds) {
        // A young hold may be an order on its way (placed, or un-cancelled, right after its reservation).
        if (new Date(hold.at) > cutoff) continue;
        const line = [{ productId: hold.product_id, name: "", quantity: hold.quantity }];
        let reason: ReleaseReason;
        if (hold.placed === null) {
          // The orders read model may lag: the order's own stream says whether it was placed.
          const stream = await store.readStream(`order-${hold.order_id}`, { maxCount: 1 });
          if (stream.length > 0) continue;
          reason = "not placed";
        } else {
          reason = hold.deleted ? "deleted" : "cancelled";
        }
        if (await release(hold.order_id, line, reason)) released += 1;
      }
      return { released };
    },

  };
}

export type StockService = ReturnType<typeof createStockService>;
