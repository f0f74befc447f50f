import { describe, expect, it } from "vitest";
import { actorLabel, addressLine, deliveryLine, describeOrderEvent } from "../../domain/orders/describe";
import type { OrderEvent } from "../../domain/orders/events";

const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
const at = "2025-01-01T10:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const address = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const placed = (customer: Extract<OrderEvent, { type: "OrderPlaced" }>["data"]["customer"]): OrderEvent => ({
  type: "OrderPlaced",
  data: {
    orderId,
    lines: [
      { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 2 },
      { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 100, quantity: 1 },
    ],
    total: 720,
    customer,
    address,
    placedAt: at,
    language: "en",
    subtotal: 720,
    discountPercent: 0,
    discount: 0,
    delivery: 0,
    paymentMethod: "cod",
  },
});

describe("the audit trail's words for each order event", () => {
  it("OrderPlaced: by the guest or the signed-in customer, the lines, the total and where it goes", () => {
    expect(describeOrderEvent(placed({ kind: "guest", name: "Ravi", phone: "9876543210" }))).toEqual({
      what: "Order placed",
      by: "Guest: Ravi",
      change: "→ pending (payment pending)",
      details: "Shirt (30) x 2, Belt (Free Size) x 1; total ₹720; deliver to Ravi Kumar, 12 Station Road, Churu, 331001 (9876543210)",
    });
    expect(describeOrderEvent(placed({ kind: "user", userId: "u1", name: "Meena", phone: "9876543211" })).by).toBe("Customer: Meena");
  });

  it("OrderStatusChanged: who, and from → to", () => {
    expect(describeOrderEvent({ type: "OrderStatusChanged", data: { orderId, from: "pending", to: "shipped", actor: admin, at } })).toEqual({
      what: "Status changed",
      by: "Admin: Asha",
      change: "pending → shipped",
      details: "",
    });
  });

  it("OrderPaymentStatusChanged: 'Payment received' only when it becomes paid", () => {
    expect(describeOrderEvent({ type: "OrderPaymentStatusChanged", data: { orderId, from: "pending", to: "paid", actor: admin, at } })).toEqual({
      what: "Payment status changed",
      by: "Admin: Asha",
      change: "payment pending → paid",
      details: "Payment received",
    });
    expect(describeOrderEvent({ type: "OrderPaymentStatusChanged", data: { orderId, from: "paid", to: "pending", actor: admin, at } }).details).toBe("");
  });

  it("OrderDeleted: a tombstone whose history stays", () => {
    expect(describeOrderEvent({ type: "OrderDeleted", data: { orderId, actor: { kind: "system" }, at } })).toEqual({
      what: "Order deleted",
      by: "System",
      change: "deleted (tombstone)",
      details: "The order left the lists; its history stays.",
    });
  });

  it("names the actor by kind and name, and says 'Unknown' when none is recorded", () => {
    expect(actorLabel({ kind: "admin", id: "a1" })).toBe("Admin");
    expect(actorLabel({ kind: "customer", name: "Meena" })).toBe("Customer: Meena");
    expect(actorLabel(undefined)).toBe("Unknown");
  });

  it("prints an address with only the parts that are filled in", () => {
    expect(addressLine({ address: "12 Station Road", city: "Churu", pincode: "331001" })).toBe("12 Station Road, Churu, 331001");
    expect(addressLine({ address: "", city: "Churu", pincode: "331001" })).toBe("Churu, 331001");
    expect(deliveryLine({ ...address, address: "" })).toBe("Ravi Kumar, Churu, 331001 (9876543210)");
  });

  it("prints the order's money in parts when an offer or delivery changed it, and each payment step with who and what", () => {
    const offered = placed({ kind: "guest", name: "Ravi", phone: "9876543210" });
    if (offered.type !== "OrderPlaced") throw new Error("not placed");
    Object.assign(offered.data, { subtotal: 3539, discountPercent: 10, discount: 353, delivery: 100, total: 3286 });
    expect(describeOrderEvent(offered).details).toContain("subtotal ₹3,539; 10% off -₹353; delivery ₹100; total ₹3,286");
    expect(describeOrderEvent({ type: "PaymentReported", data: { orderId, reference: "412345678901", actor: { kind: "guest", name: "Ravi" }, at } })).toEqual({
      what: "Payment reported",
      by: "Guest: Ravi",
      change: "unpaid → reported",
      details: "UPI reference 412345678901",
    });
    expect(
      describeOrderEvent({ type: "PaymentRefunded", data: { orderId, paise: 500_00, method: "upi", reference: "512345678901", note: "Shirt returned", actor: admin, at } }),
    ).toEqual({ what: "Refunded", by: "Admin: Asha", change: "refund", details: "₹500 by UPI; reference 512345678901; Shirt returned" });
  });
});
