// What every command on an existing order shares: the order's and the UPI references' handlers (one of
// each, so their caches and turns are the service's), the order as the decider sees it now, and
// changeOrder, one change of an order over every stream it moves. Each command module builds on it.
import { randomUUID } from "node:crypto";
import type { OrderLimits } from "../../domain/orders/unverified";
import type { HoldRules } from "../../domain/orders/hold-expiry";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { RuleViolation } from "../../domain/errors";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { orderDecider, type OrderCommand, type OrderState } from "../../domain/orders/order";
import { isOrderId } from "../../domain/orders/ids";
import { orderStockEffects } from "../../domain/orders/stock-effects";
import type { SkuLookup } from "../../domain/stock/school-stock";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../../domain/orders/charges";
import { referenceClaims, upiReferenceDecider, upiReferenceEvents, upiReferenceStreamId } from "../../domain/orders/upi-reference";
import { createCommandHandler, createStreamsHandler, type Loaded, type StreamStep } from "../../eventstore/command-handler";
import type { ShopEvents, Position } from "../../eventstore/port";
import type { CartService } from "../cart";
import type { LinePricer } from "../line-prices";
import { STOCK_ATTEMPTS, type StockService } from "../stock";
import { createTaxDocuments, type TaxSettings } from "../tax-documents";
import type { RazorpayClient } from "../gateway/razorpay";
import type { DeliveryPromise } from "../../domain/courier/parcel";
import type { PaymentMethod } from "../../domain/orders/events";

export interface OrderServiceDeps {
  db: Kysely<DB>;
  store: ShopEvents;
  priceLine: LinePricer;
  cart: CartService;
  stock: StockService;
  /** The school sizes the owner counts (decision 180), as the register stands when an order changes; none when left out. */
  skus?: () => Promise<SkuLookup>;
  /** Read your writes: a bounded wait until the orders projector (what the order pages read) has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
  /** Read your writes for the counter's cash (projectors/cash.ts); unset (tests of orders alone): the orders' wait. */
  waitForCash?(position: Position, timeoutMs?: number): Promise<boolean>;
  /** The offer and delivery charges in force (the shop's settings). */
  charges?: ChargeRules;
  /** Whether the shop takes UPI (SHOP_UPI_ID is set). */
  upiAvailable?: boolean;
  /** The owner's caps on units and the limits on orders to unverified numbers (decision 194); unset: the defaults. */
  limits?: OrderLimits;
  /** How long unpaid holds last (UNPAID_UPI_HOLD_HOURS, COD_CONFIRM_MINUTES; decision 190); unset: the defaults. */
  holds?: HoldRules;
  /**
   * An order and the other streams it changes (stock, cart, UPI references) in one atomic append:
   * the default where the store has it. False orders them with compensating steps instead (what
   * a store without multi-stream appends gets; tests force it on Postgres).
   */
  atomic?: boolean;
  /** The optional gateway's client (decision 221); none: the shop takes no payments through one. */
  gateway?: RazorpayClient;
  /** The seller and the rates its invoices are made with (the shop's settings); none: the shop issues no documents. */
  tax?: TaxSettings;
  /**
   * The days an order placed from the web is promised (decision 236), asked as it is placed: refuses a pincode the
   * courier does not serve, or cash on delivery where it has none. Unset (tests of orders alone): no promise recorded.
   */
  promise?: (order: {
    lines: readonly { productId: string; size: string; quantity: number }[];
    pincode: string;
    paymentMethod: PaymentMethod;
    /** Whether the courier's refusal refuses the order (a shopper's order from the web), or leaves the shop's own days. */
    courierRefuses: boolean;
  }) => Promise<DeliveryPromise>;
}

/** Attempts for an admin command when another admin keeps winning the race. */
export const MAX_ATTEMPTS = 6;

/** The order's id as the shop writes it, or undefined when it cannot be one. */
export function orderIdOf(orderId: string): string | undefined {
  const id = orderId.trim().toLowerCase();
  return isOrderId(id) ? id : undefined;
}

/** The order's id as the shop writes it, or a 404 when it cannot be one. */
export function existingOrderId(orderId: string): string {
  const id = orderIdOf(orderId);
  if (id === undefined) throw new RuleViolation("orders.notFound", {}, 404);
  return id;
}

type ExistingOrder = Extract<OrderState, { exists: true }>;

