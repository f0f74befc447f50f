/**
 * The gateway's settings (decision 221): none set is no gateway (the shop as before); all three set is a gateway;
 * anything between stops start-up naming what is missing, and a test key or plain http in production is refused.
 */
import { describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { razorpaySettings } from "../../server/gateway-config";

const keys = { RAZORPAY_KEY_ID: "rzp_live_AbC123xyZ", RAZORPAY_KEY_SECRET: "key-secret", RAZORPAY_WEBHOOK_SECRET: "webhook-secret-1" };

describe("the gateway's settings", () => {
  it("unset: no gateway, and the shop reads its settings as before", () => {
    expect(razorpaySettings({}, true)).toEqual({});
    expect(readConfig({ SHOP_UPI_ID: "churuuniform@sbi" }).razorpay).toBeUndefined();
  });

  it("all three: the gateway, at Razorpay's API unless a stand-in is named", () => {
    expect(razorpaySettings(keys, true).razorpay).toMatchObject({ keyId: "rzp_live_AbC123xyZ", apiUrl: "https://api.razorpay.com", timeoutMs: 15_000 });
    expect(razorpaySettings({ ...keys, RAZORPAY_API_URL: "http://127.0.0.1:9999/" }, false).razorpay?.apiUrl).toBe("http://127.0.0.1:9999");
  });

  it("half-set, a test key or plain http in production, or a short webhook secret: start-up stops naming it", () => {
    expect(() => razorpaySettings({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID }, false)).toThrow(/missing: RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/);
    expect(() => razorpaySettings({ ...keys, RAZORPAY_KEY_ID: "rzp_test_AbC123xyZ" }, true)).toThrow(/test key/);
    expect(() => razorpaySettings({ ...keys, RAZORPAY_API_URL: "http://api.example" }, true)).toThrow(/https in production/);
    expect(() => razorpaySettings({ ...keys, RAZORPAY_WEBHOOK_SECRET: "short" }, false)).toThrow(/at least 12/);
    expect(() => razorpaySettings({ ...keys, RAZORPAY_KEY_ID: "my-key" }, false)).toThrow(/Key Id/);
  });
});
