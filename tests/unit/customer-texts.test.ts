import { describe, expect, it } from "vitest";
import { CUSTOMER_TEXTS } from "../../domain/customer-texts";
import { LANGUAGES, type MessageTree } from "../../domain/i18n";
import {
  orderPlacedEmail,
  orderPlacedSms,
  orderStatusSms,
  paymentReminderSms,
  reminderSkipReason,
} from "../../domain/notifications";
import { foldOrder } from "../../domain/orders/order";
import type { OrderEvent } from "../../domain/orders/events";
import { orderEvents, type OrderPlaced } from "../../domain/orders/events";
import { OTP_MASK, otpSmsFromShown, otpSmsShown, otpSmsText } from "../../domain/otp";
import { flattenMessages, placeholdersOf } from "../support/messages";

/**
 * What reaches a customer's phone, in Hindi and in English: the order's SMS (placed, and its
 * status changes) and the sign-in code.
 */

const SHOP = "Churu Uniform House";
const SHOP_URL = "https://churuuniformhouse.in";
const ORDER_ID = "3f9a1c2e-0000-8000-8000-000000000007";
const LINK = "https://churuuniformhouse.in/orders/track?orderId=3F9A1C2E";
/** A Unicode SMS part: 70 characters alone, 67 each when the text takes several. */
const unicodeParts = (text: string) => (text.length <= 70 ? 1 : Math.ceil(text.length / 67));
const devanagari = /[\u0900-\u097F]/;


describe("the customer's texts in both languages", () => {
  it("has every text in Hindi and English, with the same placeholders, the Hindi in Devanagari", () => {
    const en = flattenMessages(CUSTOMER_TEXTS.en as unknown as MessageTree);
    const hi = flattenMessages(CUSTOMER_TEXTS.hi as unknown as MessageTree);
    expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, english] of en) {
      expect(placeholdersOf(hi.get(key)!), key).toEqual(placeholdersOf(english));
      expect(hi.get(key)!, key).toMatch(devanagari);
      // A link in the middle of a text would swallow what follows it on some phones.
      if (english.includes("{{link}}")) for (const text of [english, hi.get(key)!]) expect(text, key).toMatch(/\{\{link\}\}$/);
    }
    expect(Object.keys(CUSTOMER_TEXTS).sort()).toEqual([...LANGUAGES].sort());
  });
});

describe("the order's SMS", () => {
  it("thanks a Hindi shopper in Hindi: the order number, the total in ₹ grouped the Indian way, the tracking link", () => {
    const text = orderPlacedSms(SHOP, { orderId: ORDER_ID, total: 123456, language: "hi" }, SHOP_URL);
    expect(text).toBe(`Churu Uniform House: आपका ऑर्डर 3F9A1C2E (₹1,23,456) मिल गया। ट्रैक करें: ${LINK}`);
    // Short: two Unicode parts even with a total in lakhs.
    expect(unicodeParts(text)).toBeLessThanOrEqual(2);
    expect(text).not.toContain(ORDER_ID);
  });

  it("keeps the English text as it was, and an order without a language is English", () => {
    const english = `Churu Uniform House: thank you! We have your order 3F9A1C2E for ₹1,250. We will text you when it ships. Track it at ${LINK}`;
    expect(orderPlacedSms(SHOP, { orderId: ORDER_ID, total: 1250, language: "en" }, SHOP_URL)).toBe(english);
    expect(orderPlacedSms(SHOP, { orderId: ORDER_ID, total: 1250 }, SHOP_URL)).toBe(english);
  });

  it("tells a Hindi shopper about a shipped, delivered or cancelled order in Hindi", () => {
    expect(orderStatusSms(SHOP, ORDER_ID, "shipped", SHOP_URL, "hi")).toBe(
      `Churu Uniform House: आपका ऑर्डर 3F9A1C2E भेज दिया गया है। ट्रैक करें: ${LINK}`,
    );
    expect(orderStatusSms(SHOP, ORDER_ID, "delivered", SHOP_URL, "hi")).toContain("3F9A1C2E पहुँच गया है");
    expect(orderStatusSms(SHOP, ORDER_ID, "cancelled", SHOP_URL, "hi")).toContain("3F9A1C2E रद्द हो गया है");
    // A status with no text of its own is named in Hindi, never as the stored English word.
    const processing = orderStatusSms(SHOP, ORDER_ID, "processing", SHOP_URL, "hi");
    expect(processing).toContain("तैयार हो रहा है");
    expect(processing).not.toContain("processing");
    for (const status of ["shipped", "delivered", "cancelled", "processing"] as const) {
      const text = orderStatusSms(SHOP, ORDER_ID, status, SHOP_URL, "hi");
      expect(text.endsWith(LINK), status).toBe(true);
      expect(unicodeParts(text), status).toBeLessThanOrEqual(3);
    }
  });

  it("keeps the English status texts as they were", () => {
    expect(orderStatusSms(SHOP, ORDER_ID, "shipped", SHOP_URL)).toBe(
      `Churu Uniform House: your order 3F9A1C2E has been shipped and is on its way to you. Track it at ${LINK}`,
    );
    expect(orderStatusSms(SHOP, ORDER_ID, "processing", SHOP_URL, "en")).toBe(
      `Churu Uniform House: your order 3F9A1C2E is now processing. Track it at ${LINK}`,
    );
  });

  it("tells the shop's staff, in English, which language the customer ordered in", () => {
    const order: OrderPlaced["data"] = {
      orderId: ORDER_ID,
      total: 499,
      placedAt: "2026-06-01T10:00:00.000Z",
      language: "hi",
      customer: { kind: "guest", name: "Asha", phone: "9876543210" },
      address: { name: "Asha", phone: "9876543210", address: "Station Road", city: "Churu", pincode: "331001" },
      lines: [{ productId: "p", name: "White Shirt", size: "32", school: "DPS", unitPrice: 499, quantity: 1 }],
      subtotal: 499,
      discountPercent: 0,
      discount: 0,
      delivery: 0,
      paymentMethod: "cod",
    };
    expect(orderPlacedEmail(SHOP, order).text).toContain("Language: Hindi (हिन्दी)");
    expect(orderPlacedEmail(SHOP, { ...order, language: "en" }).text).toContain("Language: English");
  });
});

