/**
 * The purchase cost of a bought-in product (issue 51): the owner enters what a piece cost him with a delivery; the
 * receipt records it in paise (StockReceived version 2), a receipt stored before reads as it did (no cost), and the
 * product's cost is the weighted average over the deliveries with a cost, as the tailor's batches are for uniforms.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import { stockEvents, type StockEvent } from "../../domain/stock/events";
import { purchaseCost, valueAtCost } from "../../domain/stock/costing";
import { MAX_PIECE_COST, OPENING_REASON, decide, evolve, initialStockState, type StockCommand } from "../../domain/stock/stock";

const at = "2026-12-07T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const productId = 12;
const shelf = spec({ decide, evolve, initialState: initialStockState });
const opened: StockEvent = {
  type: "StockAdjusted",
  data: { productId, from: 0, to: 5, onShelf: 5, held: 0, actor: { kind: "system" }, reason: OPENING_REASON, at },
};
const receive = (quantity: number, cost?: number): StockCommand => ({
  type: "ReceiveStock",
  productId,
  quantity,
  ...(cost === undefined ? {} : { cost }),
  actor: admin,
  reason: "Delivery from Jaipur",
  at,
});

describe("a bought-in product's purchase cost", () => {
  it("is recorded with the delivery in paise, or not at all when the owner entered none", () => {
    shelf.given(opened).when(receive(24, 9550)).then([
      { type: "StockReceived", data: { productId, quantity: 24, cost: 9550, actor: admin, reason: "Delivery from Jaipur", at } },
    ]);
    shelf.given(opened).when(receive(24)).then([{ type: "StockReceived", data: { productId, quantity: 24, actor: admin, reason: "Delivery from Jaipur", at } }]);
  });

  it("refuses a cost that cannot be a piece's, worded in both languages", () => {
    for (const cost of [0, -100, 12.5, MAX_PIECE_COST + 1]) {
      shelf.given(opened).when(receive(24, cost)).thenRefuses("stock.costRange", { most: "₹1,00,000" }, 422);
    }
  });

  it("reads a receipt stored before costs (version 1, no stamp) as it was, and one with a cost as recorded", () => {
    const stored = { streamId: `stock-${productId}`, revision: 1, position: "1" };
    const old = stockEvents.read({ ...stored, type: "StockReceived", data: { productId, quantity: 10, actor: admin, reason: "Delivery", at } });
    expect(old.type === "StockReceived" && old.data.cost).toBeUndefined();
    const appended = stockEvents.toAppend({ type: "StockReceived", data: { productId, quantity: 10, cost: 9550, actor: admin, reason: "Delivery", at } }, "e1");
    expect(appended.metadata[SCHEMA_VERSION]).toBe(2);
    const now = stockEvents.read({ ...stored, type: appended.type, data: appended.data, metadata: appended.metadata });
    expect(now.type === "StockReceived" && now.data.cost).toBe(9550);
  });

  it("is the weighted average over the deliveries with a cost, the others left out rather than counted at ₹0", () => {
    // 20 bottles at ₹95, then 4 at ₹100, then 6 with no cost entered: (20 x 9500 + 4 x 10000) / 24 = 9583.33 -> 9583 paise.
    const cost = purchaseCost([{ quantity: 20, cost: 9500 }, { quantity: 4, cost: 10000 }, { quantity: 6 }]);
    expect(cost).toEqual({ received: 24, averagePaise: 9583 });
    expect(valueAtCost(18, cost.averagePaise)).toBe(1725);
    expect(purchaseCost([{ quantity: 6 }])).toEqual({ received: 0, averagePaise: null });
    // Half a paisa rounds up: (1 x 101 + 1 x 100) / 2 = 100.5 -> 101.
    expect(purchaseCost([{ quantity: 1, cost: 101 }, { quantity: 1, cost: 100 }]).averagePaise).toBe(101);
  });
});
