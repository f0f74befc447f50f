import type { Shop } from "../../services/index";
import { placeTestOrder } from "./admin";

/**
 * A GST-registered shop's settings (docs/tax.md): its orders get a tax invoice when they ship and a credit
 * note when money goes back after it. The GSTIN's check character is right; 08 is Rajasthan.
 */
export const REGISTERED_SHOP_ENV = {
  SHOP_GSTIN: "08AAPFU0939F1ZV",
  SHOP_LEGAL_NAME: "Churu Uniform House Pvt Ltd",
  SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001",
};

/**
 * A parent's order with both tax documents the parent can open (`/orders/invoice`): shipped (the tax invoice),
 * delivered, paid in cash and ₹100 refunded (a credit note naming the invoice). The shop must run with
 * REGISTERED_SHOP_ENV, or the order has no documents and the page is a 404.
 */
export async function invoicedOrder(shop: Shop, options: { userId?: string; name?: string } = {}) {
  const actor = { kind: "admin" as const, id: "test-admin", name: "Test Admin" };
  const placed = await placeTestOrder(shop, {
    name: options.name ?? "Invoice Parent",
    userId: options.userId,
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: "stationery/geometric-box-set", quantity: 1 },
    ],
  });
  await shop.orders.changeStatus(placed.orderId, "shipped", actor);
  await shop.orders.changeStatus(placed.orderId, "delivered", actor);
  await shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor, at }));
  await shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "cash", note: "one shirt back", actor, at }));
  const documents = await shop.orders.taxDocuments(placed.orderId);
  if (!documents?.invoices.length || documents.creditNotes.length === 0) throw new Error("the test order has no tax invoice and credit note: is the shop GST-registered?");
  return placed;
}
