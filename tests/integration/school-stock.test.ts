/**
 * The shop's own school uniforms on the shelf (decision 180), through the shop's services on a real
 * Postgres: two parents for the last shirt of a size, a size that stops selling when out, a made-to-order
 * size that holds what the shelf has, an order placed before the item was counted, and replay and verify.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { verify } from "../../projectors/replay";
import type { CartOwner } from "../../services/cart";
import { englishOf } from "../support/refusal";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const details = (phone: string) => ({ name: "Ravi Kumar", phone, address: "12 Station Road", city: "Churu", pincode: "331001" });
let phone = 9_700_000_000;

async function cartWith(item: string, size: string, quantity = 1): Promise<CartOwner> {
  const parent: CartOwner = { kind: "guest", token: randomUUID() };
  await shop.cart.add(parent, { productId: item, size, quantity });
  return parent;
}

const place = (parent: CartOwner) => shop.orders.placeOrderFromCart({ owner: parent, idempotencyKey: randomUUID(), details: details(String(phone++)) });

async function refused(promise: Promise<unknown>): Promise<{ key: string; message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, message: englishOf(err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

async function shelfOf(item: string, size: string) {
  const sku = await shop.schoolStock.skuOf(item, size);
  if (sku === undefined) throw new Error(`${item} ${size} is not counted`);
  const level = await shop.stock.level(sku);
  return { sku, forSale: level?.available ?? 0, held: level?.held ?? 0 };
}

async function counted(item: string, size: string, onShelf: number) {
  const sku = await shop.schoolStock.skuOf(item, size);
  await shop.schoolStock.count(sku!, onShelf, owner, "Counted the shelf");
}

describe("a school size that stops selling when out", () => {
  it("two parents buying the last shirt of size 30 at once: sold once, the other told it is out", async () => {
    await shop.schoolStock.setRule("school/dps/shirt", "stop", null, owner);
    await counted("school/dps/shirt", "30", 1);
    // Both carts took the size while one was on the shelf.
    const carts = await Promise.all([cartWith("school/dps/shirt", "30"), cartWith("school/dps/shirt", "30")]);
    const answers = await Promise.allSettled(carts.map(place));
    const placed = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value] : []));
    expect(placed).toHaveLength(1);
    const lost = answers.find((a) => a.status === "rejected");
    expect(isRuleViolation(lost?.reason) && lost.reason.status).toBe(409);
    expect(englishOf(lost!.reason)).toBe("Shirt (30) is out of stock.");
    await shop.waitForReadModels(placed[0]!.position);
    expect(await shelfOf("school/dps/shirt", "30")).toMatchObject({ forSale: 0, held: 1 });
  });

  it("an out size cannot go in the cart, with the message key the pages word; other sizes still can", async () => {
    await shop.schoolStock.setRule("school/dps/pant", "stop", null, owner);
    await counted("school/dps/pant", "32", 2);
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    expect(await refused(shop.cart.add(parent, { productId: "school/dps/pant", size: "30", quantity: 1 }))).toMatchObject({ key: "stock.outOfStock" });
    expect(await refused(shop.cart.add(parent, { productId: "school/dps/pant", size: "32", quantity: 3 }))).toMatchObject({
      key: "stock.onlyLeft",
      message: "Only 2 of Pant left in stock.",
    });
    expect(await shop.cart.add(parent, { productId: "school/dps/pant", size: "32", quantity: 2 })).not.toBeNull();
  });

  it("shipping takes the order's units off the shelf; cancelling an order not yet shipped gives them back", async () => {
    await shop.schoolStock.setRule("school/dps/skirt", "stop", null, owner);
    const sizes = (await shop.schoolStock.school("dps"))!.find((i) => i.item === "school/dps/skirt")!.sizes.map((s) => s.size) as [string, ...string[]];
    const [size] = sizes;
    await counted("school/dps/skirt", size, 5);
    const first = await place(await cartWith("school/dps/skirt", size, 2));
    const second = await place(await cartWith("school/dps/skirt", size, 1));
    await shop.orders.changeStatus(first.orderId, "processing", owner);
    const shipped = await shop.orders.changeStatus(first.orderId, "shipped", owner);
    const cancelled = await shop.orders.changeStatus(second.orderId, "cancelled", owner);
    await shop.waitForReadModels((cancelled.position ?? shipped.position)!);
    expect(await shelfOf("school/dps/skirt", size)).toMatchObject({ forSale: 3, held: 0 });
    const history = await shop.stock.history((await shelfOf("school/dps/skirt", size)).sku);
    // The stream opens at 0 (nothing counted yet), then the count.
    expect(history.map((h) => h.type).reverse()).toEqual(["StockAdjusted", "StockAdjusted", "StockReserved", "StockReserved", "StockShipped", "StockReleased"]);
  });
});

describe("a school size made to order when the shelf is short", () => {
  it("sells past the shelf: the order holds what is there and the rest is made, the lead time on its price", async () => {
    await shop.schoolStock.setRule("school/dps/tunik", "make", 10, owner);
    const [size] = (await shop.schoolStock.school("dps"))!.find((i) => i.item === "school/dps/tunik")!.sizes.map((s) => s.size) as [string, ...string[]];
    await counted("school/dps/tunik", size, 1);
    expect((await shop.priceLine("school/dps/tunik", size)).ok && (await shop.priceLine("school/dps/tunik", size))).toMatchObject({
      product: { leadDays: 10 },
    });
    const placed = await place(await cartWith("school/dps/tunik", size, 3));
    await shop.waitForReadModels(placed.position);
    expect(await shelfOf("school/dps/tunik", size)).toMatchObject({ forSale: 0, held: 1 });
    // Nothing left on the shelf: still sold, holding nothing.
    const next = await place(await cartWith("school/dps/tunik", size, 1));
    await shop.waitForReadModels(next.position);
    expect(await shelfOf("school/dps/tunik", size)).toMatchObject({ forSale: 0, held: 1 });
  });

  it("a lead time out of 1 to 90 days is refused with its key", async () => {
    expect(await refused(shop.schoolStock.setRule("school/dps/belt", "make", 0, owner))).toMatchObject({ key: "schoolStock.leadDays", status: 422 });
    expect(await refused(shop.schoolStock.setRule("school/nowhere/belt", "stop", null, owner))).toMatchObject({ key: "schoolStock.notAnItem", status: 404 });
  });
});

describe("moving over without losing an order", () => {
  it("an order placed while the item counted nothing stays whole: counting it later, then cancelling and shipping, moves no unit", async () => {
    const before = await place(await cartWith("school/dps/t-shirt", "30", 2));
    await shop.schoolStock.setRule("school/dps/t-shirt", "stop", null, owner);
    await counted("school/dps/t-shirt", "30", 4);
    const cancelled = await shop.orders.changeStatus(before.orderId, "cancelled", owner);
    await shop.waitForReadModels(cancelled.position!);
    expect(await shelfOf("school/dps/t-shirt", "30")).toMatchObject({ forSale: 4, held: 0 });
    expect((await shop.orders.getOrder(before.orderId))?.status).toBe("cancelled");
  });

  it("replay and verify agree with the read models", async () => {
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  });
});
