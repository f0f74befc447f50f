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
  type Actor,
  type OrderCustomer,
  type ShippingAddress,
} from "../domain/orders/events";
import {
  displayOrderId,
  orderDecider,
  type OrderCommand,
  type OrderLineRequest,
  type OrderState,
} from "../domain/orders/order";
import { createCommandHandler, createStreamsHandler, uuidFromHash, type Loaded, type StreamStep } from "../eventstore/command-handler";
import type { EventStore, Position } from "../eventstore/port";
import { cartIdOf, type CartOwner, type CartService } from "./cart";
import type { LinePricer } from "./line-prices";
import { isOrderId } from "../domain/orders/ids";
import { DEFAULT_LANGUAGE, type Language } from "../domain/i18n";
import { createOrderQueries } from "./order-queries";
import { STOCK_ATTEMPTS, type StockService } from "./stock";
import { createTaxDocuments, type TaxSettings } from "./tax-documents";
import type { TaxDocuments } from "../domain/tax/documents";
import { orderStockEffects, placementStock, trackedLines } from "../domain/orders/stock-effects";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../domain/orders/charges";
import type { PaymentMethod } from "../domain/orders/events";
import { checkUpiReference, type PaymentCommand } from "../domain/orders/payment";
import { lineKey, notMade as notMadeIn, refundFor, type AfterSale, type ExchangeTarget } from "../domain/orders/returns";
import type { OrderLine, ReturnLine } from "../domain/orders/events";
import { parseShopProductCartId } from "../domain/shop-products";
import { normaliseSize } from "../domain/pricing";
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
    throw new RuleViolation("orders.formExpired", {}, 400);
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key.trim())) {
    throw new RuleViolation("orders.badKey", {}, 400);
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
  /** Whose claim `claimedTotal` is (the decider's `claimedBy`): the /api client's, or the checkout page's. */
  claimedBy?: "client" | "page";
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
  /**
   * An order and the other streams it changes (stock, cart, UPI references) in one atomic append:
   * the default where the store has it. False orders them with compensating steps instead (what
   * a store without multi-stream appends gets; tests force it on Postgres).
   */
  atomic?: boolean;
  /** The seller and the rates its invoices are made with (the shop's settings); none: the shop issues no documents. */
  tax?: TaxSettings;
}) {
  const { db, store, priceLine, cart, stock, waitUntilVisible } = deps;
  const taxDocuments = deps.tax ? createTaxDocuments(store, deps.tax) : undefined;
  const charges = deps.charges ?? DEFAULT_CHARGE_RULES;
  const upiAvailable = deps.upiAvailable ?? false;
  const atomic = deps.atomic ?? store.appendsToStreamsAtomically;
  const references = createCommandHandler(store, { decider: upiReferenceDecider, events: upiReferenceEvents });
  function checkPaymentMethod(method: PaymentMethod): PaymentMethod {
    if (method === "upi" && !upiAvailable) throw new RuleViolation("orders.noUpi", {}, 422);
    return method;
  }
  const orders = createCommandHandler(store, { decider: orderDecider, events: orderEvents });
  const queries = createOrderQueries({ db, store });
  // Orders racing for the same product's stock retry many times before "try again"; an admin's change a few.
  const placements = createStreamsHandler(store, { maxAttempts: STOCK_ATTEMPTS, atomic });
  const changes = createStreamsHandler(store, { maxAttempts: MAX_ATTEMPTS, atomic });
  const links = createStreamsHandler(store, { maxAttempts: MAX_ATTEMPTS, atomic });
  // Shipments racing for the next invoice number across processes: as many attempts as orders racing for stock.
  const numbered = createStreamsHandler(store, { maxAttempts: STOCK_ATTEMPTS, atomic });
  const busy = (streamId: string) => (streamId.startsWith("stock-") ? new RuleViolation("orders.busy", {}, 409) : undefined);

  /** The order a key placed, as a placement answers it, or undefined when it has placed none. */
  async function placedBefore(placement: Pick<Placement, "orderId" | "requestHash" | "sameKeyOtherBody">): Promise<
    { placed: PlacedOrder; state: Extract<OrderState, { exists: true }> } | undefined
  > {
    const stored = await store.readStream(orderStreamId(placement.orderId));
    if (stored.length === 0) return undefined;
    const { state } = orders.fold(stored);
    if (!state.exists) throw new Error(`order ${placement.orderId}: stream exists but holds no OrderPlaced`);
    if (placement.sameKeyOtherBody === "refuse" && stored[0].metadata.requestHash !== placement.requestHash) {
      throw new RuleViolation("orders.keyReused", {}, 422);
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

  /** The ordered lines leave the cart, once per order however often this runs. */
  async function finishCheckOut(placement: Placement, placed: PlacedOrder, lines: readonly OrderLineRequest[]) {
    if (placement.cart) await cart.checkOut(placement.cart.cartId, placement.orderId, [...lines]);
    return placed;
  }

  /**
   * PlaceOrder on a stream that must not exist, with its stock reservations and the cart's
   * checkout: one command over several streams (one append on Postgres). The events' ids come
   * from the order and the request, so an exact retry is a no-op in the store; any other meeting
   * with an existing order (a double click racing) answers with that order; a cart that moved
   * since it was read (another tab) is read again and the ordered lines leave it as it is now.
   * Orders for the same product take turns in this process.
   */
  async function place(placement: Placement): Promise<PlacedOrder> {
    const placedAt = new Date().toISOString();
    const command: OrderCommand = {
      type: "PlaceOrder",
      orderId: placement.orderId,
      lines: placement.lines,
      customer: placement.customer,
      address: placement.address,
      placedAt,
      language: placement.language,
      paymentMethod: placement.paymentMethod,
      charges,
      actor: placement.actor,
      ...(placement.claimedTotal === undefined ? {} : { claimedTotal: placement.claimedTotal }),
      ...(placement.claimedBy ? { claimedBy: placement.claimedBy } : {}),
    };
    const streamId = orderStreamId(placement.orderId);
    return placements.handle({
      locks: trackedLines(placement.lines).map((line) => `stock-${line.productId}`),
      busy,
      plan: async (attempt) => {
        if (attempt > 1) {
          const existing = await placedBefore(placement);
          if (existing) return { answer: await finishCheckOut(placement, existing.placed, existing.state.placed.lines) };
        }
        const order = orders.prepare(streamId, orders.fold([]), command, {
          commandId: `place\n${placement.requestHash}`,
          metadata: { requestHash: placement.requestHash },
        });
        if (!order || order.events[0].type !== "OrderPlaced") throw new Error("placing an order decided nothing");
        const placedData = order.events[0].data;
        const reservations = await stock.steps(placementStock(placement.orderId, placedData.lines, placedAt), {
          orderId: placement.orderId,
          reason: "not placed",
        });
        const cartNow = placement.cart && (attempt === 1 ? placement.cart.loaded : await cart.load(placement.cart.cartId));
        const checkOut = placement.cart && cartNow ? cart.checkOutStep(placement.cart.cartId, placement.orderId, placedData.lines, cartNow) : null;
        return {
          steps: [...reservations, { prepared: order, handler: orders }, ...(checkOut ? [checkOut] : [])],
          answer: async (results) => {
            const result = results[reservations.length];
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
              position: results.at(-1)!.position,
            };
            return checkOut || !placement.cart ? placed : finishCheckOut(placement, placed, placedData.lines);
          },
        };
      },
    });
  }

  /** Prices every item on the server; pricing refusals name the item. Rules on the lines are the decider's. */
  async function priceItems(items: readonly OrderItemInput[]): Promise<OrderLineRequest[]> {
    if (items.length === 0) throw new RuleViolation("checkout.cartEmpty");
    const lines: OrderLineRequest[] = [];
    for (const [index, item] of items.entries()) {
      const result = await priceLine(item.productId, item.size);
      if (!result.ok) throw new RuleViolation("orders.item", { number: index + 1, id: item.productId, problem: result.refusal });
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
   * The product that is a returned line in the wanted size, and the size as the catalogue writes it: the
   * same catalogue item when it is made in that size, or the shop's product of the same name in that size
   * (each of those is one size). Refused (422) when there is none.
   */
  async function exchangeTarget(line: ReturnLine, name: string, toSize: string): Promise<ExchangeTarget> {
    const notMade = () => {
      const refused = notMadeIn(name, toSize);
      return new RuleViolation(refused.key, refused.values, 422);
    };
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
    if (!isOrderId(id)) throw new RuleViolation("orders.notFound", {}, 404);
    const { state } = await orders.load(orderStreamId(id));
    if (!state.exists) throw new RuleViolation("orders.notFound", {}, 404);
    return state;
  }

  /**
   * The steps a payment change makes on UPI reference streams (domain/orders/upi-reference.ts):
   * claims go before the order (given back if the order's append fails where streams are
   * appended one by one), releases after it.
   */
  async function referenceSteps(orderId: string, claims: { claim: string[]; release: string[] }, at: string) {
    const stepsOf = async (type: "ClaimReference" | "ReleaseReference", list: readonly string[]): Promise<StreamStep[]> => {
      const made: StreamStep[] = [];
      for (const reference of list) {
        const streamId = upiReferenceStreamId(reference);
        const prepared = references.prepare(streamId, await references.load(streamId), { type, reference, orderId, at });
        if (!prepared) continue;
        made.push({
          prepared,
          handler: references,
          ...(type === "ClaimReference"
            ? { undo: () => references.handle(streamId, { type: "ReleaseReference", reference, orderId, at: new Date().toISOString() }) }
            : { redo: () => references.handle(streamId, { type, reference, orderId, at }) }),
        });
      }
      return made;
    };
    return { before: await stepsOf("ClaimReference", claims.claim), after: await stepsOf("ReleaseReference", claims.release) };
  }

  /**
   * An admin's or a parent's change of an order: one command over the order and every stream
   * it moves (stock held, given back, shipped or returned; UPI references claimed or freed),
   * decided purely (the order decider, domain/orders/stock-effects.ts, referenceClaims) and
   * appended together; waits until the order pages show it. Where streams are appended one by
   * one, what must exist first (a hold, a claim, a return's goods) goes before the order and
   * what follows from it (a release, a shipment) after, so a crash leaves what the sweeps finish.
   */
  async function changeOrder(orderId: string, command: (at: string) => OrderCommand) {
    const id = orderId.trim().toLowerCase();
    if (!isOrderId(id)) throw new RuleViolation("orders.notFound", {}, 404);
    const streamId = orderStreamId(id);
    // Names this change: where streams are appended one by one, a retry after the order is stored finds it there.
    const commandId = randomUUID();
    // A change that may issue a tax document also takes its series' turn (one number at a time in this process).
    const seriesLocks = taxDocuments?.locksFor(command(new Date().toISOString()), new Date()) ?? [];
    return (seriesLocks.length > 0 ? numbered : changes).handle({
      // One change of an order at a time in this process: a cancel's release and a re-opening's hold never cross.
      locks: [streamId, ...seriesLocks],
      plan: async () => {
        const loaded = await orders.load(streamId);
        const at = new Date().toISOString();
        const decided = orders.prepare(streamId, loaded, command(at), { commandId });
        if (!decided) return { answer: { changed: false, position: loaded.position } };
        const { order, numbers } = taxDocuments
          ? await taxDocuments.withDocuments(orders, streamId, loaded, command(at), decided, at, commandId)
          : { order: decided, numbers: [] };
        const effects = orderStockEffects(loaded.state, order.events, at);
        const first = effects.filter((e) => e.commands.some((c) => c.type === "ReserveStock" || c.type === "ReturnStock"));
        const then = effects.filter((e) => !first.includes(e));
        const held = await stock.steps(first, first.some((e) => !e.commandId) ? { orderId: id, reason: "cancelled" } : undefined);
        const left = await stock.steps(then);
        const claims = loaded.state.exists ? referenceClaims(loaded.state.payment, order.events) : { claim: [], release: [] };
        const refs = await referenceSteps(id, claims, at);
        return {
          steps: [...refs.before, ...held, ...numbers, { prepared: order, handler: orders }, ...left, ...refs.after],
          answer: async (results) => {
            const position = results.at(-1)!.position;
            await waitUntilVisible(position);
            return { changed: true, position };
          },
        };
      },
    });
  }

  /**
   * The refused report, on the reference's stream (which order was refused while which held it)
   * and the refused order's (so its page shows it): once per order and reference, each decided by
   * its aggregate. The shopper's 409 stands whatever becomes of this record.
   */
  async function recordRefusedReport(orderId: string, typed: string, actor: Actor): Promise<void> {
    const id = orderId.trim().toLowerCase();
    let reference: string;
    try {
      reference = checkUpiReference(typed);
    } catch {
      return;
    }
    const refStream = upiReferenceStreamId(reference);
    const commandId = randomUUID();
    await changes.handle({
      locks: [orderStreamId(id)],
      plan: async () => {
        const at = new Date().toISOString();
        const held = await references.load(refStream);
        const heldBy = held.state.orderId;
        if (!heldBy || heldBy === id) return { answer: undefined };
        const dispute = references.prepare(refStream, held, { type: "DisputeReference", reference, orderId: id, at }, { commandId });
        const order = orders.prepare(orderStreamId(id), await orders.load(orderStreamId(id)), { type: "RecordRefusedReport", reference, heldBy, actor, at }, { commandId });
        const steps: StreamStep[] = [];
        if (dispute) steps.push({ prepared: dispute, handler: references });
        if (order) steps.push({ prepared: order, handler: orders, redo: () => orders.handle(orderStreamId(id), { type: "RecordRefusedReport", reference, heldBy, actor, at }) });
        if (steps.length === 0) return { answer: undefined };
        return { steps, answer: async (results) => void (await waitUntilVisible(results.at(-1)!.position)) };
      },
    });
  }

  async function moveReference(typed: string, fromOrder: string, toOrder: string, actor: Actor) {
    const reference = checkUpiReference(typed);
    const from = fromOrder.trim().toLowerCase();
    const to = toOrder.trim().toLowerCase();
    if (!isOrderId(from) || !isOrderId(to)) throw new RuleViolation("orders.notFound", {}, 404);
    const refStream = upiReferenceStreamId(reference);
    const commandId = randomUUID();
    return changes.handle({
      locks: [orderStreamId(from), orderStreamId(to)].sort(),
      plan: async () => {
        const at = new Date().toISOString();
        const giving = await orders.load(orderStreamId(from));
        const taking = await orders.load(orderStreamId(to));
        if (!giving.state.exists || !taking.state.exists) throw new RuleViolation("orders.notFound", {}, 404);
        // Each stream's rule by its own aggregate: the reference is held by `from`, reported (not confirmed) there, claimed by `to`.
        const moved = references.prepare(refStream, await references.load(refStream), { type: "MoveReference", reference, from, to, at }, { commandId });
        const gave = orders.prepare(orderStreamId(from), giving, { type: "GiveUpReference", reference, to, actor, at }, { commandId });
        const took = orders.prepare(orderStreamId(to), taking, { type: "TakeReference", reference, from, actor, at }, { commandId });
        if (!moved || !gave || !took) return { answer: { changed: false, position: taking.position } };
        return {
          steps: [
            // Where streams are appended one by one: the reference moves first (moved back if the orders fail), then both orders.
            { prepared: moved, handler: references, undo: () => references.handle(refStream, { type: "MoveReference", reference, from: to, to: from, at: new Date().toISOString() }) },
            { prepared: gave, handler: orders },
            { prepared: took, handler: orders, redo: () => orders.handle(orderStreamId(to), { type: "TakeReference", reference, from, actor, at }) },
          ],
          answer: async (results) => {
            const position = results.at(-1)!.position;
            await waitUntilVisible(position);
            return { changed: true, position };
          },
        };
      },
    });
  }

  /** Both sides of every disputed reference `orderId` is part of, from the orders' and the references' streams. */
  async function referenceDisputesOf(orderId: string): Promise<ReferenceDispute[]> {
    const id = orderId.trim().toLowerCase();
    if (!isOrderId(id)) return [];
    const { state } = await orders.load(orderStreamId(id));
    if (!state.exists) return [];
    const disputes: ReferenceDispute[] = [];
    // Refused here: the reference another order held when this order's shopper reported it.
    for (const refused of state.payment.refusedReports ?? []) {
      const held = await references.load(upiReferenceStreamId(refused.reference));
      disputes.push({ reference: refused.reference, holder: held.state.orderId ?? null, claimant: id, refusedAt: refused.at });
    }
    // Held here: the orders refused for this order's reference.
    const own = state.payment.reported?.reference ?? state.payment.reference;
    if (own) {
      const held = await references.load(upiReferenceStreamId(own));
      if (held.state.orderId === id) {
        for (const claimant of held.state.disputedBy ?? []) {
          const { state: other } = await orders.load(orderStreamId(claimant));
          const at = other.exists ? other.payment.refusedReports?.find((r) => r.reference === own)?.at : undefined;
          disputes.push({ reference: own, holder: id, claimant, refusedAt: at ?? null });
        }
      }
    }
    return disputes;
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
      /**
       * From the checkout page: the total it showed the parent (none: it showed none). The order is
       * placed at exactly that total or refused with the new one (409, decision 113). Without it (a
       * script, the seed) the order is placed at what it costs.
       */
      page?: { shownTotal?: number };
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
        if (!before) throw new RuleViolation("checkout.cartEmpty");
        await cart.checkOut(cartId, orderId, before.state.placed.lines);
        return before.placed;
      }
      const view = await cart.priceCart(cartId, loaded.state, loaded.revision);
      const problem = view.lines.find((line) => line.problem);
      if (problem?.problem) throw new RuleViolation("checkout.removeFromCart", { problem: problem.problem }, 409);
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
        ...(input.page
          ? { claimedBy: "page" as const, ...(input.page.shownTotal === undefined ? {} : { claimedTotal: input.page.shownTotal }) }
          : {}),
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

    /** The order's invoice and credit notes, from its events (replay-proof: the documents are the events). */
    async taxDocuments(orderId: string): Promise<TaxDocuments | undefined> {
      const id = orderId.trim().toLowerCase();
      if (!isOrderId(id)) return undefined;
      const { state } = await orders.load(orderStreamId(id));
      return state.exists && state.tax.invoice ? state.tax : undefined;
    },

    /**
     * A payment step (decision 101): the shopper's UPI reference, the admin's confirmation,
     * rejection, cash collected or refund; a reference is claimed for one order only.
     */
    async pay(orderId: string, command: (at: string) => PaymentCommand) {
      try {
        return await changeOrder(orderId, command);
      } catch (err) {
        // A shopper's report of a reference another order holds is refused, and kept for the owner (decision 119).
        const asked = command(new Date().toISOString());
        if (isRuleViolation(err) && err.key === "payment.referenceTaken" && asked.type === "ReportPayment") {
          await recordRefusedReport(orderId, asked.reference, asked.actor);
        }
        throw err;
      }
    },

    /**
     * The owner settles a disputed UPI reference (decision 119): it moves from the order holding it
     * (`from`, reported there, never confirmed) to the order whose shopper reported it and was
     * refused (`to`), where it stands as reported for the owner to confirm. One command over the
     * reference's stream and both orders' streams.
     */
    async moveUpiReference(reference: string, from: string, to: string, actor: Actor) {
      return moveReference(reference, from, to, actor);
    },

    /** The disputed references an order is part of, holding one or refused for one: what the owner compares. */
    async referenceDisputes(orderId: string): Promise<ReferenceDispute[]> {
      return referenceDisputesOf(orderId);
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
      if (!record) throw new RuleViolation("returns.noSuchReturn", {}, 404);
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

    /**
     * The guest orders placed with `phone` join the account of whoever just proved it by a code
     * (phone sign-in or sign-up, a number added or changed on the account page): one command over
     * those orders' streams, each decided by the order decider (an order already on another account
     * stays there, one linked before changes nothing), appended together. Waits until the account's
     * Order History shows them. The candidates come from the orders read model (guest orders of that
     * number not on any account); an order placed a moment ago that it has not shown yet joins at the
     * next proof of the number.
     */
    async linkGuestOrders(input: { userId: string; phone: string; actor: Actor }): Promise<{ linked: string[] }> {
      const candidates = await queries.unlinkedOrdersOf(input.phone);
      if (candidates.length === 0) return { linked: [] };
      const commandId = `link\n${input.userId}`;
      return links.handle({
        // One linking of an order at a time in this process, like every change of an order.
        locks: candidates.map(orderStreamId),
        plan: async () => {
          const at = new Date().toISOString();
          const steps: StreamStep[] = [];
          const linked: string[] = [];
          for (const orderId of candidates) {
            const streamId = orderStreamId(orderId);
            const command: OrderCommand = { type: "LinkToAccount", userId: input.userId, phone: input.phone, actor: input.actor, at };
            let prepared;
            try {
              prepared = orders.prepare(streamId, await orders.load(streamId), command, { commandId });
            } catch (err) {
              // Refused for this order (it is on another account): the others still join.
              if (isRuleViolation(err)) continue;
              throw err;
            }
            if (!prepared) continue;
            steps.push({ prepared, handler: orders });
            linked.push(orderId);
          }
          if (steps.length === 0) return { answer: { linked } };
          return {
            steps,
            answer: async (results) => {
              await waitUntilVisible(results.at(-1)!.position);
              return { linked };
            },
          };
        },
      });
    },

    /** A tombstone with the actor: the order leaves the lists, its trail stays. */
    async deleteOrder(orderId: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "DeleteOrder", actor, at }));
    },

    ...queries,
  };
}

export type OrderService = ReturnType<typeof createOrderService>;

/** A UPI reference two orders claim (decision 119): the one holding it, and one whose shopper reported it and was refused. */
export interface ReferenceDispute {
  reference: string;
  /** The order holding the reference now; null when nobody does any more (the holder's report was rejected). */
  holder: string | null;
  claimant: string;
  /** When the claimant's report was refused. */
  refusedAt: string | null;
}

export { isRuleViolation };
