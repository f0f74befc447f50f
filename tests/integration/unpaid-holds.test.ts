/**
 * Unpaid holds that expire (decision 190), through the shop's own doors: the third probe's one anonymous order took
 * every unit of a product and the next parent was told "out of stock" until the owner noticed. Now a guest's unpaid
 * UPI order and (when the owner asks cash orders to be confirmed) a cash order whose number nobody proved give their
 * goods back when their time is up: the shop's sweep cancels them through the command handler, the next parent
 * buys, and the first is texted why. A parent who proves the number by a sign-in code keeps the cash order.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";
import { createBottle } from "../support/stock-contract";

let server: TestServer;
const HOUR = 3_600_000;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", UNPAID_UPI_HOLD_HOURS: "24", COD_CONFIRM_MINUTES: "30" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

let phone = 9_712_000_000 + Math.floor(Math.random() * 100_000);
const newPhone = () => String(phone++);

async function guestOrder(productId: number, quantity: number, paymentMethod: "upi" | "cod", mobileNumber = newPhone()) {
  const res = await call(`${server.url}/api/orders/guest`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
    body: JSON.stringify({
      mobileNumber,
      paymentMethod,
      cartItems: [{ id: String(productId), quantity }],
      address: { name: "Meena Sharma", phone: mobileNumber, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    }),
  });
  return { status: res.status, body: (await res.json()) as { orderId?: string; message?: string }, phone: mobileNumber };
}

async function stockOf(productId: number): Promise<number> {
  const res = await call(`${server.url}/api/products/${productId}`);
  return ((await res.json()) as { stock_quantity: number }).stock_quantity;
}

const statusOf = async (orderId: string) => (await server.shop.orders.getOrder(orderId))?.status;
const later = (ms: number) => new Date(Date.now() + ms);

describe("an unpaid UPI order", () => {
  it("that took the last 5 bottles gives them back after a day: the next parent buys, the first is texted why", async () => {
    const product = await createBottle(server.shop.products, 5);
    const first = await guestOrder(product.id, 5, "upi");
    expect(first.status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
    expect((await guestOrder(product.id, 1, "upi")).status).toBe(409);
    // The page the parent lands on says by when to pay, in English and Hindi.
    const done = await call(`${server.url}/checkout/done?order=${first.body.orderId}`);
    expect(await done.text()).toMatch(/Please pay by .*An order not paid or reported by then is cancelled/);
    const doneHi = await call(`${server.url}/checkout/done?order=${first.body.orderId}`, { headers: { Cookie: "shop_lng=hi" } });
    expect(await doneHi.text()).toContain("तक भुगतान करें");

    // Within its day the hold stands.
    expect((await server.shop.orders.expireUnpaidHolds(later(23 * HOUR))).expired).not.toContain(first.body.orderId);
    expect(await stockOf(product.id)).toBe(0);

    const { expired } = await server.shop.orders.expireUnpaidHolds(later(24 * HOUR + 60_000));
    expect(expired).toContain(first.body.orderId);
    expect(await statusOf(first.body.orderId!)).toBe("cancelled");
    await eventually("the bottles back on sale", async () => (await stockOf(product.id)) === 5);
    expect((await guestOrder(product.id, 2, "upi")).status).toBe(201);

    const text = await eventually("the expiry text", () => server.sms.to(first.phone).find((t) => t.text.includes("not paid or confirmed in time")));
    expect(text.text).toContain(first.body.orderId!.replace(/-/g, "").slice(0, 8).toUpperCase());
  });

  it("keeps its hold once the parent reported the payment's reference", async () => {
    const product = await createBottle(server.shop.products, 3);
    const placed = await guestOrder(product.id, 3, "upi");
    const reported = await call(`${server.url}/api/orders/${placed.body.orderId}/payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reference: "412345678901", phone: placed.phone }),
    });
    expect(reported.status).toBeLessThan(300);
    expect((await server.shop.orders.expireUnpaidHolds(later(48 * HOUR))).expired).not.toContain(placed.body.orderId);
    expect(await statusOf(placed.body.orderId!)).toBe("pending");
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe("a cash order, when the owner asks them to be confirmed (COD_CONFIRM_MINUTES)", () => {
  it("from a number nobody proved is cancelled after its minutes and its goods are for sale again", async () => {
    const product = await createBottle(server.shop.products, 4);
    const placed = await guestOrder(product.id, 4, "cod");
    expect(placed.status).toBe(201);
    const done = await call(`${server.url}/checkout/done?order=${placed.body.orderId}`);
    expect(await done.text()).toMatch(/Confirm this cash order by .*with the mobile number you gave/);
    expect((await server.shop.orders.expireUnpaidHolds(later(29 * 60_000))).expired).not.toContain(placed.body.orderId);
    expect((await server.shop.orders.expireUnpaidHolds(later(31 * 60_000))).expired).toContain(placed.body.orderId);
    await eventually("the bottles back on sale", async () => (await stockOf(product.id)) === 4);
  });

  it("is kept once the parent proves the number with the sign-in code texted to it", async () => {
    const product = await createBottle(server.shop.products, 2);
    const placed = await guestOrder(product.id, 2, "cod");
    // The order's own text first, so the code is the newest text to the number.
    await eventually("the order's text", () => server.sms.to(placed.phone).length >= 1);
    const sent = await call(`${server.url}/api/users/auth/send-otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ phone: placed.phone }),
    });
    expect(sent.status).toBeLessThan(300);
    const otp = await server.sms.code(placed.phone, 2);
    const verified = await call(`${server.url}/api/users/auth/verify-otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ phone: placed.phone, otp }),
    });
    expect(verified.status).toBe(200);
    expect((await server.shop.orders.expireUnpaidHolds(later(2 * HOUR))).expired).not.toContain(placed.body.orderId);
    expect(await statusOf(placed.body.orderId!)).toBe("pending");
    expect(await stockOf(product.id)).toBe(0);
  });
});
