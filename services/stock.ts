// Stock as events (decision 100): every change of a product's stock goes through the stock
// decider and the one command handler; orders reserve and release through here, the admin
// receives, counts and takes back through here, and the read side is the stock projector's.
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { RuleViolation, isRuleViolation } from "../domain/errors";
import { parseShopProductCartId } from "../domain/shop-products";
import { stockEvents, stockStreamId, type ReleaseReason, type StockActor } from "../domain/stock/events";
import { stockDecider, stockSnapshots, type StockCommand, type StockState } from "../domain/stock/stock";
import { createCommandHandler, type Loaded } from "../eventstore/command-handler";
import type { AppendResult, EventStore, Position, StreamAppend } from "../eventstore/port";

/** An order line the shelf counts: a product of the shop's table. */
export interface TrackedLine {
  productId: number;
  name: string;
  quantity: number;
}

/** The lines of an order whose product keeps stock (school uniform items are made to order). */
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
 * How an order and its reservations reach the store. "together": one atomic append of the
 * order and every reservation (Postgres). "reserve first": reservations first, each at its
 * stream's revision, then the order; a failure releases what was reserved, and a crash in
 * between is finished by `sweep` (EventStoreDB has no multi-stream transaction). Both run in the
 * event-store contract suite on Postgres and PGlite here; neither has run against a live
 * EventStoreDB (README, "EventStoreDB: what has and has not been run").
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
  change: number;
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
  store: EventStore;
  /** Read your writes for stock: resolves once the stock read model has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Defaults to "together" where the store appends to several streams atomically. */
  strategy?: ReservationStrategy;
}) {
  const { db, store, waitUntilVisible } = deps;
  const handler = createCommandHandler(
    store,
    { decider: stockDecider, events: stockEvents, snapshots: stockSnapshots },
    // Every order reads the stock of its products: keep them folded, read only what is new.
    { maxAttempts: STOCK_ATTEMPTS, cachedStreams: 2000 },
  );
  const strategy: ReservationStrategy = deps.strategy ?? (store.appendsToStreamsAtomically ? "together" : "reserve first");

  /** The old stock column's count, which opens a product's stream on its first change (0 for a product gone). */
  async function openingCount(productId: number): Promise<number> {
    const row = await db.selectFrom("products").select("stock_quantity").where("id", "=", productId).executeTakeFirst();
    return row ? Number(row.stock_quantity) : 0;
  }

  /** A command with the opening count when the stream has not been opened yet. */
  async function withOpening(loaded: Loaded<StockState>, command: StockCommand): Promise<StockCommand> {
    if (loaded.state.opened) return command;
    return { ...command, openingCount: await openingCount(command.productId) };
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

  /** Appends prepared here and made by the caller beside other streams, until the caller says how they went. */
  const pending = new WeakMap<StreamAppend, NonNullable<ReturnType<typeof handler.prepare>>>();

  /**
   * The reservations of an order's tracked lines, for one append with the order. Decided on
   * each stream as this process last saw it (the caller holds the product's lock; a write
   * from another process fails the append's expected revision, and `conflicted` makes the
   * next try read). Throws RuleViolation 409 ("Only 2 of ... left") when a line is short; an
   * order already holding its units adds nothing for that line.
   */
  async function prepareReservations(orderId: string, lines: readonly TrackedLine[], at: string): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const line of lines) {
      const streamId = stockStreamId(line.productId);
      const reserve = { type: "ReserveStock" as const, productId: line.productId, orderId, quantity: line.quantity, name: line.name, at };
      const remembered = handler.cached(streamId);
      let prepared: ReturnType<typeof handler.prepare> = null;
      try {
        prepared = remembered ? handler.prepare(streamId, remembered, reserve) : null;
      } catch (err) {
        // A refusal ("Only 2 left") is decided again on the stream as it is, below.
        if (!isRuleViolation(err)) throw err;
      }
      if (!prepared) {
        // Nothing to append (the order already holds its units?) and a refusal are only known on the stream
        // as it is: a decision that appends nothing has no expected revision to guard it.
        const loaded = await handler.load(streamId);
        prepared = handler.prepare(streamId, loaded, await withOpening(loaded, reserve));
      }
      if (prepared) {
        pending.set(prepared.append, prepared);
        appends.push(prepared.append);
      }
    }
    return appends;
  }

  /** A reservation prepared here was appended: this process now knows the stream as it is. */
  function appended(append: StreamAppend, result: AppendResult): void {
    const prepared = pending.get(append);
    if (prepared) handler.appended(append.streamId, prepared, result);
  }

  /** An append met a stock stream another writer had moved: read it next time. */
  function conflicted(streamId: string): void {
    handler.forget(streamId);
  }

  /** The releases of an order's holds, for one append with the order's change. */
  async function prepareReleases(orderId: string, lines: readonly TrackedLine[], reason: ReleaseReason, at: string): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const line of lines) {
      const streamId = stockStreamId(line.productId);
      const loaded = await handler.load(streamId);
      if (!loaded.state.opened) continue;
      const prepared = handler.prepare(streamId, loaded, { type: "ReleaseStock", productId: line.productId, orderId, reason, at });
      if (prepared) {
        pending.set(prepared.append, prepared);
        appends.push(prepared.append);
      }
    }
    return appends;
  }

  /**
   * Commands an order's after-sale step makes on its products' streams (a return's goods back on the
   * shelf, an exchange's new size held), for one append with the order's event. `commandId` names the
   * step (decision 103): a stream that has it already gets nothing, so a step decided again lands once.
   */
  async function prepareNamed(commandId: string, commands: readonly StockCommand[]): Promise<StreamAppend[]> {
    const appends: StreamAppend[] = [];
    for (const command of commands) {
      const streamId = stockStreamId(command.productId);
      const loaded = await handler.load(streamId);
      const prepared = handler.prepare(streamId, loaded, await withOpening(loaded, command), { commandId });
      if (prepared) {
        pending.set(prepared.append, prepared);
        appends.push(prepared.append);
      }
    }
    return appends;
  }

  /**
   * The same commands each on its own stream, for a store without multi-stream appends: the order's
   * event goes after them, and a step retried after a crash in between finds them done.
   */
  async function handleNamed(commandId: string, commands: readonly StockCommand[]): Promise<void> {
    for (const command of commands) {
      await handler.handle(stockStreamId(command.productId), async (state) => (state.opened ? command : { ...command, openingCount: await openingCount(command.productId) }), {
        commandId,
      });
    }
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
    strategy,
    trackedLines,
    prepareReservations,
    prepareReleases,
    prepareNamed,
    handleNamed,
    appended,
    conflicted,
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

    async receive(productId: number, quantity: number, actor: StockActor, reason: string) {
      return change(productId, (at) => ({ type: "ReceiveStock", productId, quantity, actor, reason, at }));
    },

    /** The shopkeeper counted the shelf: `to` units are for sale now. */
    async count(productId: number, to: number, actor: StockActor, reason: string) {
      return change(productId, (at) => ({ type: "CountStock", productId, to, actor, reason, at }));
    },

    /** Goods a parent brought back go on the shelf again; `orderNumber` (the 8 characters parents see) names their order. */
    async takeBack(productId: number, quantity: number, actor: StockActor, reason: string, orderNumber?: string) {
      let orderId: string | undefined;
      if (orderNumber) {
        const order = await db.selectFrom("orders").select("id").where("short_id", "=", orderNumber.toUpperCase()).executeTakeFirst();
        if (!order) throw new RuleViolation(`There is no order ${orderNumber.toUpperCase()}.`, 404);
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
