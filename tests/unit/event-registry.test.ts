import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cartEvents } from "../../domain/cart/events";
import { readEvent } from "../../domain/events/index";
import { SCHEMA_VERSION, createEventRegistry, isUnreadableEvent, type StoredEvent } from "../../domain/events/registry";
import { orderEvents, type Actor, type OrderStatus } from "../../domain/orders/events";

const header = { streamId: "order-o1", revision: 3, position: "812:4711" };
const changed = { orderId: "o1", from: "pending", to: "shipped", actor: { kind: "admin", name: "Asha" }, at: "2026-06-02T10:00:00.000Z" };

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (err) {
    expect(isUnreadableEvent(err)).toBe(true);
    return (err as Error).message;
  }
  throw new Error("read without a refusal");
}

describe("the event registry", () => {
  it("reads an event stored without a version as version 1, and writers stamp the version", () => {
    const stored: StoredEvent = { ...header, type: "OrderStatusChanged", data: changed, metadata: {} };
    const event = orderEvents.read(stored);
    expect(event).toEqual({ ...stored, data: changed });
    expect(event.type === "OrderStatusChanged" && event.data.to).toBe("shipped");
    const appended = orderEvents.toAppend({ type: "OrderStatusChanged", data: changed as never }, "e1", { requestHash: "h" });
    expect(appended).toEqual({ id: "e1", type: "OrderStatusChanged", data: changed, metadata: { requestHash: "h", [SCHEMA_VERSION]: 1 } });
    expect(orderEvents.read({ ...header, ...appended }).data).toEqual(changed);
  });

  it("refuses, naming stream, revision and position: an unknown type, data that does not match, a newer version, another stream's event", () => {
    expect(refusal(() => orderEvents.read({ ...header, type: "OrderTeleported", data: {} }))).toBe(
      "cannot read event OrderTeleported at revision 3 of stream order-o1 (global position 812:4711): unknown event type " +
        "for order streams (known: OrderPlaced, OrderStatusChanged, OrderLineDropped, OrderPaymentStatusChanged, OrderDeleted, PaymentRequested, PaymentReported, PaymentConfirmed, PaymentRejected, PaymentReportRefused, PaymentReferenceMoved, CashCollected, PaymentRefunded, OrderNoteAdded, DeliveryRecorded, ReturnRequested, ReturnApproved, ReturnRefused, ReturnReceived, ExchangeMade, InvoiceIssued, CreditNoteIssued, OrderLinkedToAccount, ShipmentBooked, ParcelScanned, ParcelReturnedToOrigin, DeliveryPromised)",
    );
    expect(refusal(() => orderEvents.read({ ...header, type: "OrderStatusChanged", data: { ...changed, to: "lost" } }))).toMatch(
      /^cannot read event OrderStatusChanged at revision 3 of stream order-o1 \(global position 812:4711\): version 1 data does not match: to: /,
    );
    expect(refusal(() => orderEvents.read({ ...header, type: "OrderStatusChanged", data: changed, metadata: { [SCHEMA_VERSION]: 2 } }))).toMatch(
      /schema version 2 is newer than this code reads \(1\)$/,
    );
    expect(refusal(() => orderEvents.read({ ...header, type: "OrderStatusChanged", data: changed, metadata: { [SCHEMA_VERSION]: "1" } }))).toMatch(
      /schema version "1" is not a positive whole number$/,
    );
    expect(refusal(() => cartEvents.read({ ...header, type: "OrderStatusChanged", data: changed }))).toMatch(/: not a cart stream$/);
    expect(refusal(() => readEvent({ ...header, streamId: "school-x", type: "Seen", data: {} }))).toMatch(/the shop writes no "school" streams$/);
    expect(readEvent({ ...header, streamId: "cart-user.u1", type: "CartCleared", data: {} }).type).toBe("CartCleared");
  });

  it("never appends data its own schema would refuse", () => {
    expect(() => cartEvents.toAppend({ type: "CartItemRemoved", data: { productId: "p", size: 30 } as never }, "e1")).toThrow(
      /refusing to append CartItemRemoved: size: .*; school: /,
    );
  });

  // A made-up version 2, only in this test: the status change gains a reason, which version 1 events never had.
  type StatusChangedV2 = {
    type: "OrderStatusChanged";
    data: { orderId: string; from: OrderStatus; to: OrderStatus; actor: Actor; at: string; reason: string };
  };
  const v1 = z.object({ orderId: z.string(), from: z.string(), to: z.string(), actor: z.object({ kind: z.string() }).passthrough(), at: z.string() });
  const v2 = z.object({
    orderId: z.string(),
    from: z.enum(["pending", "processing", "shipped", "delivered", "cancelled"]),
    to: z.enum(["pending", "processing", "shipped", "delivered", "cancelled"]),
    actor: z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() }),
    at: z.string(),
    reason: z.string(),
  });
  const registry = createEventRegistry<StatusChangedV2>("order", {
    OrderStatusChanged: {
      version: 2,
      schema: v2,
      older: { 1: { schema: v1, up: (data: z.infer<typeof v1>) => ({ ...data, reason: "" }) } },
    },
  });

  it("upcasts an older version step by step into today's, and reads today's as it is", () => {
    const old = registry.read({ ...header, type: "OrderStatusChanged", data: changed });
    expect(old.data).toEqual({ ...changed, reason: "" });
    const today = registry.toAppend({ type: "OrderStatusChanged", data: { ...(changed as StatusChangedV2["data"]), reason: "courier" } }, "e2");
    expect(today.metadata).toEqual({ [SCHEMA_VERSION]: 2 });
    expect(registry.read({ ...header, ...today }).data.reason).toBe("courier");
    // A version-1 event that did not match version 1 is refused at its own version, before any upcast.
    expect(refusal(() => registry.read({ ...header, type: "OrderStatusChanged", data: { ...changed, at: 5 } }))).toMatch(
      /: version 1 data does not match: at: /,
    );
    // A version 2 event is never taken through the version 1 upcaster.
    expect(refusal(() => registry.read({ ...header, type: "OrderStatusChanged", data: changed, metadata: { [SCHEMA_VERSION]: 2 } }))).toMatch(
      /: version 2 data does not match: reason: /,
    );
  });
  it("reads a refund stored in whole rupees (version 1) as its paise, and writes paise (decision 209)", () => {
    const refund = { orderId: "o1", method: "upi", note: "Shirt returned", actor: { kind: "admin", name: "Asha" }, at: "2026-06-02T10:00:00.000Z" };
    const old = orderEvents.read({ ...header, type: "PaymentRefunded", data: { ...refund, amount: 255 }, metadata: { [SCHEMA_VERSION]: 1 } });
    expect(old.data).toEqual({ ...refund, paise: 255_00 });
    const appended = orderEvents.toAppend({ type: "PaymentRefunded", data: { ...refund, method: "upi", actor: { kind: "admin", name: "Asha" }, paise: 254_79 } }, "e2");
    // Version 3 names the counter of a refund given at one (decision 218); one without a counter reads as it was written.
    expect(appended.metadata).toMatchObject({ [SCHEMA_VERSION]: 3 });
    expect(orderEvents.read({ ...header, ...appended }).data).toEqual({ ...refund, paise: 254_79 });
    // A version 2 refund in rupees is no refund: paise are whole.
    expect(refusal(() => orderEvents.read({ ...header, type: "PaymentRefunded", data: { ...refund, paise: 254.79 }, metadata: { [SCHEMA_VERSION]: 2 } }))).toMatch(/version 2 data does not match: paise: /);
    expect(orderEvents.read({ ...header, type: "PaymentRefunded", data: { ...refund, paise: 100_00 }, metadata: { [SCHEMA_VERSION]: 2 } }).data).toEqual({ ...refund, paise: 100_00 });
    expect(orderEvents.read({ ...header, type: "PaymentRefunded", data: { ...refund, paise: 100_00, counter: "5" }, metadata: { [SCHEMA_VERSION]: 3 } }).data).toEqual({ ...refund, paise: 100_00, counter: "5" });
  });
});
