// The order as a decider. The service prices the lines from domain/ (or the products
// table) before PlaceOrder: an order line's price is always the server's.
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../cart";
import { formatRupees } from "../money";
import { stockProblem, type Shelf } from "../stock/shelf";
import type { Language } from "../i18n";
import { checkOrderStatus, checkPaymentStatus } from "./intents";
import { chargesFor, type ChargeRules } from "./charges";
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

export const EMPTY_CART_MESSAGE = "Your cart is empty.";
export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";

export type OrderState =
  | { exists: false }
  | {
      exists: true;
      placed: OrderPlaced["data"];
      status: OrderStatus;
      payment: PaymentState;
      deleted: boolean;
      /** Notes aside, what happened after the sale: delivery details, returns, the lines after exchanges (./returns.ts). */
      afterSale: AfterSale;
    };

export const initialOrderState = (): OrderState => ({ exists: false });

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  const evolved = evolveOrder(state, event);
  return evolved.exists ? { ...evolved, afterSale: evolveAfterSale(evolved.afterSale, event, evolved.status) } : evolved;
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
        afterSale: newAfterSale(event.data.lines),
      };
    case "OrderStatusChanged":
      return state.exists ? { ...state, status: event.data.to } : state;
    case "OrderDeleted":
      return state.exists ? { ...state, deleted: true } : state;
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

export type OrderCommand =
  | {
      type: "PlaceOrder";
      orderId: string;
      /** In the order they were asked for; the same product, size and school twice become one line. */
      lines: OrderLineRequest[];
      customer: OrderCustomer;
      address: ShippingAddress;
      placedAt: string;
      /** The shopper's language: the order's messages speak it. */
      language: Language;
      /** The total the client showed (the /api): compared, never charged. */
      claimedTotal?: number;
      paymentMethod: PaymentMethod;
      /** The offer and delivery in force (the shop's settings): the decider prices them, the event records them. */
      charges: ChargeRules;
      /** Who placed it (the audit trail's actor of the payment request). */
      actor: Actor;
    }
  | { type: "ChangeStatus"; to: string; actor: Actor; at: string }
  | { type: "ChangePaymentStatus"; to: string; actor: Actor; at: string }
  | { type: "DeleteOrder"; actor: Actor; at: string }
  | PaymentCommand
  | AfterSaleCommand;

export function orderTotal(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

const rupeesOrAsSent = (amount: number) => (Number.isFinite(amount) ? formatRupees(amount) : String(amount));

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

function placeOrder(command: Extract<OrderCommand, { type: "PlaceOrder" }>, state: OrderState): OrderEvent[] {
  if (state.exists) throw new RuleViolation("This order has already been placed.", 409);
  if (command.lines.length === 0) throw new RuleViolation(EMPTY_CART_MESSAGE);
  for (const line of command.lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < MIN_QUANTITY || line.quantity > MAX_QUANTITY) {
      throw new RuleViolation(`Quantity of ${line.name} must be from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`);
    }
    // The shopper saw another price: they must look again before paying this one.
    if (line.claimedUnitPrice !== undefined && line.claimedUnitPrice !== line.unitPrice) {
      throw new RuleViolation(
        `The price of ${line.name} (${line.size}) is now ${formatRupees(line.unitPrice)}, ` +
          `not ${rupeesOrAsSent(line.claimedUnitPrice)}. Please review your cart; no order was placed.`,
        409,
      );
    }
  }
  const combined = combineRequests(command.lines);
  if (combined.length > MAX_CART_LINES) {
    throw new RuleViolation(`An order can hold at most ${MAX_CART_LINES} different items.`);
  }
  for (const line of combined) {
    // Each request was in range; the same line asked for twice may not be.
    if (line.quantity > MAX_QUANTITY) {
      throw new RuleViolation(`Quantity of ${line.name} (${line.size}) can be at most ${MAX_QUANTITY}.`);
    }
    const shortOf = stockProblem(line.name, line.quantity, line.shelf);
    if (shortOf) throw new RuleViolation(shortOf, 409);
    if (!Number.isInteger(line.unitPrice) || line.unitPrice < 0) {
      throw new RuleViolation(`${line.name} has no price and cannot be ordered.`);
    }
  }
  const lines: OrderLine[] = combined.map(({ productId, name, size, school, unitPrice, quantity }) => ({
    productId,
    name,
    size,
    school,
    unitPrice,
    quantity,
  }));
  const charges = chargesFor(orderTotal(lines), command.address.pincode, command.charges, new Date(command.placedAt));
  const { total } = charges;
  // A client that adds up its lines (as the spec's clients do) may be charged less than it showed, never more.
  const claimAccepted = command.claimedTotal === total || (command.claimedTotal === charges.subtotal && total <= charges.subtotal);
  if (command.claimedTotal !== undefined && !claimAccepted) {
    throw new RuleViolation(
      `The order total is ${formatRupees(total)}, not ${rupeesOrAsSent(command.claimedTotal)}. ` +
        "Please review your cart; no order was placed.",
      409,
    );
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
      },
    },
    {
      type: "PaymentRequested",
      data: { orderId: command.orderId, method: command.paymentMethod, amount: total, actor: command.actor, at: command.placedAt },
    },
  ];
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === "PlaceOrder") return placeOrder(command, state);

  if (!state.exists) throw new RuleViolation(ORDER_NOT_FOUND_MESSAGE, 404);
  const orderId = state.placed.orderId;

  switch (command.type) {
    case "ChangeStatus": {
      const to = checkOrderStatus(command.to);
      if (state.deleted) throw new RuleViolation("This order has been deleted.", 409);
      if (state.status === to) return [];
      return [{ type: "OrderStatusChanged", data: { orderId, from: state.status, to, actor: command.actor, at: command.at } }];
    }
    case "ChangePaymentStatus":
      return decideLegacyPaymentStatus(checkPaymentStatus(command.to), payable(state), command.actor, command.at);
    case "DeleteOrder":
      if (state.deleted) return [];
      return [{ type: "OrderDeleted", data: { orderId, actor: command.actor, at: command.at } }];
    default:
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
