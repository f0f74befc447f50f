/**
 * The texts a customer's phone receives, in the language they used: an order placed from the
 * Hindi checkout (JavaScript off, the `shop_lng=hi` cookie) and its status changes, an /api order
 * and sign-in codes, read where the shop's real SMS transport delivers them (a fake provider's
 * HTTP server). An order stored before the shop spoke Hindi is texted in English.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayOrderId } from "../../domain/orders/order";
import { call } from "../support/admin";
import { shownTotalFor } from "../support/checkout";
import { eventually } from "../support/fake-providers";
import { codeRecord, placeOrder } from "../support/notifications";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const HINDI = "shop_lng=hi";
let nextPhone = 9_712_000_000;
const newPhone = () => String(nextPhone++);
const devanagari = /[\u0900-\u097F]/;

/** The texts that reached `phone`, once `count` have. */
async function textsTo(phone: string, count = 1): Promise<string[]> {
  const arrived = await eventually(`${count} text(s) to ${phone}`, () => {
    const texts = server.sms.to(phone);
    return texts.length >= count ? texts : null;
  });
  return arrived.map((r) => r.text);
}

/** Orders a white shirt through the checkout page as a browser without JavaScript does; the order's id. */
async function checkout(phone: string, cookie: string): Promise<string> {
  const form = (fields: Record<string, string>, cookies: string) => ({
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies },
    body: new URLSearchParams(fields),
  });
  const added = await call(`${server.url}/cart`, form({ intent: "add", productId: "white/shirt", size: "24", quantity: "1" }, cookie));
  expect(added.status).toBe(302);
  const cart = added.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("shop_cart="))
    .join("; ");
  const details = { name: "Sunita Devi", phone, address: "Ward 7, Subhash Chowk", city: "Churu", pincode: "331001" };
  const cookies = [cart, cookie].filter(Boolean).join("; ");
  // The total the page showed for the pincode: the order is placed at it (decision 113).
  const shownTotal = await shownTotalFor(server.url, cookies, details.pincode);
  const placed = await call(`${server.url}/checkout`, form({ ...details, shownTotal, idempotencyKey: randomUUID() }, cookies));
  expect(placed.status).toBe(302);
  const orderId = new URL(placed.headers.get("Location")!, server.url).searchParams.get("order");
  expect(orderId).toBeTruthy();
  return orderId!;
}

describe("the order's SMS speak the shopper's language", () => {
  it("texts a Hindi order from the checkout page in Hindi, and its shipping too", async () => {
    const phone = newPhone();
    const orderId = await checkout(phone, HINDI);
    const number = displayOrderId(orderId);
    const [placed] = await textsTo(phone);
    expect(placed).toMatch(new RegExp(`^Churu Uniform House: आपका ऑर्डर ${number} \\(₹\\d[\\d,]*(, \\d+% छूट ₹[\\d,]+)?\\) मिल गया। ट्रैक करें: http\\S+/orders/track\\?orderId=${number}$`));

    await server.shop.orders.changeStatus(orderId, "shipped", { kind: "admin", name: "Test Admin" });
    const [, shipped] = await textsTo(phone, 2);
    expect(shipped).toMatch(new RegExp(`आपका ऑर्डर ${number} भेज दिया गया है। ट्रैक करें: \\S+orderId=${number}$`));
  });

  it("texts an order from the English checkout in English, as before", async () => {
    const phone = newPhone();
    const number = displayOrderId(await checkout(phone, ""));
    const [placed] = await textsTo(phone);
    expect(placed).toContain(`thank you! We have your order ${number} for ₹`);
    expect(placed).not.toMatch(devanagari);
  });

  it("texts an order stored before the shop spoke Hindi (OrderPlaced version 1) in English", async () => {
    const phone = newPhone();
    const { orderId } = await placeOrder(server.shop.store, { phone, total: 1_250 });
    const [placed] = await textsTo(phone);
    expect(placed).toContain(`We have your order ${displayOrderId(orderId)} for ₹1,250.`);
    expect(placed).not.toMatch(devanagari);
  });

  it("texts an /api order in Hindi only when Accept-Language asks for it", async () => {
    const order = (phone: string, headers: Record<string, string>) =>
      call(`${server.url}/api/orders/guest`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({
          mobileNumber: phone,
          cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
          address: { name: "Meena", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
        }),
      });
    const hindi = newPhone();
    const asked = await order(hindi, { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
    expect(asked.status).toBe(201);
    // The /api's answer stays English: a contract.
    expect(await asked.text()).not.toMatch(devanagari);
    expect((await textsTo(hindi))[0]).toMatch(/आपका ऑर्डर \w{8} \(₹135, 10% छूट ₹15\) मिल गया/);

    // The page's cookie does not make the /api speak Hindi.
    const english = newPhone();
    expect((await order(english, { Cookie: HINDI })).status).toBe(201);
    expect((await textsTo(english))[0]).toMatch(/We have your order \w{8} for ₹135 \(10% off ₹15\)\./);
  });
});

describe("the sign-in code's SMS speaks the asking page's language", () => {
  it("sends a Hindi code from the Hindi /login page and keeps it masked in the outbox", async () => {
    const phone = newPhone();
    const res = await call(`${server.url}/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: HINDI },
      body: new URLSearchParams({ identifier: phone, password: "" }),
    });
    expect(res.status).toBe(302);
    const [text] = await textsTo(phone);
    expect(text).toMatch(/^\d{6} आपका Churu Uniform House OTP है। यह 10 मिनट तक चलेगा।/);
    const row = await codeRecord(server.shop.db, phone);
    expect(row.body).toBe("****** आपका Churu Uniform House OTP है। यह 10 मिनट तक चलेगा। इसे किसी को न बताएँ।");
  });

  it("sends /api codes in English unless Accept-Language asks for Hindi", async () => {
    const send = (phone: string, headers: Record<string, string> = {}) =>
      call(`${server.url}/api/users/auth/send-otp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ phone }),
      });
    const english = newPhone();
    expect((await send(english, { Cookie: HINDI })).status).toBe(200);
    expect((await textsTo(english))[0]).toMatch(/^\d{6} is your Churu Uniform House sign-in code\./);
    const hindi = newPhone();
    expect((await send(hindi, { "Accept-Language": "hi" })).status).toBe(200);
    expect((await textsTo(hindi))[0]).toMatch(/^\d{6} आपका Churu Uniform House OTP है।/);
  });
});
