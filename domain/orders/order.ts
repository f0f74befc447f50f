// The order as a decider. The service prices the lines from domain/ (or the products
// table) before PlaceOrder: an order line's price is always the server's.
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../cart";
import { stockProblem, type Shelf } from "../stock/shelf";
import type { Language } from "../i18n";
import { checkOrderStatus, checkPaymentStatus } from "./intents";
import { decideStatusChange } from "./lifecycle";
import { decideTaxDocument, evolveTaxDocuments, noTaxDocuments, TAX_DOCUMENT_COMMANDS, type TaxDocumentCommand, type TaxDocuments } from "../tax/documents";
import { chargesFor, counterCharges, type ChargeRules } from "./charges";
import type { StateCode } from "../tax/states";
import { suppliesInto, type SupplierReach } from "../tax/seller";
import { checkUnitCaps, type UnitCaps } from "./unverified";
import { decideHoldExpiry, type HoldRules } from "./hold-expiry";
import { counterPayment, type CounterPaymentInput } from "../counter/payment";
import { checkShownRefund, counterReturnSteps, type ReturnAtCounter } from "../counter/returns";
import { decideParcel, evolveParcel, newParcel, PARCEL_COMMANDS, type DeliveryPromise, type Parcel, type ParcelCommand } from "../courier/parcel";
import { decideDropLine, placedAfterDrop, type DropLine } from "./drop-line";
import { AFTER_SALE_COMMANDS, decideAfterSale, evolveAfterSale, newAfterSale, type AfterSale, type AfterSaleCommand } from "./returns";
import {
  decideLegacyPaymentStatus,
  decidePayment,
  evolvePayment,
  newPayment,
  type PaymentCommand,
  type PaymentState,
} from "./payment";
import {
  type Actor,
  type OrderCustomer,
  type OrderEvent,
  type OrderLine,
  type OrderPlaced,
  type OrderStatus,
  type PaymentMethod,
  type ShippingAddress,
} from "./events";

export type OrderState =
  | { exists: false }
  | {
      exists: true;
      /** The order's terms: as placed, less the lines dropped before dispatch, with the money the drops recorded (decision 204). */
      placed: OrderPlaced["data"];
      status: OrderStatus;
      payment: PaymentState;
      deleted: boolean;
      /**
       * The account the order belongs to: its customer's when placed signed in, the account a guest
       * order was linked to since (OrderLinkedToAccount), none for a guest order not linked.
       */
      account?: string;
      /** Notes aside, what happened after the sale: delivery details, returns, the lines after exchanges (./returns.ts). */
      afterSale: AfterSale;
      /** The invoice and credit notes issued for it (domain/tax/documents.ts). */
      tax: TaxDocuments;
      /** The parcel with a courier, its scans and its promised day (domain/courier/parcel.ts); absent: none yet. */
      parcel?: Parcel;
    };

export const initialOrderState = (): OrderState => ({ exists: false });

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  const evolved = evolveOrder(state, event);
  return evolved.exists
    ? {
        ...evolved,
        afterSale: evolveAfterSale(evolved.afterSale, event, evolved.status),
        tax: evolveTaxDocuments(evolved.tax, event),
        parcel: evolveParcel(evolved.parcel, event),
      }
    : evolved;
}

function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case "OrderPlaced":
      return {
        exists: true,
        placed: event.data,
        status: "pending",
        payment: newPayment(event.data.paymentMethod, event.data.total),
        deleted: false,
        ...(event.data.customer.userId ? { account: event.data.customer.userId } : {}),
        afterSale: newAfterSale(event.data.lines),
        tax: noTaxDocuments(),
      };
    case "OrderStatusChanged":
      return state.exists ? { ...state, status: event.data.to } : state;
    case "OrderDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    case "OrderLineDropped":
      // The order now charges its new total: what was paid above it is owed back (./lifecycle.ts `refundOwedPaise`).
      return state.exists
        ? { ...state, placed: placedAfterDrop(state.placed, event.data), payment: { ...state.payment, due: event.data.charges.total } }
        : state;
    case "OrderLinkedToAccount":
      return state.exists ? { ...state, account: event.data.userId } : state;
    default:
      // The payment's events (and the old payment switch); a stored event of an unknown
      // type never gets here: the registry (domain/orders/events.ts) refuses it first.
      return state.exists ? { ...state, payment: evolvePayment(state.payment, event) } : state;
  }
}

