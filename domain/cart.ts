// The cart as a decider: commands become events, events fold into the state.
// Pure: the service loads the stream, prices and validates products (so every line
// here names a product the shop sells, in a size it sells), then calls `decide`.
// Prices are not part of the cart's events: the server prices a line whenever it
// shows or orders it, so a price can never come from the browser (decision 040).
import { RuleViolation } from "./errors";
import type { Decider, Snapshots } from "./events/decider";
import { stockProblem, type Shelf } from "./stock/shelf";
import type { CartEvent, CartLine, CartLineRef, OrderedLineRef } from "./cart/events";

export type { CartEvent, CartEventType, CartLine, CartLineRef, OrderedLineRef } from "./cart/events";

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
/** Distinct lines in one cart; far above any family's order, low enough to refuse junk. */
export const MAX_CART_LINES = 50;
/** Orders a cart remembers having checked out into: a retried placement comes within minutes, not 100 orders later. */
const REMEMBERED_ORDERS = 100;
/** A cart stream carries its whole state every this many events (decision 093). */
export const CART_SNAPSHOT_EVERY = 50;

export const cartStreamId = (cartId: string) => `cart-${cartId}`;
export const guestCartId = (token: string) => `guest.${token}`;
export const userCartId = (userId: string) => `user.${userId}`;

export function lineKey(line: CartLineRef): string {
  return JSON.stringify([line.productId, line.size, line.school, line.forChild ?? ""]);
}

/** The same item, size and school: what an order's line names. */
function sameItem(a: Omit<CartLineRef, "forChild">, b: Omit<CartLineRef, "forChild">): boolean {
  return a.productId === b.productId && a.size === b.size && a.school === b.school;
}

/** The same line: the same item for the same child (or for nobody in particular). */
export function sameLine(a: CartLineRef, b: CartLineRef): boolean {
  return sameItem(a, b) && (a.forChild ?? "") === (b.forChild ?? "");
}

/** An order's line leaves the cart from the lines of its item and size in turn, whichever child each was for. */
function takeOut(lines: CartLine[], ordered: OrderedLineRef): CartLine[] {
  let left = ordered.quantity;
  return lines
    .map((line) => {
      if (left <= 0 || !sameItem(line, ordered)) return line;
      const taken = Math.min(left, line.quantity);
      left -= taken;
      return { ...line, quantity: line.quantity - taken };
    })
    .filter((line) => line.quantity > 0);
}

// ---------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------

export interface CartState {
  /** In the order they were first added. */
  lines: CartLine[];
  /** Guest carts already merged in, with the revision merged: a repeated sign-in merges nothing twice. */
  mergedFrom: Record<string, number>;
  /** Orders this cart was checked out into: a retried order placement checks out once. */
  checkedOutOrders: string[];
}

export const emptyCart = (): CartState => ({ lines: [], mergedFrom: {}, checkedOutOrders: [] });

function withQuantity(lines: CartLine[], ref: CartLineRef, quantity: (current: number) => number): CartLine[] {
  return lines
    .map((line) => (sameLine(line, ref) ? { ...line, quantity: quantity(line.quantity) } : line))
    .filter((line) => line.quantity > 0);
}

function addLine(lines: CartLine[], added: CartLine): CartLine[] {
  if (lines.some((line) => sameLine(line, added))) {
    return withQuantity(lines, added, (q) => Math.min(MAX_QUANTITY, q + added.quantity));
  }
  return [...lines, { ...added, quantity: Math.min(MAX_QUANTITY, added.quantity) }];
}