describe("the money in the order's SMS", () => {
  const VPA = "churuuniform@sbi";
  const charged = { orderId: ORDER_ID, total: 3236, discountPercent: 10, discount: 353, delivery: 50 };
  // The longest a text gets: a total in lakhs, the offer and delivery, a long UPI ID.
  const longest = { orderId: ORDER_ID, total: 1_23_456, discountPercent: 15, discount: 21_787, delivery: 150 };
  const LONG_VPA = "churu.uniform.house@okaxis";

  it("says the total and the offer, in English and Hindi", () => {
    const offer = { ...charged, total: 3186, delivery: 0 };
    expect(orderPlacedSms(SHOP, { ...offer, language: "en" }, SHOP_URL)).toBe(
      `Churu Uniform House: thank you! We have your order 3F9A1C2E for ₹3,186 (10% off ₹353). We will text you when it ships. Track it at ${LINK}`,
    );
    expect(orderPlacedSms(SHOP, { ...offer, language: "hi" }, SHOP_URL)).toBe(
      `Churu Uniform House: आपका ऑर्डर 3F9A1C2E (₹3,186, 10% छूट ₹353) मिल गया। ट्रैक करें: ${LINK}`,
    );
  });

  it("says a delivery charge, alone or with the offer", () => {
    expect(orderPlacedSms(SHOP, { ...charged, total: 3589, discount: 0, discountPercent: 0, language: "en" }, SHOP_URL)).toContain(
      "for ₹3,589 (with ₹50 delivery).",
    );
    expect(orderPlacedSms(SHOP, { ...charged, language: "en" }, SHOP_URL)).toContain("for ₹3,236 (10% off ₹353, ₹50 delivery).");
    expect(orderPlacedSms(SHOP, { ...charged, language: "hi" }, SHOP_URL)).toContain("(₹3,236, 10% छूट ₹353, डिलीवरी ₹50)");
  });

  it("tells a UPI shopper the amount, the shop's UPI ID, the order number and the link", () => {
    const en = orderPlacedSms(SHOP, { ...charged, paymentMethod: "upi", language: "en" }, SHOP_URL, VPA);
    expect(en).toBe(
      `Churu Uniform House: we have your order 3F9A1C2E. Total ₹3,236 (10% off ₹353, ₹50 delivery). Pay by UPI to churuuniform@sbi. Pay or track: ${LINK}`,
    );
    const hi = orderPlacedSms(SHOP, { ...charged, paymentMethod: "upi", language: "hi" }, SHOP_URL, VPA);
    expect(hi).toBe(
      `Churu Uniform House: ऑर्डर 3F9A1C2E (₹3,236, 10% छूट ₹353, डिलीवरी ₹50) मिला। UPI से churuuniform@sbi पर भेजें। ट्रैक: ${LINK}`,
    );
    // Without a UPI ID (SHOP_UPI_ID unset since) the order's page shows how to pay.
    const onPage = orderPlacedSms(SHOP, { ...charged, paymentMethod: "upi", language: "hi" }, SHOP_URL);
    expect(onPage).toContain("UPI से पैसे यहाँ भेजें");
    expect(onPage).not.toContain("{{");
    // A cash order never mentions UPI, even when the shop has an ID.
    expect(orderPlacedSms(SHOP, { ...charged, paymentMethod: "cod", language: "en" }, SHOP_URL, VPA)).not.toContain("UPI");
  });

  it("keeps every Hindi text to three Unicode parts at its longest, and a plain Hindi order to two", () => {
    expect(unicodeParts(orderPlacedSms(SHOP, { orderId: ORDER_ID, total: 1_23_456, language: "hi" }, SHOP_URL))).toBeLessThanOrEqual(2);
    const hindi = [
      orderPlacedSms(SHOP, { ...longest, language: "hi" }, SHOP_URL),
      orderPlacedSms(SHOP, { ...longest, paymentMethod: "upi", language: "hi" }, SHOP_URL, LONG_VPA),
      orderPlacedSms(SHOP, { ...longest, paymentMethod: "upi", language: "hi" }, SHOP_URL),
      paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 1_23_456, language: "hi" }, SHOP_URL, LONG_VPA),
      paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 1_23_456, language: "hi" }, SHOP_URL),
    ];
    for (const text of hindi) {
      expect(unicodeParts(text), text).toBeLessThanOrEqual(3);
      expect(text.endsWith(LINK), text).toBe(true);
    }
    // English with ₹ goes as Unicode too: the new UPI texts stay within three parts for an everyday order.
    const english = [
      orderPlacedSms(SHOP, { ...charged, paymentMethod: "upi", language: "en" }, SHOP_URL, VPA),
      paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 3236, language: "en" }, SHOP_URL, VPA),
    ];
    for (const text of english) expect(unicodeParts(text), text).toBeLessThanOrEqual(3);
    for (const text of [
      orderPlacedSms(SHOP, { ...longest, language: "en" }, SHOP_URL),
      orderPlacedSms(SHOP, { ...longest, paymentMethod: "upi", language: "en" }, SHOP_URL, LONG_VPA),
    ]) {
      expect(unicodeParts(text), text).toBeLessThanOrEqual(4);
    }
  });
});

