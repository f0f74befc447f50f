import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { eventually } from "../support/fake-providers";

let server: TestServer;
let admin: TestAdmin;
let shopperToken: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
  const shopper = await server.shop.auth.registerWithEmail({ email: `shopper-${randomUUID()}@example.com`, password: "satchel-2026", name: "Shopper" });
  shopperToken = await server.shop.auth.issueToken(shopper.id, "shopper");
});
afterAll(async () => {
  await server?.close();
});

type Who = "admin" | "shopper" | "anonymous";
function request(method: string, path: string, body?: unknown, who: Who = "admin", headers: Record<string, string> = {}) {
  const token = who === "admin" ? admin.token : who === "shopper" ? shopperToken : undefined;
  return call(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("admin order calls", () => {
  it("GET /api/orders lists orders (newest first), filters by status; 401 without a token, 403 with a shopper's", async () => {
    const a = await placeTestOrder(server.shop, { name: "List Alpha" });
    const b = await placeTestOrder(server.shop, { name: "List Beta" });
    let res = await request("GET", "/api/orders");
    expect(res.status).toBe(200);
    const all = (await res.json()) as { id: string; status: string; name: string; items: unknown[] }[];
    expect(Array.isArray(all)).toBe(true);
    const ids = all.map((o) => o.id);
    expect(ids.indexOf(b.orderId)).toBeLessThan(ids.indexOf(a.orderId));
    expect(all.find((o) => o.id === a.orderId)).toMatchObject({ name: "List Alpha", status: "pending", paymentStatus: "pending" });

    await request("PATCH", `/api/orders/${a.orderId}`, { status: "shipped" });
    res = await request("GET", "/api/orders?status=shipped");
    const shipped = (await res.json()) as { id: string; status: string }[];
    expect(shipped.map((o) => o.id)).toContain(a.orderId);
    expect(shipped.every((o) => o.status === "shipped")).toBe(true);

    expect((await request("GET", "/api/orders", undefined, "anonymous")).status).toBe(401);
    expect((await request("GET", "/api/orders", undefined, "shopper")).status).toBe(403);
    expect((await request("GET", "/api/orders?status=lost")).status).toBe(400);
  });

  it("PATCH /api/orders/{id} sets status and payment status with the admin as actor", async () => {
    const { orderId } = await placeTestOrder(server.shop);
    let res = await request("PATCH", `/api/orders/${orderId}`, { status: "delivered", paymentStatus: "paid" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: orderId, status: "delivered", paymentStatus: "paid" });
    // The order's lifecycle decides which status may follow which (decision 160): the spec's "any order" is not a shop's.
    res = await request("PATCH", `/api/orders/${orderId}`, { status: "pending" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      "This order was delivered, so it cannot be set to pending. What the parent sends back is a return: use Returns on the order's page.",
    );
    res = await request("PATCH", `/api/orders/${orderId}`, { status: "shipped" });
    expect((await res.json()).status).toBe("shipped");

    const trail = await server.shop.store.readStream(`order-${orderId}`);
    // "paid" on a cash-on-delivery order records the cash collected (decision 101).
    expect(trail.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested", "OrderStatusChanged", "CashCollected", "OrderStatusChanged"]);
    expect((trail[2].data as { actor: unknown }).actor).toEqual({ kind: "admin", id: admin.id, name: admin.name || admin.email });
  });

  it("PATCH is one command: a refused half changes nothing, so a 409 never cancels an order or texts the parent", async () => {
    const { orderId, phone } = await placeTestOrder(server.shop);
    // Cash is never taken for a cancelled order: the whole change is refused, the cancel with it.
    const res = await request("PATCH", `/api/orders/${orderId}`, { status: "cancelled", paymentStatus: "paid" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "admin.paymentCashCancelled" });
    expect((await server.shop.store.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);
    expect(await (await request("GET", `/api/orders/${orderId}`)).json()).toMatchObject({ status: "pending", paymentStatus: "pending" });
    // The parent is texted once the order is really cancelled, and only then: the refused PATCH sent nothing.
    const cancelled = (await request("PATCH", `/api/orders/${orderId}`, { status: "cancelled" })).status;
    expect(cancelled).toBe(200);
    const cancelTexts = () => server.sms.to(phone).filter((m) => m.text.includes("has been cancelled"));
    await eventually("the cancellation text", () => cancelTexts().length > 0 || null);
    expect(cancelTexts()).toHaveLength(1);
    expect((await server.shop.store.readStream(`order-${orderId}`)).filter((e) => e.type === "OrderStatusChanged")).toHaveLength(1);
  });

  it("PATCH of a refused status with an accepted payment records no payment either", async () => {
    const { orderId } = await placeTestOrder(server.shop);
    // A refused status with an accepted payment: nothing either.
    await request("PATCH", `/api/orders/${orderId}`, { status: "shipped" });
    const second = await request("PATCH", `/api/orders/${orderId}`, { status: "pending", paymentStatus: "paid" });
    expect(second.status).toBe(409);
    expect((await server.shop.store.readStream(`order-${orderId}`)).map((e) => e.type)).not.toContain("CashCollected");
  });

  it("PATCH refuses bad input with a 4xx and writes nothing", async () => {
    const { orderId } = await placeTestOrder(server.shop);
    const cases: [unknown, number, RegExp, Record<string, string>?][] = [
      [{ status: "lost" }, 422, /Status must be one of/],
      [{ paymentStatus: "refunded" }, 422, /Payment status must be one of/],
      [{ status: "shipped", paymentStatus: "refunded" }, 422, /Payment status/],
      [{}, 400, /status/],
      [{ status: 5 }, 400, /Invalid request/],
      [{ status: "shipped", total: 1 }, 400, /Invalid request/],
      ["{oops", 400, /not valid JSON/],
      [{ status: "shipped" }, 415, /JSON/, { "Content-Type": "text/plain" }],
    ];
    for (const [body, status, message, headers] of cases) {
      const res = await request("PATCH", `/api/orders/${orderId}`, body, "admin", headers);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
    expect(await server.shop.store.readStream(`order-${orderId}`)).toHaveLength(2);
    expect((await request("PATCH", `/api/orders/${randomUUID()}`, { status: "shipped" })).status).toBe(404);
    expect((await request("PATCH", "/api/orders/not-an-id", { status: "shipped" })).status).toBe(404);
    expect((await request("PATCH", `/api/orders/${orderId}`, { status: "shipped" }, "anonymous")).status).toBe(401);
    expect((await request("PATCH", `/api/orders/${orderId}`, { status: "shipped" }, "shopper")).status).toBe(403);
    expect(await server.shop.store.readStream(`order-${orderId}`)).toHaveLength(2);
  });

  it("DELETE /api/orders/{id} appends a tombstone: gone from the list, the trail and GET by id remain", async () => {
    const { orderId } = await placeTestOrder(server.shop);
    expect((await request("DELETE", `/api/orders/${orderId}`, undefined, "shopper")).status).toBe(403);
    expect((await request("DELETE", `/api/orders/${orderId}`, undefined, "anonymous")).status).toBe(401);
    const res = await request("DELETE", `/api/orders/${orderId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: "Order deleted.", order: { id: orderId, deleted: true } });
    const list = (await (await request("GET", "/api/orders")).json()) as { id: string }[];
    expect(list.map((o) => o.id)).not.toContain(orderId);
    expect(await (await request("GET", `/api/orders/${orderId}`)).json()).toMatchObject({ id: orderId, deleted: true });
    const trail = await server.shop.store.readStream(`order-${orderId}`);
    expect(trail.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested", "OrderDeleted"]);
    // A deleted order's status cannot change; deleting again changes nothing.
    expect((await request("PATCH", `/api/orders/${orderId}`, { status: "shipped" })).status).toBe(409);
    expect((await (await request("DELETE", `/api/orders/${orderId}`)).json()).message).toBe("The order was already deleted.");
    expect((await request("DELETE", `/api/orders/${randomUUID()}`)).status).toBe(404);
    expect((await request("GET", `/api/orders/${randomUUID()}`)).status).toBe(404);
  });
});

describe("product calls", () => {
  const body = { name: "API Test Blazer", price: 999, description: "Made by the API test", image: "/images/products/navy-blazer.png" };

  it("POST creates (201), GET reads it back, /shop shows it at once", async () => {
    const res = await request("POST", "/api/products", { ...body, category: "blazer", gender: "girls", size: "32", stock_quantity: 3 });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ ...body, image_url: body.image, category: "blazer", gender: "girls", size: "32", stock_quantity: 3 });
    expect(created.id).toEqual(expect.any(Number));
    const one = await request("GET", `/api/products/${created.id}`, undefined, "anonymous");
    expect(await one.json()).toMatchObject({ id: created.id, name: body.name });
    const list = await (await request("GET", "/api/products?category=blazer&gender=girls&size=32&inStock=true", undefined, "anonymous")).json();
    expect(list.products.map((p: { id: number }) => p.id)).toContain(created.id);
    const shop = await (await call(`${server.url}/shop?category=blazer`)).text();
    expect(shop).toContain("API Test Blazer");
  });

  it("the spec's admin client body (name, price, description, image) gets defaults; image_url is accepted too", async () => {
    const res = await request("POST", "/api/products", { name: "Plain Product", price: 50, description: "", image_url: "https://example.com/p.jpg" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ category: "accessories", gender: "unisex", size: "Free Size", stock_quantity: 0, image_url: "https://example.com/p.jpg" });
  });

  it("PUT replaces, PATCH changes only what it is sent, PATCH /stock sets the stock, DELETE removes", async () => {
    const created = await (await request("POST", "/api/products", { ...body, category: "tie", gender: "boys", stock_quantity: 4 })).json();
    let res = await request("PATCH", `/api/products/${created.id}`, { price: 1099 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: 1099, name: body.name, category: "tie", stock_quantity: 4 });
    res = await request("PUT", `/api/products/${created.id}`, { name: "Replaced", price: 10 });
    expect(await res.json()).toMatchObject({ name: "Replaced", price: 10, description: "", image_url: null, category: "accessories", stock_quantity: 0 });
    res = await request("PATCH", `/api/products/${created.id}/stock`, { stock_quantity: 12 });
    expect(await res.json()).toMatchObject({ stock_quantity: 12 });
    res = await request("DELETE", `/api/products/${created.id}`);
    expect(res.status).toBe(200);
    expect((await request("GET", `/api/products/${created.id}`, undefined, "anonymous")).status).toBe(404);
  });

  it("refuses without the admin token (401/403), unknown ids (404), bad input (400/415/422), never a 500", async () => {
    const created = await (await request("POST", "/api/products", body)).json();
    const path = `/api/products/${created.id}`;
    for (const [method, p, b] of [
      ["POST", "/api/products", body],
      ["PUT", path, body],
      ["PATCH", path, { price: 5 }],
      ["PATCH", `${path}/stock`, { stock_quantity: 1 }],
      ["DELETE", path, undefined],
    ] as const) {
      expect((await request(method, p, b, "anonymous")).status, `${method} ${p} anonymous`).toBe(401);
      expect((await request(method, p, b, "shopper")).status, `${method} ${p} shopper`).toBe(403);
    }
    for (const [method, p, b] of [
      ["PUT", "/api/products/999999", body],
      ["PATCH", "/api/products/999999", { price: 5 }],
      ["PATCH", "/api/products/999999/stock", { stock_quantity: 1 }],
      ["DELETE", "/api/products/999999", undefined],
      ["DELETE", "/api/products/abc", undefined],
      ["GET", "/api/products/0", undefined],
    ] as const) {
      expect((await request(method, p, b)).status, `${method} ${p}`).toBe(404);
    }
    const cases: [string, string, unknown, number, RegExp, Record<string, string>?][] = [
      ["POST", "/api/products", { ...body, name: "  " }, 422, /Name is required/],
      ["POST", "/api/products", { ...body, price: 0 }, 422, /Price must be more than 0/],
      ["POST", "/api/products", { ...body, price: -3 }, 422, /Price must be more than 0/],
      ["POST", "/api/products", { ...body, price: 10.5 }, 422, /whole rupees/],
      ["POST", "/api/products", { ...body, image: "javascript:alert(1)" }, 422, /Image URL must start with https:\/\/ or \//],
      ["POST", "/api/products", { ...body, image: "//evil.example/x.png" }, 422, /Image URL/],
      ["POST", "/api/products", { ...body, category: "hats" }, 422, /Unknown category/],
      ["POST", "/api/products", { ...body, gender: "men" }, 422, /Unknown gender/],
      ["POST", "/api/products", { ...body, size: "XXXL" }, 422, /Unknown size/],
      ["POST", "/api/products", { ...body, stock_quantity: -1 }, 422, /Stock must be a whole number from 0/],
      ["POST", "/api/products", { ...body, price: "999" }, 400, /Invalid request/],
      ["POST", "/api/products", { description: "no name" }, 400, /Invalid request/],
      ["POST", "/api/products", { ...body, colour: "red" }, 400, /Invalid request/],
      ["POST", "/api/products", "{oops", 400, /not valid JSON/],
      ["POST", "/api/products", body, 415, /JSON/, { "Content-Type": "text/plain" }],
      ["PATCH", path, { price: "cheap" }, 400, /Invalid request/],
      ["PATCH", path, { name: "" }, 422, /Name is required/],
      ["PATCH", `${path}/stock`, { stock_quantity: 1.5 }, 422, /Stock must be a whole number/],
      ["PATCH", `${path}/stock`, { stock_quantity: "5" }, 400, /Invalid request/],
      ["PUT", path, { price: 5 }, 400, /Invalid request/],
    ];
    for (const [method, p, b, status, message, headers] of cases) {
      const res = await request(method, p, b, "admin", headers);
      expect(res.status, `${method} ${p} ${JSON.stringify(b)}`).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
    expect(await (await request("GET", path, undefined, "anonymous")).json()).toMatchObject({ name: body.name, price: body.price });
  });

  it("GET /api/products filters (public) and GET /api/products/categories lists the values", async () => {
    const res = await request("GET", "/api/products?minPrice=100&maxPrice=300&inStock=false", undefined, "anonymous");
    const { products } = await res.json();
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.price).toBeGreaterThanOrEqual(100);
      expect(p.price).toBeLessThanOrEqual(300);
      expect(p.stock_quantity).toBe(0);
    }
    for (const bad of ["category=hats", "minPrice=abc", "inStock=maybe", "minPrice=500&maxPrice=100"]) {
      expect((await request("GET", `/api/products?${bad}`, undefined, "anonymous")).status, bad).toBe(400);
    }
    const values = await (await request("GET", "/api/products/categories", undefined, "anonymous")).json();
    expect(values.categories.map((c: { value: string }) => c.value)).toContain("blazer");
    expect(values.genders.map((g: { value: string }) => g.value)).toEqual(["boys", "girls", "unisex"]);
    expect(values.sizes).toContain("Free Size");
  });
});
