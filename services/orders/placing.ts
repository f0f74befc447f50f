// Placing an order: from the checkout form (the cart's lines) or from the /api (the client's items),
// with its stock and the cart's checkout in one command over several streams.
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { suppliesInto } from "../../domain/tax/seller";
import { deliveryTo } from "../../domain/orders/charges";
import type { DeliveryPromise } from "../../domain/courier/parcel";
import { createHash } from "node:crypto";
import type { CartState } from "../../domain/cart";
import { RuleViolation } from "../../domain/errors";
import { orderStreamId, type Actor, type OrderCustomer, type PaymentMethod, type ShippingAddress } from "../../domain/orders/events";
import { displayOrderId, type OrderCommand, type OrderLineRequest, type OrderState } from "../../domain/orders/order";
import { placementStock, trackedLines } from "../../domain/orders/stock-effects";
import { DEFAULT_LANGUAGE, type Language } from "../../domain/i18n";
import { createStreamsHandler, type Loaded } from "../../eventstore/command-handler";
import type { Position } from "../../eventstore/port";
import { cartIdOf, type CartOwner } from "../cart";
import { STOCK_ATTEMPTS } from "../stock";
import type { OrderCore } from "./core";
import type { LinePricer } from "../line-prices";
import { checkIdempotencyKey, orderIdFor } from "./ids";
import { createRateLimiter } from "../auth/rate-limit";
import {
  DEFAULT_ORDER_LIMITS,
  UNVERIFIED_ORDER_WINDOWS,
  isVerifiedOrder,
  unitCapsFor,
  unverifiedOrderLimitPassed,
  unverifiedOrderRefusal,
  type UnitCaps,
} from "../../domain/orders/unverified";

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

/**
 * Who asks, when a shopper asks through the web (a page or the /api): the client's address (an IPv6
 * one by its /64) and the number their signed-in account proved, if any. An order from the web is
 * held to the owner's caps on units and, when its number is not that proven one, to the limits on
 * unverified orders (decision 194). The shop's own scripts (the seed, the CLI) name no requester.
 */
export interface OrderRequester {
  ip: string;
  verifiedPhone?: string | null;
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
  /** A shopper's order from the web (decision 194). */
  from?: OrderRequester;
}

const fingerprint = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

const actorOf = (customer: OrderCustomer): Actor =>
  customer.kind === "user"
    ? { kind: "customer", ...(customer.userId ? { id: customer.userId } : {}), name: customer.name }
    : { kind: "guest", name: customer.name };

/** Prices every item on the server; pricing refusals name the item. Rules on the lines are the decider's. */
export async function priceOrderItems(priceLine: LinePricer, items: readonly OrderItemInput[]): Promise<OrderLineRequest[]> {
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
      ...(product.tax ? { tax: product.tax } : {}),
      ...(item.price === undefined ? {} : { claimedUnitPrice: item.price }),
    });
  }
  return lines;
}

