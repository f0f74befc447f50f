// A walk-in sale at the shop's counter (decision 210): an order of channel "counter", placed, paid and handed
// over by one command over the order, the stock streams every online order reserves on, the invoice series
// and any UPI reference it claims, so a size sold here is gone online at once and the bill has its number.
import { RuleViolation } from "../../domain/errors";
import type { Language } from "../../domain/i18n";
import type { CounterPaymentInput } from "../../domain/counter/payment";
import { checkCounter, counterAddress, counterCustomer } from "../../domain/counter/sale";
import { orderEvents, orderStreamId, type Actor } from "../../domain/orders/events";
import { displayOrderId, orderTotal, type OrderCommand, type OrderLineRequest } from "../../domain/orders/order";
import { counterCharges, type OrderCharges } from "../../domain/orders/charges";
import { counterSaleStock, trackedLines } from "../../domain/orders/stock-effects";
import { counterPayment } from "../../domain/counter/payment";
import { createStreamsHandler, type StreamStep } from "../../eventstore/command-handler";
import type { Position } from "../../eventstore/port";
import { STOCK_ATTEMPTS } from "../stock";
import type { OrderCore } from "./core";
import { checkIdempotencyKey, orderIdFor } from "./ids";
import { priceOrderItems, type OrderItemInput } from "./placing";

export interface CounterSaleInput {
  /** Made where the sale starts (the counter page's first view): the same id is the same sale, however often sent. */
  saleId: string;
  counter: string;
  items: OrderItemInput[];
  mobile?: string;
  name?: string;
  /** The total the counter showed before the money was taken. */
  shownTotal: number;
  payment: CounterPaymentInput;
  language: Language;
  staff: { id: string; name: string };
}

export interface CounterSale {
  orderId: string;
  displayId: string;
  total: number;
  cash: number;
  upi: number;
  cashGiven: number;
  change: number;
  /** True when this sale id had already made the sale: nothing new was stored. */
  duplicate: boolean;
  position: Position;
}

/** A bill as the counter shows it before taking money: the lines priced, the offer, the total. */
export interface CounterBill extends OrderCharges {
  lines: OrderLineRequest[];
}

/** The order a counter sale's id names: one id, one sale, whichever counter sends it. */
export const counterOrderId = (saleId: string) => orderIdFor("counter", checkIdempotencyKey(saleId));

export function counterCommands(core: OrderCore) {
  const { store, priceLine, stock } = core.deps;
  const { orders, taxDocuments, charges } = core;
  const sales = createStreamsHandler(store, { maxAttempts: STOCK_ATTEMPTS, atomic: core.atomic });
  const busy = (streamId: string) => (streamId.startsWith("stock-") ? new RuleViolation("orders.busy", {}, 409) : undefined);

  /** The sale this id made before, as the counter answers it; undefined when it made none. */
  async function soldBefore(orderId: string): Promise<CounterSale | undefined> {
    const stored = await store.readStream(orderStreamId(orderId));
    if (stored.length === 0) return undefined;
    const { state } = orders.fold(stored);
    if (!state.exists) throw new Error(`counter sale ${orderId}: stream exists but holds no OrderPlaced`);
    const cash = stored.map((e) => orderEvents.read(e)).reduce((sum, e) => (e.type === "CashCollected" ? sum + e.data.amount : sum), 0);
    return {
      orderId,
      displayId: displayOrderId(orderId),
      total: state.placed.total,
      cash,
      upi: state.placed.total - cash,
      cashGiven: cash,
      change: 0,
      duplicate: true,
      position: stored[stored.length - 1].position,
    };
  }

  return {
    /**
     * The bill before the money is taken: each line priced by the one pricer, the online offer, no delivery.
     * What the counter shows is what `sellAtCounter` charges (it refuses any other total).
     */
    async counterBill(items: readonly OrderItemInput[]): Promise<CounterBill> {
      const lines = await priceOrderItems(priceLine, items);
      return { lines, ...counterCharges(orderTotal(lines), charges, new Date()) };
    },

    /**
     * Sells at the counter: the lines priced by the one pricer, the offer as online, the money as the staff
     * took it, the stock held and shipped, the invoice numbered; all appended together or nothing. A repeat of
     * the same sale id (a double press, a reload that posts again) answers with the sale it made.
     */
    async sellAtCounter(input: CounterSaleInput): Promise<CounterSale> {
      const orderId = counterOrderId(input.saleId);
      const counter = checkCounter(input.counter);
      const before = await soldBefore(orderId);
      if (before) return before;
      const customer = counterCustomer(input.mobile, input.name);
      const lines = await priceOrderItems(priceLine, input.items);
      const actor: Actor = { kind: "admin", id: input.staff.id, name: input.staff.name };
      const placedAt = new Date().toISOString();
      const command: OrderCommand = {
        type: "SellAtCounter",
        orderId,
        lines,
        customer,
        address: counterAddress(core.deps.tax?.seller.address ?? "", customer),
        placedAt,
        language: input.language,
        counter,
        shownTotal: input.shownTotal,
        payment: input.payment,
        charges,
        actor,
      };
      const streamId = orderStreamId(orderId);
      const skus = core.deps.skus ? await core.deps.skus() : undefined;
      const seriesLocks = taxDocuments?.locksFor(command, new Date(placedAt)) ?? [];
      const commandId = `counter\n${orderId}`;
      return sales.handle({
        locks: [...trackedLines(lines, skus).map((line) => `stock-${line.productId}`), ...seriesLocks],
        busy,
        plan: async () => {
          // The same sale sent twice at once waits its turn here and then finds itself made.
          const existing = await soldBefore(orderId);
          if (existing) return { answer: existing };
          const loaded = orders.fold([]);
          const decided = orders.prepare(streamId, loaded, command, { commandId });
          if (!decided || decided.events[0].type !== "OrderPlaced") throw new Error("a counter sale decided nothing");
          const placed = decided.events[0].data;
          const { order, numbers } = taxDocuments
            ? await taxDocuments.withDocuments(orders, streamId, loaded, command, decided, placedAt, commandId)
            : { order: decided, numbers: [] as StreamStep[] };
          const held = await stock.steps(counterSaleStock(orderId, placed.lines, placedAt, skus), { orderId, reason: "not placed" });
          const paid = counterPayment(placed.total, input.payment);
          const refs = await core.referenceSteps(orderId, { claim: paid.upiReference ? [paid.upiReference] : [], release: [] }, placedAt);
          return {
            steps: [...refs.before, ...held, ...numbers, { prepared: order, handler: orders }],
            answer: async (results) => {
              const position = results.at(-1)!.position;
              if (results.at(-1)!.duplicate) return (await soldBefore(orderId)) ?? Promise.reject(new Error("a counter sale stored but not found"));
              await core.deps.waitUntilVisible(position);
              return { orderId, displayId: displayOrderId(orderId), total: placed.total, ...paid, duplicate: false, position };
            },
          };
        },
      });
    },
  };
}
