import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { orderStreamId } from "../../domain/orders/events";
import type { CartOwner } from "../../services/cart";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf } from "../support/refusal";
import { adapterOf } from "../support/event-store";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const details = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

async function refusal(promise: Promise<unknown>): Promise<{ message: string; status: number }> {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { message: englishOf(err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

async function filledCart(owner: CartOwner = { kind: "guest", token: randomUUID() }) {
  await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 2 });
  await shop.cart.add(owner, { productId: "stationery/scientific-calculator", quantity: 1 });
  return owner;
}

describe("placing orders from a cart", () => {
  it("places one order with server prices, checks the cart out and shows it in the read models", async () => {
    const owner = await filledCart();
    const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details });
    expect(placed.duplicate).toBe(false);
    // The shop's standing offer: 10% off, rounded down to the rupee; free delivery to 331001.
    expect(placed.total).toBe(2 * 310 + 150 - 77);
    expect(placed.displayId).toMatch(/^[0-9A-F]{8}$/);
    expect(await shop.waitForReadModels(placed.position)).toBe(true);

    const order = await shop.orders.getOrder(placed.orderId);
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      paymentMethod: "cod",
      subtotal: 770,
      discount: 77,
      delivery: 0,
      total: 693,
      customerKind: "guest",
      phone: "9876543210",
    });
    expect(order?.lines.map((l) => `${l.name} (${l.size}) x ${l.quantity} @ ${l.unitPrice}`)).toEqual([
      "Shirt (30) x 2 @ 310",
      "Scientific Calculator (Free Size) x 1 @ 150",
    ]);
    const cart = await shop.cart.view(owner);
    expect(cart.lines).toEqual([]);
    const cartEvents = await shop.store.readStream(`cart-${cart.cartId}`);
    expect(cartEvents[cartEvents.length - 1].type).toBe("CartCheckedOut");
  });

  it("refuses an empty cart with 'Your cart is empty.'", async () => {
    const owner: CartOwner = { kind: "guest", token: randomUUID() };
    expect((await refusal(shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details }))).message).toBe(
      "Your cart is empty.",
    );
  });

  it("makes exactly one order from one key, however many submits arrive at once or later", async () => {
    const owner = await filledCart();
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => shop.orders.placeOrderFromCart({ owner, idempotencyKey: key, details })),
    );
    const ids = new Set(results.map((r) => r.orderId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const later = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: key, details });
    expect(later).toMatchObject({ orderId: results[0].orderId, duplicate: true });
    const [orderId] = ids;
    expect((await shop.store.readStream(orderStreamId(orderId))).map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
    // The cart was checked out once, not once per submit.
    const cart = await shop.cart.view(owner);
    const checkouts = (await shop.store.readStream(`cart-${cart.cartId}`)).filter((e) => e.type === "CartCheckedOut");
    expect(checkouts).toHaveLength(1);
  });

  it("finishes the cart checkout on a retry when the first attempt stopped after the order", async () => {
    // Where a store appends to several streams one by one (EventStoreDB), a process can die
    // between the order and the cart. Here the store stops after the first stream.
    const owner = await filledCart();
    const key = randomUUID();
    const store = adapterOf(shop.store);
    const realAppend = store.appendToStreams;
    store.appendToStreams = async (appends) => {
      await store.append(appends[0].streamId, appends[0].events, appends[0].expectedRevision);
      throw new Error("process died");
    };
    try {
      await expect(shop.orders.placeOrderFromCart({ owner, idempotencyKey: key, details })).rejects.toThrow("process died");
    } finally {
      store.appendToStreams = realAppend;
    }
    expect((await shop.cart.view(owner)).count).toBe(3);
    const retry = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: key, details });
    expect(retry.duplicate).toBe(true);
    expect((await shop.cart.view(owner)).count).toBe(0);
  });

  it("places the order as priced when the cart changes meanwhile, and leaves the new line in the cart", async () => {
    const owner = await filledCart();
    const store = adapterOf(shop.store);
    const realAppend = store.appendToStreams;
    // Another tab adds a bigger shirt after this submit read the cart and before it appends.
    store.appendToStreams = async (appends) => {
      store.appendToStreams = realAppend;
      await shop.cart.add(owner, { productId: "school/dps/shirt", size: "32", quantity: 1 });
      return realAppend.call(store, appends);
    };
    try {
      const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details });
      expect(placed).toMatchObject({ duplicate: false, total: 693 });
      expect(await shop.waitForReadModels(placed.position)).toBe(true);
      expect((await shop.orders.getOrder(placed.orderId))?.lines.map((l) => l.name)).toEqual(["Shirt", "Scientific Calculator"]);
    } finally {
      store.appendToStreams = realAppend;
    }
    const cart = await shop.cart.view(owner);
    expect(cart.lines.map((l) => `${l.name} (${l.size}) x ${l.quantity}`)).toEqual(["Shirt (32) x 1"]);
  });

  it("keeps a signed-in user's orders in their history, newest first", async () => {
    const userId = randomUUID();
    const owner = await filledCart({ kind: "user", userId });
    const first = await shop.orders.placeOrderFromCart({
      owner,
      idempotencyKey: randomUUID(),
      details,
      user: { id: userId, name: "Ravi", email: "ravi@example.com" },
    });
    await shop.cart.add(owner, { productId: "white/belt", quantity: 1 }).catch(() => shop.cart.add(owner, { productId: "school/dps/belt", quantity: 1 }));
    const second = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details, user: { id: userId, name: "Ravi" } });
    await shop.waitForReadModels(second.position);
    const history = await shop.orders.getOrderHistory(userId);
    expect(history.map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(history[1]).toMatchObject({ userId, customerKind: "user", email: "ravi@example.com" });
  });
});

