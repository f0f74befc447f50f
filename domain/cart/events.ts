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
  | { type: "CartCheckedOut"; data: { orderId: string; lines: (CartLineRef & { quantity: number })[] } }
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
const lineRef = z.object({ productId: z.string(), size: z.string(), school: z.string() });
const quantity = z.number().int();
const lineWithQuantity = lineRef.extend({ quantity });
const line = lineWithQuantity.extend({ name: z.string() });

export const cartEvents = createEventRegistry<CartEvent>("cart", {
  CartItemAdded: { version: 1, schema: line },
  CartItemQuantityChanged: { version: 1, schema: lineWithQuantity },
  CartItemRemoved: { version: 1, schema: lineRef },
  CartCleared: { version: 1, schema: z.object({}) as z.ZodType<Record<string, never>> },
  CartCheckedOut: { version: 1, schema: z.object({ orderId: z.string(), lines: z.array(lineWithQuantity) }) },
  CartMerged: {
    version: 1,
    schema: z.object({ fromCartId: z.string(), fromRevision: z.number().int(), lines: z.array(line) }),
  },
  CartSnapshotted: {
    version: 1,
    schema: z.object({
      lines: z.array(line),
      mergedFrom: z.record(z.string(), z.number().int()),
      checkedOutOrders: z.array(z.string()),
    }),
  },
});

export const CART_EVENT_TYPES: readonly CartEventType[] = cartEvents.types;
