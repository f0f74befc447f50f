/**
 * Returns at the counter (decision 214), through the shop's services on a real Postgres: an online order exchanged
 * for another size by a walk-in parent (the shelf both ways in one command), a walk-in sale refunded in cash with
 * its credit note in the shop's series, a return sent twice made once, and the find box by number and mobile.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { foldOrder } from "../../domain/orders/order";
import type { CartOwner } from "../../services/cart";
import type { CounterReturnInput } from "../../services/orders";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const staff = { id: "staff-2", name: "Meena" };

async function counted(item: string, size: string, onShelf: number) {
  await shop.schoolStock.setRule(item, "stop", null, owner);
  const sku = await shop.schoolStock.skuOf(item, size);
  await shop.schoolStock.count(sku!, onShelf, owner, "Counted the shelf");
  return sku!;
}

async function storedOrder(orderId: string) {
  return foldOrder((await shop.store.readStream(orderStreamId(orderId))).map((e) => orderEvents.read(e)));
}

const shelf = async (sku: number) => (await shop.stock.level(sku))?.available;

describe("an exchange at the counter", () => {
  it("a walk-in parent exchanges an online order's shirt for the next size: both shelves move in one command, the trail names the staff member", async () => {
    const small = await counted("school/dps/shirt", "26", 2);
    const large = await counted("school/dps/shirt", "28", 1);
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await shop.cart.add(parent, { productId: "school/dps/shirt", size: "26", quantity: 1 });
    const placed = await shop.orders.placeOrderFromCart({
      owner: parent,
      idempotencyKey: randomUUID(),
      details: { name: "Ravi Kumar", phone: "9829011111", address: "12 Station Road", city: "Churu", pincode: "331001" },
    });
    await shop.orders.changeStatus(placed.orderId, "shipped", owner);
    await shop.orders.changeStatus(placed.orderId, "delivered", owner);
    expect(await shelf(small)).toBe(1);

    // Found by the parent's mobile number, then exchanged in one step.
    const found = await shop.orders.findForCounter("98290 11111");
    expect(found.map((f) => f.orderId)).toEqual([placed.orderId]);
    const view = await shop.orders.counterReturnView(placed.orderId);
    expect(view.closed).toBeNull();
    expect(view.lines).toMatchObject([{ name: "Shirt", size: "26", returnable: 1 }]);
    const done = await shop.orders.returnAtCounter({
      returnId: randomUUID(),
      orderId: placed.orderId,
      counter: "1",
      lines: [{ productId: "school/dps/shirt", size: "26", school: view.lines[0].school, quantity: 1 }],
      reason: "Too small",
      outcome: { kind: "exchange", size: "28" },
      staff,
    });
    expect(done.changed).toBe(true);
    expect(await shelf(small)).toBe(2);
    expect(await shelf(large)).toBe(0);
    const events = (await shop.store.readStream(orderStreamId(placed.orderId))).map((e) => orderEvents.read(e));
    const returnSteps = events.filter((e) => ["ReturnRequested", "ReturnApproved", "ReturnReceived", "ExchangeMade"].includes(e.type));
    expect(returnSteps.map((e) => [e.type, (e.data as { actor: { id?: string } }).actor.id])).toEqual([
      ["ReturnRequested", "staff-2"],
      ["ReturnApproved", "staff-2"],
      ["ReturnReceived", "staff-2"],
      ["ExchangeMade", "staff-2"],
    ]);
    // No money moved and no credit note: the supply stands, in another size.
    const order = await storedOrder(placed.orderId);
    expect(order.exists && [order.payment.refundedPaise, order.tax.creditNotes.length]).toEqual([0, 0]);
  });

  it("for a size whose shelf is empty is refused whole: the returned shirt stays with the parent, both shelves as they were", async () => {
    const from = await counted("school/dps/shirt", "30", 1);
    const to = await counted("school/dps/shirt", "32", 0);
    await counted("school/dps/shirt", "30", 1);
    const items = [{ productId: "school/dps/shirt", size: "30", quantity: 1 }];
    const { total } = await shop.orders.counterBill(items);
    const sold = await shop.orders.sellAtCounter({ saleId: randomUUID(), counter: "1", items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, language: "en", staff });
    await shop.waitForReadModels(sold.position);
    const input: CounterReturnInput = {
      returnId: randomUUID(),
      orderId: sold.orderId,
      counter: "1",
      lines: [{ productId: "school/dps/shirt", size: "30", school: (await shop.orders.counterReturnView(sold.orderId)).lines[0].school, quantity: 1 }],
      reason: "Too small",
      outcome: { kind: "exchange", size: "32" },
      staff,
    };
    await expect(shop.orders.returnAtCounter(input)).rejects.toMatchObject({ status: 409 });
    expect([await shelf(from), await shelf(to)]).toEqual([0, 0]);
    const order = await storedOrder(sold.orderId);
    expect(order.exists && order.afterSale.returns).toEqual([]);
  });
});

describe("a refund at the counter", () => {
  it("a walk-in sale refunded in cash: the money shown is the money given, the credit note numbered, the shelf back; sent twice, made once", async () => {
    const sku = await counted("school/dps/belt", "Free Size", 3);
    const items = [{ productId: "school/dps/belt", size: "Free Size", quantity: 2 }];
    const { total } = await shop.orders.counterBill(items);
    const sold = await shop.orders.sellAtCounter({ saleId: randomUUID(), counter: "2", items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, language: "en", mobile: "9829022222", staff });
    await shop.waitForReadModels(sold.position);
    expect(await shelf(sku)).toBe(1);

    const [found] = await shop.orders.findForCounter(sold.displayId.toLowerCase());
    expect(found.orderId).toBe(sold.orderId);
    const view = await shop.orders.counterReturnView(sold.orderId);
    const lines = [{ productId: "school/dps/belt", size: "Free Size", school: view.lines[0].school, quantity: 1 }];
    const due = await shop.orders.counterRefundDue(sold.orderId, lines);
    expect(due).toBe(Math.round(total / 2));
    const input: CounterReturnInput = { returnId: randomUUID(), orderId: sold.orderId, counter: "2", lines, reason: "Not needed", outcome: { kind: "refund", method: "cash", shownAmount: due }, staff };
    const [first, second] = await Promise.allSettled([shop.orders.returnAtCounter(input), shop.orders.returnAtCounter(input)]);
    expect([first.status, second.status]).toEqual(["fulfilled", "fulfilled"]);
    const changed = [first, second].map((a) => (a.status === "fulfilled" ? a.value.changed : undefined)).sort();
    expect(changed).toEqual([false, true]);
    expect(await shelf(sku)).toBe(2);

    const order = await storedOrder(sold.orderId);
    if (!order.exists) throw new Error("no order");
    expect(order.payment).toMatchObject({ paid: total, refundedPaise: due * 100 });
    expect(order.tax.creditNotes).toHaveLength(1);
    const [note] = order.tax.creditNotes;
    expect(note).toMatchObject({ reason: "return", returnId: order.afterSale.returns[0].returnId });
    expect(note.lines.map((l) => l.quantity)).toEqual([1]);
    expect(note.number).toMatch(/\/\d{6}$/);
    const refunded = (await shop.store.readStream(orderStreamId(sold.orderId))).map((e) => orderEvents.read(e)).find((e) => e.type === "PaymentRefunded");
    expect(refunded?.data).toMatchObject({ paise: due * 100, method: "cash", note: "counter 2", actor: { kind: "admin", id: "staff-2", name: "Meena" } });
  });

  it("a refund by UPI without its reference is refused and nothing changes", async () => {
    const sku = await counted("school/dps/tie-small", "Free Size", 2);
    const items = [{ productId: "school/dps/tie-small", size: "Free Size", quantity: 1 }];
    const { total } = await shop.orders.counterBill(items);
    const sold = await shop.orders.sellAtCounter({ saleId: randomUUID(), counter: "1", items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, language: "en", staff });
    const lines = [{ productId: "school/dps/tie-small", size: "Free Size", school: (await shop.orders.counterReturnView(sold.orderId)).lines[0].school, quantity: 1 }];
    const input: CounterReturnInput = { returnId: randomUUID(), orderId: sold.orderId, counter: "1", lines, reason: "Not needed", outcome: { kind: "refund", method: "upi", shownAmount: total }, staff };
    await expect(shop.orders.returnAtCounter(input)).rejects.toMatchObject({ key: "counterReturns.upiReference", status: 422 });
    expect(await shelf(sku)).toBe(1);
    const order = await storedOrder(sold.orderId);
    expect(order.exists && [order.afterSale.returns.length, order.payment.refundedPaise, order.tax.creditNotes.length]).toEqual([0, 0, 0]);
  });
});
