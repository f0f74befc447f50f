// Each SMS the shop sends is one registered text (DLT) per language: which one a message is follows
// from the same choice that words it (domain/notifications.ts, domain/otp.ts).
import { describe, expect, it } from "vitest";
import { CUSTOMER_TEXTS } from "../../domain/customer-texts";
import { NOTIFIED_STATUSES, orderPlacedSms, orderPlacedTemplate, orderStatusSms, orderStatusTemplate, paymentReminderSms, paymentReminderTemplate } from "../../domain/notifications";
import { interpolate } from "../../domain/i18n";
import { SMS_TEMPLATES, type SmsTemplate } from "../../domain/sms-templates";

const SHOP = "Churu Uniform House";
const URL = "https://shop.example.in";
const ORDER = { orderId: "3f9a1c2e-0000-4000-8000-000000000000", total: 1250 };
const VPA = "churuuniform@sbi";

/** The customer text each template stands for, with the placeholders left as they are. */
const TEXT_OF: Record<string, (language: "en" | "hi") => string> = {
  signInCode: (l) => CUSTOMER_TEXTS[l].signInCode,
  orderPlaced: (l) => CUSTOMER_TEXTS[l].order.placed,
  orderPlacedUpi: (l) => CUSTOMER_TEXTS[l].order.placedUpi,
  orderPlacedUpiOnPage: (l) => CUSTOMER_TEXTS[l].order.placedUpiOnPage,
  orderShipped: (l) => CUSTOMER_TEXTS[l].order.shipped,
  orderDelivered: (l) => CUSTOMER_TEXTS[l].order.delivered,
  orderCancelled: (l) => CUSTOMER_TEXTS[l].order.cancelled,
  orderHoldExpired: (l) => CUSTOMER_TEXTS[l].order.holdExpired,
  orderLineDropped: (l) => CUSTOMER_TEXTS[l].order.lineDropped,
  paymentReminder: (l) => CUSTOMER_TEXTS[l].payment.reminder,
  paymentReminderOnPage: (l) => CUSTOMER_TEXTS[l].payment.reminderOnPage,
  grievanceFiled: (l) => CUSTOMER_TEXTS[l].grievance.filed,
  grievanceAcknowledged: (l) => CUSTOMER_TEXTS[l].grievance.acknowledged,
  grievanceResolved: (l) => CUSTOMER_TEXTS[l].grievance.resolved,
  returnApproved: (l) => CUSTOMER_TEXTS[l].returns.approved,
  returnReceived: (l) => CUSTOMER_TEXTS[l].returns.received,
  exchangeMade: (l) => CUSTOMER_TEXTS[l].returns.exchanged,
  orderRefunded: (l) => CUSTOMER_TEXTS[l].returns.refunded,
};

/** Whether `text` is `template`'s words with its placeholders filled in: the words around them, in order. */
function isWordedAs(text: string, template: SmsTemplate): boolean {
  const [message, language] = template.split(".") as [string, "en" | "hi"];
  const parts = interpolate(TEXT_OF[message](language), { shop: SHOP }).split(/\{\{\w+\}\}/);
  let at = 0;
  for (const part of parts) {
    const found = text.indexOf(part, at);
    if (found === -1) return false;
    at = found + part.length;
  }
  return true;
}

describe("SMS templates", () => {
  it("has one template per text the shop sends, in each language", () => {
    expect(SMS_TEMPLATES).toHaveLength(Object.keys(TEXT_OF).length * 2);
    for (const template of SMS_TEMPLATES) expect(TEXT_OF[template.split(".")[0]], template).toBeTypeOf("function");
  });

  it("names the template an order's placed text is worded from: cash, UPI to the shop's UPI ID, UPI on the order's page", () => {
    for (const language of ["en", "hi"] as const) {
      const cases: [Parameters<typeof orderPlacedTemplate>[0], string | undefined][] = [
        [{ language }, VPA],
        [{ language, paymentMethod: "upi" }, VPA],
        [{ language, paymentMethod: "upi" }, undefined],
      ];
      for (const [order, upiId] of cases) {
        const template = orderPlacedTemplate(order, upiId);
        expect(isWordedAs(orderPlacedSms(SHOP, { ...ORDER, ...order }, URL, upiId), template), template).toBe(true);
      }
      expect(orderPlacedTemplate({ language, paymentMethod: "upi" }, VPA)).toBe(`orderPlacedUpi.${language}`);
      expect(orderPlacedTemplate({ language, paymentMethod: "cod" }, VPA)).toBe(`orderPlaced.${language}`);
    }
    // An order from before Hindi is English.
    expect(orderPlacedTemplate({})).toBe("orderPlaced.en");
  });

  it("names the status texts' and the reminder's templates, and none for a status the shop does not text about", () => {
    for (const language of ["en", "hi"] as const) {
      for (const status of NOTIFIED_STATUSES) {
        const template = orderStatusTemplate(status, language)!;
        expect(isWordedAs(orderStatusSms(SHOP, ORDER.orderId, status, URL, language), template), template).toBe(true);
      }
      for (const upiId of [VPA, undefined]) {
        const template = paymentReminderTemplate(language, upiId);
        expect(isWordedAs(paymentReminderSms(SHOP, { orderId: ORDER.orderId, amount: 1250, language }, URL, upiId), template), template).toBe(true);
      }
    }
    expect(orderStatusTemplate("processing", "hi")).toBeUndefined();
    // The check above can tell texts apart: a shipped text is not the delivered template's.
    expect(isWordedAs(orderStatusSms(SHOP, ORDER.orderId, "shipped", URL, "en"), "orderDelivered.en")).toBe(false);
  });
});