describe("the UPI payment reminder", () => {
  it("asks for the amount, names the order and the UPI ID, in the order's language", () => {
    expect(paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 3186, language: "en" }, SHOP_URL, "churuuniform@sbi")).toBe(
      `Churu Uniform House: order 3F9A1C2E is not paid yet. Please pay ₹3,186 by UPI to churuuniform@sbi. Pay or track: ${LINK}`,
    );
    expect(paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 3186, language: "hi" }, SHOP_URL, "churuuniform@sbi")).toBe(
      `Churu Uniform House: ऑर्डर 3F9A1C2E के ₹3,186 अभी बाकी हैं। UPI से churuuniform@sbi पर भेजें। ट्रैक: ${LINK}`,
    );
    const onPage = paymentReminderSms(SHOP, { orderId: ORDER_ID, amount: 3186 }, SHOP_URL);
    expect(onPage).toContain("Please pay ₹3,186 by UPI on its page");
  });

  it("is sent only while the order still waits for its money", () => {
    const at = "2026-06-01T10:00:00.000Z";
    const actor = { kind: "guest" as const };
    const placed: OrderEvent = {
      type: "OrderPlaced",
      data: {
        orderId: ORDER_ID,
        total: 3186,
        placedAt: at,
        language: "hi",
        customer: { kind: "guest", name: "Asha", phone: "9876543210" },
        address: { name: "Asha", phone: "9876543210", address: "Station Road", city: "Churu", pincode: "331001" },
        lines: [{ productId: "p", name: "Blazer", size: "36", school: "", unitPrice: 3539, quantity: 1 }],
        subtotal: 3539,
        discountPercent: 10,
        discount: 353,
        delivery: 0,
        paymentMethod: "upi",
      },
    };
    const requested: OrderEvent = { type: "PaymentRequested", data: { orderId: ORDER_ID, method: "upi", amount: 3186, actor, at } };
    const unpaid = [placed, requested];
    expect(reminderSkipReason(foldOrder(unpaid))).toBeUndefined();
    expect(reminderSkipReason(foldOrder([]))).toBe("missing");
    const reported: OrderEvent = { type: "PaymentReported", data: { orderId: ORDER_ID, reference: "412345678901", actor, at } };
    expect(reminderSkipReason(foldOrder([...unpaid, reported]))).toBe("reported");
    // A rejected reference leaves the order unpaid again: the reminder still goes.
    const rejected: OrderEvent = { type: "PaymentRejected", data: { orderId: ORDER_ID, reference: "412345678901", note: "not in statement", actor, at } };
    expect(reminderSkipReason(foldOrder([...unpaid, reported, rejected]))).toBeUndefined();
    const confirmed: OrderEvent = { type: "PaymentConfirmed", data: { orderId: ORDER_ID, amount: 3186, note: "", actor, at } };
    expect(reminderSkipReason(foldOrder([...unpaid, confirmed]))).toBe("paid");
    const cancelled: OrderEvent = { type: "OrderStatusChanged", data: { orderId: ORDER_ID, from: "pending", to: "cancelled", actor, at } };
    expect(reminderSkipReason(foldOrder([...unpaid, cancelled]))).toBe("cancelled");
    const deleted: OrderEvent = { type: "OrderDeleted", data: { orderId: ORDER_ID, actor, at } };
    expect(reminderSkipReason(foldOrder([...unpaid, deleted]))).toBe("deleted");
  });
});

