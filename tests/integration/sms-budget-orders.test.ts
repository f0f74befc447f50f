/**
 * One SMS budget for every text the shop sends (decision 195). The third probe found the budget counted sign-in codes
 * only: guest orders texted strangers past it, and with codes paused a guest order for a number, then a code request
 * for it, still got a code (6 of 6). Now, over HTTP as an attacker would: orders' texts count in the budget; once it is
 * reached a guest order texts no one (its record says why) and does not let its number past the pause; a parent whose
 * order came before the pause still gets a code.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGLISH } from "../support/refusal";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

const PER_HOUR = 4;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { SMS_BUDGET_PER_HOUR: String(PER_HOUR), SMS_BUDGET_PER_DAY: "20", TRUST_PROXY: "1" } });
});
afterAll(async () => {
  await server?.close();
});

// Numbers of different series, and an address per request: only the budget is met.
let seriesSeq = 60_000 + randomInt(0, 20_000);
const stranger = () => `${seriesSeq++}${String(randomInt(0, 99_999)).padStart(5, "0")}`;
let addressSeq = 0;
const nextAddress = () => `198.51.100.${(addressSeq++ % 250) + 1}`;

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message?: string; orderId?: string } };
}

/** A guest's cash order to `phone`, as the probe placed them. */
const guestOrder = (phone: string) =>
  post(
    "/api/orders/guest",
    {
      mobileNumber: phone,
      cartItems: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
      address: { name: "Someone", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    },
    { "Idempotency-Key": randomUUID() },
  );
const askCode = (phone: string) => post("/api/users/auth/send-otp", { phone });
const orderTexts = (orderId: string) =>
  server.shop.db.selectFrom("notification_sends").select(["status", "skip_reason"]).where("stream_id", "like", `%${orderId}`).where("channel", "=", "sms").execute();

describe("the one SMS budget", () => {
  const early = stranger();

  it("counts an order's texts: the orders' texts reach the hour's budget and the next code is refused", async () => {
    const numbers = [early, ...Array.from({ length: PER_HOUR - 1 }, stranger)];
    for (const phone of numbers) expect((await guestOrder(phone)).status).toBe(201);
    for (const phone of numbers) await eventually(`the order's text to ${phone}`, () => (server.sms.to(phone).length > 0 ? true : null));
    const refused = await askCode(stranger());
    expect(refused).toEqual({ status: 429, body: { message: ENGLISH.auth.otpPaused, code: "auth.otpPaused" } });
  });

  it("pauses a guest order's texts with the codes, and the order does not let its number past the pause", async () => {
    const phone = stranger();
    const placed = await guestOrder(phone);
    expect(placed.status).toBe(201);
    const records = await eventually("the order's text settled", async () => {
      const rows = await orderTexts(placed.body.orderId!);
      return rows.length > 0 && rows.every((row) => row.status !== "pending" && row.status !== "sending") ? rows : null;
    });
    expect(records).toEqual([{ status: "skipped", skip_reason: "budget" }]);
    expect(await askCode(phone)).toEqual({ status: 429, body: { message: ENGLISH.auth.otpPaused, code: "auth.otpPaused" } });
    expect(server.sms.to(phone)).toEqual([]);
  });

  it("still sends a code to a parent whose order came before the pause", async () => {
    expect(await askCode(early)).toEqual({ status: 200, body: { message: expect.any(String) } });
    // The order's text, then the code.
    await eventually("the code", () => (server.sms.to(early).length >= 2 ? true : null));
  });
});