/** Folds events read through the registry (`orderEvents.readAll`): an unknown or malformed one never gets here. */
export function foldOrder(events: readonly OrderEvent[]): OrderState {
  return events.reduce(evolve, initialOrderState());
}

/** A line as asked for, priced by the server, with what the shelf holds and what the client believed. */
export interface OrderLineRequest extends OrderLine {
  shelf?: Shelf;
  /** The unit price the client showed (the /api): compared, never charged. */
  claimedUnitPrice?: number;
}

/** What every new order is asked with, online or at the counter. */
interface NewOrder {
  orderId: string;
  /** In the order they were asked for; the same product, size and school twice become one line. */
  lines: OrderLineRequest[];
  customer: OrderCustomer;
  address: ShippingAddress;
  placedAt: string;
  /** The shopper's language: the order's messages speak it. */
  language: Language;
  /** Who placed it (the audit trail's actor of the payment request): at the counter, the staff member. */
  actor: Actor;
}

export type OrderCommand =
  | (NewOrder & {
      type: "PlaceOrder";
      /** The total the client showed (the /api's, or the checkout page's): compared, never charged. */
      claimedTotal?: number;
      /**
       * Whose claim it is. "client" (the /api, the default): a client that adds up its lines, as the spec's
       * do, may be charged less than it showed, never more. "page": the checkout page showed the parent
       * `claimedTotal` for this pincode, and the order is placed at exactly that total or not at all; a page
       * that showed none places nothing either (decision 113).
       */
      claimedBy?: "client" | "page";
      /**
       * The state India Post's directory gives the delivery pincode (decision 201), looked up by the service (the
       * directory is server-only); null: the directory has no such pincode. Left out, it was not looked up.
       */
      deliveryState?: StateCode | null;
      /**
       * The shop's GST scheme and state (its settings): a composition or unregistered shop may deliver only within its
       * own state (decision 202). Left out (a shop without seller settings), the rule is not applied.
       */
      seller?: SupplierReach;
      /** The units the order may hold (decision 194): a line's always, the order's when its number is unverified. */
      unitCaps?: UnitCaps;
      paymentMethod: PaymentMethod;
      /** The offer and delivery in force (the shop's settings): the decider prices them, the event records them. */
      charges: ChargeRules;
      /** The days the parent was promised (decision 236): recorded with the order; none when the shop could say none. */
      promise?: DeliveryPromise;
    })
  /**
   * A walk-in sale at the shop's counter (decision 210): placed, paid and handed over in one step, at
   * exactly the total the counter showed (`shownTotal`), the money as the staff took it. The customer
   * has the parent's mobile number and name if they gave them (else ""); the address is the shop's own
   * (the goods are supplied at the counter: its state is the place of supply).
   */
  | (NewOrder & {
      type: "SellAtCounter";
      counter: string;
      shownTotal: number;
      payment: CounterPaymentInput;
      charges: Pick<ChargeRules, "discount">;
    })
  /** A move of the order's lifecycle (./lifecycle.ts): refused when the lifecycle does not allow it. */
  | { type: "ChangeStatus"; to: string; actor: Actor; at: string }
  | { type: "ChangePaymentStatus"; to: string; actor: Actor; at: string }
  /**
   * The owner's change of an order as PATCH /api/orders/{id} sends it: a status, the old payment switch, or both,
   * decided together on one state (the status first, the payment on the order as the status leaves it), so a
   * refusal of either part leaves the whole order as it was.
   */
  | { type: "ChangeOrder"; status?: string; paymentStatus?: string; actor: Actor; at: string }
  | { type: "DeleteOrder"; actor: Actor; at: string }
  /** The owner drops units of a line the shop cannot supply, before the goods leave (./drop-line.ts, decision 204). */
  | DropLine
  /** A guest order joins the account of whoever proved (by a code) the number it was placed with. */
  | { type: "LinkToAccount"; userId: string; phone: string; actor: Actor; at: string }
  /**
   * The shop gives back the goods of an unpaid hold past its time (./hold-expiry.ts, decision 190). The owner's
   * rules travel in the command; `numberProven`: the order's account proved the order's number (the service looks).
   */
  | { type: "ExpireUnpaidHold"; rules: HoldRules; numberProven: boolean; at: string }
  /** A return at the counter (decision 214): the goods received and another size or the money given, in one step. */
  | ReturnAtCounter
  | PaymentCommand
  | AfterSaleCommand
  | ParcelCommand
  | TaxDocumentCommand;