export function placingCommands(core: OrderCore) {
  const { store, priceLine, cart, stock } = core.deps;
  const { orders, charges, upiAvailable } = core;
  // Orders racing for the same product's stock retry many times before "try again".
  const placements = createStreamsHandler(store, { maxAttempts: STOCK_ATTEMPTS, atomic: core.atomic });
  const limits = core.deps.limits ?? DEFAULT_ORDER_LIMITS;
  const counters = createRateLimiter(core.deps.db, () => new Date());
  const busy = (streamId: string) => (streamId.startsWith("stock-") ? new RuleViolation("orders.busy", {}, 409) : undefined);

  function checkPaymentMethod(method: PaymentMethod): PaymentMethod {
    if (method === "upi" && !upiAvailable) throw new RuleViolation("orders.noUpi", {}, 422);
    return method;
  }

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
   * Counts an unverified order to `phone` from `ip` against the number's, the address's and the
   * shop's limits (decision 194); past one, nothing stays counted and the refusal is thrown. Returns
   * what gives the counts back (an order refused later, or an answer from an earlier request).
   * The number is counted by a hash: the counters keep no one's phone.
   */
  async function countUnverified(phone: string, ip: string): Promise<() => Promise<void>> {
    const at = new Date();
    const buckets: [string, number][] = [
      [`unverified-order:number:${createHash("sha256").update(phone).digest("hex").slice(0, 32)}`, UNVERIFIED_ORDER_WINDOWS.numberMs],
      ...(ip ? ([[`unverified-order:ip:${ip}`, UNVERIFIED_ORDER_WINDOWS.addressMs]] as [string, number][]) : []),
      ["unverified-order:shop", UNVERIFIED_ORDER_WINDOWS.shopMs],
    ];
    const counted = await Promise.all(buckets.map(([bucket, windowMs]) => counters.hit(bucket, windowMs)));
    const giveBack = async () => {
      for (const [bucket, windowMs] of buckets) await counters.refund(bucket, windowMs, at);
    };
    const passed = unverifiedOrderLimitPassed(
      { number: counted[0], ...(ip ? { address: counted[1] } : {}), shop: counted[counted.length - 1] },
      limits,
    );
    if (passed) {
      await giveBack();
      throw unverifiedOrderRefusal(passed, limits);
    }
    return giveBack;
  }

  /**
   * The days the order is promised (decision 236), asked of the courier outside the shop's town: its refusal (a
   * pincode it does not serve, cash where it takes none) refuses a shopper's order from the web, before they pay. The
   * shop's own placing (the seed, the CLI, its scripts: no requester) is never refused by it: the owner books the
   * courier or not later, and the order is promised by the shop's own days. Asked only of an address the order's own
   * rules let through (a pincode India Post has, an area the shop delivers to, a state the shop may supply), so their
   * refusals come first, as without a courier.
   */
  async function promised(placement: Placement): Promise<DeliveryPromise | undefined> {
    if (!core.deps.promise) return undefined;
    const { pincode } = placement.address;
    const state = stateOfPincode(pincode);
    if (!state || deliveryTo(pincode, charges.delivery) === null) return undefined;
    if (core.deps.tax && !suppliesInto(core.deps.tax.seller, state)) return undefined;
    return core.deps.promise({ lines: placement.lines, pincode, paymentMethod: placement.paymentMethod, courierRefuses: Boolean(placement.from) });
  }

  /** A shopper's order from the web: the caps on its units, and its count when its number is unverified. */
  async function guarded(placement: Placement): Promise<PlacedOrder> {
    if (!placement.from) return place(placement);
    const phone = placement.customer.phone;
    const verified = isVerifiedOrder(phone, placement.from.verifiedPhone);
    const unitCaps = unitCapsFor(limits, verified);
    // The decider holds the lines to the caps; an order it refuses is given back, as any refused order.
    const giveBack = verified ? undefined : await countUnverified(phone, placement.from.ip);
    try {
      const placed = await place(placement, unitCaps);
      if (placed.duplicate) await giveBack?.();
      return placed;
    } catch (err) {
      await giveBack?.();
      throw err;
    }
  }

  /**
   * PlaceOrder on a stream that must not exist, with its stock reservations and the cart's
   * checkout: one command over several streams (one append on Postgres). The events' ids come
   * from the order and the request, so an exact retry is a no-op in the store; any other meeting
   * with an existing order (a double click racing) answers with that order; a cart that moved
   * since it was read (another tab) is read again and the ordered lines leave it as it is now.
   * Orders for the same product take turns in this process.
   */
  async function place(placement: Placement, unitCaps?: UnitCaps): Promise<PlacedOrder> {
    const promise = await promised(placement);
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
      ...(unitCaps ? { unitCaps } : {}),
      ...(placement.claimedTotal === undefined ? {} : { claimedTotal: placement.claimedTotal }),
      ...(placement.claimedBy ? { claimedBy: placement.claimedBy } : {}),
      deliveryState: stateOfPincode(placement.address.pincode) ?? null,
      ...(core.deps.tax ? { seller: { scheme: core.deps.tax.seller.scheme, stateCode: core.deps.tax.seller.stateCode } } : {}),
      ...(promise ? { promise } : {}),
    };
    const streamId = orderStreamId(placement.orderId);
    // The school sizes the owner counts, as the register stands now (decision 180).
    const skus = core.deps.skus ? await core.deps.skus() : undefined;
    return placements.handle({
      locks: trackedLines(placement.lines, skus).map((line) => `stock-${line.productId}`),
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
        const reservations = await stock.steps(placementStock(placement.orderId, placedData.lines, placedAt, skus), {
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

  const priceItems = (items: readonly OrderItemInput[]) => priceOrderItems(priceLine, items);

  return {
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
      /** A shopper's order from the web: held to the caps and limits (decision 194). */
      from?: OrderRequester;
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
      return guarded({
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
        ...(input.from ? { from: input.from } : {}),
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
      /** A shopper's order from the web: held to the caps and limits (decision 194). */
      from?: OrderRequester;
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
      return guarded({
        ...placement,
        ...(input.from ? { from: input.from } : {}),
        lines: await priceItems(input.items),
        ...(input.expectedTotal === undefined ? {} : { claimedTotal: input.expectedTotal }),
        customer: input.customer,
        address: input.address,
        language: input.language ?? DEFAULT_LANGUAGE,
        paymentMethod,
        actor: actorOf(input.customer),
      });
    },
  };
}
