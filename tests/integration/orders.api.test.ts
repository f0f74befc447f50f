import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { shownTotalFor } from "../support/checkout";

let server: TestServer;
let token: string;
let userId: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await server.shop.auth.registerWithEmail({ email: `api-${randomUUID()}@example.com`, password: "satchel-2026", name: "Api User" });
  userId = user.id;
  token = await server.shop.auth.issueToken(user.id, "shopper");
});
afterAll(async () => {
  await server?.close();
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});
/** Every body is read at once, so no connection is left open for the server's close to wait on. */
async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${server.url}${path}`, init);
  const text = await res.text();
  return new Response(text, { status: res.status, headers: res.headers });
}
const address = { name: "Meena", phone: "9876500001", address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" };

describe("/api/cart", () => {
  it("needs a user token", async () => {
    const res = await call("/api/cart");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: expect.any(String) });
  });

  it("replaces the items with server names and prices, ignoring a client price, and clears", async () => {
    let res = await call("/api/cart", {
      method: "POST",
      ...json({ items: [{ id: "school/dps/shirt", name: "Cheap shirt", size: "30", quantity: 2, price: 1, school: "DPS" }] }),
    });
    expect(res.status).toBe(200);
    let body = await res.json();
    expect(body.items).toEqual([expect.objectContaining({ id: "school/dps/shirt", name: "Shirt", size: "30", quantity: 2, price: 310 })]);
    expect(body).toMatchObject({ subtotal: 620, discountPercent: 10, discount: 62, total: 558 });

    res = await call("/api/cart", { headers: { Authorization: `Bearer ${token}` } });
    expect((await res.json()).items).toHaveLength(1);

    res = await call("/api/cart", { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    body = await res.json();
    expect(body.items).toEqual([]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    await call("/api/cart", { method: "POST", ...json({ items: [{ id: "stationery/scientific-calculator", quantity: 1 }] }) });
    const cases: [RequestInit, number, RegExp][] = [
      [json({ items: [{ id: "nope/x", quantity: 1 }] }), 422, /not in our catalogue/],
      [json({ items: [{ id: "school/dps/shirt", size: "31", quantity: 1 }] }), 422, /Size 31 is not available/],
      // Well-formed but out of range: 422 (docs/api.md); a wrong type is a 400.
      [json({ items: [{ id: "school/dps/shirt", size: "30", quantity: 0 }] }), 422, /Quantity/],
      [json({ items: [{ id: "school/dps/shirt", size: "30", quantity: 100 }] }), 422, /Quantity/],
      [json({ items: [{ id: "school/dps/shirt", size: "30", quantity: "two" }] }), 400, /Quantity/],
      [json({ items: "all of them" }), 400, /items/],
      [json("{not json"), 400, /not valid JSON/],
      [json({ items: [], extra: 1 }), 400, /extra|Unrecognized|unknown/i],
      [{ ...json({}), headers: { "Content-Type": "text/plain", Authorization: `Bearer ${token}` } }, 415, /JSON/],
      [json({ items: [{ id: "x".repeat(70_000), quantity: 1 }] }), 413, /too large/],
    ];
    for (const [init, status, message] of cases) {
      const res = await call("/api/cart", { method: "POST", ...init });
      expect(res.status, JSON.stringify(init.body).slice(0, 80)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
    const res = await call("/api/cart", { headers: { Authorization: `Bearer ${token}` } });
    expect((await res.json()).items.map((i: { id: string }) => i.id)).toEqual(["stationery/scientific-calculator"]);
  });
});

describe("/api/orders", () => {
  const guestBody = (overrides: Record<string, unknown> = {}) => ({
    mobileNumber: "9876500001",
    cartItems: [
      { id: "school/dps/shirt", name: "Shirt", size: "30", quantity: 1, price: 310, school: "DPS" },
      { productId: "stationery/scientific-calculator", quantity: 2, price: 150 },
    ],
    address,
    totalAmount: 610,
    ...overrides,
  });

  it("places a guest order once per Idempotency-Key; another body under the key is a 422", async () => {
    const key = randomUUID();
    const first = await call("/api/orders/guest", { method: "POST", ...json(guestBody(), { "Idempotency-Key": key }) });
    expect(first.status).toBe(201);
    const placed = await first.json();
    // The client's total is the lines' sum (₹610): accepted, and the order is charged ₹549 after the 10% offer.
    expect(placed.order).toMatchObject({ status: "pending", paymentStatus: "pending", paymentMethod: "cod", payment: { status: "unpaid" }, subtotal: 610, discount: 61, delivery: 0, total: 549, phone: "9876500001" });
    const again = await call("/api/orders/guest", { method: "POST", ...json(guestBody(), { "Idempotency-Key": key }) });
    expect(again.status).toBe(200);
    expect((await again.json()).orderId).toBe(placed.orderId);
    const other = await call("/api/orders/guest", {
      method: "POST",
      ...json(guestBody({ totalAmount: 770, cartItems: [{ id: "school/dps/shirt", size: "30", quantity: 1 }, { id: "stationery/scientific-calculator", quantity: 3 }] }), {
        "Idempotency-Key": key,
      }),
    });
    expect(other.status).toBe(422);
    expect((await other.json()).message).toMatch(/already used for a different order/);
  });

  it("refuses a tampered price or total with 409 and places nothing", async () => {
    const before = await server.shop.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    let res = await call("/api/orders/guest", {
      method: "POST",
      ...json(guestBody({ cartItems: [{ id: "school/dps/shirt", size: "30", quantity: 1, price: 10 }], totalAmount: 10 })),
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/Shirt \(30\) is now ₹310, not ₹10/);
    res = await call("/api/orders/guest", { method: "POST", ...json(guestBody({ totalAmount: 5 })) });
    expect(res.status).toBe(409);
    const after = await server.shop.db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses missing and malformed fields with clear messages", async () => {
    const cases: [unknown, number, RegExp][] = [
      [guestBody({ mobileNumber: "12345" }), 422, /Mobile number must be 10 digits/],
      [guestBody({ address: { ...address, pincode: "33" } }), 422, /Pincode must be 6 digits/],
      [guestBody({ address: { ...address, city: " " } }), 422, /City is required/],
      [guestBody({ cartItems: [] }), 422, /Your cart is empty/],
      [guestBody({ cartItems: [{ id: "school/dps/shirt", size: "30", quantity: -1 }] }), 422, /Quantity/],
      [{ cartItems: [], address }, 400, /mobileNumber|Mobile/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("/api/orders/guest", { method: "POST", ...json(body) });
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect((await res.json()).message).toMatch(message);
    }
    const badKey = await call("/api/orders/guest", { method: "POST", ...json(guestBody(), { "Idempotency-Key": "short" }) });
    expect(badKey.status).toBe(400);
  });

  it("takes UPI only when the shop has a UPI ID (this server has none): a 422 asking for cash on delivery", async () => {
    const res = await call("/api/orders/guest", { method: "POST", ...json(guestBody({ paymentMethod: "upi" })) });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe("Paying by UPI is not available right now. Please choose cash on delivery.");
    const hindi = await call("/api/orders/guest", { method: "POST", ...json(guestBody({ paymentMethod: "upi" }), { "Accept-Language": "hi-IN,hi;q=0.9" }) });
    expect(hindi.status).toBe(422);
    expect((await hindi.json()).message).toMatch(/[\u0900-\u097f]/);
  });

  it("places a signed-in order and lists it in /api/orders/user", async () => {
    const res = await call("/api/orders", {
      method: "POST",
      ...json(
        {
          items: [{ productId: "white/shirt", name: "White Shirt", size: "24", school: "", price: 319, quantity: 1, image: "/x.png" }],
          total: 319,
          shipping: address,
        },
        { "Idempotency-Key": randomUUID() },
      ),
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    expect(body.order).toMatchObject({ userId, subtotal: 319, discount: 31, total: 288 });
    const mine = await (await call("/api/orders/user", { headers: { Authorization: `Bearer ${token}` } })).json();
    expect(mine.map((o: { id: string }) => o.id)).toContain(body.orderId);
    expect((await call("/api/orders/user")).status).toBe(401);
    expect((await call("/api/orders", { headers: { Authorization: `Bearer ${token}` } })).status).toBe(403);
  });
});

describe("the /cart and /checkout forms with bad input", () => {
  const form = (fields: Record<string, string>, cookie?: string) => ({
    method: "POST",
    redirect: "manual" as const,
    // As a browser posts a page's form: with its Origin (a post with neither Origin nor Referer is refused, decision 193).
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });

  it("answers each refusal with a 4xx and never sets a cart cookie for it", async () => {
    const cases: [Record<string, string>, number][] = [
      [{ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "abc" }, 422],
      [{ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "0" }, 422],
      [{ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "-3" }, 422],
      [{ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1000" }, 422],
      [{ intent: "add", productId: "school/dps/shirt", size: "99", quantity: "1" }, 422],
      [{ intent: "add", productId: "../../etc/passwd", quantity: "1" }, 400],
      [{ intent: "add", quantity: "1" }, 400],
      [{ intent: "explode" }, 400],
      [{ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1", price: "1", padding: "x".repeat(20_000) }, 413],
    ];
    for (const [fields, status] of cases) {
      const res = await call("/cart", form(fields));
      expect(res.status, JSON.stringify(fields).slice(0, 100)).toBe(status);
      expect(res.headers.get("set-cookie") ?? "").not.toMatch(/shop_cart=/);
    }
  });

  it("adds with a form and a safe redirect, ignoring a sent price, and places one order for a repeated POST", async () => {
    const res = await call("/cart", form({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "2", price: "1", redirectTo: "//evil.example" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/cart");
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^shop_cart=/);
    const cart = await (await call("/cart.data", { headers: { Cookie: cookie } })).text();
    expect(cart).toContain("620");

    // The checkout form asks how the parent will pay (decision 101).
    const fields = { ...address, paymentMethod: "cod", shownTotal: await shownTotalFor(server.url, cookie, address.pincode), idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([call("/checkout", form(fields, cookie)), call("/checkout", form(fields, cookie))]);
    expect(a.status).toBe(302);
    expect(b.status).toBe(302);
    expect(a.headers.get("location")).toBe(b.headers.get("location"));
    const refreshed = await call("/checkout", form(fields, cookie));
    expect(refreshed.headers.get("location")).toBe(a.headers.get("location"));
    const orderId = new URL(a.headers.get("location") ?? "", server.url).searchParams.get("order") ?? "";
    const rows = await server.shop.db.selectFrom("orders").select("id").where("phone", "=", address.phone).where("id", "=", orderId).execute();
    expect(rows).toHaveLength(1);
    expect((await server.shop.store.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);

    // Now the cart is empty: a new submit is refused with the spec's message.
    const empty = await call("/checkout", form({ ...address, paymentMethod: "cod", idempotencyKey: randomUUID() }, cookie));
    expect(empty.status).toBe(422);
  });
});