export function orderTotal(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** Requests for the same product, size and school become one line, quantities added, in first-asked order. */
function combineRequests(requests: readonly OrderLineRequest[]): OrderLineRequest[] {
  const lines: OrderLineRequest[] = [];
  for (const request of requests) {
    const same = lines.find((l) => l.productId === request.productId && l.size === request.size && l.school === request.school);
    if (same) same.quantity += request.quantity;
    else lines.push({ ...request });
  }
  return lines;
}

/** The lines as an order records them: each request in range, the same line once, priced, and on the shelf. */
function checkedLines(requests: readonly OrderLineRequest[], unitCaps?: UnitCaps): OrderLine[] {
  if (requests.length === 0) throw new RuleViolation("checkout.cartEmpty");
  for (const line of requests) {
    if (!Number.isInteger(line.quantity) || line.quantity < MIN_QUANTITY || line.quantity > MAX_QUANTITY) {
      throw new RuleViolation("orders.lineQuantity", { item: line.name, min: MIN_QUANTITY, max: MAX_QUANTITY });
    }
    // The shopper saw another price: they must look again before paying this one.
    if (line.claimedUnitPrice !== undefined && line.claimedUnitPrice !== line.unitPrice) {
      throw new RuleViolation("checkout.priceChanged", { item: line.name, size: line.size, now: line.unitPrice, was: line.claimedUnitPrice }, 409);
    }
  }
  const combined = combineRequests(requests);
  if (combined.length > MAX_CART_LINES) throw new RuleViolation("orders.tooManyLines", { max: MAX_CART_LINES });
  if (unitCaps) checkUnitCaps(combined, unitCaps);
  for (const line of combined) {
    // Each request was in range; the same line asked for twice may not be.
    if (line.quantity > MAX_QUANTITY) {
      throw new RuleViolation("checkout.lineAtMost", { item: line.name, size: line.size, max: MAX_QUANTITY });
    }
    const shortOf = stockProblem(line.name, line.quantity, line.shelf);
    if (shortOf) throw new RuleViolation(shortOf.key, shortOf.values, 409);
    if (!Number.isInteger(line.unitPrice) || line.unitPrice < 0) throw new RuleViolation("orders.noPrice", { item: line.name });
  }
  return combined.map(({ productId, name, size, school, unitPrice, quantity, tax }) => ({
    productId,
    name,
    size,
    school,
    unitPrice,
    quantity,
    ...(tax ? { tax } : {}),
  }));
}

function placeOrder(command: Extract<OrderCommand, { type: "PlaceOrder" }>, state: OrderState): OrderEvent[] {
  if (state.exists) throw new RuleViolation("orders.alreadyPlaced", {}, 409);
  const lines = checkedLines(command.lines, command.unitCaps);
  // A pincode India Post does not have is a typing slip: no parcel reaches it and no invoice can name its state (decision 201).
  if (command.deliveryState === null) throw new RuleViolation("checkout.noSuchPincode", { pincode: command.address.pincode }, 422);
  // A composition or unregistered shop may not supply goods into another state (decision 202): refused before anything is placed.
  if (command.seller && command.deliveryState && !suppliesInto(command.seller, command.deliveryState)) {
    const values = { pincode: command.address.pincode, state: command.deliveryState, shopState: command.seller.stateCode };
    throw new RuleViolation("checkout.outsideState", values, 422);
  }
  const charges = chargesFor(orderTotal(lines), command.address.pincode, command.charges, new Date(command.placedAt));
  const { total } = charges;
  if (command.claimedBy === "page") {
    // The parent confirms the total the page showed them; any other (a pincode typed after it, a price
    // or an offer changed since) is shown to them first, with its figures, to confirm again.
    const { pincode } = command.address;
    if (command.claimedTotal === undefined) throw new RuleViolation("checkout.totalNotShown", { now: total, pincode }, 409);
    if (command.claimedTotal !== total) {
      throw new RuleViolation("checkout.totalToConfirm", { now: total, was: command.claimedTotal, pincode }, 409);
    }
  } else {
    // A client that adds up its lines (as the spec's clients do) may be charged less than it showed, never more.
    const claimAccepted = command.claimedTotal === total || (command.claimedTotal === charges.subtotal && total <= charges.subtotal);
    if (command.claimedTotal !== undefined && !claimAccepted) {
      throw new RuleViolation("checkout.totalChanged", { now: total, was: command.claimedTotal }, 409);
    }
  }
  return [
    {
      type: "OrderPlaced",
      data: {
        orderId: command.orderId,
        lines,
        total,
        customer: { ...command.customer },
        address: { ...command.address },
        placedAt: command.placedAt,
        language: command.language,
        subtotal: charges.subtotal,
        discountPercent: charges.discountPercent,
        discount: charges.discount,
        delivery: charges.delivery,
        paymentMethod: command.paymentMethod,
        ...(command.promise ? { promise: { from: command.promise.from, by: command.promise.by, source: command.promise.source } } : {}),
      },
    },
    {
      type: "PaymentRequested",
      data: { orderId: command.orderId, method: command.paymentMethod, amount: total, actor: command.actor, at: command.placedAt },
    },
  ];
}

/**
 * A walk-in sale (decision 210): the order placed at the counter's total, its money taken (cash kept, the UPI
 * part with its reference), and the goods handed over, so the lifecycle's hand-over issues the invoice and
 * ships the stock in the same command. Refused whole: a total the counter did not show, money short, a line gone.
 */
function sellAtCounter(command: Extract<OrderCommand, { type: "SellAtCounter" }>, state: OrderState): OrderEvent[] {
  if (state.exists) throw new RuleViolation("orders.alreadyPlaced", {}, 409);
  const lines = checkedLines(command.lines);
  const charges = counterCharges(orderTotal(lines), command.charges, new Date(command.placedAt));
  const { total } = charges;
  if (command.shownTotal !== total) throw new RuleViolation("counter.totalChanged", { now: total, was: command.shownTotal }, 409);
  const paid = counterPayment(total, command.payment);
  const { orderId, actor, placedAt: at } = command;
  const paymentMethod = paid.upi > 0 && paid.cash === 0 ? "upi" : "cod";
  return [
    {
      type: "OrderPlaced",
      data: {
        orderId,
        lines,
        total,
        customer: { ...command.customer },
        address: { ...command.address },
        placedAt: at,
        language: command.language,
        subtotal: charges.subtotal,
        discountPercent: charges.discountPercent,
        discount: charges.discount,
        delivery: 0,
        paymentMethod,
        channel: "counter",
        counter: command.counter,
      },
    },
    { type: "PaymentRequested", data: { orderId, method: paymentMethod, amount: total, actor, at } },
    ...(paid.cash > 0 ? [{ type: "CashCollected" as const, data: { orderId, amount: paid.cash, actor, at } }] : []),
    ...(paid.upi > 0
      ? [{ type: "PaymentConfirmed" as const, data: { orderId, amount: paid.upi, reference: paid.upiReference, note: "counter", actor, at } }]
      : []),
    { type: "OrderStatusChanged", data: { orderId, from: "pending", to: "delivered", actor, at } },
  ];
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === "PlaceOrder") return placeOrder(command, state);
  if (command.type === "SellAtCounter") return sellAtCounter(command, state);

  if (!state.exists) throw new RuleViolation("orders.notFound", {}, 404);
  const orderId = state.placed.orderId;

  switch (command.type) {
    case "ChangeStatus":
      return decideStatusChange({ orderId, status: state.status, deleted: state.deleted }, checkOrderStatus(command.to), command.actor, command.at);
    case "ChangeOrder":
      return changeOrder(command, state);
    case "ChangePaymentStatus":
      return decideLegacyPaymentStatus(checkPaymentStatus(command.to), payable(state), command.actor, command.at);
    case "DeleteOrder":
      if (state.deleted) return [];
      return [{ type: "OrderDeleted", data: { orderId, actor: command.actor, at: command.at } }];
    case "LinkToAccount":
      return linkToAccount(command, state);
    case "ExpireUnpaidHold":
      return decideHoldExpiry(
        orderId,
        {
          status: state.status,
          deleted: state.deleted,
          channel: state.placed.channel,
          placedAt: state.placed.placedAt,
          method: state.placed.paymentMethod,
          payment: state.payment,
          numberProven: command.numberProven,
        },
        command.rules,
        command.at,
      );
    case "ReturnAtCounter":
      return returnAtCounter(command, state);
    case "DropLine":
      return decideDropLine(command, state);
    default:
      if ((TAX_DOCUMENT_COMMANDS as readonly string[]).includes(command.type)) {
        return decideTaxDocument(command as TaxDocumentCommand, { status: state.status, tax: state.tax });
      }
      if ((PARCEL_COMMANDS as readonly string[]).includes(command.type)) {
        return decideParcel(command as ParcelCommand, { orderId, status: state.status, deleted: state.deleted, parcel: state.parcel ?? newParcel() });
      }
      if ((AFTER_SALE_COMMANDS as readonly string[]).includes(command.type)) {
        return decideAfterSale(command as AfterSaleCommand, {
          orderId,
          status: state.status,
          deleted: state.deleted,
          afterSale: state.afterSale,
        });
      }
      return decidePayment(command as PaymentCommand, payable(state));
  }
}

