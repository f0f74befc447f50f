// A product's stock as a decider: what can be sold, and which orders hold how many until
// their goods leave the shop. The one rule every path asks: an order may hold only what is
// on the shelf, and gives it back (or ships it) at most once.
import { RuleViolation, type RefusalValues } from "../errors";
import type { Decider, Snapshots } from "../events/decider";
import { MAX_STOCK } from "../admin-products";
import { formatRupees } from "../money";
import { stockProblem } from "./shelf";
import type { ReleaseReason, StockActor, StockEvent } from "./events";

export interface StockState {
  /** Which product (0 before the stream's first event). */
  productId: number;
  /** False until the stream's first event: the old stock column still speaks for it. */
  opened: boolean;
  /** Units for sale now. Never below zero. */
  available: number;
  /**
   * Units each order not yet shipped holds (decision 109): set aside on the shelf, not for sale. An
   * order cancelled, deleted or shipped holds none. Streams written before decision 109 still hold
   * units of orders shipped since, until `shop stock ship-past` ships them.
   */
  held: Record<string, number>;
}

export const initialStockState = (): StockState => ({ productId: 0, opened: false, available: 0, held: {} });

/** Units orders not yet shipped hold, all together: on the shelf but not for sale. */
export const totalHeld = (state: Pick<StockState, "held">): number => Object.values(state.held).reduce((sum, units) => sum + units, 0);

/** Units physically on the shelf: those for sale and those set aside for orders not yet shipped. */
export const onShelf = (state: Pick<StockState, "available" | "held">): number => state.available + totalHeld(state);

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
    case "StockReceiptCorrected":
      return { ...state, available: state.available + event.data.by };
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
    case "StockShipped": {
      // The goods left with the order: off the shelf, no longer held; what is for sale does not move.
      const { [event.data.orderId]: _shipped, ...held } = state.held;
      return { ...state, held };
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
    /** `cost`: what a piece cost the owner, in paise (a bought-in product's purchase cost, issue 51); left out: not entered. */
    | { type: "ReceiveStock"; quantity: number; cost?: number; actor: StockActor; reason: string }
    /** `onShelf`: every unit counted on the shelf, those set aside for orders not yet shipped too (decision 109). */
    | { type: "CountStock"; onShelf: number; actor: StockActor; reason: string }
    | { type: "ReturnStock"; quantity: number; orderId?: string; actor: StockActor; reason: string }
    /** `more`: an exchange's new size, added to what the order holds already (decision 103). */
    /**
     * `orMake`: a made-to-order school size (decision 180): the order holds what the shelf has, up to
     * `quantity`, and the rest is made for it; nothing on the shelf holds nothing and refuses nothing.
     */
    | { type: "ReserveStock"; orderId: string; quantity: number; name: string; more?: boolean; orMake?: boolean }
    | { type: "ReleaseStock"; orderId: string; reason: ReleaseReason }
    /** A tailor's receipt said `by` pieces too few (or, below zero, too many): the shelf moves by it (decision 181). */
    | { type: "CorrectReceipt"; by: number; actor: StockActor; reason: string }
    /** The order's goods left the shop (shipped or delivered): what it holds leaves the shelf. */
    | { type: "ShipStock"; orderId: string }
  );

/** The most a piece may cost the owner, in paise: ₹1,00,000 (a typing slip beyond it, not a school item). */
export const MAX_PIECE_COST = 10_000_000;

/** A count of units in range, or the refusal `key` (its wording says the range). */
function checkUnits(quantity: number, min: number, key: string, values: RefusalValues = {}): void {
  if (!Number.isInteger(quantity) || quantity < min || quantity > MAX_STOCK) throw new RuleViolation(key, values);
}

function checkReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed === "") throw new RuleViolation("stock.reasonRequired");
  if (trimmed.length > 200) throw new RuleViolation("stock.reasonTooLong");
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
      // A stream not opened holds nothing for any order: the column's count is all on the shelf.
      data: { productId: command.productId, from: 0, to, onShelf: to, held: 0, actor: { kind: "system" }, reason: OPENING_REASON, at: command.at },
    },
  ];
}

