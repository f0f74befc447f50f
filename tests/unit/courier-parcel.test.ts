/**
 * An order's parcel with a courier (domain/courier/parcel.ts, decision 235): booked when the owner ships, followed
 * by the carrier's scans, and back to the shop as its own path (return to origin): the goods on the shelf again, the
 * invoice reversed by a credit note, nothing charged to the parent. Given the order's events, when a command, then
 * these events, nothing, or this refusal worded in both languages.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import type { Actor, OrderEvent, OrderStatus } from "../../domain/orders/events";
import { refundOwedPaise } from "../../domain/orders/lifecycle";
import { documentsDue } from "../../domain/orders/order-documents";
import { decide, initialOrderState, orderDecider, type OrderCommand } from "../../domain/orders/order";
import { orderStockEffects } from "../../domain/orders/stock-effects";
import { parcelStepOf } from "../../domain/courier/steps";
import type { Shipment } from "../../domain/courier/parcel";
import { spec } from "../support/decider-spec";
import { orderEvents } from "../../domain/orders/events";
import { SCHEMA_VERSION } from "../../domain/events/registry";

const at = "2026-12-07T10:00:00.000Z";
const owner: Actor = { kind: "admin", id: "a1", name: "Asha" };
const courierActor: Actor = { kind: "system", name: "courier" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";

function placing(paymentMethod: "cod" | "upi" = "cod", promise?: { from: string; by: string; source: "courier" | "shop" }): Extract<OrderCommand, { type: "PlaceOrder" }> {
  return {
    type: "PlaceOrder",
    orderId,
    lines: [
      { productId: "product/12", size: "Free Size", school: "", name: "Steel Bottle", unitPrice: 199, quantity: 2 },
      { productId: "product/7", size: "M", school: "", name: "School Bag", unitPrice: 650, quantity: 1 },
    ],
    customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
    address: { name: "Ravi", phone: "9876543210", address: "14 Civil Lines", city: "Jaipur", pincode: "302001" },
    placedAt: "2026-12-05T06:00:00.000Z",
    language: "en",
    paymentMethod,
    charges: DEFAULT_CHARGE_RULES,
    actor: { kind: "guest", name: "Ravi" },
    ...(promise ? { promise } : {}),
  };
}

const order = spec(orderDecider);
const placed = (method: "cod" | "upi" = "cod") => decide(placing(method), initialOrderState());
const moved = (from: OrderStatus, to: OrderStatus, actor = owner): OrderEvent => ({ type: "OrderStatusChanged", data: { orderId, from, to, actor, at } });
const shipment: Shipment = {
  provider: "shiprocket",
  providerOrderId: "5001",
  shipmentId: "6001",
  awb: "1234567890123",
  courier: "Delhivery Surface",
  labelUrl: "https://couriers.example/label-6001.pdf",
  manifestUrl: "https://couriers.example/manifest-6001.pdf",
  expectedBy: "2026-12-10",
  at,
};
const book: OrderCommand = { type: "BookShipment", shipment, actor: owner, at };
const booked = (from: OrderStatus = "processing"): OrderEvent[] => [
  { type: "ShipmentBooked", data: { orderId, ...shipment, actor: owner, at } },
  { type: "DeliveryRecorded", data: { orderId, method: "courier", courier: "Delhivery Surface", trackingNumber: "1234567890123", actor: owner, at } },
  moved(from, "shipped"),
];
const scan = (step: string, scannedAt = "2026-12-08T09:30:00.000Z", awb = shipment.awb): OrderCommand => ({
  type: "RecordScan",
  awb,
  step,
  label: `carrier says ${step}`,
  location: "Jaipur Hub",
  scannedAt,
  actor: courierActor,
  at,
});
const scanned = (step: string, scannedAt = "2026-12-08T09:30:00.000Z"): OrderEvent =>
  ({ type: "ParcelScanned", data: { orderId, awb: shipment.awb, step, label: `carrier says ${step}`, location: "Jaipur Hub", scannedAt, actor: courierActor, at } }) as OrderEvent;

describe("booking the parcel when the owner ships", () => {
  it("records the shipment, the courier and its AWB as the delivery, and ships the order", () => {
    order.given(placed(), moved("pending", "processing")).when(book).then(booked());
    order.given(placed()).when(book).then(booked("pending"));
  });

  it("ships the goods off the shelf and calls for the invoice, as any shipment does", () => {
    const before = order.given(placed(), moved("pending", "processing")).state();
    const events = order.given(placed(), moved("pending", "processing")).when(book).events();
    const effects = orderStockEffects(before, events, at);
    expect(effects.flatMap((e) => e.commands.map((c) => `${c.type} ${c.productId}`))).toEqual(["ShipStock 7", "ShipStock 12"]);
    expect(before.exists && documentsDue(before.tax, events).invoice).toBe(true);
  });

  it("is booked once: the same AWB again changes nothing, another is refused", () => {
    order.given(placed(), booked("pending")).when(book).thenNothing();
    order
      .given(placed(), booked("pending"))
      .when({ ...book, shipment: { ...shipment, awb: "999" } } as OrderCommand)
      .thenRefuses("courier.alreadyBooked", { awb: shipment.awb }, 409);
  });

  it("refuses an order that is not to be shipped", () => {
    order.given(placed(), moved("pending", "cancelled")).when(book).thenRefuses("courier.notToShip", { status: "cancelled" }, 409);
    order.given(placed(), moved("pending", "delivered")).when(book).thenRefuses("courier.notToShip", { status: "delivered" }, 409);
  });
});

describe("the carrier's scans", () => {
  it("follow the parcel into the order's trail, each once however often the carrier tells it", () => {
    order.given(placed(), booked("pending")).when(scan("pickedUp")).then([scanned("pickedUp")]);
    // The webhook told twice (or polling after the webhook): the same step at the same time is nothing new.
    order.given(placed(), booked("pending"), scanned("pickedUp")).when(scan("pickedUp")).thenNothing();
    const state = order.given(placed(), booked("pending"), scanned("pickedUp")).when(scan("inTransit", "2026-12-08T18:00:00.000Z")).state();
    expect(state.exists && state.parcel?.scans.map((s) => s.step)).toEqual(["pickedUp", "inTransit"]);
  });

  it("delivered: the order is delivered, and the parent gets the delivered text", () => {
    order.given(placed(), booked("pending"), scanned("outForDelivery")).when(scan("delivered", "2026-12-09T11:00:00.000Z")).then([
      scanned("delivered", "2026-12-09T11:00:00.000Z"),
      moved("shipped", "delivered", courierActor),
    ]);
  });

  it("refuses a scan of another parcel, or of an order with no shipment", () => {
    order.given(placed(), booked("pending")).when(scan("pickedUp", undefined, "555")).thenRefuses("courier.otherParcel", { awb: "555" }, 409);
    order.given(placed()).when(scan("pickedUp")).thenRefuses("courier.noShipment", {}, 409);
    order.given(placed(), booked("pending")).when(scan("teleported")).thenRefuses("courier.unknownStep", {}, 422);
  });
});

describe("return to origin", () => {
  const rto = (reason = "refused"): OrderCommand => ({ type: "ReturnToOrigin", reason, actor: owner, at });

  it("the parcel back at the shop ends the order: its goods back on the shelf and its invoice reversed", () => {
    const history = [placed(), booked("pending")];
    order.given(...history).when(rto()).then([
      { type: "ParcelReturnedToOrigin", data: { orderId, awb: shipment.awb, reason: "refused", actor: owner, at } },
      moved("shipped", "cancelled"),
    ]);
    const before = order.given(...history).state();
    const events = order.given(...history).when(rto()).events();
    expect(orderStockEffects(before, events, at).flatMap((e) => e.commands.map((c) => `${c.type} ${c.productId} ${"quantity" in c ? c.quantity : ""}`))).toEqual([
      "ReturnStock 7 1",
      "ReturnStock 12 2",
    ]);
    // A live invoice is reversed whole by a credit note (decision 206's parcel back: all the invoice has left).
    const tax = { invoices: [{ orderId, number: "INV-1", totals: { value: 104800 } }], creditNotes: [] } as never;
    expect(documentsDue(tax, events).credit).toEqual({ reason: "cancellation", amount: Number.MAX_SAFE_INTEGER });
  });

  it("charges the parent nothing: what a prepaid parent paid, delivery too, is owed back; a COD parent owes nothing", () => {
    const paid: OrderEvent = { type: "PaymentConfirmed", data: { orderId, amount: 1148, note: "UPI", actor: owner, at } };
    const after = order.given(placed("upi"), paid, booked("pending")).when(rto("notReachable")).state();
    expect(after.exists && after.placed.delivery).toBe(100);
    expect(after.exists && refundOwedPaise(after)).toBe(1148_00);
    const cod = order.given(placed("cod"), booked("pending")).when(rto()).state();
    expect(cod.exists && refundOwedPaise(cod)).toBe(0);
    expect(cod.exists && cod.payment.paid).toBe(0);
  });

  it("the courier's last scan brings it back by itself; received twice it is back once", () => {
    order.given(placed(), booked("pending"), scanned("rtoInitiated")).when(scan("rtoDelivered", "2026-12-11T08:00:00.000Z")).then([
      scanned("rtoDelivered", "2026-12-11T08:00:00.000Z"),
      { type: "ParcelReturnedToOrigin", data: { orderId, awb: shipment.awb, reason: "other", actor: courierActor, at } },
      moved("shipped", "cancelled", courierActor),
    ]);
    const back = order.given(placed(), booked("pending")).when(rto()).events();
    order.given(placed(), booked("pending"), back).when(rto()).thenNothing();
    // The counter received it first; the courier's scan after it is kept in the trail and moves nothing.
    order.given(placed(), booked("pending"), back).when(scan("rtoDelivered")).then([scanned("rtoDelivered")]);
  });

  it("comes back only from a parcel that left, with a reason", () => {
    order.given(placed()).when(rto()).thenRefuses("courier.rtoNotShipped", { status: "pending" }, 409);
    // The shop's own boy took it and it was refused at the door: no courier, the same path.
    order.given(placed(), moved("pending", "shipped")).when(rto()).then([
      { type: "ParcelReturnedToOrigin", data: { orderId, reason: "refused", actor: owner, at } },
      moved("shipped", "cancelled"),
    ]);
    order.given(placed(), booked("pending")).when(rto("lost it")).thenRefuses("courier.rtoReason", {}, 422);
  });
});

describe("the promised day and the carrier's words", () => {
  it("an order placed with promised days records them in its OrderPlaced, and the order knows them", () => {
    const events = decide(placing("cod", { from: "2026-12-09", by: "2026-12-11", source: "courier" }), initialOrderState());
    expect(events.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
    expect(events[0].type === "OrderPlaced" && events[0].data.promise).toEqual({ from: "2026-12-09", by: "2026-12-11", source: "courier" });
    const state = order.given(events).state();
    expect(state.exists && state.parcel?.promised).toEqual({ from: "2026-12-09", by: "2026-12-11", source: "courier" });
    // Placed with none (at the counter, or before dates): none.
    const none = order.given(decide(placing("cod"), initialOrderState())).state();
    expect(none.exists && none.parcel?.promised).toBeUndefined();
  });

  it("an OrderPlaced stored at version 5 reads as version 6 with no promise; a one-day DeliveryPromised folds as a range of that day", () => {
    const placed = decide(placing("cod"), initialOrderState());
    const header = { streamId: `order-${orderId}`, position: "9" };
    const v5 = orderEvents.read({ ...header, revision: 0, type: "OrderPlaced", data: placed[0].data, metadata: { [SCHEMA_VERSION]: 5 } });
    expect(v5.data).toEqual(placed[0].data);
    expect(orderEvents.toAppend(placed[0], "e1").metadata[SCHEMA_VERSION]).toBe(6);
    const oneDay = orderEvents.read({ ...header, revision: 2, type: "DeliveryPromised", data: { orderId, by: "2026-12-09", source: "shop", at: "2026-12-05T06:00:00.000Z" } });
    const state = order.given(placed, oneDay as OrderEvent).state();
    expect(state.exists && state.parcel?.promised).toEqual({ from: "2026-12-09", by: "2026-12-09", source: "shop" });
  });

  it("Shiprocket's statuses in the shop's steps: by number first, by words when the number is new", () => {
    expect(parcelStepOf(42, "PICKED UP")).toBe("pickedUp");
    expect(parcelStepOf(17, "")).toBe("outForDelivery");
    expect(parcelStepOf(7, "DELIVERED")).toBe("delivered");
    expect(parcelStepOf(10, "RTO DELIVERED")).toBe("rtoDelivered");
    expect(parcelStepOf(999, "RTO Delivered")).toBe("rtoDelivered");
    expect(parcelStepOf(undefined, "Delivered")).toBe("delivered");
    expect(parcelStepOf(undefined, "Out For Delivery")).toBe("outForDelivery");
    expect(parcelStepOf(3, "PICKUP SCHEDULED")).toBeUndefined();
  });
});
