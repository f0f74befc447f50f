// Paying an order through the /api (decision 101): the payment method at checkout, the UPI
// link in the create answer, the shopper's reference, the admin's steps, and the older
// two-way paymentStatus kept for existing clients.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPI_REFERENCE_MESSAGE } from "../../domain/orders/upi";
import { PAYMENT_REFUSALS as PAYMENT_MESSAGES } from "../support/refusal";
import { startApiHarness, type ApiHarness } from "../support/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House" } });
});
afterAll(async () => {
  await api?.close();
});

let phoneSeq = 8_200_000_000 + Math.floor(Math.random() * 700_000_000);
const key = () => ({ "Idempotency-Key": randomUUID() });
const address = (phone: string, pincode = "331001") => ({ name: "Meena Sharma", phone, address: "4 Gandhi Nagar", city: "Churu", pincode });
// ₹310 + 2 × ₹150 = ₹610 of lines; the default offer takes 10% (₹61) off, delivery in Churu is free: ₹549.
const cartItems = [
  { id: "school/dps/shirt", size: "30", quantity: 1, price: 310 },
  { id: "stationery/scientific-calculator", quantity: 2, price: 150 },
];
/** Twelve digits no other test has reported. */
const newReference = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

async function guestOrder(overrides: Record<string, unknown> = {}) {
  const phone = String(phoneSeq++);
  const res = await api.request("POST", "/api/orders/guest", {
    body: { mobileNumber: phone, cartItems, address: address(phone), totalAmount: 610, paymentMethod: "upi", ...overrides },
    headers: key(),
  });
  expect(res.status, res.text).toBe(201);
  return { phone, placed: res.body };
}

const report = (orderId: string, body: Record<string, unknown>, options: { token?: string; headers?: Record<string, string> } = {}) =>
  api.request("POST", `/api/orders/${orderId}/payment`, { body, ...options });
const admin = (orderId: string, action: string, body?: unknown) => api.request("POST", `/api/orders/${orderId}/payment/${action}`, { who: "admin", body });

describe("placing an order with a payment method", () => {
  it("a UPI order answers the UPI link for the charged total, its money lines and an unpaid payment", async () => {
    const { placed } = await guestOrder();
    expect(placed).toMatchObject({
      total: 549,
      subtotal: 610,
      discount: 61,
      discountPercent: 10,
      delivery: 0,
      paymentMethod: "upi",
      payment: { status: "unpaid", amountDue: 549, amountPaid: 0, amountRefunded: 0, reference: null },
      upi: { vpa: "churuuniform@sbi", name: "Churu Uniform House", amount: 549 },
    });
    expect(placed.upi.link).toMatch(/^upi:\/\/pay\?pa=churuuniform@sbi&/);
    expect(placed.upi.link).toContain("am=549.00");
    expect(placed.upi.link).toContain(`tn=${placed.displayId}`);
    // The older field keeps its two values.
    expect(placed.order).toMatchObject({ paymentStatus: "pending", paymentMethod: "upi", total: 549, payment: { status: "unpaid" } });
  });

  it("cash on delivery is the default and has no UPI link; the signed-in call takes the method too", async () => {
    const { placed } = await guestOrder({ paymentMethod: undefined });
    expect(placed).toMatchObject({ paymentMethod: "cod", payment: { status: "unpaid" } });
    expect(placed.upi).toBeUndefined();
    const res = await api.request("POST", "/api/orders", {
      who: "shopper",
      body: { items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }], total: 310, shipping: address("9876500001"), paymentMethod: "upi" },
      headers: key(),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ total: 279, paymentMethod: "upi", upi: { amount: 279 } });
    expect(res.body.upi.link).toContain("am=279.00");
  });

  it("refuses an unknown method with a 422 naming the two", async () => {
    const phone = String(phoneSeq++);
    const res = await api.request("POST", "/api/orders/guest", {
      body: { mobileNumber: phone, cartItems, address: address(phone), totalAmount: 610, paymentMethod: "card" },
      headers: key(),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^paymentMethod: .*upi, cod/);
  });

  it("accepts the lines' sum when the offer makes the order cheaper, refuses it when delivery makes it dearer", async () => {
    const phone = String(phoneSeq++);
    const body = { mobileNumber: phone, cartItems, address: address(phone, "302001"), totalAmount: 610 };
    let res = await api.request("POST", "/api/orders/guest", { body, headers: key() });
    // ₹610 - ₹61 + ₹100 delivery outside Churu district.
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^The order total is ₹649, not ₹610\./);
    res = await api.request("POST", "/api/orders/guest", { body: { ...body, totalAmount: 649 }, headers: key() });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ total: 649, subtotal: 610, discount: 61, delivery: 100 });
  });
});

