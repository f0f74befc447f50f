// The order's commands (placing one from the cart or from the /api, the admin's changes)
// through the one command handler, and the read side from order-queries.ts.
import { createHash, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { type CartState } from "../domain/cart";
import { RuleViolation, isRuleViolation } from "../domain/errors";
import {
  orderEvents,
  orderStreamId,
  type OrderEvent,
  type Actor,
  type OrderCustomer,
  type ShippingAddress,
} from "../domain/orders/events";
import {
  EMPTY_CART_MESSAGE,
  displayOrderId,
  orderDecider,
  type OrderCommand,
  type OrderLineRequest,
  type OrderState,
} from "../domain/orders/order";
import { createCommandHandler, uuidFromHash, type Loaded } from "../eventstore/command-handler";
import { isWrongExpectedVersion, type EventStore, type Position, type StreamAppend } from "../eventstore/port";
import { cartIdOf, type CartOwner, type CartService } from "./cart";
import type { LinePricer } from "./line-prices";
import { isOrderId } from "../domain/orders/ids";
import { DEFAULT_LANGUAGE, type Language } from "../domain/i18n";
import { createOrderQueries } from "./order-queries";
import { KeyedLock } from "./keyed-lock";
import { STOCK_ATTEMPTS, type StockService, type TrackedLine } from "./stock";
import type { ReleaseReason } from "../domain/stock/events";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../domain/orders/charges";
import type { PaymentMethod } from "../domain/orders/events";
import type { PaymentCommand } from "../domain/orders/payment";
import { RETURN_MESSAGES, heldLines, lineKey, notMadeMessage, refundFor, shortReturnId, type AfterSale, type ExchangeTarget } from "../domain/orders/returns";
import type { StockCommand } from "../domain/stock/stock";
import type { OrderLine, ReturnLine } from "../domain/orders/events";
import { parseShopProductCartId } from "../domain/shop-products";
import { normaliseSize } from "../domain/pricing";
import type { StockActor } from "../domain/stock/events";
import { referenceClaims, upiReferenceDecider, upiReferenceEvents, upiReferenceStreamId } from "../domain/orders/upi-reference";

export { toOrderSummary, type OrderSort, type OrderSummary, type StatusHistoryEntry, type TrailEntry } from "./order-queries";

// ---------------------------------------------------------------------------------------
// Ids
// ---------------------------------------------------------------------------------------

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
// Placing an order
// ---------------------------------------------------------------------------------------

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

/**
 * One placement, from the checkout form or the /api. The key names the order: the same
 * key always answers with the order it placed. What differs is who chose the body: an
 * /api client sent it with its key, so the same key with another body is refused (422);
 * the checkout form's key is the shop's and its body is the cart as it is now, so a
 * repeat of that form answers with the order the form placed.
 */
interface Placement {
  orderId: string;
  lines: OrderLineRequest[];
  claimedTotal?: number;
  customer: OrderCustomer;
  address: ShippingAddress;
  language: Language;
  paymentMethod: PaymentMethod;
  /** Who placed it: the customer or guest, for the audit trail. */
  actor: Actor;
  /** What the request said, hashed: a repeat with another body is caught by it. */
  requestHash: string;
  sameKeyOtherBody: "refuse" | "answer with the order";
  /** The cart the lines leave, as it was loaded to price them. */
  cart?: { cartId: string; loaded: Loaded<CartState> };
}

const fingerprint = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/** The refusal when a product's shelf kept changing under an order for every attempt. */
export const BUSY_MESSAGE = "Many parents are ordering this item right now. Please try again.";

type OrderPlacedData = Extract<OrderEvent, { type: "OrderPlaced" }>["data"];

/** The refusal of UPI when the shop has no UPI ID set. */
export const NO_UPI_MESSAGE = "Paying by UPI is not available right now. Please choose cash on delivery.";

const actorOf = (customer: OrderCustomer): Actor =>
  customer.kind === "user"
    ? { kind: "customer", ...(customer.userId ? { id: customer.userId } : {}), name: customer.name }
    : { kind: "guest", name: customer.name };

/** Attempts for an admin command when another admin keeps winning the race. */
const MAX_ATTEMPTS = 6;

export function createOrderService(deps: {
  db: Kysely<DB>;
  store: EventStore;
  priceLine: LinePricer;
  cart: CartService;
  stock: StockService;
  /** Read your writes: a bounded wait until the orders projector (what the order pages read) has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
  /** The offer and delivery charges in force (the shop's settings). */
  charges?: ChargeRules;
  /** Whether the shop takes UPI (SHOP_UPI_ID is set). */
  upiAvailable?: boolean;
  /** How a UPI reference's claim is appended beside its order: "together" only where the store appends atomically (the default there). */
  referenceClaims?: "together" | "claim first";
}) {
  const { db, store, priceLine, cart, stock, waitUntilVisible } = deps;
  const charges = deps.charges ?? DEFAULT_CHARGE_RULES;
  const upiAvailable = deps.upiAvailable ?? false;
  const references = createCommandHandler(store, { decider: upiReferenceDecider, events: upiReferenceEvents });
  const claimsTogether = (deps.referenceClaims ?? (store.appendsToStreamsAtomically ? "together" : "claim first")) === "together";
  function checkPaymentMethod(method: PaymentMethod): PaymentMethod {
    if (method === "upi" && !upiAvailable) throw new RuleViolation(NO_UPI_MESSAGE, 422);
    return method;
  }
  const orders = createCommandHandler(store, { decider: orderDecider, events: orderEvents }, { maxAttempts: MAX_ATTEMPTS });
  const queries = createOrderQueries({ db, store });
  /** Orders for the same product in this process take turns at its stock stream. */
  const shelves = new KeyedLock();
  const changes = new KeyedLock();
  const stockKey = (line: TrackedLine) => String(line.productId);

  /** The order a key placed, as a placement answers it, or undefined when it has placed none. */
  async function placedBefore(placement: Pick<Placement, "orderId" | "requestHash" | "sameKeyOtherBody">): Promise<
    { placed: PlacedOrder; state: Extract<OrderState, { exists: true }> } | undefined
  > {
    const stored = await store.readStream(orderStreamId(placement.orderId));
    if (stored.length === 0) return undefined;
    const { state } = orders.fold(stored);
    if (!state.exists) throw new Error(`order ${placement.orderId}: stream exists but holds no OrderPlaced`);
    if (placement.sameKeyOtherBody === "refuse" && stored[0].metadata.requestHash !== placement.requestHash) {
      throw new RuleViolation("This Idempotency-Key was already used for a different order.", 422);
    }
    const { placed } = state;
    return {
      placed: {
        orderId: placed.orderId,
        displayId: displayOrderId(placed.orderId),
        total: placed.total,
        customer: placed.customer,
        placedAt: placed.placedAt,
        duplicate: true,
        position: stored[stored.length - 1].position,
      },
      state,
    };
  }

  /**
   * Decides PlaceOrder on a stream that must not exist and appends it, with the cart's
   * checkout in the same append (on Postgres one transaction and one round trip). The
   * events' ids come from the order and the request, so an exact retry is a no-op in the
   * store; any other meeting with an existing order (a double click racing) answers with
   * that order. When the cart changed since it was read, the order is placed alone and
   * the ordered lines leave the cart as it is now.
   */
  async function place(placement: Placement): Promise<PlacedOrder> {
    const command: OrderCommand = {
      type: "PlaceOrder",
      orderId: placement.orderId,
      lines: placement.lines,
      customer: placement.customer,
      address: placement.address,
      placedAt: new Date().toISOString(),
      language: placement.language,
      paymentMethod: placement.paymentMethod,
      charges,
      actor: placement.actor,
      ...(placement.claimedTotal === undefined ? {} : { claimedTotal: placement.claimedTotal }),
    };
    const streamId = orderStreamId(placement.orderId);
    const prepared = orders.prepare(streamId, orders.fold([]), command, {
      commandId: `place\n${placement.requestHash}`,
      metadata: { requestHash: placement.requestHash },
    });
    if (!prepared || prepared.events[0].type !== "OrderPlaced") throw new Error("placing an order decided nothing");
    const placedData = prepared.events[0].data;
    const tracked = stock.trackedLines(placedData.lines);
    if (tracked.length === 0) return appendOrder(placement, prepared.append, placedData, async () => []);
    if (stock.strategy === "together") {
      // The order, its cart's checkout and its reservations: one append (atomic on Postgres),
      // one order at a time per product in this process.
      return shelves.with(tracked.map(stockKey), () =>
        appendOrder(placement, prepared.append, placedData, () => stock.prepareReservations(placement.orderId, tracked, placedData.placedAt)),
      );
    }
    // No multi-stream transaction: reserve first, then the order; units of an order that
    // failed go back at once, and the stock sweep finishes after a crash in between.
    const reserved = await shelves.with(tracked.map(stockKey), () => stock.reserve(placement.orderId, tracked));
    try {
      return await appendOrder(placement, prepared.append, placedData, async () => []);
    } catch (err) {
      await stock.release(placement.orderId, reserved, "not placed");
      throw err;
    }
  }

  /**
   * Appends the order with the cart's checkout and `more` (reservations, decided again after
   * every lost race for a product). The events' ids come from the order and the request, so
   * an exact retry is a no-op in the store; any other meeting with an existing order (a
   * double click racing) answers with that order. When the cart changed since it was read,
   * the order is placed alone and the ordered lines leave the cart as it is now.
   */
  async function appendOrder(
    placement: Placement,
    order: StreamAppend,
    placedData: OrderPlacedData,
    more: () => Promise<StreamAppend[]>,
  ): Promise<PlacedOrder> {
    const checkOut = placement.cart && cart.checkOutAppend(placement.cart.cartId, placement.orderId, placedData.lines, placement.cart.loaded);
    let withCart = checkOut !== undefined;
    for (let attempt = 1; ; attempt++) {
      const appends: StreamAppend[] = [order, ...(withCart && checkOut ? [checkOut] : []), ...(await more())];
      try {
        const results = await store.appendToStreams(appends);
        appends.forEach((append, i) => stock.appended(append, results[i]));
        const [result] = results;
        if (result.duplicate) {
          // This very request was appended before (a retry): answer with what was stored.
          const stored = await placedBefore(placement);
          if (stored) return finishCheckOut(placement, stored.placed, stored.state.placed.lines);
        }
        const placed: PlacedOrder = {
          orderId: placement.orderId,
          displayId: displayOrderId(placement.orderId),
          total: placedData.total,
          customer: placedData.customer,
          placedAt: placedData.placedAt,
          duplicate: false,
          position: result.position,
        };
        return withCart ? placed : finishCheckOut(placement, placed, placedData.lines);
      } catch (err) {
        if (!isWrongExpectedVersion(err)) throw err;
        // The cart moved on (another tab): place the order alone, then check its lines out.
        if (withCart && checkOut && err.streamId === checkOut.streamId) {
          withCart = false;
          continue;
        }
        if (err.streamId !== order.streamId) {
          // Another order took units of the same product first: look at the shelf again.
          stock.conflicted(err.streamId);
          if (attempt >= STOCK_ATTEMPTS) throw new RuleViolation(BUSY_MESSAGE, 409);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 2 ** attempt)));
          continue;
        }
        const existing = await placedBefore(placement);
        if (!existing) throw err;
        return finishCheckOut(placement, existing.placed, existing.state.placed.lines);
      }
    }
  }

  /** The ordered lines leave the cart, once per order however often this runs. */
  async function finishCheckOut(placement: Placement, placed: PlacedOrder, lines: readonly OrderLineRequest[]) {
    if (placement.cart) await cart.checkOut(placement.cart.cartId, placement.orderId, [...lines]);
    return placed;
  }

  /** Prices every item on the server; pricing refusals name the item. Rules on the lines are the decider's. */
  async function priceItems(items: readonly OrderItemInput[]): Promise<OrderLineRequest[]> {
    if (items.length === 0) throw new RuleViolation(EMPTY_CART_MESSAGE);
    const lines: OrderLineRequest[] = [];
    for (const [index, item] of items.entries()) {
      const result = await priceLine(item.productId, item.size);
      if (!result.ok) throw new RuleViolation(`Item ${index + 1} (${item.productId}): ${result.message}`);
      const { product } = result;
      lines.push({
        productId: product.productId,
        name: product.name,
        size: product.size,
        school: product.school,
        unitPrice: product.unitPrice,
        quantity: item.quantity,
        ...(product.stock === undefined ? {} : { shelf: product.stock }),
        ...(item.price === undefined ? {} : { claimedUnitPrice: item.price }),
      });
    }
    return lines;
  }

  /**
   * What an order's change does to the shelf: cancelling or deleting gives its units back,
   * taking a cancelled order up again holds them again (refused when they are gone).
   */
  function stockEffect(before: OrderState, events: readonly OrderEvent[]): { release?: ReleaseReason; reserve?: true } {
    if (!before.exists) return {};
    let status = before.status;
    let deleted = before.deleted;
    for (const event of events) {
      if (event.type === "OrderStatusChanged") status = event.data.to;
      if (event.type === "OrderDeleted") deleted = true;
    }
    const heldBefore = before.status !== "cancelled" && !before.deleted;
    const holdsAfter = status !== "cancelled" && !deleted;
    if (heldBefore && !holdsAfter) return { release: deleted ? "deleted" : "cancelled" };
    if (!heldBefore && holdsAfter) return { reserve: true };
    return {};
  }

  /**
   * An admin's change through the command handler, with its stock in the same append (on
   * Postgres); waits until the order pages show it.
   */
  async function changeOrder(orderId: string, command: (at: string) => OrderCommand) {
    const id = orderId.trim().toLowerCase();
    if (!isOrderId(id)) throw new RuleViolation("Order not found.", 404);
    const streamId = orderStreamId(id);
    // One change of an order at a time in this process: on a store without multi-stream
    // appends a cancel's release and a re-opening's reservation must not cross (decision 100).
    return changes.with([id], async () => {
      for (let attempt = 1; ; attempt++) {
        const loaded = await orders.load(streamId);
        const at = new Date().toISOString();
        const prepared = orders.prepare(streamId, loaded, command(at));
        if (!prepared) return { changed: false, position: loaded.position };
        const effect = stockEffect(loaded.state, prepared.events);
        // A cancel gives back whatever the order holds of every product of its lines after exchanges (an
        // exchanged size's too); taking it up again holds what it accounts for now, less goods back on the shelf.
        const tracked = !loaded.state.exists
          ? []
          : stock.trackedLines(effect.release ? loaded.state.afterSale.lines : heldLines(loaded.state.afterSale));
        const afterSale = loaded.state.exists ? afterSaleStock(loaded.state, prepared.events, at) : undefined;
        const claims = loaded.state.exists ? referenceClaims(loaded.state.payment, prepared.events) : { claim: [], release: [] };
        try {
          const position =
            claims.claim.length + claims.release.length > 0
              ? await changeWithReferences(id, prepared.append, claims, at)
              : afterSale
                ? await changeWithAfterSaleStock(prepared.append, afterSale)
                : tracked.length === 0 || (!effect.release && !effect.reserve)
                  ? (await store.append(streamId, prepared.append.events, prepared.append.expectedRevision)).position
                  : await changeWithStock(id, prepared.append, tracked, effect, at);
          await waitUntilVisible(position);
          return { changed: true, position };
        } catch (err) {
          if (!isWrongExpectedVersion(err) || attempt >= MAX_ATTEMPTS) throw err;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
        }
      }
    });
  }

  /**
   * What a return's receipt or an exchange does to the shelves (decision 103), as stock commands named by
   * the step: a received return's goods the shop keeps stock of go back on their shelves, off the order's
   * hold; an exchange's new size is held for the order, refused (409) when none is left. Undefined when
   * the step touches no product that keeps stock.
   */
  function afterSaleStock(state: Extract<OrderState, { exists: true }>, events: readonly OrderEvent[], at: string) {
    const orderId = state.placed.orderId;
    const names = new Map(state.afterSale.lines.map((l) => [l.productId, l.name]));
    const nameOf = (productId: string) => names.get(productId) ?? productId;
    for (const event of events) {
      if (event.type === "ReturnReceived") {
        const record = state.afterSale.returns.find((r) => r.returnId === event.data.returnId);
        const lines = stock.trackedLines((record?.lines ?? []).map((l) => ({ productId: l.productId, name: nameOf(l.productId), quantity: l.quantity })));
        if (lines.length === 0) return undefined;
        const { actor } = event.data;
        const by: StockActor = { kind: "admin", ...(actor.id ? { id: actor.id } : {}), ...(actor.name ? { name: actor.name } : {}) };
        const reason = `Return ${shortReturnId(event.data.returnId)} of order ${displayOrderId(orderId)}`;
        const commands: StockCommand[] = lines.map((l) => ({ type: "ReturnStock", productId: l.productId, quantity: l.quantity, orderId, actor: by, reason, at }));
        return { commandId: `return\n${event.data.returnId}`, commands };
      }
      if (event.type === "ExchangeMade") {
        const lines = stock.trackedLines(event.data.lines.map((l) => ({ productId: l.toProductId ?? l.productId, name: nameOf(l.productId), quantity: l.quantity })));
        if (lines.length === 0) return undefined;
        const commands: StockCommand[] = lines.map((l) => ({ type: "ReserveStock", productId: l.productId, orderId, quantity: l.quantity, name: l.name, more: true, at }));
        return { commandId: `exchange\n${event.data.returnId}`, commands };
      }
    }
    return undefined;
  }

  /**
   * The order and its stock streams in one append (the Postgres store), under the shelves' lock:
   * all or nothing. When another writer got to a stream first, the stock forgets the revision it
   * had cached for it and the caller's retry reads it again.
   */
  function appendWithStock(keys: string[], order: StreamAppend, prepareStock: () => Promise<StreamAppend[]>): Promise<Position> {
    return shelves.with(keys, async () => {
      const appends = [order, ...(await prepareStock())];
      try {
        const results = await store.appendToStreams(appends);
        appends.forEach((append, i) => stock.appended(append, results[i]));
        return results.at(-1)!.position;
      } catch (err) {
        if (isWrongExpectedVersion(err)) stock.conflicted(err.streamId);
        throw err;
      }
    });
  }

  /**
   * The order's after-sale event and its stock. On Postgres one append: the goods are on the shelf exactly
   * when the return says received, the new size held exactly when the exchange is made. Elsewhere the stock
   * first, each stream's command named by the step, then the order: a crash in between leaves the stock
   * done and the step still open, and doing the step again finds the stock done and records the order's
   * part only. Either way a repeated form decides nothing and touches no shelf.
   */
  async function changeWithAfterSaleStock(order: StreamAppend, step: { commandId: string; commands: StockCommand[] }): Promise<Position> {
    const keys = step.commands.map((c) => String(c.productId));
    if (stock.strategy === "together") {
      return appendWithStock(keys, order, () => stock.prepareNamed(step.commandId, step.commands));
    }
    await shelves.with(keys, () => stock.handleNamed(step.commandId, step.commands));
    return (await store.append(order.streamId, order.events, order.expectedRevision)).position;
  }

  /**
   * The product that is a returned line in the wanted size, and the size as the catalogue writes it: the
   * same catalogue item when it is made in that size, or the shop's product of the same name in that size
   * (each of those is one size). Refused (422) when there is none.
   */
  async function exchangeTarget(line: ReturnLine, name: string, toSize: string): Promise<ExchangeTarget> {
    const notMade = () => new RuleViolation(notMadeMessage(name, toSize), 422);
    if (parseShopProductCartId(line.productId) === undefined) {
      const priced = await priceLine(line.productId, toSize);
      if (!priced.ok) throw notMade();
      return { productId: line.productId, size: priced.product.size };
    }
    const size = (normaliseSize(toSize) ?? toSize).toLowerCase();
    const rows = await db.selectFrom("products").select(["id", "size"]).where("name", "=", name).orderBy("id").execute();
    const found = rows.find((row) => (normaliseSize(row.size) ?? row.size).toLowerCase() === size);
    if (!found) throw notMade();
    return { productId: `product/${found.id}`, size: found.size };
  }

  /** Each returned line's product in the wanted size (refused when one is not made in it). */
  async function exchangeTargets(lines: readonly ReturnLine[], orderLines: readonly OrderLine[], toSize: string) {
    const targets: Record<string, ExchangeTarget> = {};
    for (const line of lines) {
      const name = orderLines.find((l) => l.productId === line.productId)?.name ?? line.productId;
      targets[lineKey(line)] = await exchangeTarget(line, name, toSize);
    }
    return targets;
  }

  /** The order as the decider sees it now, from its stream. */
  async function currentOrder(orderId: string): Promise<Extract<OrderState, { exists: true }>> {
    const id = orderId.trim().toLowerCase();
    if (!isOrderId(id)) throw new RuleViolation("Order not found.", 404);
    const { state } = await orders.load(orderStreamId(id));
    if (!state.exists) throw new RuleViolation("Order not found.", 404);
    return state;
  }

  /**
   * A payment change that claims or frees UPI references (domain/orders/upi-reference.ts): on
   * Postgres one append with the order; elsewhere the claims first (a failed order frees them
   * again) and the releases after the order.
   */
  async function changeWithReferences(
    orderId: string,
    order: StreamAppend,
    claims: { claim: string[]; release: string[] },
    at: string,
  ): Promise<Position> {
    const prepareAll = async (type: "ClaimReference" | "ReleaseReference", list: string[]) => {
      const appends: StreamAppend[] = [];
      for (const reference of list) {
        const streamId = upiReferenceStreamId(reference);
        const prepared = references.prepare(streamId, await references.load(streamId), { type, reference, orderId, at });
        if (prepared) appends.push(prepared.append);
      }
      return appends;
    };
    const claimed = await prepareAll("ClaimReference", claims.claim);
    const released = await prepareAll("ReleaseReference", claims.release);
    if (claimsTogether) return (await store.appendToStreams([order, ...claimed, ...released]))[0].position;
    if (claimed.length > 0) await store.appendToStreams(claimed);
    let position: Position;
    try {
      position = (await store.append(order.streamId, order.events, order.expectedRevision)).position;
    } catch (err) {
      for (const reference of claims.claim) {
        await references.handle(upiReferenceStreamId(reference), { type: "ReleaseReference", reference, orderId, at });
      }
      throw err;
    }
    if (released.length > 0) await store.appendToStreams(released);
    return position;
  }

  async function changeWithStock(
    orderId: string,
    order: StreamAppend,
    tracked: TrackedLine[],
    effect: { release?: ReleaseReason; reserve?: true },
    at: string,
  ): Promise<Position> {
    if (stock.strategy === "together") {
      return appendWithStock(tracked.map(stockKey), order, () =>
        effect.release ? stock.prepareReleases(orderId, tracked, effect.release, at) : stock.prepareReservations(orderId, tracked, at),
      );
    }
    if (effect.release) {
      // The order first: a crash before the release leaves a hold the stock sweep gives back.
      const appended = await store.append(order.streamId, order.events, order.expectedRevision);
      return (await stock.release(orderId, tracked, effect.release)) ?? appended.position;
    }
    const reserved = await stock.reserve(orderId, tracked);
    try {
      return (await store.append(order.streamId, order.events, order.expectedRevision)).position;
    } catch (err) {
      await stock.release(orderId, reserved, "cancelled");
      throw err;
    }
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
      /** The shopper's language (the page's): the order's SMS and emails speak it. */
      language?: Language;
      paymentMethod?: PaymentMethod;
    }): Promise<PlacedOrder> {
      const key = checkIdempotencyKey(input.idempotencyKey);
      const paymentMethod = checkPaymentMethod(input.paymentMethod ?? "cod");
      const cartId = cartIdOf(input.owner);
      const orderId = orderIdFor(`cart:${cartId}`, key);
      const customer: OrderCustomer = input.user
        ? {
            kind: "user",
            userId: input.user.id,
            name: input.details.name,
            phone: input.details.phone,
            ...(input.user.email ? { email: input.user.email } : {}),
          }
        : { kind: "guest", name: input.details.name, phone: input.details.phone };
      // The cart first (one read): in the usual case nothing else is read before the append.
      const loaded = await cart.load(cartId);
      if (loaded.state.checkedOutOrders.includes(orderId) || loaded.state.lines.length === 0) {
        // A repeated submit after the cart was checked out: the order this key made, if any.
        const before = await placedBefore({ orderId, requestHash: "", sameKeyOtherBody: "answer with the order" });
        if (!before) throw new RuleViolation(EMPTY_CART_MESSAGE);
        await cart.checkOut(cartId, orderId, before.state.placed.lines);
        return before.placed;
      }
      const view = await cart.priceCart(cartId, loaded.state, loaded.revision);
      const problem = view.lines.find((line) => line.problem);
      if (problem) throw new RuleViolation(`${problem.problem} Please remove it from your cart.`, 409);
      const lines: OrderLineRequest[] = view.lines.map((line) => ({
        productId: line.productId,
        name: line.name,
        size: line.size,
        school: line.school,
        unitPrice: line.unitPrice as number,
        quantity: line.quantity,
      }));
      return place({
        orderId,
        lines,
        customer,
        address: input.details,
        language: input.language ?? DEFAULT_LANGUAGE,
        paymentMethod,
        actor: actorOf(customer),
        requestHash: fingerprint({ lines, address: input.details, paymentMethod }),
        sameKeyOtherBody: "answer with the order",
        cart: { cartId, loaded },
      });
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
      /** From Accept-Language (the /api speaks English unless asked): the order's SMS and emails speak it. */
      language?: Language;
      paymentMethod?: PaymentMethod;
    }): Promise<PlacedOrder> {
      const key = checkIdempotencyKey(input.idempotencyKey);
      const paymentMethod = checkPaymentMethod(input.paymentMethod ?? "cod");
      const placement = {
        orderId: orderIdFor(input.scope, key),
        requestHash: fingerprint({
          items: input.items.map((i) => [i.productId, i.size ?? "", i.quantity, i.price ?? null]),
          total: input.expectedTotal ?? null,
          customer: input.customer,
          address: input.address,
          // Cash on delivery hashes as before payment methods came, so older keys still match their orders.
          ...(paymentMethod === "cod" ? {} : { paymentMethod }),
        }),
        sameKeyOtherBody: "refuse" as const,
      };
      // A retry answers before anything is priced: prices may have changed since the order.
      const before = await placedBefore(placement);
      if (before) return before.placed;
      return place({
        ...placement,
        lines: await priceItems(input.items),
        ...(input.expectedTotal === undefined ? {} : { claimedTotal: input.expectedTotal }),
        customer: input.customer,
        address: input.address,
        language: input.language ?? DEFAULT_LANGUAGE,
        paymentMethod,
        actor: actorOf(input.customer),
      });
    },

    async changeStatus(orderId: string, to: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangeStatus", to, actor, at }));
    },

    async changePaymentStatus(orderId: string, to: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangePaymentStatus", to, actor, at }));
    },

    /** Cash on delivery: the admin marks the order paid when the money is in. */
    async markPaid(orderId: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangePaymentStatus", to: "paid", actor, at }));
    },

    /**
     * A payment step (decision 101): the shopper's UPI reference, the admin's confirmation,
     * rejection, cash collected or refund; a reference is claimed for one order only.
     */
    async pay(orderId: string, command: (at: string) => PaymentCommand) {
      return changeOrder(orderId, command);
    },

    /** Whether the shop takes UPI now. */
    upiAvailable,
    charges,

    /** An admin's internal note (never shown to the shopper). */
    async addNote(orderId: string, text: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "AddNote", text, actor, at }));
    },

    /** How the parcel goes: by hand, or by courier with its tracking number; again replaces the details. */
    async recordDelivery(
      orderId: string,
      details: { method: string; courier?: string; trackingNumber?: string; note?: string },
      actor: Actor,
    ) {
      return changeOrder(orderId, (at) => ({ type: "RecordDelivery", ...details, actor, at }));
    },

    /** A shopper asks to return lines of their delivered order, for a refund or another size (decision 103). */
    async requestReturn(
      orderId: string,
      request: { lines: ReturnLine[]; want: string; exchangeSize?: string; reason: string },
      actor: Actor,
    ) {
      const returnId = randomUUID();
      if (request.want === "exchange" && request.exchangeSize?.trim()) {
        // An exchange for a size that is not made is refused now, not once the goods are back.
        const { afterSale } = await currentOrder(orderId);
        const known = request.lines.filter((l) => l.quantity > 0 && afterSale.lines.some((o) => lineKey(o) === lineKey(l)));
        await exchangeTargets(known, afterSale.lines, request.exchangeSize.trim());
      }
      const result = await changeOrder(orderId, (at) => ({ type: "RequestReturn", returnId, ...request, actor, at }));
      return { ...result, returnId };
    },

    async approveReturn(orderId: string, returnId: string, note: string | undefined, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ApproveReturn", returnId, ...(note ? { note } : {}), actor, at }));
    },

    async refuseReturn(orderId: string, returnId: string, note: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "RefuseReturn", returnId, note, actor, at }));
    },

    /** The goods are back (picked up or dropped off): stock-tracked ones go back on the shelf. */
    async receiveReturn(orderId: string, returnId: string, method: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ReceiveReturn", returnId, method, actor, at }));
    },

    /** The wanted size goes out at no charge; a product the shop keeps stock of is taken off its shelf. */
    async makeExchange(orderId: string, returnId: string, actor: Actor) {
      const state = await currentOrder(orderId);
      const record = state.afterSale.returns.find((r) => r.returnId === returnId);
      if (!record) throw new RuleViolation(RETURN_MESSAGES.noSuchReturn, 404);
      // Looked up only when the exchange may be made now: the decider refuses the others in its own words.
      const targets =
        record.want === "exchange" && record.exchangeSize && record.stage === "received" && !state.deleted
          ? await exchangeTargets(record.lines, state.afterSale.lines, record.exchangeSize)
          : {};
      return changeOrder(orderId, (at) => ({ type: "MakeExchange", returnId, targets, actor, at }));
    },

    /**
     * What happened after the sale, from the order's own stream (the shopper's pages and the
     * order page read it): delivery details, returns, lines after exchanges, and each refund
     * return's suggested amount (the lines less their share of the discount).
     */
    async afterSale(orderId: string): Promise<(AfterSale & { suggestedRefunds: Record<string, number> }) | undefined> {
      const id = orderId.trim().toLowerCase();
      if (!isOrderId(id)) return undefined;
      const { state } = await orders.load(orderStreamId(id));
      if (!state.exists) return undefined;
      const left = state.payment.paid - state.payment.refunded;
      const suggestedRefunds = Object.fromEntries(
        state.afterSale.returns
          .filter((r) => r.want === "refund")
          .map((r) => [r.returnId, refundFor(r.lines, { lines: state.placed.lines, subtotal: state.placed.subtotal, discount: state.placed.discount }, left)]),
      );
      return { ...state.afterSale, suggestedRefunds };
    },

    /** A tombstone with the actor: the order leaves the lists, its trail stays. */
    async deleteOrder(orderId: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "DeleteOrder", actor, at }));
    },

    ...queries,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

export { isRuleViolation };
