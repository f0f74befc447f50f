/**
 * Batches from the tailor (decision 181): the owner writes a work order for one school item (its sizes
 * and quantities, the tailor, the cost of a piece, the due date), gives it to the tailor on paper, and
 * receives against it in parts as pieces arrive. Each part puts its pieces on the shelf of each size's
 * SKU (decision 180) in the same append; what the tailor still has is ordered less received, and the
 * season's plan counts it. A wrong receipt is corrected by a new event that says what really came,
 * never by editing the one before.
 *
 * One stream per school, `tailorBatches-{school}`: work orders are numbered 1, 2, 3... within it, so
 * a batch is named "{school} #{n}" on paper and on pages, and one read of the stream is the school's
 * whole picture (the owner writes a few dozen a season; a snapshot every 100 events keeps it short).
 */
import "../zod-in-browser";
import { z } from "zod";
import { findCatalogueProduct } from "../catalogue";
import { RuleViolation } from "../errors";
import type { Decider, Snapshots } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { StockActor } from "./events";
import { skuSizes } from "./school-stock";

/** At most this many pieces of one size in a work order, and rupees a piece. */
export const MAX_BATCH_PIECES = 10_000;
export const MAX_PIECE_COST = 100_000;
export const MAX_TAILOR_CHARS = 100;

export const tailorBatchesStreamId = (school: string) => `tailorBatches-${school}`;

export interface BatchLine {
  size: string;
  /** The size's SKU (decision 180): the stock stream its pieces go on. */
  sku: number;
  quantity: number;
}

export interface TailorBatchOrdered {
  type: "TailorBatchOrdered";
  data: {
    batch: number;
    /** The school item's catalogue id, `school/{school}/{item}`. */
    item: string;
    /** The tailor's trade name as the owner writes it on the work order. */
    tailor: string;
    /** What the shop pays the tailor for one piece, in whole rupees (every price in the shop is). */
    cost: number;
    /** The day the tailor promised, YYYY-MM-DD. */
    due: string;
    lines: BatchLine[];
    actor: StockActor;
    at: string;
  };
}

/** Pieces of a batch came in (part `receipt`, counted from 1): each size's shelf grew by its quantity. */
export interface TailorBatchReceived {
  type: "TailorBatchReceived";
  data: { batch: number; receipt: number; lines: BatchLine[]; actor: StockActor; at: string };
}

/**
 * Receipt `receipt` of a batch was wrong: `lines` are what really came in each size it changes, `was`
 * what it said before. The shelf moves by the difference in the same append.
 */
export interface TailorBatchReceiptCorrected {
  type: "TailorBatchReceiptCorrected";
  data: { batch: number; receipt: number; lines: (BatchLine & { was: number })[]; reason: string; actor: StockActor; at: string };
}

export interface TailorBatchesSnapshotted {
  type: "TailorBatchesSnapshotted";
  data: TailorBatchesState;
}

export type TailorBatchEvent = TailorBatchOrdered | TailorBatchReceived | TailorBatchReceiptCorrected | TailorBatchesSnapshotted;

export interface Batch {
  batch: number;
  item: string;
  tailor: string;
  cost: number;
  due: string;
  orderedAt: string;
  lines: BatchLine[];
  /** Each part as it stands now (corrections applied): receipt number -> size -> pieces. */
  receipts: Record<string, Record<string, number>>;
  /** When each part came in. */
  receivedAt: Record<string, string>;
}

export interface TailorBatchesState {
  batches: Batch[];
}

const actor = z.object({ kind: z.enum(["admin", "system"]), id: z.string().optional(), name: z.string().optional() });
const line = z.object({ size: z.string(), sku: z.number().int().positive(), quantity: z.number().int().nonnegative() });
const batchNumber = z.number().int().positive();
const batchSchema = z.object({
  batch: batchNumber,
  item: z.string(),
  tailor: z.string(),
  cost: z.number().int().nonnegative(),
  due: z.string(),
  orderedAt: z.string(),
  lines: z.array(line),
  receipts: z.record(z.string(), z.record(z.string(), z.number().int().nonnegative())),
  receivedAt: z.record(z.string(), z.string()),
});

