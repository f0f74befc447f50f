// The order as a decider. The service prices the lines from domain/ (or the products
// table) before PlaceOrder: an order line's price is always the server's.
import { RuleViolation } from "../errors";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "../cart";
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type Actor,
  type OrderCustomer,
  type OrderEvent,
  type OrderLine,
  type OrderPlaced,
  type OrderStatus,
  type PaymentStatus,
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
      paymentStatus: PaymentStatus;
      deleted: boolean;
    };

export const initialOrderState = (): OrderState => ({ exists: false });

export function evolve(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case "OrderPlaced":
      return { exists: true, placed: event.data, status: "pending", paymentStatus: "pending", deleted: false };
    case "OrderStatusChanged":
      return state.exists ? { ...state, status: event.data.to } : state;
    case "OrderPaymentStatusChanged":
      return state.exists ? { ...state, paymentStatus: event.data.to } : state;
    case "OrderDeleted":
      return state.exists ? { ...state, deleted: true } : state;
    default:
      // Only an event made up in memory lands here: a stored one of an unknown type is
      // refused by the registry (domain/orders/events.ts) before any fold sees it.
      return state;
  }
}

/** Folds events read through the registry (`orderEvents.readAll`): an unknown or malformed one never gets here. */
export function foldOrder(events: readonly OrderEvent[]): OrderState {
  return events.reduce(evolve, initialOrderState());
}

export type OrderCommand =
  | {
      type: "PlaceOrder";
      orderId: string;
      lines: OrderLine[];
      customer: OrderCustomer;
      address: ShippingAddress;
      placedAt: string;
    }
  | { type: "ChangeStatus"; to: string; actor: Actor; at: string }
  | { type: "ChangePaymentStatus"; to: string; actor: Actor; at: string }
  | { type: "DeleteOrder"; actor: Actor; at: string };

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function orderTotal(lines: readonly OrderLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

export function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  if (command.type === "PlaceOrder") {
    if (state.exists) throw new RuleViolation("This order has already been placed.", 409);
    if (command.lines.length === 0) throw new RuleViolation(EMPTY_CART_MESSAGE);
    if (command.lines.length > MAX_CART_LINES) {
      throw new RuleViolation(`An order can hold at most ${MAX_CART_LINES} different items.`);
    }
    for (const line of command.lines) {
      if (!Number.isInteger(line.quantity) || line.quantity < MIN_QUANTITY || line.quantity > MAX_QUANTITY) {
        throw new RuleViolation(`Quantity of ${line.name} must be from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`);
      }
      if (!Number.isInteger(line.unitPrice) || line.unitPrice < 0) {
        throw new RuleViolation(`${line.name} has no price and cannot be ordered.`);
      }
    }
    return [
      {
        type: "OrderPlaced",
        data: {
          orderId: command.orderId,
          lines: command.lines.map((line) => ({ ...line })),
          total: orderTotal(command.lines),
          customer: { ...command.customer },
          address: { ...command.address },
          placedAt: command.placedAt,
        },
      },
    ];
  }

  if (!state.exists) throw new RuleViolation(ORDER_NOT_FOUND_MESSAGE, 404);
  const orderId = state.placed.orderId;

  switch (command.type) {
    case "ChangeStatus": {
      if (!isOrderStatus(command.to)) {
        throw new RuleViolation(`Status must be one of ${ORDER_STATUSES.join(", ")}.`);
      }
      if (state.deleted) throw new RuleViolation("This order has been deleted.", 409);
      if (state.status === command.to) return [];
      return [
        { type: "OrderStatusChanged", data: { orderId, from: state.status, to: command.to, actor: command.actor, at: command.at } },
      ];
    }
    case "ChangePaymentStatus": {
      if (!isPaymentStatus(command.to)) {
        throw new RuleViolation(`Payment status must be one of ${PAYMENT_STATUSES.join(", ")}.`);
      }
      if (state.deleted) throw new RuleViolation("This order has been deleted.", 409);
      if (state.paymentStatus === command.to) return [];
      return [
        {
          type: "OrderPaymentStatusChanged",
          data: { orderId, from: state.paymentStatus, to: command.to, actor: command.actor, at: command.at },
        },
      ];
    }
    case "DeleteOrder":
      if (state.deleted) return [];
      return [{ type: "OrderDeleted", data: { orderId, actor: command.actor, at: command.at } }];
  }
}

/** What people see and say on the phone: the first 8 characters, upper-cased ("3F9A1C2E"). */
export function displayOrderId(orderId: string): string {
  return orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

/** 'Shirt (30) x 2, Belt (Free Size) x 1': the account page's Items column. */
export function describeItems(lines: readonly { name: string; size: string; quantity: number }[]): string {
  return lines.map((line) => `${line.name} (${line.size}) x ${line.quantity}`).join(", ");
}
