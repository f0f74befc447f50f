/**
 * Batches from the tailor (decision 181): work orders per school on their own stream, and each receipt
 * or correction appended in one command with the stock streams of the sizes it moves (the SKUs of
 * decision 180), so the shelf and the batch never disagree. Read by folding the school's stream
 * (kept folded in memory: a load reads only what is new); no table of its own.
 */
import type { StockActor } from "../domain/stock/events";
import type { StockCommand } from "../domain/stock/stock";
import {
  shelfChanges,
  tailorBatchDecider,
  tailorBatchEvents,
  tailorBatchSnapshots,
  tailorBatchesStreamId,
  withTailorOf,
  type Batch,
  type Pieces,
  type TailorBatchCommand,
} from "../domain/stock/tailor-batches";
import { createCommandHandler, createStreamsHandler } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";
import type { SchoolStockService } from "./school-stock";
import type { StockService } from "./stock";

export interface TailorBatchServiceDeps {
  store: ShopEvents;
  stock: StockService;
  schoolStock: SchoolStockService;
  /** Read your writes: the stock read model (the orders projector's) has applied `position`. */
  waitUntilVisible(position: Position, timeoutMs?: number): Promise<boolean>;
  atomic?: boolean;
}

export function createTailorBatchService(deps: TailorBatchServiceDeps) {
  const { store, stock, schoolStock, waitUntilVisible } = deps;
  const batches = createCommandHandler(store, { decider: tailorBatchDecider, events: tailorBatchEvents, snapshots: tailorBatchSnapshots }, { cachedStreams: 100 });
  const together = createStreamsHandler(store, { atomic: deps.atomic });

  /** What the stock history says about a part: the school's work order and the part's number. */
  const reasonOf = (school: string, batch: Batch, receipt: number, tail = "") => `Tailor batch ${school} #${batch.batch} (${batch.tailor}), part ${receipt}${tail}`;

  /**
   * A receipt or a correction: the batch's event and each size's stock change in one append. `commandId`
   * (the form's own) names it on every stream, so a form sent twice receives once.
   */
  async function withShelf(school: string, command: Extract<TailorBatchCommand, { type: "ReceiveBatch" | "CorrectReceipt" }>, commandId: string) {
    const streamId = tailorBatchesStreamId(school);
    return together.handle({
      plan: async () => {
        const loaded = await batches.load(streamId);
        const prepared = batches.prepare(streamId, loaded, command, { commandId });
        if (!prepared) return { answer: { changed: false, receipt: undefined as number | undefined } };
        const event = prepared.events[0];
        const batch = prepared.state.batches.find((b) => b.batch === command.batch)!;
        const receipt = event.type === "TailorBatchReceived" || event.type === "TailorBatchReceiptCorrected" ? event.data.receipt : 0;
        const reason = command.type === "CorrectReceipt" ? reasonOf(school, batch, receipt, ` corrected: ${command.reason.trim()}`) : reasonOf(school, batch, receipt);
        const steps = await stock.steps(
          shelfChanges(event).map(({ sku, by }) => ({
            productId: sku,
            commandId,
            commands: [
              event.type === "TailorBatchReceived"
                ? ({ type: "ReceiveStock", productId: sku, quantity: by, actor: command.actor, reason, at: command.at } satisfies StockCommand)
                : ({ type: "CorrectReceipt", productId: sku, by, actor: command.actor, reason, at: command.at } satisfies StockCommand),
            ],
          })),
        );
        return {
          steps: [{ prepared, handler: batches }, ...steps],
          answer: async (results: { position: Position }[]) => {
            await waitUntilVisible(results.at(-1)!.position);
            return { changed: true, receipt };
          },
        };
      },
    });
  }

  return {
    /** One school's work orders, oldest first. */
    async school(school: string): Promise<Batch[]> {
      return (await batches.load(tailorBatchesStreamId(school))).state.batches;
    },

    async batch(school: string, n: number): Promise<Batch | undefined> {
      return (await this.school(school)).find((b) => b.batch === n);
    },

    /** Pieces each SKU of a school still has with the tailor (ordered, not yet received), for planning. */
    async withTailor(school: string): Promise<Map<number, number>> {
      const found = new Map<number, number>();
      for (const batch of await this.school(school)) {
        for (const line of batch.lines) found.set(line.sku, (found.get(line.sku) ?? 0) + withTailorOf(batch, line.size));
      }
      return found;
    },

    /** A new work order for one school item; its sizes must be counted (decision 180) so the pieces have a shelf. */
    async order(input: { item: string; tailor: string; cost: number; due: string; pieces: Pieces }, actor: StockActor, commandId: string) {
      const school = input.item.split("/")[1] ?? "";
      const { sizes } = await schoolStock.item(input.item);
      const skus = Object.fromEntries([...sizes].map(([size, found]) => [size, found.sku.sku]));
      const handled = await batches.handle(tailorBatchesStreamId(school), { type: "OrderBatch", ...input, skus, actor, at: new Date().toISOString() }, { commandId });
      const batch = handled.events[0]?.type === "TailorBatchOrdered" ? handled.events[0].data.batch : handled.state.batches.at(-1)?.batch;
      return { school, batch, changed: handled.changed };
    },

    /** Pieces of a batch came in: the batch records the part and each size's shelf grows by it. */
    receive(school: string, batch: number, pieces: Pieces, actor: StockActor, commandId: string) {
      return withShelf(school, { type: "ReceiveBatch", batch, pieces, actor, at: new Date().toISOString() }, commandId);
    },

    /** A part was received wrong: `pieces` are what really came; the shelf moves by the difference. */
    correct(school: string, batch: number, receipt: number, pieces: Pieces, reason: string, actor: StockActor, commandId: string) {
      return withShelf(school, { type: "CorrectReceipt", batch, receipt, pieces, reason, actor, at: new Date().toISOString() }, commandId);
    },
  };
}

export type TailorBatchService = ReturnType<typeof createTailorBatchService>;
