// Cart and order calls of the /api: the happy path of each and every error docs/api.md gives
// them. (The auth matrix, 405, 413, 415 and malformed bodies: api-contract.test.ts.)
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCall, startApiHarness, stateFingerprint, type ApiHarness } from "../support/api";
import { placeTestOrder } from "../support/admin";

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(async () => {
  await api?.close();
});

const address = { name: "Meena Sharma", phone: "9876500001", address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" };
let phoneSeq = 8_100_000_000 + Math.floor(Math.random() * 800_000_000);
const guestExample = () => structuredClone(findCall("POST", "/api/orders/guest").example.request) as Record<string, any>;  
const userExample = () => structuredClone(findCall("POST", "/api/orders").example.request) as Record<string, any>;  
const key = () => ({ "Idempotency-Key": randomUUID() });

describe("/api/cart", () => {
  it("POST replaces the items with the server's names and prices, GET reads them, DELETE clears", async () => {
    const example = findCall("POST", "/api/cart").example;
    let res = await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ ...(example.request as any).items[0], price: 1, name: "Cheap" }] } });  
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...(example.answer as object), items: [expect.objectContaining({ id: "school/dps/shirt", name: "Shirt", size: "30", quantity: 2, price: 310 })] });
    res = await api.request("GET", "/api/cart", { who: "shopper" });
    // The offer (10% by default) is taken off the lines' ₹620: the page and the app read the same total.
    expect(res.body).toMatchObject({ subtotal: 620, discountPercent: 10, discount: 62, total: 558, count: 2, items: [{ id: "school/dps/shirt", productId: "school/dps/shirt", school: expect.any(String), imageUrl: expect.any(String) }] });
    // Replacing is a replace, not an add: the shirt goes, the calculator comes.
    res = await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ productId: "stationery/scientific-calculator", quantity: 3 }] } });
    expect(res.body.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity])).toEqual([["stationery/scientific-calculator", 3]]);
    res = await api.request("DELETE", "/api/cart", { who: "shopper" });
    expect(res.body).toEqual(findCall("DELETE", "/api/cart").example.answer);
    expect((await api.request("GET", "/api/cart", { who: "shopper" })).body.items).toEqual([]);
  });

  it("422 names the refused item and changes nothing", async () => {
    await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ id: "stationery/scientific-calculator", quantity: 1 }] } });
    const before = await stateFingerprint(api.server);
    const cases: [unknown[], RegExp][] = [
      [[{ id: "nope/x", quantity: 1 }], /^items\.0 \(nope\/x\): This product is not in our catalogue\./],
      [[{ id: "stationery/scientific-calculator", quantity: 1 }, { id: "school/dps/shirt", size: "31", quantity: 1 }], /^items\.1 .*Size 31 is not available/],
      [[{ id: "school/dps/shirt", size: "30", quantity: 0 }], /^items\.0\.quantity: Quantity must be a whole number from 1 to 99/],
      [[{ id: "school/dps/shirt", size: "30", quantity: 1.5 }], /Quantity must be a whole number/],
      [Array.from({ length: 51 }, (_, i) => ({ id: "school/dps/shirt", size: String(24 + (i % 12) * 2), quantity: 1 })), /at most 50/],
      [[{ id: "../../etc/passwd", quantity: 1 }], /^items\.0\.id: That is not a product id/],
    ];
    for (const [items, message] of cases) {
      const res = await api.request("POST", "/api/cart", { who: "shopper", body: { items } });
      expect(res.status, JSON.stringify(items).slice(0, 100)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    expect(await stateFingerprint(api.server)).toEqual(before);
    expect((await api.request("GET", "/api/cart", { who: "shopper" })).body.items.map((i: { id: string }) => i.id)).toEqual(["stationery/scientific-calculator"]);
  });

  it("400 for an item without an id", async () => {
    const res = await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ quantity: 1 }] } });
    expect(res).toMatchObject({ status: 400, body: { message: "Invalid request: items.0: send the product's id (id or productId)." } });
  });
});