describe("an order placed before the shop spoke Hindi", () => {
  it("reads as English and is texted in English", () => {
    const v1 = {
      orderId: ORDER_ID,
      total: 1250,
      placedAt: "2025-06-01T10:00:00.000Z",
      customer: { kind: "guest", name: "Asha", phone: "9876543210" },
      address: { name: "Asha", phone: "9876543210", address: "Station Road", city: "Churu", pincode: "331001" },
      lines: [{ productId: "p", name: "White Shirt", size: "32", school: "", unitPrice: 1250, quantity: 1 }],
    };
    // Stored before versions were stamped: no schemaVersion, no language.
    const event = orderEvents.read({ streamId: `order-${ORDER_ID}`, type: "OrderPlaced", data: v1, metadata: {}, revision: 0, position: "1" });
    if (event.type !== "OrderPlaced") throw new Error("not an OrderPlaced");
    expect(event.data.language).toBe("en");
    expect(orderPlacedSms(SHOP, event.data, SHOP_URL)).toContain("thank you! We have your order 3F9A1C2E for ₹1,250.");
  });
});

describe("the sign-in code's SMS", () => {
  it("is in Hindi for a Hindi page, the code first, and the kept text masks it", () => {
    expect(otpSmsText(SHOP, "123456", "hi")).toBe("123456 आपका Churu Uniform House OTP है। यह 10 मिनट तक चलेगा। इसे किसी को न बताएँ।");
    const shown = otpSmsShown(SHOP, "hi");
    expect(shown).toContain(OTP_MASK);
    expect(shown).not.toMatch(/\d{6}/);
    expect(otpSmsFromShown(shown, SHOP, "654321")).toBe(otpSmsText(SHOP, "654321", "hi"));
  });

  it("is in English as before, and a kept text without its mask goes out in English", () => {
    expect(otpSmsText(SHOP, "123456")).toBe(
      "123456 is your Churu Uniform House sign-in code. It is valid for 10 minutes. Do not share it with anyone.",
    );
    expect(otpSmsFromShown(otpSmsShown(SHOP), SHOP, "654321")).toBe(otpSmsText(SHOP, "654321", "en"));
    expect(otpSmsFromShown(null, SHOP, "654321")).toBe(otpSmsText(SHOP, "654321", "en"));
    // A shop name with asterisks makes the mask ambiguous: the code is never put in the wrong place.
    expect(otpSmsFromShown(otpSmsShown("Star******Shop", "hi"), "Star******Shop", "654321")).toBe(
      otpSmsText("Star******Shop", "654321", "en"),
    );
  });
});
