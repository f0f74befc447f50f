/**
 * Orders to numbers the shop has not verified (decision 194). The third probe placed 12 guest orders
 * from one address, 24 texts to 12 strangers, and one cash order held all 24 units of a product.
 * Now, over HTTP as an attacker would: a guest's orders are limited per number, per address (an
 * IPv6 one by its /64) and shop-wide; a line and an unverified order are held to the owner's caps;
 * every refusal is worded in English and Hindi, and a refused order texts nobody. A signed-in
 * parent ordering to their own proven number is not held to the unverified limits.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ORDER_LIMITS } from "../../domain/orders/unverified";
import { refusalText } from "../../app/i18n/refusals.server";
import { htmlBrowser } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";

const SHOP_PER_HOUR = DEFAULT_ORDER_LIMITS.shopPerHour;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      // The proxy's X-Forwarded-For names the client: one test server, many addresses.
      TRUST_PROXY: "1",
      ORDER_MAX_UNITS_PER_LINE: String(DEFAULT_ORDER_LIMITS.perLine),
      UNVERIFIED_ORDER_MAX_UNITS: String(DEFAULT_ORDER_LIMITS.perUnverifiedOrder),
      UNVERIFIED_ORDERS_PER_NUMBER_PER_DAY: String(DEFAULT_ORDER_LIMITS.perNumberPerDay),
      UNVERIFIED_ORDERS_PER_ADDRESS_PER_HOUR: String(DEFAULT_ORDER_LIMITS.perAddressPerHour),
      UNVERIFIED_ORDERS_PER_HOUR: String(SHOP_PER_HOUR),
    },
  });
});
afterAll(async () => {
  await server?.close();
});

const stranger = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
let addressSeq = 0;
const nextAddress = () => `203.0.113.${(addressSeq++ % 250) + 1}`;

interface Answer {
  status: number;
  body: { message?: string; code?: string; orderId?: string };
}

/** A guest order of `items` to `phone`, from `from` (X-Forwarded-For). */
async function guestOrder(phone: string, from: string, options: { items?: unknown[]; language?: string } = {}): Promise<Answer> {
  const res = await fetch(`${server.url}/api/orders/guest`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Forwarded-For": from,
      "Idempotency-Key": randomUUID(),
      ...(options.language ? { "Accept-Language": options.language } : {}),
    },
    body: JSON.stringify({
      mobileNumber: phone,
      cartItems: options.items ?? [{ productId: "stationery/scientific-calculator", quantity: 1 }],
      address: { name: "Someone", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    }),
  });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const ordersTo = (phone: string) => server.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute();
const textsTo = (phones: readonly string[]) => phones.flatMap((phone) => server.sms.to(phone));

/** Waits until every placed order's "order placed" text has gone out, so a count of texts is final. */
async function textsSettled(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const pending = await server.shop.db
      .selectFrom("notification_sends")
      .select("key")
      .where("status", "in", ["pending", "sending"])
      .where("due_at", "is", null)
      .execute();
    if (pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the orders' texts did not go out");
}

describe("guest orders from one address", () => {
  it(`places ${DEFAULT_ORDER_LIMITS.perAddressPerHour} an hour to strangers, then refuses with a 429 and texts no one more`, async () => {
    const from = nextAddress();
    const numbers = Array.from({ length: 12 }, stranger);
    const answers: Answer[] = [];
    for (const phone of numbers) answers.push(await guestOrder(phone, from));
    const placed = answers.filter((a) => a.status === 201);
    expect(placed).toHaveLength(DEFAULT_ORDER_LIMITS.perAddressPerHour);
    for (const refused of answers.slice(DEFAULT_ORDER_LIMITS.perAddressPerHour)) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: "orders.tooManyFromHere",
        message: `Too many orders without signing in from your network (${DEFAULT_ORDER_LIMITS.perAddressPerHour} an hour). Please sign in to order, or try again in an hour.`,
      });
    }
    await textsSettled();
    const refusedNumbers = numbers.slice(DEFAULT_ORDER_LIMITS.perAddressPerHour);
    for (const phone of refusedNumbers) expect(await ordersTo(phone)).toEqual([]);
    expect(textsTo(refusedNumbers)).toEqual([]);
    expect(textsTo(numbers.slice(0, DEFAULT_ORDER_LIMITS.perAddressPerHour)).length).toBeGreaterThan(0);
  });

  it("counts an IPv6 client by its /64: a new address in the same /64 is the same client", async () => {
    const prefix = `2401:4900:${randomInt(0x1000, 0xffff).toString(16)}:${randomInt(0x1000, 0xffff).toString(16)}`;
    const answers: number[] = [];
    for (let i = 0; i <= DEFAULT_ORDER_LIMITS.perAddressPerHour; i++) {
      answers.push((await guestOrder(stranger(), `${prefix}:${randomInt(1, 0xffff).toString(16)}::${i + 1}`)).status);
    }
    expect(answers).toEqual([...Array<number>(DEFAULT_ORDER_LIMITS.perAddressPerHour).fill(201), 429]);
  });
});

