/**
 * SMS pumping (decision 116): the second probe had 80 codes sent to 80 numbers in seconds from 4
 * addresses, each under its own limits. The shop now texts at most its budget of codes an hour
 * and a day, and a series of numbers at most 10 numbers an hour; a trip texts the shop's phone
 * once and shows one alert on the admin pages; a parent with a live order still gets their code.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthService, type AuthService } from "../../services/auth/index";
import { OTP_MAX_NUMBERS_PER_PREFIX } from "../../domain/sign-in-sms";
import { refusalText } from "../../app/i18n/refusals.server";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { ENGLISH, refusal } from "../support/refusal";
import { startTestServer, type TestServer } from "../support/server";

const PER_HOUR = 12;
const PER_DAY = 20;
// Written as the README shows it: the text still reaches its 10 digits.
const SHOP_PHONE = "+91 94140-00000";

let server: TestServer;
let admin: TestAdmin;
/** A parent whose order was placed before the budget tripped: its "order placed" text counts in the budget. */
let liveParent: { phone: string; orderId: string };
let auth: AuthService;
let clock = new Date();

// Numbers of different series (their first five digits), and an address per request: only the budget is met.
let seriesSeq = 60_000 + Math.floor(Math.random() * 20_000);
const strangerNumber = () => `${seriesSeq++}12345`;
let ipSeq = 0;
const nextIp = () => `10.77.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const minutes = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

beforeAll(async () => {
  server = await startTestServer({ env: { SMS_BUDGET_PER_HOUR: String(PER_HOUR), SMS_BUDGET_PER_DAY: String(PER_DAY), SHOP_PHONE } });
  admin = await createTestAdmin(server.shop, server.url);
  auth = createAuthService(server.shop, { now: () => clock });
  const phone = strangerNumber();
  liveParent = { phone, orderId: (await orderFor(phone)).orderId };
  await eventually("the order's text", () => (server.sms.to(phone).length > 0 ? true : null));
  // The codes' clock starts after the order's text: it is within the codes' hour.
  clock = new Date();
});
afterAll(async () => {
  await server?.close();
});

/** A cash order placed for `phone` (a guest's), in the read model when this returns. */
async function orderFor(phone: string) {
  const placed = await server.shop.orders.placeOrder({
    scope: `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
    customer: { kind: "guest", name: "Live Order Parent", phone },
    address: { name: "Live Order Parent", phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
  });
  await server.shop.orders.waitUntilVisible(placed.position);
  return placed;
}

/** The code in the text to `phone` that has one (the order's own texts go there too). */
const codeTo = (phone: string) =>
  eventually(`a code to ${phone}`, () => server.sms.to(phone).map((text) => /\b(\d{6})\b/.exec(text.text)?.[1]).find(Boolean));
const alerts = () => server.shop.db.selectFrom("shop_alerts").selectAll().orderBy("opened_at").execute();
const textsToShop = () => server.sms.to("9414000000");
const paused = { code: "rate_limited", status: 429, message: ENGLISH.auth.otpPaused };