export function evolve(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case "CartItemAdded":
      return { ...state, lines: addLine(state.lines, event.data) };
    case "CartItemQuantityChanged":
      return { ...state, lines: withQuantity(state.lines, event.data, () => event.data.quantity) };
    case "CartItemRemoved":
      return { ...state, lines: state.lines.filter((line) => !sameLine(line, event.data)) };
    case "CartCleared":
      return { ...state, lines: [] };
    case "CartCheckedOut": {
      let lines = state.lines;
      for (const ordered of event.data.lines) lines = takeOut(lines, ordered);
      return { ...state, lines, checkedOutOrders: [...state.checkedOutOrders, event.data.orderId].slice(-REMEMBERED_ORDERS) };
    }
    case "CartMerged": {
      let lines = state.lines;
      for (const merged of event.data.lines) lines = addLine(lines, merged);
      return {
        ...state,
        lines,
        mergedFrom: { ...state.mergedFrom, [event.data.fromCartId]: event.data.fromRevision },
      };
    }
    case "CartSnapshotted":
      return {
        lines: event.data.lines.map((line) => ({ ...line })),
        mergedFrom: { ...event.data.mergedFrom },
        checkedOutOrders: [...event.data.checkedOutOrders],
      };
    default:
      // Only an event made up in memory lands here: a stored one of an unknown type is
      // refused by the registry (domain/cart/events.ts) before any fold sees it.
      return state;
  }
}

/** Folds events read through the registry (`cartEvents.readAll`): an unknown or malformed one never gets here. */
export function foldCart(events: readonly CartEvent[]): CartState {
  return events.reduce(evolve, emptyCart());
}

// ---------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------

export type CartCommand =
  /** `shelf`: what the shop has of the product now (undefined: made to order). */
  | { type: "AddItem"; line: CartLine; shelf?: Shelf }
  /** A whole class kit in one submit (decision 134): each line as AddItem rules it, all or none. */
  | { type: "AddItems"; lines: (CartLine & { shelf?: Shelf })[] }
  | { type: "ChangeQuantity"; line: CartLineRef; quantity: number }
  | { type: "RemoveItem"; line: CartLineRef }
  | { type: "ClearCart" }
  | { type: "CheckOut"; orderId: string; lines: OrderedLineRef[] }
  | { type: "MergeCart"; fromCartId: string; fromRevision: number; lines: CartLine[] }
  /** The /api's POST /api/cart: the cart becomes exactly these lines (as sent, each with its shelf). */
  | { type: "ReplaceItems"; lines: (CartLine & { shelf?: Shelf })[] };

export function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity)) throw new RuleViolation("checkout.quantityWhole");
  if (quantity < MIN_QUANTITY) throw new RuleViolation("checkout.quantityAtLeast", { min: MIN_QUANTITY });
  if (quantity > MAX_QUANTITY) throw new RuleViolation("checkout.quantityAtMost", { max: MAX_QUANTITY });
}

