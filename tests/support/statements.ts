import { randomUUID } from "node:crypto";
import type { Shop } from "../../services/index";
import { eventually } from "./fake-providers";

/**
 * A guest's UPI order of school shirts, the parent's reference reported when given: the statement samples'
 * amounts (tests/fixtures/statements/) are shirts at ₹310 less the shop's 10%: 2 -> ₹558, 3 -> ₹837,
 * 4 -> ₹1,116, 5 -> ₹1,395, 6 -> ₹1,674.
 */
export async function placeUpiOrder(shop: Pick<Shop, "orders">, scope: string, shirts: number, reference?: string): Promise<string> {
  const placed = await shop.orders.placeOrder({
    scope,
    idempotencyKey: randomUUID(),
    items: [{ productId: "school/dps/shirt", size: "30", quantity: shirts }],
    customer: { kind: "guest", name: "Ravi Kumar", phone: "9876543210" },
    address: { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "upi",
  });
  if (reference) await shop.orders.pay(placed.orderId, (at) => ({ type: "ReportPayment", reference, actor: { kind: "guest", name: "Ravi Kumar" }, at }));
  // A statement is matched against the orders as their pages show them: wait until this one is there, with the
  // reference reported (projected after the order itself, so its arrival alone does not say the reference came).
  await eventually(
    `order ${placed.orderId} on the order pages${reference ? ` with reference ${reference}` : ""}`,
    async () => {
      const order = await shop.orders.getOrder(placed.orderId);
      return order && (!reference || order.paymentReference === reference) ? order : null;
    },
    60_000,
  );
  return placed.orderId;
}
