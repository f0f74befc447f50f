/**
 * A product's stock as events (decision 100): what came in, what the shopkeeper counted,
 * what orders hold and gave back. One stream per product of the shop's table,
 * `stock-{productId}`; each such product is one size, so a stream is a product in one
 * size. School uniform items (domain/catalogue.ts) have no stream: they are made to order.
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";

/** Who changed the stock by hand: shown in the product's stock history. */
export interface StockActor {
  kind: "admin" | "system";
  id?: string;
  name?: string;
}

/** Why an order's units went back on the shelf. */
// "dropped" (decision 204): a value added, every release stored before reads as it did.
export const RELEASE_REASONS = ["cancelled", "deleted", "not placed", "dropped"] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

export interface StockReceived {
  type: "StockReceived";
  /**
   * `cost` (version 2, issue 51): what the owner paid for a piece of a bought-in product, in paise, as he entered it
   * with the delivery; absent: not entered (every receipt before version 2, and a tailor's, whose cost is its batch's).
   */
  data: { productId: number; quantity: number; cost?: number; actor: StockActor; reason: string; at: string };
}

/**
 * The shopkeeper counted the shelf (or the stream was opened from the old stock column): `to` is what
 * can be sold now. Version 2 (decision 109) records the count itself: `onShelf` units were on the shelf,
 * `held` of them set aside for orders not yet shipped, so `to` = `onShelf` - `held`. A version 1 count
 * set `to` directly and recorded neither: both read `null` ("not recorded"), `to` as it was.
 */
export interface StockAdjusted {
  type: "StockAdjusted";
  data: { productId: number; from: number; to: number; onShelf: number | null; held: number | null; actor: StockActor; reason: string; at: string };
}

/**
 * An order holds `quantity` units more: they are no longer for sale. Placing (or taking up again) an order
 * reserves only while the order holds none of the product; an exchange's new size adds to what it holds
 * (decision 103), so a fold adds: for every reservation stored before exchanges, the same as setting.
 */
export interface StockReserved {
  type: "StockReserved";
  data: { productId: number; orderId: string; quantity: number; at: string };
}

/**
 * An order's goods left the shop (it was shipped or delivered): the `quantity` units it held are off
 * the shelf and no longer held; what is for sale does not move (decision 109). From then on the order
 * holds nothing: a cancel gives nothing back, and goods come back only as a return.
 */
export interface StockShipped {
  type: "StockShipped";
  data: { productId: number; orderId: string; quantity: number; at: string };
}

/** An order's units are back for sale: the order was cancelled, deleted, or never placed. */
export interface StockReleased {
  type: "StockReleased";
  data: { productId: number; orderId: string; quantity: number; reason: ReleaseReason; at: string };
}

/**
 * A parent brought goods back and they went on the shelf again. `fromHold` (version 2) of them were units
 * `orderId` held: the order holds that many fewer, so cancelling or deleting it later gives back only the
 * rest (decision 103). Version 1 returns took nothing off a hold.
 */
export interface StockReturned {
  type: "StockReturned";
  data: { productId: number; quantity: number; orderId?: string; fromHold: number; actor: StockActor; reason: string; at: string };
}

/**
 * A receipt of pieces from the tailor was wrong (decision 181): what is for sale moves by `by` (more or
 * fewer than the receipt said), as the batch's correction says, in the same append as the correction.
 */
export interface StockReceiptCorrected {
  type: "StockReceiptCorrected";
  data: { productId: number; by: number; actor: StockActor; reason: string; at: string };
}

/**
 * The whole state every `stockSnapshots.every` events, so loading a busy product stays cheap. `held`
 * names only orders not yet shipped (decision 109), so it stays small however many orders a product saw.
 */
export interface StockSnapshotted {
  type: "StockSnapshotted";
  data: { productId: number; available: number; held: Record<string, number> };
}

export type StockEvent =
  | StockReceived
  | StockAdjusted
  | StockReserved
  | StockShipped
  | StockReleased
  | StockReturned
  | StockReceiptCorrected
  | StockSnapshotted;

export const stockStreamId = (productId: number) => `stock-${productId}`;

const actor = z.object({ kind: z.enum(["admin", "system"]), id: z.string().optional(), name: z.string().optional() });
const productId = z.number().int().positive();
const units = z.number().int().nonnegative();
const stockReturnedV1 = z.object({ productId, quantity: units, orderId: z.string().optional(), actor, reason: z.string(), at: z.string() });
const stockReceivedV1 = z.object({ productId, quantity: units, actor, reason: z.string(), at: z.string() });
const stockAdjustedV1 = z.object({ productId, from: units, to: units, actor, reason: z.string(), at: z.string() });

export const stockEvents = createEventRegistry<StockEvent>("stock", {
  StockReceived: {
    version: 2,
    schema: stockReceivedV1.extend({ cost: z.number().int().positive().optional() }),
    older: {
      // Before the purchase cost was entered with a delivery: no cost, as the receipt said.
      1: { schema: stockReceivedV1, up: (data: z.infer<typeof stockReceivedV1>) => data },
    },
  },
  StockAdjusted: {
    version: 2,
    schema: z.object({
      productId,
      from: units,
      to: units,
      onShelf: units.nullable(),
      held: units.nullable(),
      actor,
      reason: z.string(),
      at: z.string(),
    }),
    older: {
      // Before decision 109 a count set what was for sale (`to`) and recorded neither the shelf nor the holds.
      1: { schema: stockAdjustedV1, up: (data: z.infer<typeof stockAdjustedV1>) => ({ ...data, onShelf: null, held: null }) },
    },
  },
  StockReserved: {
    version: 1,
    schema: z.object({ productId, orderId: z.string(), quantity: units, at: z.string() }),
  },
  StockShipped: {
    version: 1,
    schema: z.object({ productId, orderId: z.string(), quantity: units, at: z.string() }),
  },
  StockReleased: {
    version: 1,
    schema: z.object({ productId, orderId: z.string(), quantity: units, reason: z.enum(RELEASE_REASONS), at: z.string() }),
  },
  StockReturned: {
    version: 2,
    schema: z.object({ productId, quantity: units, orderId: z.string().optional(), fromHold: units, actor, reason: z.string(), at: z.string() }),
    older: {
      // Before returns of an order's own goods (decision 103) a return left every hold as it was.
      1: { schema: stockReturnedV1, up: (data: z.infer<typeof stockReturnedV1>) => ({ ...data, fromHold: 0 }) },
    },
  },
  StockReceiptCorrected: {
    version: 1,
    schema: z.object({ productId, by: z.number().int(), actor, reason: z.string(), at: z.string() }),
  },
  StockSnapshotted: {
    version: 1,
    schema: z.object({ productId, available: units, held: z.record(z.string(), units) }),
  },
});