describe("the shop-wide budget of sign-in texts", () => {
  it("sends the hour's budget, the order's text counted in it, to numbers anywhere, then refuses; one trip texts the shop once and counts its refused codes", async () => {
    // The live parent's "order placed" text is one of the hour's budget (decision 195).
    for (let i = 0; i < PER_HOUR - 1; i++) await auth.sendCode({ phone: strangerNumber(), ip: nextIp() });
    for (let i = 0; i < 5; i++) expect(await refusal(auth.sendCode({ phone: strangerNumber(), ip: nextIp() }))).toEqual(paused);

    const texts = await eventually("the text to the shop's phone", () => (textsToShop().length > 0 ? textsToShop() : null));
    expect(texts[0].text).toContain(`budget (${PER_HOUR} an hour)`);
    expect(texts[0].text).toContain("only parents with a live order get a code");
    const [alert] = await alerts();
    expect(alert).toMatchObject({ kind: "sms-budget", refused: 5 });
    expect(alert.details).toMatchObject({ reached: "hour", perHour: PER_HOUR, perDay: PER_DAY, sentLastHour: PER_HOUR });
    // One trip, one text: the refusals after the first never text the shop again.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(textsToShop()).toHaveLength(1);
    expect(await server.shop.db.selectFrom("notification_sends").select("key").where("kind", "=", "sms-budget").execute()).toHaveLength(1);
  });

  it("still sends a code to a parent whose order was placed before the trip, who signs in; cancelled, their order no longer lets them past", async () => {
    const { phone, orderId } = liveParent;
    await auth.sendCode({ phone, ip: nextIp() });
    const user = await auth.verifyCode({ phone, code: await codeTo(phone), ip: nextIp() });
    expect(user.phone).toBe(phone);
    expect((await alerts())[0].refused).toBe(5);

    await server.shop.orders.changeStatus(orderId, "cancelled", { kind: "admin", id: admin.id, name: "Admin" });
    expect(await refusal(auth.sendCode({ phone, ip: nextIp() }))).toEqual(paused);
    expect((await alerts())[0].refused).toBe(6);
  });

  it("keeps refusing through the cooldown, even once the hour's count is under the budget", async () => {
    minutes(59);
    expect(await refusal(auth.sendCode({ phone: strangerNumber(), ip: nextIp() }))).toEqual(paused);
    expect(await alerts()).toHaveLength(1);
  });

  it("sends again after the cooldown until the day's budget, whose trip is a new alert and a new text", async () => {
    minutes(2);
    // The day so far: the hour's budget (the order's text among it) and the live order's code.
    const left = PER_DAY - PER_HOUR - 1;
    for (let i = 0; i < left; i++) await auth.sendCode({ phone: strangerNumber(), ip: nextIp() });
    expect(await refusal(auth.sendCode({ phone: strangerNumber(), ip: nextIp() }))).toEqual(paused);
    const trips = await alerts();
    expect(trips).toHaveLength(2);
    expect(trips[1].details).toMatchObject({ reached: "day", sentLastDay: PER_DAY });
    const texts = await eventually("the second text to the shop", () => (textsToShop().length >= 2 ? textsToShop() : null));
    expect(texts[1].text).toContain(`budget (${PER_DAY} a day)`);
  });

  it("shows each trip on the admin pages, in English and in Hindi", async () => {
    const english = await (await call(`${server.url}/admin`, { headers: { Cookie: admin.cookie } })).text();
    expect(english).toContain("Sign-in texts paused");
    expect(english).toContain(`budget of ${PER_HOUR} an hour`);
    expect(english).toContain(`budget of ${PER_DAY} a day`);
    expect(english).toContain("Codes refused: 7.");
    const hindi = await (await call(`${server.url}/admin/notifications`, { headers: { Cookie: `${admin.cookie}; shop_lng=hi` } })).text();
    expect(hindi).toContain("साइन-इन SMS रुके हुए हैं");
    expect(hindi).toContain(`${PER_HOUR} प्रति घंटा`);
  });

  it("words its refusals in Hindi too", () => {
    for (const key of ["auth.otpPaused", "auth.otpTooManyInSeries"]) expect(refusalText("hi", { key, values: {} })).toMatch(/[\u0900-\u097F]/);
  });
});

describe("a series of numbers", () => {
  it(`gets codes for at most ${OTP_MAX_NUMBERS_PER_PREFIX} different numbers an hour; another series, the same number again and a live order still do`, async () => {
    // A new day: the budget's trips are over.
    minutes(2 * 24 * 60);
    const series = String(seriesSeq++);
    const inSeries = (n: number) => `${series}${String(n).padStart(5, "0")}`;
    for (let n = 0; n < OTP_MAX_NUMBERS_PER_PREFIX; n++) await auth.sendCode({ phone: inSeries(n), ip: nextIp() });
    expect(await refusal(auth.sendCode({ phone: inSeries(50), ip: nextIp() }))).toEqual({
      code: "rate_limited",
      status: 429,
      message: ENGLISH.auth.otpTooManyInSeries,
    });
    await auth.sendCode({ phone: inSeries(0), ip: nextIp() });
    await auth.sendCode({ phone: strangerNumber(), ip: nextIp() });
    const parent = inSeries(77);
    await orderFor(parent);
    await auth.sendCode({ phone: parent, ip: nextIp() });
    // Refused codes are no trip of the budget.
    expect(await alerts()).toHaveLength(2);
    minutes(61);
    await auth.sendCode({ phone: inSeries(51), ip: nextIp() });
  });
});