export const tailorBatchEvents = createEventRegistry<TailorBatchEvent>("tailorBatches", {
  TailorBatchOrdered: {
    version: 1,
    schema: z.object({ batch: batchNumber, item: z.string(), tailor: z.string(), cost: z.number().int().nonnegative(), due: z.string(), lines: z.array(line), actor, at: z.string() }),
  },
  TailorBatchReceived: {
    version: 1,
    schema: z.object({ batch: batchNumber, receipt: batchNumber, lines: z.array(line), actor, at: z.string() }),
  },
  TailorBatchReceiptCorrected: {
    version: 1,
    schema: z.object({ batch: batchNumber, receipt: batchNumber, lines: z.array(line.extend({ was: z.number().int().nonnegative() })), reason: z.string(), actor, at: z.string() }),
  },
  TailorBatchesSnapshotted: {
    version: 1,
    schema: z.object({ batches: z.array(batchSchema) }),
  },
});

export const initialTailorBatches = (): TailorBatchesState => ({ batches: [] });

/** Pieces of `size` received so far over every part of the batch (corrections applied). */
export function receivedOf(batch: Batch, size: string): number {
  return Object.values(batch.receipts).reduce((sum, part) => sum + (part[size] ?? 0), 0);
}

/** Pieces of `size` the tailor still has: ordered less received (never below zero). */
export function withTailorOf(batch: Batch, size: string): number {
  const ordered = batch.lines.find((l) => l.size === size)?.quantity ?? 0;
  return Math.max(0, ordered - receivedOf(batch, size));
}

/** Whether every piece of the batch has come in. */
export const batchDone = (batch: Batch): boolean => batch.lines.every((l) => withTailorOf(batch, l.size) === 0);

function evolve(state: TailorBatchesState, event: TailorBatchEvent): TailorBatchesState {
  switch (event.type) {
    case "TailorBatchesSnapshotted":
      return structuredClone(event.data);
    case "TailorBatchOrdered": {
      const { batch, item, tailor, cost, due, lines, at } = event.data;
      return { batches: [...state.batches, { batch, item, tailor, cost, due, orderedAt: at, lines, receipts: {}, receivedAt: {} }] };
    }
    case "TailorBatchReceived":
    case "TailorBatchReceiptCorrected": {
      const { batch: n, receipt, lines, at } = event.data;
      return {
        batches: state.batches.map((batch) => {
          if (batch.batch !== n) return batch;
          const part = { ...batch.receipts[receipt] };
          for (const l of lines) part[l.size] = l.quantity;
          const receivedAt = event.type === "TailorBatchReceived" ? { ...batch.receivedAt, [receipt]: at } : batch.receivedAt;
          return { ...batch, receipts: { ...batch.receipts, [receipt]: part }, receivedAt };
        }),
      };
    }
    default:
      return state;
  }
}

/** Sizes and pieces as the owner typed them: size -> pieces (0 or absent: none of that size). */
export type Pieces = Record<string, number>;

