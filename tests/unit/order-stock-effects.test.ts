/**
 * What every change of an order does to the shelves (domain/orders/stock-effects.ts), decided
 * from the order before it and the events decided: the one rule the checkout, the /api, the
 * admin's status, returns and exchanges all go through.
 */
import { describe, expect, it } from "vitest";
import { decide, evolve, initialOrderState, type OrderCommand, type OrderState } from "../../domain/orders/order";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { orderStockEffects, placementStock, trackedLines, type StockEffect } from "../../domain/orders/stock-effects";

const at = "2026-11-22T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const parent = { kind: "guest" as const, name: "Ravi" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";

const place: OrderCommand = {
  type: "PlaceOrder",
  orderId,
  lines: [
    { productId: "school/dps/shirt", size: "30", school: "DPS", name: "Shirt", unitPrice: 310, quantity: 3 },
    { productId: "product/12", size: "Free Size", school: "", name: "Steel Bottle", unitPrice: 199, quantity: 2 },
    { productId: "product/7", size: "M", school: "", name: "School Bag", unitPrice: 650, quantity: 1 },
  ],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: "2026-11-20T06:00:00.000Z",
  language: "en",
  paymentMethod: "cod",
  charges: DEFAULT_CHARGE_RULES,
  actor: parent,
};

const apply = (state: OrderState, command: OrderCommand) => decide(command, state).reduce(evolve, state);
const run = (...commands: OrderCommand[]) => commands.reduce(apply, initialOrderState());
const status = (to: string): OrderCommand => ({ type: "ChangeStatus", to, actor: admin, at });
/** The stock commands a command on `before` makes, as "type product" words. */
function effectsOf(before: OrderState, command: OrderCommand): string[] {
  return orderStockEffects(before, decide(command, before), at).flatMap(words);
}
const words = (effect: StockEffect) => effect.commands.map((c) => `${c.type} ${c.productId}${"quantity" in c ? ` x${c.quantity}` : ""}`);

describe("an order's stock effects", () => {
  it("only the shop's own products keep stock: two lines of one product count once, school items are made to order", () => {
    expect(
      trackedLines([
        { productId: "product/12", name: "Bottle", quantity: 2 },
        { productId: "school/dps/shirt", name: "Shirt", quantity: 5 },
        { productId: "product/12", name: "Bottle", quantity: 1 },
        { productId: "product/3", name: "Belt", quantity: 1 },
      ]),
    ).toEqual([
      { productId: 3, name: "Belt", quantity: 1 },
      { productId: 12, name: "Bottle", quantity: 3 },
    ]);
  });

  it("a new order holds its units, one effect per product", () => {
    expect(effectsOf(initialOrderState(), place)).toEqual(["ReserveStock 7 x1", "ReserveStock 12 x2"]);
    expect(placementStock(orderId, [], at)).toEqual([]);
  });

  it("packing changes nothing; shipping takes the held units off the shelf, once", () => {
    const placed = run(place);
    expect(effectsOf(placed, status("processing"))).toEqual([]);
    expect(effectsOf(run(place, status("processing")), status("shipped"))).toEqual(["ShipStock 7", "ShipStock 12"]);
    expect(effectsOf(run(place, status("shipped")), status("delivered"))).toEqual([]);
    // Straight from pending to delivered: the goods left all the same.
    expect(effectsOf(placed, status("delivered"))).toEqual(["ShipStock 7", "ShipStock 12"]);
  });

  it("a cancel before shipping gives back what the order holds; after shipping nothing is held, goods come back only as a return", () => {
    expect(effectsOf(run(place), status("cancelled"))).toEqual(["ReleaseStock 7", "ReleaseStock 12"]);
    const released = orderStockEffects(run(place), decide(status("cancelled"), run(place)), at);
    expect(released.flatMap((e) => e.commands)).toContainEqual(expect.objectContaining({ type: "ReleaseStock", reason: "cancelled", orderId }));
    expect(effectsOf(run(place), { type: "DeleteOrder", actor: admin, at })).toEqual(["ReleaseStock 7", "ReleaseStock 12"]);
    expect(effectsOf(run(place, status("cancelled")), { type: "DeleteOrder", actor: admin, at })).toEqual([]);
  });

  it("taking a cancelled order up again holds its units again; it is sent from there, never straight from cancelled", () => {
    const cancelled = run(place, status("cancelled"));
    expect(effectsOf(cancelled, status("pending"))).toEqual(["ReserveStock 7 x1", "ReserveStock 12 x2"]);
    expect(effectsOf(cancelled, status("processing"))).toEqual(["ReserveStock 7 x1", "ReserveStock 12 x2"]);
    expect(() => decide(status("shipped"), cancelled)).toThrow("lifecycle.cancelledNotSent");
  });

  it("a parcel that came back is on the shelf again, held for the order until it is sent again", () => {
    const shipped = run(place, status("shipped"));
    expect(effectsOf(shipped, status("processing"))).toEqual(["ReturnStock 7 x1", "ReserveStock 7 x1", "ReturnStock 12 x2", "ReserveStock 12 x2"]);
    expect(effectsOf(shipped, status("cancelled"))).toEqual(["ReturnStock 7 x1", "ReturnStock 12 x2"]);
  });

  it("a payment, a note or a delivery detail moves no shelf", () => {
    const placed = run(place);
    expect(effectsOf(placed, { type: "AddNote", text: "Call before coming", actor: admin, at })).toEqual([]);
    expect(effectsOf(placed, { type: "ChangePaymentStatus", to: "paid", actor: admin, at })).toEqual([]);
  });

  it("a received return's goods go back on the shelf, named by the return so they land once; an exchange's new size leaves at once", () => {
    const delivered = run(place, status("shipped"), status("delivered"));
    const returnId = "7e1d0c2a-0000-8000-8000-000000000000";
    const requested = apply(delivered, {
      type: "RequestReturn",
      returnId,
      lines: [{ productId: "product/12", size: "Free Size", school: "", quantity: 1 }],
      want: "exchange",
      exchangeSize: "Large",
      reason: "Too small",
      actor: parent,
      at,
    });
    const approved = apply(requested, { type: "ApproveReturn", returnId, actor: admin, at });
    const receive: OrderCommand = { type: "ReceiveReturn", returnId, method: "drop-off", actor: admin, at };
    const back = orderStockEffects(approved, decide(receive, approved), at);
    expect(back).toEqual([
      {
        productId: 12,
        commandId: `return\n${returnId}`,
        commands: [expect.objectContaining({ type: "ReturnStock", quantity: 1, orderId, actor: admin, reason: "Return 7E1D0C2A of order 3F9A1C2E" })],
      },
    ]);
    const received = apply(approved, receive);
    const exchange: OrderCommand = { type: "MakeExchange", returnId, targets: { "product/12|Free Size|": { productId: "product/13", size: "Large" } }, actor: admin, at };
    const out = orderStockEffects(received, decide(exchange, received), at);
    expect(out.map((e) => ({ productId: e.productId, commandId: e.commandId, commands: e.commands.map((c) => c.type) }))).toEqual([
      { productId: 13, commandId: `exchange\n${returnId}`, commands: ["ReserveStock", "ShipStock"] },
    ]);
  });
});
