import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/i18n";
import { orderPlacedSms, orderPlacedTemplate, orderStatusSms, orderStatusTemplate, paymentReminderSms, paymentReminderTemplate } from "../../domain/notifications";
import { grievanceSms } from "../../domain/grievance/texts";
import { otpSmsShown } from "../../domain/otp";
import { SMS_MESSAGES, SMS_TEMPLATES, smsTemplate } from "../../domain/sms-templates";
import { interpolate } from "../../domain/i18n";
import { indianNumberOf, movesOn, readWebhook, smsValues, smsWording, templateMessage, webhookBody, WHATSAPP_REGISTRATIONS, WHATSAPP_TEMPLATES } from "../../domain/whatsapp";

const ORDER_ID = "3f9a1c2e-0000-8000-8000-000000000007";
const SHOP = "Churu Uniform House";
const URL = "https://shop.example.in";
const LINK = "https://shop.example.in/orders/track?orderId=3F9A1C2E";

function params(message: ReturnType<typeof templateMessage>) {
  return message?.template.components[0].parameters.map((p) => p.text);
}

describe("the shop's texts as WhatsApp templates", () => {
  it("registers every SMS text once per language, each body by WhatsApp's rules", () => {
    for (const message of SMS_MESSAGES) {
      const template = WHATSAPP_TEMPLATES[message];
      expect(template.name).toMatch(/^[a-z0-9_]{1,512}$/);
      for (const language of LANGUAGES) {
        const body = template.body[language];
        const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
        // Numbered 1..n in order, one per value, never last in the body.
        expect(numbers, `${message}.${language}`).toEqual(template.params.map((_, i) => i + 1));
        // An authentication template's body is Meta's preset ("{{1}} is your verification code.").
        if (template.category === "UTILITY") expect(body.trimStart().startsWith("{{"), `${message}.${language}`).toBe(false);
        expect(body.trimEnd().endsWith("}}"), `${message}.${language}`).toBe(false);
      }
    }
    const names = SMS_MESSAGES.map((m) => WHATSAPP_TEMPLATES[m].name);
    expect(new Set(names).size).toBe(names.length);
    expect(WHATSAPP_TEMPLATES.signInCode.category).toBe("AUTHENTICATION");
    expect(SMS_MESSAGES.filter((m) => WHATSAPP_TEMPLATES[m].category === "AUTHENTICATION")).toEqual(["signInCode"]);
  });

  it("fills a placed order's template with what its SMS says: the number, the total with its offer, the link", () => {
    for (const language of LANGUAGES) {
      const order = { orderId: ORDER_ID, total: 318600, discountPercent: 10, discount: 35300, delivery: 0, paymentMethod: "cod" as const, language };
      const text = orderPlacedSms(SHOP, order, URL);
      const message = templateMessage({ to: "+919876543210", template: orderPlacedTemplate(order), text });
      expect(message?.to).toBe("919876543210");
      expect(message?.template.name).toBe("order_placed");
      expect(message?.template.language.code).toBe(language);
      const [number, total, link] = params(message) ?? [];
      expect(number).toBe("3F9A1C2E");
      expect(total).toContain("₹3,18,600");
      expect(total).toContain("₹35,300");
      expect(link).toBe(LINK);
    }
  });

  it("gives a UPI order's and a reminder's template the shop's UPI ID and the amount", () => {
    const order = { orderId: ORDER_ID, total: 99900, paymentMethod: "upi" as const, language: "hi" as const };
    const placed = templateMessage({ to: "9876543210", template: orderPlacedTemplate(order, "shop@upi"), text: orderPlacedSms(SHOP, order, URL, "shop@upi") });
    expect(placed?.template.name).toBe("order_placed_upi");
    expect(params(placed)).toEqual(["3F9A1C2E", "₹99,900", "shop@upi", LINK]);
    const reminder = templateMessage({
      to: "9876543210",
      template: paymentReminderTemplate("en", "shop@upi"),
      text: paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 99900 }, URL, "shop@upi"),
    });
    expect(params(reminder)).toEqual(["3F9A1C2E", "₹99,900", "shop@upi", LINK]);
  });

  it("fills the shipped, delivered and cancelled templates, and a complaint's, with their values", () => {
    for (const status of ["shipped", "delivered", "cancelled"] as const) {
      const message = templateMessage({ to: "9876543210", template: orderStatusTemplate(status, "hi") ?? null, text: orderStatusSms(SHOP, ORDER_ID, status, URL, "hi") });
      expect(params(message)).toEqual(["3F9A1C2E", LINK]);
    }
    const resolved = grievanceSms(SHOP, URL, "resolved", { ticketId: "t1", number: "G-3F9A1C2E", filedAt: "2026-12-01T10:00:00.000Z", language: "en", note: "We sent the right size." });
    expect(params(templateMessage({ to: "9876543210", template: resolved.template, text: resolved.body }))).toEqual([
      "G-3F9A1C2E",
      "We sent the right size.",
      `${URL}/grievance/t1`,
    ]);
    // An empty note is never an empty parameter.
    const bare = grievanceSms(SHOP, URL, "resolved", { ticketId: "t1", number: "G-1", filedAt: "2026-12-01T10:00:00.000Z", language: "hi" });
    expect(params(templateMessage({ to: "9876543210", template: bare.template, text: bare.body }))?.[1]).toBe("-");
  });

  it("sends a sign-in code as the authentication template with its copy-code button", () => {
    const message = templateMessage({ to: "9876543210", template: smsTemplate("signInCode", "hi"), text: otpSmsShown(SHOP, "hi"), code: "482913" });
    expect(message?.template.name).toBe("sign_in_code");
    expect(message?.template.components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "482913" }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "482913" }] },
    ]);
  });

  it("lists every template in docs/notifications.md as the owner registers it: name, language, category, body", () => {
    const doc = fs.readFileSync("docs/notifications.md", "utf8");
    for (const r of WHATSAPP_REGISTRATIONS) {
      const category = r.category === "AUTHENTICATION" ? "Authentication" : "Utility";
      expect(doc, `${r.name} ${r.language}`).toContain(`| \`${r.name}\` | ${r.language} | ${category} | ${r.body.replace(/\n/g, "<br>")} |`);
    }
  });

  it("reads every SMS text's values back, whichever texts are added later", () => {
    for (const template of SMS_TEMPLATES) {
      if (template.startsWith("signInCode.")) continue;
      const [message] = template.split(".") as [keyof typeof WHATSAPP_TEMPLATES];
      const values = { shop: "Shop: A", item: "Steel Bottle (Free Size) x 2", number: "3F9A1C2E", total: "₹999", charges: " (10% off ₹100)", upiId: "shop@upi", amount: "₹999", link: LINK, resolveBy: "7 Jan 2027", note: "Done.", status: "x" };
      const text = smsValues(template, interpolate(smsWording(template), values));
      expect(text, template).toBeDefined();
      // The total and its charges, side by side in the wording, are one value.
      const expected: Record<string, string> = { ...values, total: smsWording(template).includes("{{total}}{{charges}}") ? `${values.total}${values.charges}` : values.total };
      for (const name of WHATSAPP_TEMPLATES[message].params) expect(text?.[name], `${template} ${name}`).toBe(expected[name]);
    }
  });

  it("has no template for a text without one, or one not in its SMS wording", () => {
    expect(templateMessage({ to: "9876543210", template: null, text: "anything" })).toBeUndefined();
    expect(templateMessage({ to: "9876543210", template: "orderShipped.en", text: "Your parcel left today" })).toBeUndefined();
    expect(templateMessage({ to: "9876543210", template: "signInCode.en", text: otpSmsShown(SHOP) })).toBeUndefined();
  });
});

