/**
 * A walk-in sale at the counter (decision 210), through the shop's services on a real Postgres: the last
 * shirt of a size sold once between two counters and online parents at the same moment, a split payment
 * with its invoice in the shop's series, and a sale sent twice (a double press) made once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { foldOrder } from "../../domain/orders/order";
import { liveInvoice } from "../../domain/tax/documents";
import type { CartOwner } from "../../services/cart";
import type { CounterSaleInput } from "../../services/orders";
import { englishOf } from "../support/refusal";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const staff = { id: "staff-1", name: "Meena" };
let phone = 9_600_000_000;

async function counted(item: string, size: string, onShelf: number) {
  await shop.schoolStock.setRule(item, "stop", null, owner);
  const sku = await shop.schoolStock.skuOf(item, size);
  await shop.schoolStock.count(sku!, onShelf, owner, "Counted the shelf");
  return sku!;
}

const sale = (item: string, size: string, total: number, extra: Partial<CounterSaleInput> = {}): CounterSaleInput => ({
  saleId: randomUUID(),
  counter: "1",
  items: [{ productId: item, size, quantity: 1 }],
  shownTotal: total,
  payment: { mode: "cash", cashGiven: total },
  language: "en",
  staff,
  ...extra,
});

async function storedOrder(orderId: string) {
  return foldOrder((await shop.store.readStream(orderStreamId(orderId))).map((e) => orderEvents.read(e)));
}

describe("the last piece between the counter and online", () => {
  it("two counters and three online parents at once for the last shirt: one sale, every other refused, the shelf at 0", async () => {
    const sku = await counted("school/dps/shirt", "32", 1);
    const price = (await shop.orders.counterBill([{ productId: "school/dps/shirt", size: "32", quantity: 1 }])).total;
    const carts: CartOwner[] = [];
    for (let i = 0; i < 3; i++) {
      const parent: CartOwner = { kind: "guest", token: randomUUID() };
      await shop.cart.add(parent, { productId: "school/dps/shirt", size: "32", quantity: 1 });
      carts.push(parent);
    }
    const online = carts.map((parent) =>
      shop.orders.placeOrderFromCart({
        owner: parent,
        idempotencyKey: randomUUID(),
        details: { name: "Ravi Kumar", phone: String(phone++), address: "12 Station Road", city: "Churu", pincode: "331001" },
      }),
    );
    const counters = ["1", "2"].map((counter) => shop.orders.sellAtCounter(sale("school/dps/shirt", "32", price, { counter })));
    const answers = await Promise.allSettled([...counters, ...online]);
    const sold = answers.filter((a) => a.status === "fulfilled");
    expect(sold).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status === "rejected")) {
      expect(isRuleViolation(lost.reason) && lost.reason.status).toBe(409);
      expect(englishOf(lost.reason)).toMatch(/Shirt \(32\) is out of stock|Many parents are ordering this item right now/);
    }
    const winner = sold[0];
    if (winner?.status !== "fulfilled") throw new Error("nobody got the last shirt");
    await shop.waitForReadModels(winner.value.position);
    expect(await shop.stock.level(sku)).toMatchObject({ available: 0 });
  });

  it("a size sold at the counter is gone online at once", async () => {
    await counted("school/dps/pant", "34", 1);
    const { total } = await shop.orders.counterBill([{ productId: "school/dps/pant", size: "34", quantity: 1 }]);
    await shop.orders.sellAtCounter(sale("school/dps/pant", "34", total));
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await expect(shop.cart.add(parent, { productId: "school/dps/pant", size: "34", quantity: 1 })).rejects.toMatchObject({ key: "stock.outOfStock" });
  });
});

describe("paying at the counter", () => {
  it("a split payment: the UPI part with its reference and the rest in cash make one paid, handed-over order with its invoice", async () => {
    const sku = await counted("school/dps/tie-small", "Free Size", 3);
    const items = [{ productId: "school/dps/tie-small", size: "Free Size", quantity: 2 }];
    const { total } = await shop.orders.counterBill(items);
    const upiAmount = Math.floor(total / 2);
    const done = await shop.orders.sellAtCounter({
      ...sale("school/dps/tie-small", "Free Size", total),
      items,
      mobile: "98765 43210",
      payment: { mode: "split", upiAmount, upiReference: "612345678901", cashGiven: total - upiAmount + 50 },
    });
    expect(done).toMatchObject({ total, upi: upiAmount, cash: total - upiAmount, change: 50, duplicate: false });
    await shop.waitForReadModels(done.position);
    const summary = await shop.orders.getOrder(done.orderId);
    expect(summary).toMatchObject({ status: "delivered", paymentStatus: "paid", amountPaid: total, phone: "9876543210", delivery: 0 });
    const order = await storedOrder(done.orderId);
    expect(order.exists && order.placed.channel).toBe("counter");
    const invoice = order.exists ? liveInvoice(order.tax) : undefined;
    // The shop's one invoice series (decision 210): CUH-like prefix, the financial year, the next number.
    expect(invoice?.number).toMatch(/^[A-Z0-9-]{1,4}\/\d{4}\/\d{6}$/);
    expect(invoice?.supply).toBe("intra");
    expect((await shop.stock.level(sku))?.available).toBe(1);
    // The UPI reference now names this order: the same one reported on another order is refused.
    const again = await shop.orders
      .sellAtCounter({ ...sale("school/dps/tie-small", "Free Size", total), items: [{ productId: "school/dps/tie-small", size: "Free Size", quantity: 1 }], shownTotal: (await shop.orders.counterBill([{ productId: "school/dps/tie-small", size: "Free Size", quantity: 1 }])).total, payment: { mode: "upi", upiReference: "612345678901" } })
      .catch((err: unknown) => err);
    expect(isRuleViolation(again) && again.status).toBe(409);
  });

  it("the same sale sent twice (a double press, a reload that posts again) is one sale", async () => {
    const sku = await counted("school/dps/belt", "Free Size", 5);
    const items = [{ productId: "school/dps/belt", size: "Free Size", quantity: 1 }];
    const { total } = await shop.orders.counterBill(items);
    const one = sale("school/dps/belt", "Free Size", total, { items });
    const [first, second] = await Promise.all([shop.orders.sellAtCounter(one), shop.orders.sellAtCounter(one)]);
    expect(second.orderId).toBe(first.orderId);
    expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
    await shop.waitForReadModels(first.position);
    const third = await shop.orders.sellAtCounter(one);
    expect(third).toMatchObject({ orderId: first.orderId, duplicate: true });
    expect((await shop.stock.level(sku))?.available).toBe(4);
  });

  it("cash short changes nothing: no order, the shelf as it was", async () => {
    const sku = await counted("school/dps/shirt", "28", 2);
    const items = [{ productId: "school/dps/shirt", size: "28", quantity: 1 }];
    const { total } = await shop.orders.counterBill(items);
    const short = sale("school/dps/shirt", "28", total, { payment: { mode: "cash", cashGiven: total - 10 } });
    await expect(shop.orders.sellAtCounter(short)).rejects.toMatchObject({ key: "counter.cashShort" });
    expect(await shop.store.readStream(orderStreamId((await import("../../services/orders")).counterOrderId(short.saleId)))).toHaveLength(0);
    expect((await shop.stock.level(sku))?.available).toBe(2);
  });
});