describe("reporting a payment", () => {
  it("reported, the same reference on another order refused, the admin confirms: paid, and the older field says paid", async () => {
    const { placed, phone } = await guestOrder();
    const reference = newReference();
    let res = await report(placed.orderId, { reference: `${reference.slice(0, 4)} ${reference.slice(4, 8)}-${reference.slice(8)}`, phone });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: placed.orderId, paymentStatus: "pending", payment: { status: "reported", reference } });

    const other = await guestOrder();
    res = await report(other.placed.orderId, { reference, phone: other.phone });
    // A rule's refusal: English words, and its key as a stable `code`.
    expect(res).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.referenceTaken, code: "payment.referenceTaken" } });
    // In Hindi when the caller asks, like every /api refusal.
    res = await report(other.placed.orderId, { reference, phone: other.phone }, { headers: { "Accept-Language": "hi-IN,hi;q=0.9" } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/[\u0900-\u097f]/);
    expect(res.body.code).toBe("payment.referenceTaken");
    res = await report(other.placed.orderId, { reference: "12345", phone: other.phone });
    expect(res).toMatchObject({ status: 422, body: { message: UPI_REFERENCE_MESSAGE } });

    res = await admin(placed.orderId, "confirm", { note: "Seen in the bank statement" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: "paid", payment: { status: "paid", amountPaid: 549, reference } });
    res = await admin(placed.orderId, "confirm", {});
    expect(res).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.alreadyRecorded } });
    res = await report(placed.orderId, { reference: newReference(), phone });
    expect(res).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.alreadyPaid } });
  });

  it("only the order's owner: a guest by the order's mobile number, a user by their token; anyone else the same 404", async () => {
    const { placed, phone } = await guestOrder();
    const reference = newReference();
    const wrongPhone = phone === "9000000000" ? "9000000001" : "9000000000";
    for (const body of [{ reference, phone: wrongPhone }, { reference }, { reference, phone: "12" }]) {
      const res = await report(placed.orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body).toEqual({ message: "Order not found." });
    }
    // A shopper's token does not open a guest order either, nor an unknown id with the right phone.
    expect((await report(placed.orderId, { reference }, { token: api.shopper.token })).status).toBe(404);
    expect((await report(randomUUID(), { reference, phone })).status).toBe(404);
    expect((await api.server.shop.store.readStream(`order-${placed.orderId}`)).map((e) => e.type)).toEqual(["OrderPlaced", "PaymentRequested"]);

    const mine = await api.request("POST", "/api/orders", {
      who: "shopper",
      body: { items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }], shipping: address("9876500001"), paymentMethod: "upi" },
      headers: key(),
    });
    const other = await api.server.shop.auth.registerWithEmail({ email: `other-${randomUUID()}@example.com`, password: "satchel-2026" });
    const otherToken = await api.server.shop.auth.issueToken(other.id, "shopper");
    expect((await report(mine.body.orderId, { reference }, { token: otherToken })).status).toBe(404);
    expect((await report(mine.body.orderId, { reference, phone: "9876500001" })).status).toBe(404);
    const res = await report(mine.body.orderId, { reference }, { token: api.shopper.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.payment).toMatchObject({ status: "reported", reference });
  });

  it("a cash order has nothing to report", async () => {
    const { placed, phone } = await guestOrder({ paymentMethod: "cod" });
    expect(await report(placed.orderId, { reference: newReference(), phone })).toMatchObject({ status: 409, body: { message: "This order is paid in cash on delivery.", code: "payment.notUpi" } });
  });
});

