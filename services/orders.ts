import { createHash, randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, OrdersTable } from "../db/schema";
import { combine, type CartLine } from "../domain/cart";
import { RuleViolation, isRuleViolation } from "../domain/errors";
import { formatRupees } from "../domain/money";
import {
  orderStreamId,
  type Actor,
  type OrderCustomer,
  type OrderEvent,
  type OrderLine,
  type OrderPlaced,
  type OrderStatus,
  type PaymentStatus,
  type ShippingAddress,
  orderEvents,
} from "../domain/orders/events";
import {
  EMPTY_CART_MESSAGE,
  decide,
  displayOrderId,
  foldOrder,
  orderTotal,
  type OrderCommand,
  type OrderState,
} from "../domain/orders/order";
import {
  isWrongExpectedVersion,
  type EventStore,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from "../eventstore/port";
import { cartIdOf, type CartOwner, type CartService } from "./cart";
import type { LinePricer } from "./line-prices";

// ---------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------

/** A UUID (version 8: custom) made from a hash, so the same input always gives the same id. */
function uuidFromHash(input: string): string {
  const bytes = createHash("sha256").update(input).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The order id is derived from the idempotency key within a scope (the cart, the
 * API user, the guest's mobile number), so a retry names the same order and two
 * clients that happen to pick the same key never meet.
 */
export function orderIdFor(scope: string, idempotencyKey: string): string {
  return uuidFromHash(`order\n${scope}\n${idempotencyKey}`);
}

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export function checkIdempotencyKey(key: unknown): string {
  if (typeof key !== "string" || key.trim() === "") {
    throw new RuleViolation("This form has expired. Please reload the page and try again.", 400);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key.trim())) {
    throw new RuleViolation("The idempotency key must be 8 to 128 letters, digits or - _ . :", 400);
  }
  return key.trim();
}

export const newIdempotencyKey = () => randomUUID();

// ---------------------------------------------------------------------------------------
// Read model rows
// ---------------------------------------------------------------------------------------

export interface OrderSummary {
  id: string;
  /** What people see and say: 8 characters. */
  displayId: string;
  userId: string | null;
  customerKind: "user" | "guest";
  customerName: string;
  phone: string;
  email: string | null;
  address: ShippingAddress;
  lines: OrderLine[];
  itemCount: number;
  total: number;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deleted: boolean;
  placedAt: Date;
  updatedAt: Date;
}

/** One orders read-model row (projectors/orders.ts) as an order; the admin dashboard reads the same rows. */
export function toOrderSummary(row: Selectable<OrdersTable>): OrderSummary {
  return {
    id: row.id,
    displayId: row.short_id,
    userId: row.user_id,
    customerKind: row.customer_kind,
    customerName: row.customer_name,
    phone: row.phone,
    email: row.email,
    address: { name: row.ship_name, phone: row.ship_phone, address: row.address_line, city: row.city, pincode: row.pincode },
    lines: (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as OrderLine[],
    itemCount: Number(row.item_count),
    total: Number(row.total),
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    deleted: row.deleted,
    placedAt: new Date(row.placed_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface StatusHistoryEntry {
  revision: number;
  field: "status" | "payment_status" | "deleted";
  from: string | null;
  to: string;
  actor: Actor;
  at: Date;
}

export type TrailEntry = OrderEvent & {
  revision: number;
  at: Date;
  position: Position;
};

export interface PlacedOrder {
  orderId: string;
  displayId: string;
  total: number;
  customer: OrderCustomer;
  placedAt: string;
  /** True when this key had already placed the order: nothing new was created. */
  duplicate: boolean;
  /** Wait for the read models to pass this to show the order. */
  position: Position;
}

export interface OrderItemInput {
  productId: string;
  size?: string;
  quantity: number;
  /** What the client believes the unit price is: compared, never used. */
  price?: number;
}

export type OrderSort = "placed_at" | "id" | "user_id";

const MAX_ATTEMPTS = 6;

// ---------------------------------------------------------------------------------------
// The service
// ---------------------------------------------------------------------------------------

export function createOrderService(deps: {
  db: Kysely<DB>;
  store: EventStore;
  priceLine: LinePricer;
  cart: CartService;
  /** Read your writes: a bounded wait until the orders projector (what the order pages read) has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
}) {
  const { db, store, priceLine, cart, waitUntilVisible } = deps;

  async function loadOrder(orderId: string): Promise<{ state: OrderState; events: RecordedEvent[] }> {
    const events = orderEvents.readAll(await store.readStream(orderStreamId(orderId)));
    return { state: foldOrder(events), events };
  }

  function fingerprint(value: unknown): string {
    return createHash("sha256").update(JSON.stringify(value)).digest("hex");
  }

  /** The existing order for a key, or undefined; a different body under the same key is refused when strict. */
  function existingResult(
    loaded: { state: OrderState; events: RecordedEvent[] },
    requestHash: string,
    strict: boolean,
  ): PlacedOrder | undefined {
    if (!loaded.state.exists) return undefined;
    const first = loaded.events[0];
    if (strict && first.metadata.requestHash !== requestHash) {
      throw new RuleViolation("This Idempotency-Key was already used for a different order.", 422);
    }
    const placed = loaded.state.placed;
    return {
      orderId: placed.orderId,
      displayId: displayOrderId(placed.orderId),
      total: placed.total,
      customer: placed.customer,
      placedAt: placed.placedAt,
      duplicate: true,
      position: loaded.events[loaded.events.length - 1].position,
    };
  }

  /**
   * Appends OrderPlaced to a stream that must not exist. Its event id comes from the
   * order id too, so an exact retry is a no-op in the store; any other meeting with an
   * existing order (a double click racing) loads it and answers with it.
   * `cartCheckOut` (the cart's lines leaving it) goes in the same append: on Postgres the
   * order and its checkout are one transaction and one round trip. When the cart changed
   * since it was read, the order is placed alone and `checkedOut` says so.
   */
  async function appendPlacement(input: {
    orderId: string;
    lines: OrderLine[];
    customer: OrderCustomer;
    address: ShippingAddress;
    requestHash: string;
    strict: boolean;
    cartCheckOut?: StreamAppend;
  }): Promise<{ placed: PlacedOrder; checkedOut: boolean }> {
    const placedAt = new Date().toISOString();
    const command: OrderCommand = {
      type: "PlaceOrder",
      orderId: input.orderId,
      lines: input.lines,
      customer: input.customer,
      address: input.address,
      placedAt,
    };
    const events = decide(command, { exists: false });
    const order: StreamAppend = {
      streamId: orderStreamId(input.orderId),
      events: events.map((e) =>
        orderEvents.toAppend(e, uuidFromHash(`${input.orderId}\nOrderPlaced`), { requestHash: input.requestHash }),
      ),
      expectedRevision: "no_stream",
    };
    const { cartCheckOut } = input;
    try {
      const [result] = await store.appendToStreams(cartCheckOut ? [order, cartCheckOut] : [order]);
      if (!result.duplicate) {
        const data = events[0].data as OrderPlaced["data"];
        const placed: PlacedOrder = {
          orderId: input.orderId,
          displayId: displayOrderId(input.orderId),
          total: data.total,
          customer: data.customer,
          placedAt,
          duplicate: false,
          position: result.position,
        };
        return { placed, checkedOut: Boolean(cartCheckOut) };
      }
    } catch (err) {
      if (!isWrongExpectedVersion(err)) throw err;
      if (cartCheckOut && err.streamId === cartCheckOut.streamId) {
        return appendPlacement({ ...input, cartCheckOut: undefined });
      }
    }
    const existing = existingResult(await loadOrder(input.orderId), input.requestHash, input.strict);
    if (!existing) throw new Error(`order ${input.orderId}: stream exists but holds no OrderPlaced`);
    return { placed: existing, checkedOut: false };
  }

  /** Prices every item on the server; a client price that differs is a 409 naming the line. */
  async function priceItems(items: readonly OrderItemInput[], checkClientPrices: boolean): Promise<OrderLine[]> {
    if (items.length === 0) throw new RuleViolation(EMPTY_CART_MESSAGE);
    const priced: (CartLine & { unitPrice: number; stock?: number })[] = [];
    for (const [index, item] of items.entries()) {
      const result = await priceLine(item.productId, item.size);
      if (!result.ok) throw new RuleViolation(`Item ${index + 1} (${item.productId}): ${result.message}`);
      const { product } = result;
      if (checkClientPrices && item.price !== undefined && item.price !== product.unitPrice) {
        throw new RuleViolation(
          `The price of ${product.name} (${product.size}) is now ${formatRupees(product.unitPrice)}, ` +
            `not ${Number.isFinite(item.price) ? formatRupees(item.price) : String(item.price)}. ` +
            "Please review your cart; no order was placed.",
          409,
        );
      }
      priced.push({ ...product, quantity: item.quantity });
    }
    const combined = combine(priced);
    return combined.map((line) => {
      const source = priced.find((p) => p.productId === line.productId && p.size === line.size && p.school === line.school)!;
      if (line.quantity > 99) throw new RuleViolation(`Quantity of ${line.name} (${line.size}) can be at most 99.`);
      if (source.stock !== undefined && line.quantity > source.stock) {
        throw new RuleViolation(`Only ${source.stock} of ${line.name} left in stock.`, 409);
      }
      return {
        productId: line.productId,
        name: line.name,
        size: line.size,
        school: line.school,
        unitPrice: source.unitPrice,
        quantity: line.quantity,
      };
    });
  }

  /** Loads, decides and appends an admin command with the expected revision; retried on a lost race. */
  async function executeOnOrder(orderId: string, command: (at: string) => OrderCommand) {
    for (let attempt = 1; ; attempt++) {
      const { state, events } = await loadOrder(orderId);
      const newEvents = decide(command(new Date().toISOString()), state);
      if (newEvents.length === 0) {
        return { changed: false, position: events.length ? events[events.length - 1].position : undefined };
      }
      try {
        const result = await store.append(
          orderStreamId(orderId),
          newEvents.map((e) => orderEvents.toAppend(e, randomUUID())),
          events[events.length - 1].revision,
        );
        await waitUntilVisible(result.position);
        return { changed: true, position: result.position };
      } catch (err) {
        if (!isWrongExpectedVersion(err) || attempt >= MAX_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(100, 2 ** attempt)));
      }
    }
  }

  const validOrderId = (orderId: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(orderId);

  function requireOrderId(orderId: string): string {
    const id = orderId.trim().toLowerCase();
    if (!validOrderId(id)) throw new RuleViolation("Order not found.", 404);
    return id;
  }

  /** Status and payment history from the read model, oldest first. */
  async function getStatusHistory(orderId: string): Promise<StatusHistoryEntry[]> {
    const rows = await db
      .selectFrom("order_status_history")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("revision")
      .execute();
    return rows.map((r) => ({
      revision: Number(r.revision),
      field: r.field,
      from: r.from_value,
      to: r.to_value,
      actor: {
        kind: r.actor_kind as Actor["kind"],
        ...(r.actor_id ? { id: r.actor_id } : {}),
        ...(r.actor_name ? { name: r.actor_name } : {}),
      },
      at: new Date(r.at),
    }));
  }

  return {
    orderIdFor,
    newIdempotencyKey,
    /**
     * Read your writes for order pages: resolves once the orders and status-history
     * read models have applied `position` (bounded; false on timeout).
     */
    waitUntilVisible,

    /**
     * The checkout form: the cart's lines, priced now, become one order. The key
     * from the form (scoped by the cart) names the order: a double click, a
     * refreshed POST or a retry finds the same order and checks the cart out once.
     */
    async placeOrderFromCart(input: {
      owner: CartOwner;
      idempotencyKey: string;
      details: ShippingAddress;
      user?: { id: string; name: string; email?: string | null } | null;
    }): Promise<PlacedOrder> {
      const key = checkIdempotencyKey(input.idempotencyKey);
      const cartId = cartIdOf(input.owner);
      const orderId = orderIdFor(`cart:${cartId}`, key);
      // The cart first (one read): in the usual case nothing else is read before the append.
      const loaded = await cart.load(cartId);
      if (loaded.state.checkedOutOrders.includes(orderId) || loaded.state.lines.length === 0) {
        // A repeated submit after the cart was checked out: the order this key made, if any.
        const existing = await loadOrder(orderId);
        const found = existingResult(existing, "", false);
        if (found && existing.state.exists) {
          await cart.checkOut(cartId, orderId, existing.state.placed.lines);
          return found;
        }
        throw new RuleViolation(EMPTY_CART_MESSAGE);
      }
      const view = await cart.priceCart(cartId, loaded.state, loaded.revision);
      const problem = view.lines.find((line) => line.problem);
      if (problem) throw new RuleViolation(`${problem.problem} Please remove it from your cart.`, 409);

      const lines: OrderLine[] = view.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        size: line.size,
        school: line.school,
        unitPrice: line.unitPrice as number,
        quantity: line.quantity,
      }));
      const customer: OrderCustomer = input.user
        ? {
            kind: "user",
            userId: input.user.id,
            name: input.details.name,
            phone: input.details.phone,
            ...(input.user.email ? { email: input.user.email } : {}),
          }
        : { kind: "guest", name: input.details.name, phone: input.details.phone };
      const { placed, checkedOut } = await appendPlacement({
        orderId,
        lines,
        customer,
        address: input.details,
        requestHash: fingerprint({ lines, address: input.details }),
        strict: false,
        cartCheckOut: cart.checkOutAppend(cartId, orderId, lines, loaded) ?? undefined,
      });
      // Unless they left with the order, the ordered lines leave the cart now. A duplicate
      // (a double submit that lost the race) checks out the order's own lines, idempotently.
      if (placed.duplicate) {
        const existing = await loadOrder(orderId);
        if (existing.state.exists) await cart.checkOut(cartId, orderId, existing.state.placed.lines);
      } else if (!checkedOut) {
        await cart.checkOut(cartId, orderId, lines);
      }
      return placed;
    },

    /**
     * The /api: items as the client sent them, priced by the server. The
     * Idempotency-Key (scoped by the caller) makes a retry return the same order;
     * the same key with a different body is a 422; a stale client price a 409.
     */
    async placeOrder(input: {
      scope: string;
      idempotencyKey: string;
      items: OrderItemInput[];
      expectedTotal?: number;
      customer: OrderCustomer;
      address: ShippingAddress;
    }): Promise<PlacedOrder> {
      const key = checkIdempotencyKey(input.idempotencyKey);
      const orderId = orderIdFor(input.scope, key);
      const requestHash = fingerprint({
        items: input.items.map((i) => [i.productId, i.size ?? "", i.quantity, i.price ?? null]),
        total: input.expectedTotal ?? null,
        customer: input.customer,
        address: input.address,
      });
      const existing = existingResult(await loadOrder(orderId), requestHash, true);
      if (existing) return existing;

      const lines = await priceItems(input.items, true);
      const total = orderTotal(lines);
      if (input.expectedTotal !== undefined && input.expectedTotal !== total) {
        throw new RuleViolation(
          `The order total is ${formatRupees(total)}, not ${Number.isFinite(input.expectedTotal) ? formatRupees(input.expectedTotal) : input.expectedTotal}. ` +
            "Please review your cart; no order was placed.",
          409,
        );
      }
      const { placed } = await appendPlacement({
        orderId,
        lines,
        customer: input.customer,
        address: input.address,
        requestHash,
        strict: true,
      });
      return placed;
    },

    async changeStatus(orderId: string, to: string, actor: Actor) {
      const id = requireOrderId(orderId);
      return executeOnOrder(id, (at) => ({ type: "ChangeStatus", to, actor, at }));
    },

    async changePaymentStatus(orderId: string, to: string, actor: Actor) {
      const id = requireOrderId(orderId);
      return executeOnOrder(id, (at) => ({ type: "ChangePaymentStatus", to, actor, at }));
    },

    /** Cash on delivery: the admin marks the order paid when the money is in. */
    async markPaid(orderId: string, actor: Actor) {
      const id = requireOrderId(orderId);
      return executeOnOrder(id, (at) => ({ type: "ChangePaymentStatus", to: "paid", actor, at }));
    },

    /** A tombstone with the actor: the order leaves the lists, its trail stays. */
    async deleteOrder(orderId: string, actor: Actor) {
      const id = requireOrderId(orderId);
      return executeOnOrder(id, (at) => ({ type: "DeleteOrder", actor, at }));
    },

    /** One order from the read model (deleted ones too: the admin may look one up). */
    async getOrder(orderId: string): Promise<OrderSummary | undefined> {
      const id = orderId.trim().toLowerCase();
      if (!validOrderId(id)) return undefined;
      const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toOrderSummary(row);
    },

    /** The address of the user's latest order: the checkout form starts from it. */
    async lastAddress(userId: string): Promise<ShippingAddress | undefined> {
      const row = await db
        .selectFrom("orders")
        .select(["ship_name", "ship_phone", "address_line", "city", "pincode"])
        .where("user_id", "=", userId)
        .orderBy("placed_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row && { name: row.ship_name, phone: row.ship_phone, address: row.address_line, city: row.city, pincode: row.pincode };
    },

    /** The account page: the user's orders, newest first, without deleted ones. */
    async getOrderHistory(userId: string): Promise<OrderSummary[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("user_id", "=", userId)
        .where("deleted", "=", false)
        .orderBy("placed_at", "desc")
        .orderBy("id")
        .limit(500)
        .execute();
      return rows.map(toOrderSummary);
    },

    /**
     * The admin list. Filters and sorts match the indexes of the orders table;
     * deleted orders only when asked for.
     */
    async listOrders(options: {
      status?: OrderStatus;
      sort?: OrderSort;
      direction?: "asc" | "desc";
      includeDeleted?: boolean;
      limit?: number;
      offset?: number;
    } = {}): Promise<OrderSummary[]> {
      const sort = options.sort ?? "placed_at";
      const direction = options.direction ?? (sort === "placed_at" ? "desc" : "asc");
      let query = db.selectFrom("orders").selectAll();
      if (options.status) query = query.where("status", "=", options.status);
      if (!options.includeDeleted) query = query.where("deleted", "=", false);
      query = query.orderBy(sort, direction);
      if (sort !== "placed_at") query = query.orderBy("placed_at", "desc");
      const rows = await query
        .orderBy("id", direction)
        .limit(Math.min(options.limit ?? 200, 1000))
        .offset(options.offset ?? 0)
        .execute();
      return rows.map(toOrderSummary);
    },

    /** Every event of one order, read from its stream: the audit trail. */
    async getOrderTrail(orderId: string): Promise<TrailEntry[]> {
      const id = orderId.trim().toLowerCase();
      if (!validOrderId(id)) return [];
      const events = orderEvents.readAll(await store.readStream(orderStreamId(id)));
      return events.map((e): TrailEntry => ({ ...e, at: e.createdAt }));
    },

    getStatusHistory,

    /**
     * Guest tracking: the order id (the 8 characters shown, or the full id) and the
     * mobile number on the order must both match. Undefined otherwise, without
     * saying which part was wrong.
     */
    async findOrderForTracking(
      orderId: string,
      phone: string,
    ): Promise<{ order: OrderSummary; history: StatusHistoryEntry[] } | undefined> {
      const raw = orderId.trim().replace(/^#/, "");
      const mobile = phone.trim();
      if (!/^\d{10}$/.test(mobile)) return undefined;
      let query = db.selectFrom("orders").selectAll().where("deleted", "=", false);
      if (validOrderId(raw.toLowerCase())) query = query.where("id", "=", raw.toLowerCase());
      else if (/^[0-9a-f]{8}$/i.test(raw)) query = query.where("short_id", "=", raw.toUpperCase());
      else return undefined;
      const rows = await query
        .where((eb) => eb.or([eb("phone", "=", mobile), eb("ship_phone", "=", mobile)]))
        .orderBy("placed_at", "desc")
        .limit(2)
        .execute();
      // Two orders sharing the 8 characters and the phone: ask for the full id rather than guess.
      if (rows.length !== 1) return undefined;
      const order = toOrderSummary(rows[0]);
      return { order, history: await getStatusHistory(order.id) };
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

export { isRuleViolation };