export function decide(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case "AddItem": {
      const { line } = command;
      checkQuantity(line.quantity);
      const shortOf = stockProblem(line.name, line.quantity, command.shelf);
      if (shortOf) throw new RuleViolation(shortOf.key, shortOf.values);
      const existing = state.lines.find((candidate) => sameLine(candidate, line));
      if (existing) {
        // A line is named by its name and size: the server priced it, so it has both ("Free Size" at least).
        if (existing.quantity + line.quantity > MAX_QUANTITY) {
          throw new RuleViolation("checkout.addTooMany", { max: MAX_QUANTITY, item: line.name, size: line.size, already: existing.quantity });
        }
      } else if (state.lines.length >= MAX_CART_LINES) {
        throw new RuleViolation("checkout.tooManyLines");
      }
      return [{ type: "CartItemAdded", data: { ...line } }];
    }
    case "AddItems": {
      const events: CartEvent[] = [];
      let now = state;
      for (const { shelf, ...line } of command.lines) {
        const added = decide({ type: "AddItem", line, shelf }, now);
        events.push(...added);
        now = added.reduce(evolve, now);
      }
      return events;
    }
    case "ChangeQuantity": {
      checkQuantity(command.quantity);
      const existing = state.lines.find((candidate) => sameLine(candidate, command.line));
      if (!existing) throw new RuleViolation("checkout.lineGone", {}, 409);
      if (existing.quantity === command.quantity) return [];
      return [{ type: "CartItemQuantityChanged", data: { ...pickRef(command.line), quantity: command.quantity } }];
    }
    case "RemoveItem":
      // Removing what is already gone (a double click, another tab) is done, not an error.
      return state.lines.some((candidate) => sameLine(candidate, command.line))
        ? [{ type: "CartItemRemoved", data: pickRef(command.line) }]
        : [];
    case "ClearCart":
      return state.lines.length === 0 ? [] : [{ type: "CartCleared", data: {} }];
    case "CheckOut":
      if (state.checkedOutOrders.includes(command.orderId) || command.lines.length === 0) return [];
      return [{ type: "CartCheckedOut", data: { orderId: command.orderId, lines: command.lines.map(refWithQuantity) } }];
    case "MergeCart": {
      const already = state.mergedFrom[command.fromCartId];
      if (already !== undefined && already >= command.fromRevision) return [];
      const lines = combine(command.lines);
      if (lines.length === 0) return [];
      return [
        {
          type: "CartMerged",
          data: { fromCartId: command.fromCartId, fromRevision: command.fromRevision, lines },
        },
      ];
    }
    case "ReplaceItems": {
      for (const [index, line] of command.lines.entries()) {
        checkQuantity(line.quantity);
        // Named as the request named it: the caller sent a list and needs to know which item.
        const shortOf = stockProblem(line.name, line.quantity, line.shelf);
        if (shortOf) throw new RuleViolation("checkout.itemAt", { index, id: line.productId, problem: shortOf });
      }
      const wanted = combine(command.lines.map(({ shelf: _shelf, ...line }) => line));
      for (const line of wanted) {
        if (line.quantity > MAX_QUANTITY) {
          throw new RuleViolation("checkout.lineAtMost", { item: line.name, size: line.size, max: MAX_QUANTITY });
        }
      }
      if (wanted.length > MAX_CART_LINES) throw new RuleViolation("checkout.tooManyLines");
      const events: CartEvent[] = [];
      for (const line of state.lines) {
        if (!wanted.some((w) => sameLine(w, line))) events.push({ type: "CartItemRemoved", data: pickRef(line) });
      }
      for (const line of wanted) {
        const existing = state.lines.find((candidate) => sameLine(candidate, line));
        if (!existing) events.push({ type: "CartItemAdded", data: { ...line } });
        else if (existing.quantity !== line.quantity) {
          events.push({ type: "CartItemQuantityChanged", data: { ...pickRef(line), quantity: line.quantity } });
        }
      }
      return events;
    }
  }
}

function pickRef(line: CartLineRef): CartLineRef {
  return { productId: line.productId, size: line.size, school: line.school, ...(line.forChild ? { forChild: line.forChild } : {}) };
}

function refWithQuantity(line: OrderedLineRef): OrderedLineRef {
  return { productId: line.productId, size: line.size, school: line.school, quantity: line.quantity };
}

/** Lines with the same id, size and school become one, quantities added. */
export function combine(lines: readonly CartLine[]): CartLine[] {
  const out: CartLine[] = [];
  for (const line of lines) {
    const existing = out.find((candidate) => sameLine(candidate, line));
    if (existing) existing.quantity += line.quantity;
    else out.push({ ...line });
  }
  return out;
}

/** The badge: the sum of quantities. */
export function cartCount(state: CartState): number {
  return state.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The total: the sum of price x quantity, with prices the server looked up. */
export function cartTotal(lines: readonly { unitPrice: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** The cart's rules for the command handler. */
export const cartDecider: Decider<CartState, CartCommand, CartEvent> = { initialState: emptyCart, evolve, decide };

export const cartSnapshots: Snapshots<CartState, CartEvent> = {
  every: CART_SNAPSHOT_EVERY,
  type: "CartSnapshotted",
  take: (state) => ({
    type: "CartSnapshotted",
    data: { lines: state.lines.map((line) => ({ ...line })), mergedFrom: { ...state.mergedFrom }, checkedOutOrders: [...state.checkedOutOrders] },
  }),
};
