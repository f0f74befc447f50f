/**
 * WhatsApp Business (decision 230), with WhatsApp faked at its HTTP edge (tests/support/fake-whatsapp.ts) and
 * SMS at the provider's: a parent who chose WhatsApp gets an order's news as its approved template in the
 * order's language; WhatsApp's webhook (signed, or refused) moves each message's state; a template WhatsApp
 * refuses, a number not on WhatsApp, or a message not delivered in time goes by SMS, once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { postWebhook, startFakeWhatsApp, TEST_WHATSAPP, webhookPayload, type FakeWhatsApp } from "../support/fake-whatsapp";
import { startTestServer, type TestServer } from "../support/server";
import { orderSubject } from "../../domain/privacy/subjects";
import { waitForStatus } from "../support/notifications";
import { fallBackToSms } from "../../workers/whatsapp";

let server: TestServer;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  server = await startTestServer({ env: { ...whatsapp.env, SHOP_UPI_ID: "churuuniform@sbi" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await whatsapp?.close();
});

let nextPhone = 9_714_000_000;
const newPhone = () => String(nextPhone++);

/** A guest's order by the /api, as a parent's phone places it; its id. */
async function order(phone: string, language: "en" | "hi" = "en"): Promise<string> {
  const placed = await call(`${server.url}/api/orders/guest`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": language === "hi" ? "hi-IN,hi;q=0.9" : "en-IN" },
    body: JSON.stringify({
      mobileNumber: phone,
      cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
      address: { name: "Meena", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    }),
  });
  expect(placed.status).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  // Its "placed" SMS went before the parent chose WhatsApp.
  await eventually(`the placed text to ${phone}`, () => server.sms.to(phone).length >= 1);
  return orderId;
}

/** The parent chooses WhatsApp for the order (as checkout records it), and the job runner can see it. */
async function choose(orderId: string, wants = true) {
  await server.shop.whatsapp.choose(orderSubject(orderId), wants, "checkout", "en");
  await eventually("the choice in the read model", async () => {
    const row = await server.shop.db.selectFrom("whatsapp_consents").select("consented").where("subject", "=", orderSubject(orderId)).executeTakeFirst();
    return row?.consented === wants;
  });
}

const record = (orderId: string, kind: string) =>
  server.shop.db.selectFrom("notification_sends").selectAll().where("stream_id", "=", `order-${orderId}`).where("kind", "=", kind).executeTakeFirst();

async function sentRecord(orderId: string, kind: string) {
  return eventually(`the ${kind} record sent`, async () => {
    const row = await record(orderId, kind);
    return row?.status === "sent" ? row : null;
  });
}

const ship = (orderId: string) => server.shop.orders.changeStatus(orderId, "shipped", { kind: "admin", name: "Test Admin" });