describe("WhatsApp's webhook", () => {
  const body = webhookBody.parse({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              statuses: [
                { id: "wamid.A", status: "delivered", timestamp: "1765100000", recipient_id: "919876543210" },
                { id: "wamid.B", status: "failed", timestamp: "1765100001", errors: [{ code: 131026, title: "Message undeliverable" }] },
                { id: "wamid.C", status: "deleted", timestamp: "1765100002" },
              ],
              messages: [
                { from: "919876543210", id: "wamid.in1", type: "text", text: { body: " STOP " } },
                { from: "919876543211", id: "wamid.in2", type: "text", text: { body: "Is my order ready?" } },
              ],
            },
          },
        ],
      },
    ],
  });

  it("reads the statuses it follows, with why one failed, and a parent's STOP", () => {
    const read = readWebhook(body, new Date());
    expect(read.statuses).toEqual([
      { id: "wamid.A", state: "delivered", at: new Date(1765100000 * 1000) },
      { id: "wamid.B", state: "failed", at: new Date(1765100001 * 1000), error: "131026 Message undeliverable" },
    ]);
    expect(read.stops).toEqual([{ from: "919876543210" }]);
    expect(indianNumberOf("919876543210")).toBe("9876543210");
    expect(indianNumberOf("15551234567")).toBeUndefined();
  });

  it("moves a message's state only forward, so a webhook twice or late changes nothing", () => {
    expect(movesOn(null, "sent")).toBe(true);
    expect(movesOn("sent", "delivered")).toBe(true);
    expect(movesOn("delivered", "delivered")).toBe(false);
    expect(movesOn("read", "delivered")).toBe(false);
    expect(movesOn("sent", "failed")).toBe(true);
    expect(movesOn("delivered", "failed")).toBe(false);
  });
});
