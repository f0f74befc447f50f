/**
 * The tax documents an order's change calls for (domain/orders/order-documents.ts `documentsDue`, from the lifecycle's
 * moves): the invoice when the goods leave, a credit note after it when they come back or money is refunded. Each takes the next number of its series, a stream of
 * its own appended together with the order by the command over several streams (decision 126), so a number is used
 * exactly once however many web processes ship at the same moment. Where streams are appended one by one the number
 * goes first and is voided (a gap the series records with its reason) if the order's part fails.
 */
import type { ShopEvents } from "../eventstore/port";
import { createCommandHandler, type Loaded, type Prepared, type StreamStep } from "../eventstore/command-handler";
import type { OrderCommand, OrderState } from "../domain/orders/order";
import type { OrderEvent, OrderPlaced } from "../domain/orders/events";
import { noTaxDocuments } from "../domain/tax/documents";
import { documentCommands, documentsDue, type TakenNumber } from "../domain/orders/order-documents";
import { seriesDecider, seriesName, seriesStreamId, type SeriesKind } from "../domain/tax/series";
import { taxSeriesEvents } from "../domain/tax/events";
import type { TaxRateSettings } from "../domain/tax/rates";
import type { SellerSettings } from "../domain/tax/seller";
import { stateOfPincode } from "../domain/tax/pincode-states";

export interface TaxSettings {
  seller: SellerSettings;
  rates: TaxRateSettings;
}

type OrderHandler = {
  prepareMany(streamId: string, loaded: Loaded<OrderState>, commands: readonly OrderCommand[], options?: { commandId?: string }): Prepared<OrderState, OrderEvent> | null;
};

/** Commands after which a document may be due: only these take the series' turn in this process. */
const MAY_ISSUE = new Set(["ChangeStatus", "ChangeOrder", "RefundPayment", "RecordGatewayRefund", "ReceiveReturn", "SellAtCounter", "ReturnAtCounter", "BookShipment", "RecordScan", "ReturnToOrigin"]);

export function createTaxDocuments(store: ShopEvents, settings: TaxSettings) {
  const series = createCommandHandler(store, { decider: seriesDecider, events: taxSeriesEvents });
  const { seller, rates } = settings;
  // An unregistered shop owes no tax document: its plain bill is the order's printed bill, without a series (docs/tax.md).
  const issues = seller.scheme !== "unregistered";

  /** The series streams a command may number in: its turn is taken in this process, so racing shipments queue. */
  function locksFor(command: OrderCommand, at: Date): string[] {
    if (!issues || !MAY_ISSUE.has(command.type)) return [];
    return (["invoice", "credit-note"] as SeriesKind[]).map((kind) => seriesStreamId(seriesName(seller.invoicePrefix, kind, at)));
  }

  async function take(kind: SeriesKind, orderId: string, at: string, commandId: string): Promise<{ step: StreamStep; taken: TakenNumber }> {
    const name = seriesName(seller.invoicePrefix, kind, new Date(at));
    const streamId = seriesStreamId(name);
    const prepared = series.prepare(streamId, await series.load(streamId), { type: "TakeNumber", series: name, orderId, at }, { commandId })!;
    const { sequence, number } = (prepared.events[0] as Extract<(typeof prepared.events)[number], { type: "DocumentNumberTaken" }>).data;
    return {
      step: { prepared, handler: series, undo: () => series.handle(streamId, { type: "VoidNumber", series: name, sequence, at: new Date().toISOString() }) },
      taken: { series: name, sequence, number },
    };
  }

  /**
   * The order's part with the documents its change calls for (domain/orders/order-documents.ts), and the series
   * steps that number them (to go before it). `prepared` is the change alone; when nothing is due it comes back as it is.
   */
  async function withDocuments(
    orders: OrderHandler,
    streamId: string,
    loaded: Loaded<OrderState>,
    command: OrderCommand,
    prepared: Prepared<OrderState, OrderEvent>,
    at: string,
    commandId: string,
  ): Promise<{ order: Prepared<OrderState, OrderEvent>; numbers: StreamStep[] }> {
    const before = loaded.state;
    // An order placed by this very change (a counter sale, handed over at once) is read from its own events.
    const placed = before.exists ? before.placed : prepared.events.find((e): e is OrderPlaced => e.type === "OrderPlaced")?.data;
    if (!issues || !placed) return { order: prepared, numbers: [] };
    const due = before.exists ? documentsDue(before.tax, prepared.events, before.afterSale.returns) : documentsDue(noTaxDocuments(), prepared.events);
    const orderId = placed.orderId;
    const invoice = due.invoice ? await take("invoice", orderId, at, commandId) : undefined;
    // A credit note only for a live invoice (documentsDue says so): a number is never taken for a note that would be empty.
    const creditNote = due.credit ? await take("credit-note", orderId, at, commandId) : undefined;
    const documents = documentCommands(placed, due, { invoice: invoice?.taken, creditNote: creditNote?.taken }, seller, { rates, stateOf: stateOfPincode }, at);
    if (documents.length === 0) return { order: prepared, numbers: [] };
    const order = orders.prepareMany(streamId, loaded, [command, ...documents], { commandId });
    return { order: order ?? prepared, numbers: [invoice, creditNote].flatMap((taken) => (taken ? [taken.step] : [])) };
  }

  return { locksFor, withDocuments, series };
}

export type TaxDocumentsService = ReturnType<typeof createTaxDocuments>;
