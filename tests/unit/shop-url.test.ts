import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../server/config";

const GOOGLE = { GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "secret" };

function refusal(read: () => unknown): ConfigError {
  try {
    read();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("SHOP_URL", () => {
  it("is the shop's public address, without a trailing slash", () => {
    expect(readConfig({ SHOP_URL: "https://shop.example.in" }).shopUrl).toBe("https://shop.example.in");
    expect(readConfig({ SHOP_URL: " https://Shop.Example.in/ " }).shopUrl).toBe("https://shop.example.in");
    expect(readConfig({ SHOP_URL: "http://192.168.1.20:8080" }).shopUrl).toBe("http://192.168.1.20:8080");
  });

  it("is http://localhost:<PORT> in development when unset", () => {
    expect(readConfig({}).shopUrl).toBe("http://localhost:3000");
    expect(readConfig({ PORT: "8081" }).shopUrl).toBe("http://localhost:8081");
  });

  it.each(["shop.example.in", "ftp://shop.example.in", "https://shop.example.in/store", "https://shop.example.in/?a=1", "https://user:pw@shop.example.in", "https://"])(
    "stops start-up with one line naming the setting for %j",
    (value) => {
      const err = refusal(() => readConfig({ SHOP_URL: value }));
      expect(err.message).toBe(`SHOP_URL must be the shop's public address, https://host or http://host (no path), got "${value}"`);
      expect(err.message).not.toContain("\n");
    },
  );
});

describe("Google's redirect_uri", () => {
  it("is <SHOP_URL>/api/users/google/callback", () => {
    const config = readConfig({ ...GOOGLE, SHOP_URL: "https://shop.example.in/", NODE_ENV: "production", SMS_PROVIDER: "console" });
    expect(config.auth.google?.callbackUrl).toBe("https://shop.example.in/api/users/google/callback");
  });

  it("is GOOGLE_CALLBACK_URL when that is set", () => {
    const config = readConfig({ ...GOOGLE, SHOP_URL: "https://shop.example.in", GOOGLE_CALLBACK_URL: "https://login.example.in/cb" });
    expect(config.auth.google?.callbackUrl).toBe("https://login.example.in/cb");
  });

  it("falls back to http://localhost:<PORT> in development", () => {
    expect(readConfig({ ...GOOGLE, PORT: "4000" }).auth.google?.callbackUrl).toBe("http://localhost:4000/api/users/google/callback");
  });

  it("refuses to start in production with Google set up but neither SHOP_URL nor GOOGLE_CALLBACK_URL", () => {
    const err = refusal(() => readConfig({ ...GOOGLE, NODE_ENV: "production" }));
    expect(err.message).toBe(
      "Google sign-in needs SHOP_URL (the shop's public address, e.g. https://shop.example.in) or GOOGLE_CALLBACK_URL in production",
    );
    const callback = "https://shop.example.in/api/users/google/callback";
    expect(readConfig({ ...GOOGLE, NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in", GOOGLE_CALLBACK_URL: callback }).auth.google).toBeTruthy();
    expect(readConfig({ NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in" }).auth.google).toBeNull();
  });
});

describe("production without SHOP_URL", () => {
  it("refuses to start, Google or not, rather than text parents links to http://localhost", () => {
    const err = refusal(() => readConfig({ NODE_ENV: "production", SMS_PROVIDER: "console" }));
    expect(err.message).toBe(
      "SHOP_URL is not set: in production the links in texts and emails would point to http://localhost; set it to the shop's public address, e.g. https://shop.example.in",
    );
    // GOOGLE_CALLBACK_URL names Google's address only: the texts' links still need SHOP_URL.
    expect(() => readConfig({ ...GOOGLE, NODE_ENV: "production", SMS_PROVIDER: "console", GOOGLE_CALLBACK_URL: "https://shop.example.in/cb" })).toThrow(/^SHOP_URL is not set/);
    expect(readConfig({ NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in" }).shopUrl).toBe("https://shop.example.in");
    // Outside production, http://localhost:<PORT> is still the default.
    expect(readConfig({ SMS_PROVIDER: "console" }).shopUrl).toBe("http://localhost:3000");
  });
});