export type TailorBatchCommand =
  | {
      type: "OrderBatch";
      item: string;
      tailor: string;
      cost: number;
      due: string;
      pieces: Pieces;
      /** The item's SKUs (the school stock register's): a batch is only for an item the shop counts. */
      skus: Record<string, number>;
      actor: StockActor;
      at: string;
    }
  | { type: "ReceiveBatch"; batch: number; pieces: Pieces; actor: StockActor; at: string }
  | { type: "CorrectReceipt"; batch: number; receipt: number; pieces: Pieces; reason: string; actor: StockActor; at: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkPieces(pieces: Pieces, key: string): void {
  for (const n of Object.values(pieces)) if (!Number.isInteger(n) || n < 0 || n > MAX_BATCH_PIECES) throw new RuleViolation(key, { most: MAX_BATCH_PIECES });
}

function findBatch(state: TailorBatchesState, n: number): Batch {
  const batch = state.batches.find((b) => b.batch === n);
  if (!batch) throw new RuleViolation("tailorBatch.noBatch", { batch: n }, 404);
  return batch;
}

function decide(command: TailorBatchCommand, state: TailorBatchesState): TailorBatchEvent[] {
  switch (command.type) {
    case "OrderBatch": {
      const sizes = skuSizes(command.item);
      if (!sizes || !findCatalogueProduct(command.item)) throw new RuleViolation("tailorBatch.notAnItem", {}, 404);
      const tailor = command.tailor.trim();
      if (tailor === "" || tailor.length > MAX_TAILOR_CHARS) throw new RuleViolation("tailorBatch.tailor", { most: MAX_TAILOR_CHARS });
      if (!Number.isInteger(command.cost) || command.cost < 1 || command.cost > MAX_PIECE_COST) throw new RuleViolation("tailorBatch.cost");
      if (!DAY.test(command.due) || Number.isNaN(Date.parse(`${command.due}T00:00:00Z`)) || command.due < command.at.slice(0, 10)) {
        throw new RuleViolation("tailorBatch.due");
      }
      checkPieces(command.pieces, "tailorBatch.pieces");
      for (const size of Object.keys(command.pieces)) if (!sizes.includes(size)) throw new RuleViolation("tailorBatch.noSize", { size });
      const lines: BatchLine[] = [];
      for (const size of sizes) {
        const quantity = command.pieces[size] ?? 0;
        if (quantity === 0) continue;
        const sku = command.skus[size];
        if (sku === undefined) throw new RuleViolation("tailorBatch.notCounted", {}, 409);
        lines.push({ size, sku, quantity });
      }
      if (lines.length === 0) throw new RuleViolation("tailorBatch.empty");
      const batch = state.batches.reduce((most, b) => Math.max(most, b.batch), 0) + 1;
      return [{ type: "TailorBatchOrdered", data: { batch, item: command.item, tailor, cost: command.cost, due: command.due, lines, actor: command.actor, at: command.at } }];
    }
    case "ReceiveBatch": {
      const batch = findBatch(state, command.batch);
      checkPieces(command.pieces, "tailorBatch.pieces");
      const lines: BatchLine[] = [];
      for (const [size, quantity] of Object.entries(command.pieces)) {
        if (quantity === 0) continue;
        const ordered = batch.lines.find((l) => l.size === size);
        if (!ordered) throw new RuleViolation("tailorBatch.noSize", { size });
        // More than the tailor still has is a miscount: the owner writes a new work order for extra pieces.
        const left = withTailorOf(batch, size);
        if (quantity > left) throw new RuleViolation("tailorBatch.moreThanLeft", { size, left }, 409);
        lines.push({ size, sku: ordered.sku, quantity });
      }
      if (lines.length === 0) throw new RuleViolation("tailorBatch.nothingCame");
      const receipt = Object.keys(batch.receipts).length + 1;
      return [{ type: "TailorBatchReceived", data: { batch: batch.batch, receipt, lines, actor: command.actor, at: command.at } }];
    }
    case "CorrectReceipt": {
      const batch = findBatch(state, command.batch);
      const part = batch.receipts[command.receipt];
      if (!part) throw new RuleViolation("tailorBatch.noReceipt", { receipt: command.receipt }, 404);
      checkPieces(command.pieces, "tailorBatch.pieces");
      const reason = command.reason.trim();
      if (reason === "") throw new RuleViolation("stock.reasonRequired");
      if (reason.length > 200) throw new RuleViolation("stock.reasonTooLong");
      const lines: (BatchLine & { was: number })[] = [];
      for (const [size, quantity] of Object.entries(command.pieces)) {
        const ordered = batch.lines.find((l) => l.size === size);
        if (!ordered) throw new RuleViolation("tailorBatch.noSize", { size });
        const was = part[size] ?? 0;
        if (quantity === was) continue;
        // The other parts stand: this one can say at most what the tailor had before it came.
        const most = withTailorOf(batch, size) + was;
        if (quantity > most) throw new RuleViolation("tailorBatch.moreThanLeft", { size, left: most }, 409);
        lines.push({ size, sku: ordered.sku, quantity, was });
      }
      if (lines.length === 0) return [];
      return [{ type: "TailorBatchReceiptCorrected", data: { batch: batch.batch, receipt: command.receipt, lines, reason, actor: command.actor, at: command.at } }];
    }
  }
}

export const tailorBatchDecider: Decider<TailorBatchesState, TailorBatchCommand, TailorBatchEvent> = {
  initialState: initialTailorBatches,
  evolve,
  decide,
};

export const tailorBatchSnapshots: Snapshots<TailorBatchesState, TailorBatchEvent> = {
  every: 100,
  type: "TailorBatchesSnapshotted",
  take: (state) => ({ type: "TailorBatchesSnapshotted", data: structuredClone(state) }),
};

/** The shelf's change per SKU that a receipt or a correction makes (a correction moves it by the difference). */
export function shelfChanges(event: TailorBatchEvent): { sku: number; size: string; by: number }[] {
  if (event.type === "TailorBatchReceived") return event.data.lines.map((l) => ({ sku: l.sku, size: l.size, by: l.quantity }));
  if (event.type === "TailorBatchReceiptCorrected") return event.data.lines.map((l) => ({ sku: l.sku, size: l.size, by: l.quantity - l.was }));
  return [];
}