describe("guest orders to one number", () => {
  it(`places ${DEFAULT_ORDER_LIMITS.perNumberPerDay} a day to a number from any address, then refuses; in Hindi when asked`, async () => {
    const phone = stranger();
    for (let i = 0; i < DEFAULT_ORDER_LIMITS.perNumberPerDay; i++) expect((await guestOrder(phone, nextAddress())).status).toBe(201);
    const refused = await guestOrder(phone, nextAddress());
    expect(refused).toEqual({
      status: 429,
      body: {
        code: "orders.tooManyToNumber",
        message: `This mobile number already has ${DEFAULT_ORDER_LIMITS.perNumberPerDay} orders today without signing in. Sign in with the number to order again, or call the shop.`,
      },
    });
    const hindi = await guestOrder(phone, nextAddress(), { language: "hi-IN,hi;q=0.9" });
    expect(hindi.status).toBe(429);
    expect(hindi.body.message).toBe(refusalText("hi", { key: "orders.tooManyToNumber", values: { max: DEFAULT_ORDER_LIMITS.perNumberPerDay } }));
    expect(hindi.body.message).toContain("साइन इन");
    expect(await ordersTo(phone)).toHaveLength(DEFAULT_ORDER_LIMITS.perNumberPerDay);
  });

  it("refuses the checkout form (JS off) past the number's limit, the message on the page", async () => {
    const phone = stranger();
    for (let i = 0; i < DEFAULT_ORDER_LIMITS.perNumberPerDay; i++) expect((await guestOrder(phone, nextAddress())).status).toBe(201);
    const parent = htmlBrowser(server.url);
    const product = await parent.open("/schools/dps/shirt?size=30");
    const cart = await product.fill("Quantity", "1").press("BUY NOW");
    const details = await (await cart.follow("Proceed to Checkout")).follow("Place Order");
    const refused = await details
      .fill("Name", "Ravi Kumar")
      .fill("Mobile number", phone)
      .fill("Address", "12 Station Road")
      .fill("City", "Churu")
      .fill("Pincode", "331001")
      .press("Confirm Order");
    expect(refused.url.pathname).toBe("/checkout");
    expect(refused.text()).toContain("This mobile number already has 3 orders today without signing in.");
    expect(await ordersTo(phone)).toHaveLength(DEFAULT_ORDER_LIMITS.perNumberPerDay);
  });
});