function decideOpened(command: StockCommand, state: StockState): StockEvent[] {
  const { productId, at } = command;
  switch (command.type) {
    case "OpenStock":
      return [];
    case "ReceiveStock": {
      checkUnits(command.quantity, 1, "stock.receivedRange");
      if (state.available + command.quantity > MAX_STOCK) throw new RuleViolation("stock.tooMuch");
      if (command.cost !== undefined && (!Number.isInteger(command.cost) || command.cost < 1 || command.cost > MAX_PIECE_COST)) {
        throw new RuleViolation("stock.costRange", { most: formatRupees(MAX_PIECE_COST / 100) });
      }
      const cost = command.cost === undefined ? {} : { cost: command.cost };
      return [{ type: "StockReceived", data: { productId, quantity: command.quantity, ...cost, actor: command.actor, reason: checkReason(command.reason), at } }];
    }
    case "CountStock": {
      // A count is of the shelf: the units orders not yet shipped hold are on it too, set aside, so
      // what is for sale is the rest. Counting fewer than they hold means some of theirs are gone.
      checkUnits(command.onShelf, 0, "stock.stockRange");
      const held = totalHeld(state);
      if (command.onShelf < held) throw new RuleViolation("stock.countBelowHeld", { counted: command.onShelf, held }, 409);
      const to = command.onShelf - held;
      if (to === state.available) return [];
      return [
        {
          type: "StockAdjusted",
          data: { productId, from: state.available, to, onShelf: command.onShelf, held, actor: command.actor, reason: checkReason(command.reason), at },
        },
      ];
    }
    case "CorrectReceipt": {
      if (!Number.isInteger(command.by) || command.by === 0) return [];
      // Pieces that never came cannot leave what is for sale once sold or held: the owner counts the shelf instead.
      if (state.available + command.by < 0) throw new RuleViolation("stock.correctionBelowSale", { forSale: state.available, less: -command.by }, 409);
      if (state.available + command.by > MAX_STOCK) throw new RuleViolation("stock.tooMuch");
      return [{ type: "StockReceiptCorrected", data: { productId, by: command.by, actor: command.actor, reason: checkReason(command.reason), at } }];
    }
    case "ReturnStock":
      checkUnits(command.quantity, 1, "stock.returnedRange");
      if (state.available + command.quantity > MAX_STOCK) throw new RuleViolation("stock.tooMuch");
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
      checkUnits(command.quantity, 1, "stock.orderedRange", { item: command.name });
      if (command.orMake) {
        const taken = Math.min(command.quantity, state.available);
        return taken > 0 ? [{ type: "StockReserved", data: { productId, orderId: command.orderId, quantity: taken, at } }] : [];
      }
      const short = stockProblem(command.name, command.quantity, state.available);
      if (short) throw new RuleViolation(short.key, short.values, 409);
      return [{ type: "StockReserved", data: { productId, orderId: command.orderId, quantity: command.quantity, at } }];
    }
    case "ReleaseStock": {
      // Given back once: an order that holds nothing (never reserved, or released) releases nothing.
      const quantity = state.held[command.orderId];
      if (quantity === undefined) return [];
      return [{ type: "StockReleased", data: { productId, orderId: command.orderId, quantity, reason: command.reason, at } }];
    }
    case "ShipStock": {
      // Shipped once: an order that holds nothing (never reserved, released, or shipped already) ships nothing.
      const quantity = state.held[command.orderId];
      if (quantity === undefined) return [];
      return [{ type: "StockShipped", data: { productId, orderId: command.orderId, quantity, at } }];
    }
  }
}

export function decide(command: StockCommand, state: StockState): StockEvent[] {
  if (state.opened) return decideOpened(command, state);
  // A stream never opened holds nothing for anyone: shipping or giving back from it decides nothing,
  // and does not open it (an order placed before stock became events reserved nothing).
  if (command.type === "ShipStock" || command.type === "ReleaseStock") return [];
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
