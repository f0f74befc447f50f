/**
 * The cart's events: what the cart decider appends and every reader of a `cart-{cartId}`
 * stream reads, each with its schema and version (docs/events.md).
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";

/** A line is identified by product id, size and school (spec section 3). */
export interface CartLineRef {
  productId: string;
  size: string;
  /** School name for school uniform lines, "" otherwise. */
  school: string;
  /**
   * The child on the parent's account this line is for (a child's id, decision 133); absent for a line
   * for nobody in particular. Part of the line's identity: two children in shirt 30 are two lines.
   */
  forChild?: string;
}

/**
 * What an order took out of the cart: the order's line, which names no child (the order combines the
 * children's lines of one item and size); it leaves the cart from the lines of that item and size in turn.
 */
export interface OrderedLineRef {
  productId: string;
  size: string;
  school: string;
  quantity: number;
}

export interface CartLine extends CartLineRef {
  name: string;
  quantity: number;
}

export type CartEvent =
  | { type: "CartItemAdded"; data: CartLine }
  | { type: "CartItemQuantityChanged"; data: CartLineRef & { quantity: number } }
  | { type: "CartItemRemoved"; data: CartLineRef }
  | { type: "CartCleared"; data: Record<string, never> }
  /** The lines went into an order; they leave the cart (anything added meanwhile stays). */
  | { type: "CartCheckedOut"; data: { orderId: string; lines: OrderedLineRef[] } }
  /** A guest cart joined this cart on sign-in, in one append. */
  | { type: "CartMerged"; data: { fromCartId: string; fromRevision: number; lines: CartLine[] } }
  /** The whole cart as it stands, every so many events, so loading it stays cheap (decision 093). */
  | { type: "CartSnapshotted"; data: CartSnapshot };

/** The cart's state as a snapshot carries it. */
export interface CartSnapshot {
  lines: CartLine[];
  mergedFrom: Record<string, number>;
  checkedOutOrders: string[];
}

export type CartEventType = CartEvent["type"];

// The schemas say what a stored event holds, not the cart's rules (the decider keeps
// those): an event refused here could never have been decided.
const lineRefV1 = z.object({ productId: z.string(), size: z.string(), school: z.string() });
const quantity = z.number().int();
const lineWithQuantity = lineRefV1.extend({ quantity });
const lineV1 = lineWithQuantity.extend({ name: z.string() });
// Version 2 (decision 133): a line may name the child it is for. A version 1 line was for nobody in
// particular, so it reads as it was; code from before would drop the child and merge two children's lines.
const forChild = z.string().optional();
const lineRef = lineRefV1.extend({ forChild });
const line = lineV1.extend({ forChild });
const same = <T>(data: T) => data;
const snapshotV1 = z.object({
  lines: z.array(lineV1),
  mergedFrom: z.record(z.string(), z.number().int()),
  checkedOutOrders: z.array(z.string()),
});

export const cartEvents = createEventRegistry<CartEvent>("cart", {
  CartItemAdded: { version: 2, schema: line, older: { 1: { schema: lineV1, up: same } } },
  CartItemQuantityChanged: {
    version: 2,
    schema: lineRef.extend({ quantity }),
    older: { 1: { schema: lineWithQuantity, up: same } },
  },
  CartItemRemoved: { version: 2, schema: lineRef, older: { 1: { schema: lineRefV1, up: same } } },
  CartCleared: { version: 1, schema: z.object({}) as z.ZodType<Record<string, never>> },
  CartCheckedOut: { version: 1, schema: z.object({ orderId: z.string(), lines: z.array(lineWithQuantity) }) },
  CartMerged: {
    version: 2,
    schema: z.object({ fromCartId: z.string(), fromRevision: z.number().int(), lines: z.array(line) }),
    older: { 1: { schema: z.object({ fromCartId: z.string(), fromRevision: z.number().int(), lines: z.array(lineV1) }), up: same } },
  },
  CartSnapshotted: {
    version: 2,
    schema: snapshotV1.extend({ lines: z.array(line) }),
    older: { 1: { schema: snapshotV1, up: same } },
  },
});

export const CART_EVENT_TYPES: readonly CartEventType[] = cartEvents.types;
