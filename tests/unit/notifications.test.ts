import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { orderPlacedEmail, orderPlacedSms, orderStatusSms } from "../../domain/notifications";
import { otpSmsText } from "../../domain/otp";
import { indianMobile, maskPhone } from "../../workers/transports/transport";

describe("notification texts", () => {
  // A real order id: the texts quote the 8 characters the pages show, never the 36.
  const ORDER_ID = "3f9a1c2e-0000-8000-8000-000000000007";
  const SHOP_URL = "https://shop.example.in";

  it("tells the customer the order number and the total in rupees, en-IN, with a tracking link", () => {
    const text = orderPlacedSms("Churu Uniform House", { orderId: ORDER_ID, total: 125000 }, SHOP_URL);
    expect(text).toContain("3F9A1C2E");
    expect(text).toContain("₹1,25,000");
    expect(text).toContain("Churu Uniform House");
    expect(text).toContain("https://shop.example.in/orders/track?orderId=3F9A1C2E");
    expect(text).not.toContain(ORDER_ID);
  });

  it("names the new status, the order number and its tracking link", () => {
    expect(orderStatusSms("Shop", ORDER_ID, "shipped", SHOP_URL)).toContain("3F9A1C2E has been shipped");
    expect(orderStatusSms("Shop", ORDER_ID, "delivered", SHOP_URL)).toContain("has been delivered");
    expect(orderStatusSms("Shop", ORDER_ID, "cancelled", SHOP_URL)).toContain("has been cancelled");
    for (const status of ["shipped", "delivered", "cancelled"] as const) {
      const text = orderStatusSms("Shop", ORDER_ID, status, SHOP_URL);
      expect(text).toContain("https://shop.example.in/orders/track?orderId=3F9A1C2E");
      expect(text).not.toContain(ORDER_ID);
    }
  });

  it("gives the shop what it needs to deliver", () => {
    const email = orderPlacedEmail("Shop", {
      orderId: "ORD-7",
      total: 998,
      placedAt: "2025-06-01T10:00:00.000Z",
      language: "en",
      customer: { kind: "guest", name: "Asha", phone: "9876543210" },
      address: { name: "Asha", phone: "9876543210", address: "Station Road", city: "Churu", pincode: "331001" },
      lines: [{ productId: "p", name: "White Shirt", size: "32", school: "DPS", unitPrice: 499, quantity: 2 }],
      subtotal: 998,
      discountPercent: 0,
      discount: 0,
      delivery: 0,
      paymentMethod: "cod",
    });
    expect(email.subject).toBe("New order ORD7: ₹998");
    expect(email.text).toContain("Order: ORD7 (ORD-7)");
    expect(email.text).toContain("2 x White Shirt, DPS, size 32 @ ₹499 = ₹998");
    expect(email.text).toContain("Station Road, Churu 331001");
    expect(email.text).toContain("Offer: none\nDelivery: free\nTotal: ₹998\nPayment: cash on delivery");
  });

  it("lists the subtotal, the offer, delivery, the total charged and how it is paid", () => {
    const email = orderPlacedEmail("Shop", {
      orderId: "ORD-8",
      total: 3236,
      placedAt: "2026-06-01T10:00:00.000Z",
      language: "hi",
      customer: { kind: "guest", name: "Asha", phone: "9876543210" },
      address: { name: "Asha", phone: "9876543210", address: "Ward 4", city: "Ratangarh", pincode: "331022" },
      lines: [{ productId: "p", name: "Blazer", size: "36", school: "DPS", unitPrice: 3539, quantity: 1 }],
      subtotal: 3539,
      discountPercent: 10,
      discount: 353,
      delivery: 50,
      paymentMethod: "upi",
    });
    expect(email.subject).toBe("New order ORD8: ₹3,236");
    expect(email.text).toContain(
      ["Subtotal: ₹3,539", "Offer: 10% off, -₹353", "Delivery: ₹50", "Total: ₹3,236", "Payment: UPI"].join("\n"),
    );
  });

  it("puts the code, its validity and the shop's name in the code SMS", () => {
    const text = otpSmsText("Churu Uniform House", "123456");
    expect(text).toMatch(/123456.*Churu Uniform House.*10 minutes/);
  });
});

describe("phone numbers", () => {
  it("go out as +91 and must be 10 digits", () => {
    expect(indianMobile("9876543210")).toBe("+919876543210");
    for (const bad of ["98765", "+919876543210", "98765432100", "98765 43210", "abcdefghij"]) {
      expect(() => indianMobile(bad)).toThrow(/not a 10-digit/);
    }
  });

  it("are masked in errors", () => {
    expect(maskPhone("9876543210")).toBe("98******10");
    expect(() => indianMobile("98765432109")).toThrow("98*******09");
  });
});

describe("transport settings", () => {
  it("default to the console transport and sensible job settings", () => {
    const config = readConfig({});
    expect(config.sms.provider).toBe("console");
    expect(config.smtpUrl).toBeUndefined();
    expect(config.queuePrefix).toBe("shop");
    expect(config.jobBackoffMs).toBe(1000);
    expect(config.jobLockMs).toBe(30000);
  });

  it("read a provider's settings", () => {
    const config = readConfig({
      SMS_PROVIDER: "twilio",
      SMS_URL: "http://127.0.0.1:9999",
      SMS_ACCOUNT_SID: "AC1",
      SMS_AUTH_TOKEN: "t",
      SMS_SENDER: "+15005550006",
      SMTP_URL: "smtps://u:p@mail.example.in:465",
      SHOP_EMAIL: "orders@example.in",
    });
    expect(config.sms).toMatchObject({ provider: "twilio", url: "http://127.0.0.1:9999", accountSid: "AC1" });
    expect(config.mailFrom).toBe("orders@example.in");
  });

  it("refuse malformed values with one line naming the setting", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SMS_PROVIDER: "pigeon" }, /^SMS_PROVIDER must be one of console, msg91, twilio/],
      [{ SMS_PROVIDER: "msg91" }, /^SMS_PROVIDER=msg91 needs SMS_API_KEY/],
      [{ SMS_PROVIDER: "twilio", SMS_SENDER: "+1" }, /^SMS_PROVIDER=twilio needs SMS_ACCOUNT_SID and SMS_AUTH_TOKEN/],
      [{ SMS_URL: "not a url" }, /^SMS_URL is not a valid URL/],
      [{ SMS_URL: "ftp://x" }, /^SMS_URL must start with http:\/\/ or https:\/\//],
      [{ SMTP_URL: "mail.example.in" }, /^SMTP_URL is not a valid URL/],
      [{ SMTP_URL: "https://mail.example.in" }, /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
      [{ SHOP_EMAIL: "orders" }, /^SHOP_EMAIL is not an email address/],
      [{ SMS_TIMEOUT_MS: "soon" }, /^SMS_TIMEOUT_MS must be a whole number/],
      [{ QUEUE_PREFIX: "a:b" }, /^QUEUE_PREFIX may hold/],
    ];
    for (const [env, message] of cases) {
      expect(() => readConfig(env), JSON.stringify(env)).toThrow(message);
      try {
        readConfig(env);
      } catch (err) {
        expect((err as Error).message).not.toContain("\n");
        expect((err as Error).name).toBe("ConfigError");
      }
    }
  });
});