describe("the admin's commands and the trail", () => {
  it("changes status and payment, deletes with a tombstone, and keeps the whole trail", async () => {
    const owner = await filledCart();
    const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details });
    expect((await shop.orders.changeStatus(placed.orderId, "shipped", admin)).changed).toBe(true);
    expect((await shop.orders.changeStatus(placed.orderId, "shipped", admin)).changed).toBe(false);
    await shop.orders.markPaid(placed.orderId, admin);
    expect((await refusal(shop.orders.changeStatus(placed.orderId, "teleported", admin))).status).toBe(422);

    let order = await shop.orders.getOrder(placed.orderId);
    expect(order).toMatchObject({ status: "shipped", paymentStatus: "paid", deleted: false });
    const history = await shop.orders.getStatusHistory(placed.orderId);
    expect(history.map((h) => `${h.field}:${h.from}->${h.to}:${h.actor.kind}`)).toEqual([
      "status:null->pending:guest",
      "status:pending->shipped:admin",
      "payment:null->cash collected:admin",
    ]);

    await shop.orders.deleteOrder(placed.orderId, admin);
    order = await shop.orders.getOrder(placed.orderId);
    expect(order?.deleted).toBe(true);
    expect((await shop.orders.listOrders()).some((o) => o.id === placed.orderId)).toBe(false);
    expect((await shop.orders.listOrders({ includeDeleted: true })).some((o) => o.id === placed.orderId)).toBe(true);
    expect((await refusal(shop.orders.changeStatus(placed.orderId, "delivered", admin))).status).toBe(409);

    const trail = await shop.orders.getOrderTrail(placed.orderId);
    expect(trail.map((t) => t.type)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged", "CashCollected", "OrderDeleted"]);
    expect(trail[3].data).toMatchObject({ amount: 693, actor: admin });
    expect(trail[4].data).toMatchObject({ actor: admin });
  });

  it("answers a missing or malformed order id with 404", async () => {
    expect((await refusal(shop.orders.changeStatus(randomUUID(), "shipped", admin))).status).toBe(404);
    expect((await refusal(shop.orders.deleteOrder("'; drop table orders; --", admin))).status).toBe(404);
  });

  it("lists orders by status and sorts the admin list", async () => {
    const owner = await filledCart();
    const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details });
    await shop.orders.changeStatus(placed.orderId, "processing", admin);
    const processing = await shop.orders.listOrders({ status: "processing" });
    expect(processing.map((o) => o.id)).toContain(placed.orderId);
    expect(processing.every((o) => o.status === "processing")).toBe(true);
    const all = await shop.orders.listOrders();
    const times = all.map((o) => o.placedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("guest tracking", () => {
  it("finds an order by its short or full id with the mobile number, and nothing with a wrong pair", async () => {
    const owner = await filledCart();
    const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details: { ...details, phone: "9123456789" } });
    await shop.waitForReadModels(placed.position);
    const byShort = await shop.orders.findOrderForTracking(placed.displayId.toLowerCase(), "9123456789");
    expect(byShort?.order.id).toBe(placed.orderId);
    expect(byShort?.history.map((h) => h.to)).toEqual(["pending"]);
    expect((await shop.orders.findOrderForTracking(placed.orderId, "9123456789"))?.order.id).toBe(placed.orderId);
    expect(await shop.orders.findOrderForTracking(placed.displayId, "9000000000")).toBeUndefined();
    expect(await shop.orders.findOrderForTracking("ZZZZZZZZ", "9123456789")).toBeUndefined();
  });
});

describe("placing orders through the /api service", () => {
  const items = [
    { productId: "school/dps/shirt", size: "30", quantity: 1, price: 310 },
    { productId: "stationery/scientific-calculator", quantity: 2, price: 150 },
  ];
  const base = () => ({
    scope: `guest:9876500000`,
    idempotencyKey: randomUUID(),
    items,
    expectedTotal: 610,
    customer: { kind: "guest" as const, name: "Meena", phone: "9876500000" },
    address: { ...details, name: "Meena", phone: "9876500000" },
  });

  it("returns the same order for the same key and body, and refuses the same key with another body", async () => {
    const input = base();
    const first = await shop.orders.placeOrder(input);
    const again = await shop.orders.placeOrder(input);
    expect(again).toMatchObject({ orderId: first.orderId, duplicate: true });
    const other = await refusal(shop.orders.placeOrder({ ...input, items: [{ ...items[0], quantity: 3 }], expectedTotal: 930 }));
    expect(other).toEqual({ status: 422, message: "This Idempotency-Key was already used for a different order." });
  });

  it("refuses a stale client price or total with 409 naming the line and the current price, and writes nothing", async () => {
    const input = { ...base(), items: [{ ...items[0], price: 250 }], expectedTotal: 250 };
    const stale = await refusal(shop.orders.placeOrder(input));
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/Shirt \(30\) is now ₹310, not ₹250/);
    const wrongTotal = await refusal(shop.orders.placeOrder({ ...base(), expectedTotal: 1 }));
    expect(wrongTotal).toMatchObject({ status: 409 });
    expect(wrongTotal.message).toMatch(/total is ₹549, not ₹1/);
    expect(await shop.store.readStream(orderStreamId(shop.orders.orderIdFor(input.scope, input.idempotencyKey)))).toEqual([]);
  });
});