/**
 * A counter return (decision 214): the online return's steps decided in turn, each on the order as the one before
 * left it, so every rule of a return, an exchange and a refund holds here too. The same return id sent again (a
 * double press, a reload that posts again) changes nothing.
 */
function returnAtCounter(command: ReturnAtCounter, state: Extract<OrderState, { exists: true }>): OrderEvent[] {
  if (state.afterSale.returns.some((r) => r.returnId === command.returnId)) return [];
  let now: OrderState = state;
  const events: OrderEvent[] = [];
  for (const step of counterReturnSteps(command, state)) {
    if (step.type === "RefundPayment" && now.exists) {
      const asked = now.afterSale.returns.find((r) => r.returnId === command.returnId);
      checkShownRefund(now, asked?.lines ?? [], step.paise / 100);
    }
    const decided = decide(step, now);
    events.push(...decided);
    now = decided.reduce(evolve, now);
  }
  return events;
}

/** Both parts checked before either is decided (an unknown status or payment status is a 422 whatever the order), then decided in turn. */
function changeOrder(command: Extract<OrderCommand, { type: "ChangeOrder" }>, state: Extract<OrderState, { exists: true }>): OrderEvent[] {
  const status = command.status === undefined ? undefined : checkOrderStatus(command.status);
  const paymentStatus = command.paymentStatus === undefined ? undefined : checkPaymentStatus(command.paymentStatus);
  if (status === undefined && paymentStatus === undefined) throw new RuleViolation("admin.orderChangeEmpty", {}, 422);
  const { orderId } = state.placed;
  const { actor, at } = command;
  const moved = status === undefined ? [] : decideStatusChange({ orderId, status: state.status, deleted: state.deleted }, status, actor, at);
  const after = moved.reduce(evolve, state) as typeof state;
  const paid = paymentStatus === undefined ? [] : decideLegacyPaymentStatus(paymentStatus, payable(after), actor, at);
  return [...moved, ...paid];
}