describe("a parent who chose WhatsApp", () => {
  it("gets the shipped news as the approved template in the order's language, and the record follows WhatsApp's webhook", async () => {
    const phone = newPhone();
    const orderId = await order(phone, "hi");
    await choose(orderId);
    await ship(orderId);
    const [message] = await eventually("the WhatsApp message", () => (whatsapp.to(phone).length ? whatsapp.to(phone) : null));
    expect(message.path).toBe(`/v21.0/${TEST_WHATSAPP.phoneNumberId}/messages`);
    expect(message.authorization).toBe(`Bearer ${TEST_WHATSAPP.accessToken}`);
    expect(message.body.template.name).toBe("order_shipped");
    expect(message.body.template.language.code).toBe("hi");
    const [number, link] = message.body.template.components[0].parameters.map((p) => p.text);
    expect(link).toMatch(new RegExp(`^http://localhost:\\d+/orders/track\\?orderId=${number}$`));
    // One text: WhatsApp's, no SMS besides the placed one.
    expect(server.sms.to(phone)).toHaveLength(1);
    const sent = await sentRecord(orderId, "order-shipped");
    expect(sent).toMatchObject({ transport: "whatsapp", whatsapp_id: message.id, whatsapp_state: "accepted" });

    const delivered = webhookPayload([{ id: message.id, status: "delivered" }]);
    expect((await postWebhook(server.url, delivered)).status).toBe(200);
    expect((await record(orderId, "order-shipped"))?.whatsapp_state).toBe("delivered");
    // WhatsApp sends a webhook again until it has a 200, and a late "sent" may follow a "delivered": neither sets it back.
    expect((await postWebhook(server.url, delivered)).status).toBe(200);
    expect((await postWebhook(server.url, webhookPayload([{ id: message.id, status: "sent" }]))).status).toBe(200);
    expect((await record(orderId, "order-shipped"))?.whatsapp_state).toBe("delivered");
    expect((await postWebhook(server.url, webhookPayload([{ id: message.id, status: "read" }]))).status).toBe(200);
    expect((await record(orderId, "order-shipped"))?.whatsapp_state).toBe("read");
    // Delivered: never handed to SMS, however late it is.
    await fallBackToSms(server.shop.db, server.shop.queue, { fallbackMs: 0, codeFallbackMs: 0 }, new Date(Date.now() + 86_400_000));
    expect((await record(orderId, "order-shipped"))?.fallback_at).toBeNull();
    expect(server.sms.to(phone)).toHaveLength(1);
  });

  it("refuses a forged webhook and answers the subscription handshake only with the shop's token", async () => {
    const phone = newPhone();
    const orderId = await order(phone);
    await choose(orderId);
    await ship(orderId);
    const [message] = await eventually("the WhatsApp message", () => (whatsapp.to(phone).length ? whatsapp.to(phone) : null));
    await sentRecord(orderId, "order-shipped");

    const failed = webhookPayload([{ id: message.id, status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] }]);
    expect((await postWebhook(server.url, failed, "someone-else's-secret")).status).toBe(401);
    const unsigned = await fetch(`${server.url}/webhooks/whatsapp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: failed });
    expect(unsigned.status).toBe(401);
    expect((await record(orderId, "order-shipped"))?.whatsapp_state).toBe("accepted");

    const handshake = (token: string) =>
      fetch(`${server.url}/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`);
    const answered = await handshake(TEST_WHATSAPP.verifyToken);
    expect(answered.status).toBe(200);
    expect(await answered.text()).toBe("1158201444");
    expect((await handshake("a-guess")).status).toBe(403);
  });

  it("gets the text by SMS at once when WhatsApp rejects the template, and the record says why", async () => {
    const phone = newPhone();
    const orderId = await order(phone);
    await choose(orderId);
    whatsapp.reply = (asked) =>
      asked.body.template.name === "order_shipped" && asked.body.to === `91${phone}`
        ? { status: 404, error: { code: 132001, message: "(#132001) Template name does not exist in the translation" } }
        : {};
    try {
      await ship(orderId);
      const texts = await eventually("the shipped SMS", () => (server.sms.to(phone).length >= 2 ? server.sms.to(phone) : null));
      expect(texts[1].text).toContain("has been shipped");
      const sent = await sentRecord(orderId, "order-shipped");
      expect(sent.transport).toBe("msg91");
      expect(sent.whatsapp_id).toBeNull();
      expect(sent.whatsapp_error).toContain("132001");
      expect(whatsapp.to(phone)).toHaveLength(0);
    } finally {
      whatsapp.reply = () => ({});
    }
  });

  it("gets the text by SMS, once, when WhatsApp reports the number is not on WhatsApp", async () => {
    const phone = newPhone();
    const orderId = await order(phone);
    await choose(orderId);
    await ship(orderId);
    const [message] = await eventually("the WhatsApp message", () => (whatsapp.to(phone).length ? whatsapp.to(phone) : null));
    await sentRecord(orderId, "order-shipped");
    const failed = webhookPayload([{ id: message.id, status: "failed", errors: [{ code: 131026, title: "Message undeliverable" }] }]);
    expect((await postWebhook(server.url, failed)).status).toBe(200);
    // The job runner's own sweep (every few seconds) hands it to SMS.
    const texts = await eventually("the fallback SMS", () => (server.sms.to(phone).length >= 2 ? server.sms.to(phone) : null));
    expect(texts[1].text).toContain("has been shipped");
    const after = await eventually("the fallback recorded", async () => {
      const row = await record(orderId, "order-shipped");
      return row?.status === "sent" && row.fallback_at ? row : null;
    });
    expect(after).toMatchObject({ transport: "msg91", whatsapp_id: message.id, whatsapp_state: "failed" });
    expect(after.whatsapp_error).toContain("131026");
    // The failure again, and sweeps later: no second SMS.
    expect((await postWebhook(server.url, failed)).status).toBe(200);
    await fallBackToSms(server.shop.db, server.shop.queue, { fallbackMs: 0, codeFallbackMs: 0 }, new Date(Date.now() + 86_400_000));
    await waitForStatus(server.shop.db, after.key, ["sent"]);
    expect(server.sms.to(phone)).toHaveLength(2);
  });

  it("gets the text by SMS when WhatsApp has not delivered it within the set time", async () => {
    const phone = newPhone();
    const orderId = await order(phone);
    await choose(orderId);
    await ship(orderId);
    const [message] = await eventually("the WhatsApp message", () => (whatsapp.to(phone).length ? whatsapp.to(phone) : null));
    await sentRecord(orderId, "order-shipped");
    expect((await postWebhook(server.url, webhookPayload([{ id: message.id, status: "sent" }]))).status).toBe(200);
    // Thirty minutes on (WHATSAPP_FALLBACK_MINUTES' default), still only "sent".
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await fallBackToSms(server.shop.db, server.shop.queue, { fallbackMs: 30 * 60_000, codeFallbackMs: 60_000 }, later)).toBeGreaterThanOrEqual(1);
    const texts = await eventually("the fallback SMS", () => (server.sms.to(phone).length >= 2 ? server.sms.to(phone) : null));
    expect(texts[1].text).toContain("has been shipped");
    expect(await fallBackToSms(server.shop.db, server.shop.queue, { fallbackMs: 30 * 60_000, codeFallbackMs: 60_000 }, later)).toBe(0);
  });

  it("goes back to SMS after replying STOP on WhatsApp", async () => {
    const phone = newPhone();
    const orderId = await order(phone);
    await choose(orderId);
    const stop = webhookPayload([], [{ from: `91${phone}`, text: "STOP" }]);
    expect((await postWebhook(server.url, stop)).status).toBe(200);
    expect(await server.shop.whatsapp.wants(orderSubject(orderId))).toBe(false);
    await eventually("the withdrawal in the read model", async () => {
      const row = await server.shop.db.selectFrom("whatsapp_consents").select("consented").where("subject", "=", orderSubject(orderId)).executeTakeFirst();
      return row?.consented === false;
    });
    await ship(orderId);
    const texts = await eventually("the shipped SMS", () => (server.sms.to(phone).length >= 2 ? server.sms.to(phone) : null));
    expect(texts[1].text).toContain("has been shipped");
    expect(whatsapp.to(phone)).toHaveLength(0);
  });
});
