/**
 * Return to origin through the order service on the real store (decision 235): a parcel booked with the courier
 * leaves the shelf with its tax invoice; back at the shop undelivered, its goods are on the shelf again, a credit
 * note reverses the invoice, and the parent is charged nothing. Received twice, it is back once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { placeTestOrder } from "../support/admin";
import { REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: REGISTERED_SHOP_ENV });
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "owner-1", name: "Asha" };
const available = async (productId: number) => (await shop.stock.level(productId))?.available ?? -1;
const eventsOf = async (orderId: string) => orderEvents.readAll(await shop.store.readStream(orderStreamId(orderId)));

describe("a parcel returned to origin", () => {
  it("puts its goods back on the shelf, reverses its invoice, and leaves the parent owing and owed nothing on COD", async () => {
    const bottle = await shop.products.create({
      name: "Steel Bottle RTO",
      price: 199,
      description: "Sent by courier in tests.",
      imageUrl: null,
      stockQuantity: 5,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
    });
    // A registered shop sells only what has its HSN code (decision 200): a steel bottle's.
    await shop.productTax.set(bottle.id, { hsn: "7323", taxClass: "bottle" }, owner);
    const order = await placeTestOrder(shop, { items: [{ productId: `product/${bottle.id}`, quantity: 2 }], city: "Jaipur", pincode: "302001" });
    expect(await available(bottle.id)).toBe(3);
    await shop.orders.bookShipment(
      order.orderId,
      { provider: "shiprocket", providerOrderId: "5001", shipmentId: "6001", awb: "1234567890123", courier: "Delhivery Surface", at: new Date().toISOString() },
      owner,
    );
    const shipped = await shop.orders.taxDocuments(order.orderId);
    expect(shipped?.invoices).toHaveLength(1);
    expect(await available(bottle.id)).toBe(3);

    const back = await shop.orders.returnToOrigin(order.orderId, "refused", owner);
    expect(back.changed).toBe(true);
    expect(await available(bottle.id)).toBe(5);
    const documents = await shop.orders.taxDocuments(order.orderId);
    expect(documents?.creditNotes).toHaveLength(1);
    expect(documents?.creditNotes[0].totals.value).toBe(documents?.invoices[0].totals.value);
    const summary = await shop.orders.getOrder(order.orderId);
    expect(summary?.status).toBe("cancelled");
    expect(summary?.amountPaid ?? 0).toBe(0);

    // The counter receives it again, or the courier's scan says so after: back once.
    expect((await shop.orders.returnToOrigin(order.orderId, "refused", owner)).changed).toBe(false);
    expect(await available(bottle.id)).toBe(5);
    const types = (await eventsOf(order.orderId)).map((e) => e.type);
    expect(types.filter((t) => t === "ParcelReturnedToOrigin")).toHaveLength(1);
    expect(types.filter((t) => t === "CreditNoteIssued")).toHaveLength(1);
  });
});
