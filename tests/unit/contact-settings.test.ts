import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { phoneLink, whatsappLink } from "../../domain/contact";

describe("the shop's contact settings", () => {
  it("are read as set, and left out when unset", () => {
    expect(readConfig({}).contact).toEqual({});
    const config = readConfig({
      SHOP_PHONE: " +91 98765-43210 ",
      SHOP_EMAIL: "Churu Uniform House <orders@example.in>",
      SHOP_WHATSAPP: "919876543210",
      SHOP_FACEBOOK_URL: "https://www.facebook.com/churu-uniforms",
      SHOP_INSTAGRAM_URL: "https://instagram.com/churu.uniforms",
    });
    expect(config.contact).toEqual({
      phone: "+91 98765-43210",
      // Parents see the address; new-order emails still go to the setting as written.
      email: "orders@example.in",
      whatsapp: "919876543210",
      facebookUrl: "https://www.facebook.com/churu-uniforms",
      instagramUrl: "https://instagram.com/churu.uniforms",
    });
    expect(config.shopEmail).toBe("Churu Uniform House <orders@example.in>");
  });

  it("refuse a malformed value at start-up with one line naming the setting", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SHOP_PHONE: "call us" }, /^SHOP_PHONE must be a phone number/],
      [{ SHOP_PHONE: "+91 (98765) 43210" }, /^SHOP_PHONE must be a phone number/],
      [{ SHOP_PHONE: "12" }, /^SHOP_PHONE must be a phone number/],
      [{ SHOP_EMAIL: "orders" }, /^SHOP_EMAIL is not an email address/],
      [{ SHOP_WHATSAPP: "+91 98765 43210" }, /^SHOP_WHATSAPP must be the WhatsApp number as digits with the country code/],
      [{ SHOP_WHATSAPP: "09876543210" }, /^SHOP_WHATSAPP must be the WhatsApp number/],
      [{ SHOP_WHATSAPP: "98765" }, /^SHOP_WHATSAPP must be the WhatsApp number/],
      [{ SHOP_FACEBOOK_URL: "facebook.com/shop" }, /^SHOP_FACEBOOK_URL must be the page's https address on facebook\.com or fb\.com/],
      [{ SHOP_FACEBOOK_URL: "http://www.facebook.com/shop" }, /^SHOP_FACEBOOK_URL must be the page's https address/],
      [{ SHOP_FACEBOOK_URL: "https://facebook.com.evil.example/shop" }, /^SHOP_FACEBOOK_URL must be the page's https address/],
      [{ SHOP_INSTAGRAM_URL: "https://www.facebook.com/shop" }, /^SHOP_INSTAGRAM_URL must be the page's https address on instagram\.com/],
      [{ SHOP_INSTAGRAM_URL: "javascript:alert(1)" }, /^SHOP_INSTAGRAM_URL must be the page's https address/],
    ];
    for (const [env, message] of cases) {
      let error: unknown;
      try {
        readConfig(env);
      } catch (err) {
        error = err;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(Error);
      expect((error as Error).name).toBe("ConfigError");
      expect((error as Error).message, JSON.stringify(env)).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
      // The line shows what was given, so the operator sees the typo.
      expect((error as Error).message).toContain(Object.values(env)[0]);
    }
  });

  it("make the links a phone follows", () => {
    expect(phoneLink("+91 98765-43210")).toBe("tel:+919876543210");
    expect(phoneLink("01562 250123")).toBe("tel:01562250123");
    expect(whatsappLink("919876543210")).toBe("https://wa.me/919876543210");
    expect(whatsappLink("919876543210", "Hello, I have a question about my order 3F9A1C2E.")).toBe(
      "https://wa.me/919876543210?text=Hello%2C%20I%20have%20a%20question%20about%20my%20order%203F9A1C2E.",
    );
  });
});