describe("POST /api/orders/guest", () => {
  it("201 with the order as the spec client sends it (cart items with image fields); the same key answers the same order", async () => {
    const body = guestExample();
    const headers = key();
    const res = await api.request("POST", "/api/orders/guest", { body, headers });
    expect(res.status, res.text).toBe(201);
    // The client's total (₹610) is the lines' sum: the 10% offer makes the order ₹549, as documented.
    expect(res.body).toEqual({ ...(findCall("POST", "/api/orders/guest").example.answer as object), orderId: expect.any(String), displayId: expect.any(String), order: expect.any(Object) });
    expect(res.body).toMatchObject({ message: "Your order has been placed. Thank you!", duplicate: false, total: 549, subtotal: 610, discount: 61, order: { status: "pending", paymentStatus: "pending", total: 549, phone: body.mobileNumber, userId: null } });
    expect(res.body.order.items).toHaveLength(2);
    const again = await api.request("POST", "/api/orders/guest", { body, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toMatchObject({ orderId: res.body.orderId, duplicate: true, message: "This order was already placed." });
    expect((await api.server.shop.store.readStream(`order-${res.body.orderId}`)).map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
  });

  it("places one order for concurrent retries with one key", async () => {
    const body = { ...guestExample(), mobileNumber: String(phoneSeq++) };
    const headers = key();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.request("POST", "/api/orders/guest", { body, headers })));
    expect(new Set(answers.map((a) => a.body.orderId)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
  });

  it("409 for a stale price or total, naming the line and the price; nothing written", async () => {
    const before = await stateFingerprint(api.server);
    const body = guestExample();
    body.cartItems[0].price = 10;
    let res = await api.request("POST", "/api/orders/guest", { body, headers: key() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The price of Shirt \(30\) is now ₹310, not ₹10\./);
    res = await api.request("POST", "/api/orders/guest", { body: { ...guestExample(), totalAmount: 600 }, headers: key() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/The order total is ₹549, not ₹600/);
    expect(await stateFingerprint(api.server)).toEqual(before);
  });

  it("400 for a bad Idempotency-Key, 422 for the same key with another body", async () => {
    for (const bad of ["short", "has spaces in it", "x".repeat(129), "ключ-ключ-ключ"]) {
      const res = await api.request("POST", "/api/orders/guest", { body: guestExample(), headers: { "Idempotency-Key": encodeURIComponent(bad) === bad ? bad : "bad/key?!" } });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/Idempotency-Key/);
    }
    const headers = key();
    expect((await api.request("POST", "/api/orders/guest", { body: guestExample(), headers })).status).toBe(201);
    const other = guestExample();
    other.cartItems = [other.cartItems[1]];
    other.totalAmount = 300;
    expect(await api.request("POST", "/api/orders/guest", { body: other, headers })).toMatchObject({ status: 422, body: { message: "This Idempotency-Key was already used for a different order." } });
  });

  it("422 with the checkout form's messages; nothing written", async () => {
    const before = await stateFingerprint(api.server);
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ cartItems: [] }, "Your cart is empty."],
      [{ mobileNumber: "12345" }, "Mobile number must be 10 digits"],
      [{ mobileNumber: " " }, "Mobile number is required"],
      [{ address: { ...address, name: " " } }, "Name is required"],
      [{ address: { ...address, address: "" } }, "Address is required"],
      [{ address: { ...address, city: "" } }, "City is required"],
      [{ address: { ...address, pincode: "" } }, "Pincode is required"],
      [{ address: { ...address, pincode: 33100 } }, "Pincode must be 6 digits"],
      [{ address: { ...address, phone: "" } }, "Mobile number is required"],
      [{ cartItems: [{ id: "nope/x", quantity: 1 }], totalAmount: undefined }, /not in our catalogue/],
      [{ cartItems: [{ id: "school/dps/shirt", size: "30", quantity: 100 }] }, /Quantity/],
    ];
    for (const [change, message] of cases) {
      const res = await api.request("POST", "/api/orders/guest", { body: { ...guestExample(), ...change }, headers: key() });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    // The spec's pincode may come as a number.
    const numeric = await api.request("POST", "/api/orders/guest", { body: { ...guestExample(), address: { ...address, pincode: 331001 } }, headers: key() });
    expect(numeric.status).toBe(201);
    expect(before.orders).not.toEqual((await stateFingerprint(api.server)).orders);
  });
});

describe("POST /api/orders (user token)", () => {
  it("201 for the signed-in user with the spec's item fields; listed in /api/orders/user", async () => {
    const res = await api.request("POST", "/api/orders", { who: "shopper", body: userExample(), headers: key() });
    expect(res.status, res.text).toBe(201);
    expect(res.body.order).toMatchObject({ userId: api.shopper.id, email: api.shopper.email, total: 279, paymentMethod: "cod", items: [{ productId: "school/dps/shirt", size: "30", quantity: 1, price: 310 }] });
    const documented = findCall("POST", "/api/orders").example.answer as { payment: object };
    expect(res.body).toMatchObject({ total: 279, subtotal: 310, discount: 31, discountPercent: 10, delivery: 0, payment: documented.payment });
    const mine = await api.request("GET", "/api/orders/user", { who: "shopper" });
    expect(mine.status).toBe(200);
    expect(Array.isArray(mine.body)).toBe(true);
    expect(mine.body[0]).toMatchObject({ id: res.body.orderId, name: "Meena Sharma", shippingAddress: { line1: address.address, city: "Churu", pincode: "331001" } });
  });

  it("the same key answers the same order; a key of another user is another order", async () => {
    const headers = key();
    const first = await api.request("POST", "/api/orders", { who: "shopper", body: userExample(), headers });
    const again = await api.request("POST", "/api/orders", { who: "shopper", body: userExample(), headers });
    expect(again).toMatchObject({ status: 200, body: { orderId: first.body.orderId, duplicate: true } });
    const other = await api.server.shop.auth.registerWithEmail({ email: `other-${randomUUID()}@example.com`, password: "satchel-2026" });
    const token = await api.server.shop.auth.issueToken(other.id, "shopper");
    const theirs = await api.request("POST", "/api/orders", { token, body: userExample(), headers });
    expect(theirs.status).toBe(201);
    expect(theirs.body.orderId).not.toBe(first.body.orderId);
    const changed = userExample();
    changed.items[0].quantity = 2;
    changed.total = 620;
    expect((await api.request("POST", "/api/orders", { who: "shopper", body: changed, headers })).status).toBe(422);
  });

  it("409 stale price, 422 empty cart or bad shipping, 400 bad key; nothing written", async () => {
    const before = await stateFingerprint(api.server);
    const stale = userExample();
    stale.items[0].price = 300;
    expect((await api.request("POST", "/api/orders", { who: "shopper", body: stale, headers: key() })).status).toBe(409);
    expect(await api.request("POST", "/api/orders", { who: "shopper", body: { ...userExample(), total: 1 }, headers: key() })).toMatchObject({ status: 409 });
    expect(await api.request("POST", "/api/orders", { who: "shopper", body: { ...userExample(), items: [], total: 0 }, headers: key() })).toMatchObject({ status: 422, body: { message: "Your cart is empty." } });
    expect(await api.request("POST", "/api/orders", { who: "shopper", body: { ...userExample(), shipping: { ...address, city: "" } }, headers: key() })).toMatchObject({ status: 422, body: { message: "City is required" } });
    expect((await api.request("POST", "/api/orders", { who: "shopper", body: userExample(), headers: { "Idempotency-Key": "nope" } })).status).toBe(400);
    expect(await stateFingerprint(api.server)).toEqual(before);
  });

  it("409 when there is not enough stock of a shop product", async () => {
    const product = await api.request("POST", "/api/products", { who: "admin", body: { name: "Scarce Tie", price: 120, stock_quantity: 1, category: "tie" } });
    const res = await api.request("POST", "/api/orders", { who: "shopper", body: { items: [{ productId: `product/${product.body.id}`, quantity: 2 }], shipping: address }, headers: key() });
    expect(res.status, res.text).toBe(409);
    expect(res.body.message).toMatch(/Only 1 of Scarce Tie left in stock/);
  });
});

describe("a shop product named as GET /api/products lists it", () => {
  it("orders and carts it by its listed id (12 or \"12\") as by its cart id (product/12)", async () => {
    const created = await api.request("POST", "/api/products", { who: "admin", body: { name: "Listed Belt", price: 95, stock_quantity: 9, category: "accessories" } });
    const listed = (await api.request("GET", "/api/products")).body.products.find((p: { name: string }) => p.name === "Listed Belt");
    expect(listed.id).toBe(created.body.id);
    for (const id of [listed.id, String(listed.id)]) {
      const res = await api.request("POST", "/api/orders", { who: "shopper", body: { items: [{ id, quantity: 2 }], shipping: address }, headers: key() });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ subtotal: 190, discount: 19, total: 171 });
      expect(res.body.order.items[0]).toMatchObject({ productId: `product/${listed.id}`, name: "Listed Belt", quantity: 2 });
    }
    const cart = await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ productId: listed.id, quantity: 1 }] } });
    expect(cart.status, cart.text).toBe(200);
    expect(cart.body.items[0]).toMatchObject({ productId: `product/${listed.id}`, name: "Listed Belt", price: 95 });
    // A number that names no product is refused like any unknown id, never a 500.
    const unknown = await api.request("POST", "/api/orders", { who: "shopper", body: { items: [{ id: 987654321, quantity: 1 }], shipping: address }, headers: key() });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toMatch(/product\/987654321/);
  });
});