/**
 * Only the holder of the order's own number joins it to their account, once: linked again to the
 * same account it changes nothing, and an order on an account (placed signed in, or linked) never
 * moves to another one, whoever proves its number later.
 */
function linkToAccount(command: Extract<OrderCommand, { type: "LinkToAccount" }>, state: Extract<OrderState, { exists: true }>): OrderEvent[] {
  if (state.account === command.userId) return [];
  if (state.account) throw new RuleViolation("orders.onAnotherAccount", {}, 409);
  if (!command.userId) throw new RuleViolation("orders.linkNeedsAccount", {}, 422);
  if (command.phone !== state.placed.customer.phone) throw new RuleViolation("orders.linkOtherNumber", {}, 409);
  const { orderId } = state.placed;
  return [{ type: "OrderLinkedToAccount", data: { orderId, userId: command.userId, phone: command.phone, at: command.at, actor: command.actor } }];
}

const payable = (state: Extract<OrderState, { exists: true }>) => ({
  orderId: state.placed.orderId,
  cancelled: state.status === "cancelled",
  deleted: state.deleted,
  payment: state.payment,
});

/** The order's rules for the command handler. */
export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: initialOrderState,
  evolve,
  decide,
};

/** What people see and say on the phone: the first 8 characters, upper-cased ("3F9A1C2E"). */
export function displayOrderId(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** 'Shirt (30) x 2, Belt (Free Size) x 1': the account page's Items column. */
export function describeItems(lines: readonly { name: string; size: string; quantity: number }[]): string {
  return lines.map((line) => `${line.name} (${line.size}) x ${line.quantity}`).join(", ");
}