describe("the admin's payment steps", () => {
  it("refunds: never more than was paid; part of it is partly refunded (older field paid), all of it refunded (pending)", async () => {
    const { placed } = await guestOrder();
    expect(await admin(placed.orderId, "refund", { amount: 100, method: "cash" })).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.nothingPaid } });
    expect((await admin(placed.orderId, "confirm", {})).status).toBe(200);
    let res = await admin(placed.orderId, "refund", { amount: 600, method: "upi" });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^A refund can be at most ₹549/);
    expect((await admin(placed.orderId, "refund", { amount: 100, method: "cheque" })).status).toBe(422);
    expect((await admin(placed.orderId, "refund", { amount: 10.5, method: "cash" })).status).toBe(422);
    expect((await admin(placed.orderId, "refund", { amount: 10.555, method: "upi" })).status).toBe(422);
    // Rupees to the paisa (decision 209).
    res = await admin(placed.orderId, "refund", { amount: 100.5, method: "upi", reference: newReference(), note: "One calculator returned" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: "paid", payment: { status: "partly refunded", amountPaid: 549, amountRefunded: 100.5 } });
    res = await admin(placed.orderId, "refund", { amount: 448.5, method: "upi" });
    expect(res.body).toMatchObject({ paymentStatus: "pending", payment: { status: "refunded", amountRefunded: 549 } });
  });

  it("reject needs a note and frees the order to report again; cash marks a cash order paid; an unknown step is a 404", async () => {
    const { placed, phone } = await guestOrder();
    const reference = newReference();
    expect((await admin(placed.orderId, "reject", { note: "x" })).status).toBe(409);
    await report(placed.orderId, { reference, phone });
    expect(await admin(placed.orderId, "reject", { note: " " })).toMatchObject({ status: 422, body: { message: PAYMENT_MESSAGES.rejectNote } });
    let res = await admin(placed.orderId, "reject", { note: "Not in the bank statement" });
    expect(res.body.payment).toMatchObject({ status: "unpaid", reference: null });
    // The rejected reference stays refused for this order; another goes through.
    expect((await report(placed.orderId, { reference, phone })).status).toBe(409);
    expect((await report(placed.orderId, { reference: newReference(), phone })).body.payment.status).toBe("reported");

    const cash = await guestOrder({ paymentMethod: "cod" });
    res = await admin(cash.placed.orderId, "cash");
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ paymentStatus: "paid", paymentMethod: "cod", payment: { status: "paid", amountPaid: 549 } });
    expect(await admin(cash.placed.orderId, "cash")).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.alreadyRecorded } });

    const unknown = await admin(cash.placed.orderId, "forgive", {});
    expect(unknown.status).toBe(404);
    expect((await admin(randomUUID(), "cash")).status).toBe(404);
    expect((await admin(randomUUID(), "confirm", { unexpected: 1 })).status).toBe(400);
  });

  it("refuses a shopper (403) and no token (401), as every admin call does, and writes nothing", async () => {
    const { placed } = await guestOrder();
    for (const action of ["confirm", "reject", "cash", "refund"]) {
      const body = action === "refund" ? { amount: 10, method: "cash" } : action === "reject" ? { note: "no" } : action === "cash" ? undefined : {};
      const asShopper = await api.request("POST", `/api/orders/${placed.orderId}/payment/${action}`, { who: "shopper", body });
      expect(asShopper.status, action).toBe(403);
      const anonymous = await api.request("POST", `/api/orders/${placed.orderId}/payment/${action}`, { body });
      expect(anonymous.status, action).toBe(401);
    }
    expect(await api.server.shop.store.readStream(`order-${placed.orderId}`)).toHaveLength(2);
  });

  it("PATCH paymentStatus: paid records the money, pending on a paid order is a 409 that leaves the status as it was", async () => {
    const { placed } = await guestOrder({ paymentMethod: "cod" });
    const path = `/api/orders/${placed.orderId}`;
    let res = await api.request("PATCH", path, { who: "admin", body: { paymentStatus: "paid" } });
    expect(res.body).toMatchObject({ paymentStatus: "paid", payment: { status: "paid", amountPaid: 549 } });
    const types = (await api.server.shop.store.readStream(`order-${placed.orderId}`)).map((e) => e.type);
    expect(types).toEqual(["OrderPlaced", "PaymentRequested", "CashCollected"]);
    res = await api.request("PATCH", path, { who: "admin", body: { status: "shipped", paymentStatus: "pending" } });
    expect(res).toMatchObject({ status: 409, body: { message: PAYMENT_MESSAGES.recordedByRefund } });
    res = await api.request("GET", path, { who: "admin" });
    expect(res.body).toMatchObject({ status: "pending", paymentStatus: "paid" });
    // "paid" again changes nothing.
    expect((await api.request("PATCH", path, { who: "admin", body: { paymentStatus: "paid" } })).status).toBe(200);
    expect(await api.server.shop.store.readStream(`order-${placed.orderId}`)).toHaveLength(3);
  });
});