describe("admin order calls", () => {
  it("GET /api/orders: an array, newest first, ?status= filters; 400 for an unknown status", async () => {
    const a = await placeTestOrder(api.server.shop, { name: "Contract A" });
    const b = await placeTestOrder(api.server.shop, { name: "Contract B" });
    const res = await api.request("GET", "/api/orders", { who: "admin" });
    expect(res.status).toBe(200);
    const ids = res.body.map((o: { id: string }) => o.id);
    expect(ids.indexOf(b.orderId)).toBeLessThan(ids.indexOf(a.orderId));
    expect((await api.request("GET", "/api/orders?status=pending&_=1", { who: "admin" })).body.every((o: { status: string }) => o.status === "pending")).toBe(true);
    expect((await api.request("GET", "/api/orders?status=", { who: "admin" })).status).toBe(200);
    expect(await api.request("GET", "/api/orders?status=lost", { who: "admin" })).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^status: Unknown status filter/) } });
  });

  it("GET, PATCH and DELETE /api/orders/{id}: the order, its changes, its tombstone; 404, 409 and 422 as documented", async () => {
    const { orderId } = await placeTestOrder(api.server.shop);
    expect(await api.request("GET", `/api/orders/${orderId}`, { who: "admin" })).toMatchObject({ status: 200, body: { id: orderId, deleted: false } });
    expect(await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: { status: "shipped", paymentStatus: "paid" } })).toMatchObject({
      status: 200,
      body: { id: orderId, status: "shipped", paymentStatus: "paid" },
    });
    const before = await stateFingerprint(api.server);
    expect(await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: { status: "lost" } })).toMatchObject({ status: 422, body: { message: expect.stringMatching(/^Status must be one of/) } });
    expect(await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: { paymentStatus: "refunded" } })).toMatchObject({ status: 422 });
    expect(await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: { status: "x".repeat(41) } })).toMatchObject({ status: 422, body: { message: expect.stringMatching(/^status: /) } });
    expect(await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: {} })).toMatchObject({ status: 400 });
    for (const id of [randomUUID(), "not-an-id", "%E0%A4", "1"]) {
      expect((await api.request("PATCH", `/api/orders/${id}`, { who: "admin", body: { status: "shipped" } })).status, id).toBe(404);
      expect((await api.request("GET", `/api/orders/${id}`, { who: "admin" })).status, id).toBe(404);
      expect((await api.request("DELETE", `/api/orders/${id}`, { who: "admin" })).status, id).toBe(404);
    }
    // A NUL in the address is refused at the edge (decision 081).
    expect((await api.request("GET", "/api/orders/%00", { who: "admin" })).status).toBe(400);
    expect(await stateFingerprint(api.server)).toEqual(before);
    expect(await api.request("DELETE", `/api/orders/${orderId}`, { who: "admin" })).toMatchObject({ status: 200, body: { message: "Order deleted.", order: { id: orderId, deleted: true } } });
    expect((await api.request("DELETE", `/api/orders/${orderId}`, { who: "admin" })).body.message).toBe("The order was already deleted.");
    expect((await api.request("PATCH", `/api/orders/${orderId}`, { who: "admin", body: { status: "pending" } })).status).toBe(409);
    expect((await api.request("GET", "/api/orders", { who: "admin" })).body.map((o: { id: string }) => o.id)).not.toContain(orderId);
  });
});
