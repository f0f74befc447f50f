// A product's stock as a decider: what can be sold, and which orders hold how many. The
// one rule every path asks: an order may hold only what is on the shelf, and gives it
// back at most once.
import { RuleViolation } from "../errors";
import type { Decider, Snapshots } from "../events/decider";
import { MAX_STOCK } from "../admin-products";
import { stockProblem } from "./shelf";
import type { ReleaseReason, StockActor, StockEvent } from "./events";

export interface StockState {
  /** Which product (0 before the stream's first event). */
  productId: number;
  /** False until the stream's first event: the old stock column still speaks for it. */
  opened: boolean;
  /** Units for sale now. Never below zero. */
  available: number;
  /** Units each order holds (an order cancelled or deleted holds none). */
  held: Record<string, number>;
}

export const initialStockState = (): StockState => ({ productId: 0, opened: false, available: 0, held: {} });

/** The reason recorded when a stream is opened from the products table's old count. */
export const OPENING_REASON = "Stock on the shelf when stock became events";

export function evolve(before: StockState, event: StockEvent): StockState {
  const state = { ...before, productId: event.data.productId, opened: true };
  switch (event.type) {
    case "StockReceived":
      return { ...state, available: state.available + event.data.quantity };
    case "StockReturned":
      return { ...state, available: state.available + event.data.quantity, held: lessHeld(state.held, event.data.orderId, event.data.fromHold) };
    case "StockAdjusted":
      return { ...state, available: event.data.to };
    case "StockReserved":
      return {
        ...state,
        available: state.available - event.data.quantity,
        held: { ...state.held, [event.data.orderId]: (state.held[event.data.orderId] ?? 0) + event.data.quantity },
      };
    case "StockReleased": {
      const { [event.data.orderId]: _released, ...held } = state.held;
      return { ...state, available: state.available + event.data.quantity, held };
    }
    case "StockSnapshotted":
      return { ...state, available: event.data.available, held: { ...event.data.held } };
    default:
      return before;
  }
}

/** What orders hold once `orderId` holds `units` fewer (none left: it holds nothing). */
function lessHeld(held: Record<string, number>, orderId: string | undefined, units: number): Record<string, number> {
  if (!orderId || units <= 0 || held[orderId] === undefined) return held;
  const { [orderId]: before, ...others } = held;
  return before - units > 0 ? { ...others, [orderId]: before - units } : others;
}

export function foldStock(events: readonly StockEvent[]): StockState {
  return events.reduce(evolve, initialStockState());
}

interface Common {
  productId: number;
  at: string;
  /**
   * What the products table's old stock column says, for a stream not opened yet: the
   * command then opens it with that count first (the live migration, decision 100).
   */
  openingCount?: number;
}

export type StockCommand = Common &
  (
    | { type: "OpenStock" }
    | { type: "ReceiveStock"; quantity: number; actor: StockActor; reason: string }
    | { type: "CountStock"; to: number; actor: StockActor; reason: string }
    | { type: "ReturnStock"; quantity: number; orderId?: string; actor: StockActor; reason: string }
    /** `more`: an exchange's new size, added to what the order holds already (decision 103). */
    | { type: "ReserveStock"; orderId: string; quantity: number; name: string; more?: boolean }
    | { type: "ReleaseStock"; orderId: string; reason: ReleaseReason }
  );

function checkUnits(quantity: number, what: string, min: number): void {
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_STOCK) {
    throw new RuleViolation(`${what} must be a whole number from ${min} to ${MAX_STOCK.toLocaleString("en-IN")}.`);
  }
}

function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === "") throw new RuleViolation("Say why the stock changed.");
  if (trimmed.length > 200) throw new RuleViolation("The reason can be at most 200 characters.");
  return trimmed;
}

/** The opening count for a stream not yet opened, as an adjustment from 0 by the system. */
function opening(command: StockCommand): StockEvent[] {
  if (command.openingCount === undefined) {
    throw new Error(`stock-${command.productId}: not opened and no opening count given`);
  }
  const to = Math.max(0, Math.trunc(command.openingCount));
  return [
    {
      type: "StockAdjusted",
      data: { productId: command.productId, from: 0, to, actor: { kind: "system" }, reason: OPENING_REASON, at: command.at },
    },
  ];
}

function decideOpened(command: StockCommand, state: StockState): StockEvent[] {
  const { productId, at } = command;
  switch (command.type) {
    case "OpenStock":
      return [];
    case "ReceiveStock":
      checkUnits(command.quantity, "Quantity received", 1);
      if (state.available + command.quantity > MAX_STOCK) {
        throw new RuleViolation(`Stock cannot be more than ${MAX_STOCK.toLocaleString("en-IN")}.`);
      }
      return [{ type: "StockReceived", data: { productId, quantity: command.quantity, actor: command.actor, reason: checkReason(command.reason), at } }];
    case "CountStock":
      checkUnits(command.to, "Stock", 0);
      if (command.to === state.available) return [];
      return [{ type: "StockAdjusted", data: { productId, from: state.available, to: command.to, actor: command.actor, reason: checkReason(command.reason), at } }];
    case "ReturnStock":
      checkUnits(command.quantity, "Quantity returned", 1);
      if (state.available + command.quantity > MAX_STOCK) {
        throw new RuleViolation(`Stock cannot be more than ${MAX_STOCK.toLocaleString("en-IN")}.`);
      }
      return [
        {
          type: "StockReturned",
          data: {
            productId,
            quantity: command.quantity,
            ...(command.orderId ? { orderId: command.orderId } : {}),
            // Goods of an order that still holds units come off its hold: cancelling it later gives back only the rest.
            fromHold: command.orderId ? Math.min(command.quantity, state.held[command.orderId] ?? 0) : 0,
            actor: command.actor,
            reason: checkReason(command.reason),
            at,
          },
        },
      ];
    case "ReserveStock": {
      // The same order asking again (a retry) already holds its units; an exchange adds to them.
      if (!command.more && state.held[command.orderId] !== undefined) return [];
      checkUnits(command.quantity, `Quantity of ${command.name}`, 1);
      const short = stockProblem(command.name, command.quantity, state.available);
      if (short) throw new RuleViolation(short, 409);
      return [{ type: "StockReserved", data: { productId, orderId: command.orderId, quantity: command.quantity, at } }];
    }
    case "ReleaseStock": {
      // Given back once: an order that holds nothing (never reserved, or released) releases nothing.
      const quantity = state.held[command.orderId];
      if (quantity === undefined) return [];
      return [{ type: "StockReleased", data: { productId, orderId: command.orderId, quantity, reason: command.reason, at } }];
    }
  }
}

export function decide(command: StockCommand, state: StockState): StockEvent[] {
  if (state.opened) return decideOpened(command, state);
  const opened = opening(command);
  return [...opened, ...decideOpened(command, opened.reduce(evolve, state))];
}

export const stockDecider: Decider<StockState, StockCommand, StockEvent> = {
  initialState: initialStockState,
  evolve,
  decide,
};

/** A busy product's stream (every order is an event) loads from its newest snapshot. */
export const stockSnapshots: Snapshots<StockState, StockEvent> = {
  every: 50,
  type: "StockSnapshotted",
  take: (state) => ({
    type: "StockSnapshotted",
    data: { productId: state.productId, available: state.available, held: { ...state.held } },
  }),
};
