/**
 * SMS in India go out under a DLT sender id and each message's registered template id: the shop's
 * MSG91 transport names both for every message it sends, the one the message is (the sign-in code,
 * the order's "placed" texts, a status change) in the language it is in, as MSG91's send API takes
 * them (`sender`, `DLT_TE_ID`, `unicode` for a text beyond ASCII). Read where the transport delivers
 * them: a fake provider's HTTP server, set up as a shop in India sets MSG91 up (tests/support/sms-inbox.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/admin";
import { eventually, type SmsRequest } from "../support/fake-providers";
import { codeRecord, sendRecord } from "../support/notifications";
import { startTestServer, type TestServer } from "../support/server";
import { testTemplateId } from "../support/sms-inbox";
import type { SmsTemplate } from "../../domain/sms-templates";
import { notificationKey } from "../../workers/reactor";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

let nextPhone = 9_713_000_000;
const newPhone = () => String(nextPhone++);

async function requestsTo(phone: string, count = 1): Promise<SmsRequest[]> {
  return eventually(`${count} text(s) to ${phone}`, () => {
    const arrived = server.sms.to(phone);
    return arrived.length >= count ? arrived : null;
  });
}

/** What the provider must have been told for a message that is `template`. */
function registered(template: SmsTemplate, unicode: 0 | 1) {
  return { sender: "CHURUU", templateId: testTemplateId(template), unicode };
}

const order = (phone: string, language: "en" | "hi", paymentMethod?: "upi") =>
  call(`${server.url}/api/orders/guest`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": language === "hi" ? "hi-IN,hi;q=0.9" : "en-IN" },
    body: JSON.stringify({
      mobileNumber: phone,
      cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
      address: { name: "Meena", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
      ...(paymentMethod ? { paymentMethod } : {}),
    }),
  });

describe("MSG91 is told each SMS's DLT sender id and template id", () => {
  it("sends a sign-in code under the sign-in template of its language, English as plain text and Hindi as unicode", async () => {
    const send = (phone: string, language: string) =>
      call(`${server.url}/api/users/auth/send-otp`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": language },
        body: JSON.stringify({ phone }),
      });
    const english = newPhone();
    expect((await send(english, "en-IN")).status).toBe(200);
    const [code] = await requestsTo(english);
    expect(code.text).toMatch(/^\d{6} is your /);
    expect(code).toMatchObject(registered("signInCode.en", 0));
    expect((await codeRecord(server.shop.db, english)).template).toBe("signInCode.en");

    const hindi = newPhone();
    expect((await send(hindi, "hi")).status).toBe(200);
    expect((await requestsTo(hindi))[0]).toMatchObject(registered("signInCode.hi", 1));
  });

  it("sends an order's texts under their own templates: placed (cash or UPI), then shipped, in the order's language", async () => {
    const hindi = newPhone();
    const placed = await order(hindi, "hi");
    expect(placed.status).toBe(201);
    const [first] = await requestsTo(hindi);
    expect(first.text).toContain("मिल गया");
    expect(first).toMatchObject(registered("orderPlaced.hi", 1));

    const { orderId } = (await placed.json()) as { orderId: string };
    await server.shop.orders.changeStatus(orderId, "shipped", { kind: "admin", name: "Test Admin" });
    const [, shipped] = await requestsTo(hindi, 2);
    expect(shipped.text).toContain("भेज दिया गया है");
    expect(shipped).toMatchObject(registered("orderShipped.hi", 1));

    const upi = newPhone();
    expect((await order(upi, "en", "upi")).status).toBe(201);
    const [upiText] = await requestsTo(upi);
    expect(upiText.text).toContain("Pay by UPI to churuuniform@sbi");
    // The total's ₹ is beyond ASCII: the English text goes as unicode too.
    expect(upiText).toMatchObject(registered("orderPlacedUpi.en", 1));
  });

  it("keeps the template with the send record, so a retry goes under the same one", async () => {
    const phone = newPhone();
    const placed = await order(phone, "en");
    const { orderId } = (await placed.json()) as { orderId: string };
    await requestsTo(phone);
    const row = await server.shop.db
      .selectFrom("notification_sends")
      .select(["key", "template"])
      .where("stream_id", "=", `order-${orderId}`)
      .where("channel", "=", "sms")
      .executeTakeFirstOrThrow();
    expect(row.template).toBe("orderPlaced.en");
    // The provider has the text; the worker records "sent" once it has the provider's answer.
    await eventually("the send recorded as sent", async () => ((await sendRecord(server.shop.db, row.key))?.status === "sent" ? true : null));
    expect(row.key).toBe(notificationKey(row.key.split(":")[0], "sms"));
  });
});