describe("the owner's caps on units", () => {
  it(`refuses more than ${DEFAULT_ORDER_LIMITS.perLine} of a line, and the shelf keeps its stock`, async () => {
    const phone = stranger();
    const refused = await guestOrder(phone, nextAddress(), { items: [{ productId: "stationery/scientific-calculator", quantity: 24 }] });
    expect(refused).toEqual({
      status: 422,
      body: {
        code: "orders.lineUnitsAtMost",
        message: `At most ${DEFAULT_ORDER_LIMITS.perLine} of Scientific Calculator can be ordered at once. For more, please call the shop.`,
      },
    });
    expect(await ordersTo(phone)).toEqual([]);
  });

  it(`refuses an unverified order of more than ${DEFAULT_ORDER_LIMITS.perUnverifiedOrder} units, in Hindi too`, async () => {
    const items = [
      { productId: "stationery/scientific-calculator", quantity: 12 },
      { id: "school/dps/shirt", size: "30", quantity: 12 },
      { id: "school/dps/shirt", size: "32", quantity: 12 },
    ];
    const refused = await guestOrder(stranger(), nextAddress(), { items });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("orders.unverifiedUnitsAtMost");
    expect(refused.body.message).toContain(`at most ${DEFAULT_ORDER_LIMITS.perUnverifiedOrder} pieces (this one has 36)`);
    const hindi = await guestOrder(stranger(), nextAddress(), { items, language: "hi" });
    expect(hindi.body.message).toContain(`अधिकतम ${DEFAULT_ORDER_LIMITS.perUnverifiedOrder} सामान`);
  });

  it("lets a signed-in parent order past the unverified caps and limits to their own proven number", async () => {
    const phone = stranger();
    const user = await server.shop.auth.verifyCode({
      phone,
      code: await (async () => {
        await server.shop.auth.sendCode({ phone });
        for (let i = 0; i < 200; i++) {
          const code = server.sms.to(phone).map((text) => /\b(\d{6})\b/.exec(text.text)?.[1]).find(Boolean);
          if (code) return code;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error("no code came");
      })(),
    });
    const token = await server.shop.auth.issueToken(user.id, "shopper");
    const from = nextAddress();
    const order = (items: unknown[]) =>
      fetch(`${server.url}/api/orders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "X-Forwarded-For": from },
        body: JSON.stringify({ items, shipping: { name: "Own Number", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" } }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as Answer["body"] }));
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_ORDER_LIMITS.perNumberPerDay; i++) statuses.push((await order([{ id: "school/dps/shirt", size: "30", quantity: 1 }])).status);
    expect(statuses).toEqual(Array<number>(DEFAULT_ORDER_LIMITS.perNumberPerDay + 1).fill(201));
    // The line's cap holds for every order.
    expect((await order([{ id: "school/dps/shirt", size: "30", quantity: 13 }])).body.code).toBe("orders.lineUnitsAtMost");
    // To their own number, no cap on the order's units.
    expect((await order([{ id: "school/dps/shirt", size: "30", quantity: 12 }, { id: "school/dps/shirt", size: "32", quantity: 12 }, { id: "school/dps/shirt", size: "34", quantity: 12 }])).status).toBe(201);
  });
});

describe("the whole shop", () => {
  it(`takes at most ${SHOP_PER_HOUR} unverified orders an hour from everywhere, then pauses them with a 429`, async () => {
    // The orders above count too: new numbers from new addresses until the shop says no.
    let refusal: Answer | undefined;
    for (let i = 0; i <= SHOP_PER_HOUR && !refusal; i++) {
      const answer = await guestOrder(stranger(), nextAddress());
      if (answer.status !== 201) refusal = answer;
    }
    expect(refusal).toEqual({
      status: 429,
      body: {
        code: "orders.guestOrdersPaused",
        message: "Orders without signing in are paused for a while. Please sign in with your mobile number to order, or try again in an hour.",
      },
    });
    // The limit counts by clock hour, the last hour's orders weighed by how much of it still overlaps
    // (a sliding window): across an hour's turn the last 60 minutes can hold a few more than the limit,
    // but the hour the shop is in never holds more.
    const hour = 3_600_000;
    const guests = await server.shop.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("placed_at", ">=", new Date(Math.floor(Date.now() / hour) * hour))
      .where("user_id", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(guests.n)).toBeLessThanOrEqual(SHOP_PER_HOUR);
  });
});