export function createOrderCore(deps: OrderServiceDeps) {
  const { store, stock, waitUntilVisible } = deps;
  const taxDocuments = deps.tax ? createTaxDocuments(store, deps.tax) : undefined;
  const charges = deps.charges ?? DEFAULT_CHARGE_RULES;
  const upiAvailable = deps.upiAvailable ?? false;
  const references = createCommandHandler(store, { decider: upiReferenceDecider, events: upiReferenceEvents });
  const orders = createCommandHandler(store, { decider: orderDecider, events: orderEvents });
  const changes = createStreamsHandler(store, { maxAttempts: MAX_ATTEMPTS, atomic: deps.atomic });
  // The store's own default when the deps leave it open: one atomic append where the store has it.
  const atomic = changes.atomic;
  // Shipments racing for the next invoice number across processes: as many attempts as orders racing for stock.
  const numbered = createStreamsHandler(store, { maxAttempts: STOCK_ATTEMPTS, atomic });

  /** The order as the decider sees it now, from its stream; undefined when there is no such order. */
  async function storedOrder(orderId: string): Promise<ExistingOrder | undefined> {
    const id = orderIdOf(orderId);
    if (id === undefined) return undefined;
    const { state } = await orders.load(orderStreamId(id));
    return state.exists ? state : undefined;
  }

  /** The order as the decider sees it now, from its stream; a 404 when there is none. */
  async function currentOrder(orderId: string): Promise<ExistingOrder> {
    const state = await storedOrder(existingOrderId(orderId));
    if (!state) throw new RuleViolation("orders.notFound", {}, 404);
    return state;
  }

  /** A change's answer once the order pages show it (read your writes). */
  async function shownChange(results: readonly { position: Position }[]) {
    const position = results.at(-1)!.position;
    await waitUntilVisible(position);
    return { changed: true, position };
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
   * One order's part of a change, decided on `loaded`: the order's append and every stream it moves (stock
   * held, given back, shipped or returned; UPI references claimed or freed; tax documents numbered), in the
   * order they go where streams are appended one by one: what must exist first (a hold, a claim, a return's
   * goods) before the order, what follows from it (a release, a shipment) after. Null when nothing changes.
   * A command over several orders (a statement's confirmed credits) puts the parts of each together.
   */
  async function orderSteps(id: string, loaded: Loaded<OrderState>, command: OrderCommand, at: string, commandId: string): Promise<StreamStep[] | null> {
    const streamId = orderStreamId(id);
    const decided = orders.prepare(streamId, loaded, command, { commandId });
    if (!decided) return null;
    const { order, numbers } = taxDocuments
      ? await taxDocuments.withDocuments(orders, streamId, loaded, command, decided, at, commandId)
      : { order: decided, numbers: [] };
    const effects = orderStockEffects(loaded.state, order.events, at, deps.skus ? await deps.skus() : undefined);
    // Holds and a return's goods (named by the return, so never twice) go before the order; a parcel's goods
    // taken back follow from its move, like a release or a shipment, and go after it.
    const first = effects.filter((e) =>
      e.commandId
        ? e.commands.some((c) => c.type === "ReserveStock" || c.type === "ReturnStock")
        : e.commands.some((c) => c.type === "ReserveStock") && !e.commands.some((c) => c.type === "ReturnStock"),
    );
    const then = effects.filter((e) => !first.includes(e));
    const held = await stock.steps(first, first.some((e) => !e.commandId) ? { orderId: id, reason: "cancelled" } : undefined);
    const left = await stock.steps(then);
    const claims = loaded.state.exists ? referenceClaims(loaded.state.payment, order.events) : { claim: [], release: [] };
    const refs = await referenceSteps(id, claims, at);
    return [...refs.before, ...held, ...numbers, { prepared: order, handler: orders }, ...left, ...refs.after];
  }

  /**
   * An admin's or a parent's change of an order: one command over the order and every stream
   * it moves (orderSteps), decided purely (the order decider, domain/orders/stock-effects.ts,
   * referenceClaims) and appended together; waits until the order pages show it, so a crash
   * leaves what the sweeps finish.
   */
  async function changeOrder(orderId: string, command: (at: string) => OrderCommand) {
    const id = existingOrderId(orderId);
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
        const steps = await orderSteps(id, loaded, command(at), at, commandId);
        if (!steps) return { answer: { changed: false, position: loaded.position } };
        return { steps, answer: shownChange };
      },
    });
  }

  return { deps, charges, upiAvailable, atomic, orders, references, changes, numbered, taxDocuments, referenceSteps, storedOrder, currentOrder, shownChange, orderSteps, changeOrder };
}

export type OrderCore = ReturnType<typeof createOrderCore>;
