/**
 * "Pay online" in Chromium with JavaScript on (decision 222), against Razorpay faked at its HTTP edge: the parent's
 * press on the order's page opens the gateway order and the hand-off form sends itself to the hosted checkout, with
 * no second press; the parent pays there and comes back to the order's page, which shows it paid. Without JavaScript
 * the same two presses are covered over HTTP (tests/integration/pages/pay-online.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { formatRupees } from "../../domain/money";
import { launchBrowser, newShopperPage } from "../support/browser";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";
import { open, settle } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { placeUpiOrder } from "../support/statements";

let server: TestServer;
let browser: Browser | null;
let razorpay: FakeRazorpay;

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House", ...razorpay.env } });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await razorpay?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));

describe("paying online with JavaScript on", () => {
  it("hands over to the hosted checkout by itself after one press, and the order's page shows it paid on return", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const w = RESOURCES.en.payment.online;
    const orderId = await placeUpiOrder(server.shop, "pay-online-e2e", 3);
    const total = (await server.shop.orders.getOrder(orderId))!.total;
    const { context, page } = await newShopperPage(browser, server.url, true);
    try {
      expect(await open(page, `/checkout/done?order=${orderId}`, true)).toBe(200);
      const calls = razorpay.calls.length;
      await page.getByRole("button", { name: w.button }).click();
      // One press: the shop opens the gateway order and its form sends itself to the gateway's page.
      await page.waitForURL((url) => url.origin === razorpay.url && url.pathname === "/v1/checkout/embedded");
      await page.getByText(`Pay ₹${total.toFixed(2)}`).waitFor();
      const opened = [...razorpay.orders.values()].filter((o) => o.receipt === orderId);
      expect(opened).toMatchObject([{ amount: total * 100, currency: "INR" }]);
      // The shop asked the gateway once: one order, nothing else of its API (the browser's favicon request is the browser's).
      expect(razorpay.calls.slice(calls).filter((call) => call.includes(" /v1/") && !call.includes("/v1/checkout/"))).toEqual(["POST /v1/orders"]);
      expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("unpaid");

      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await page.getByRole("button", { name: "Return to the shop" }).click();
      await settle(page, (url) => url.origin === server.url && url.pathname === "/checkout/done", true);
      await page.getByTestId("payment-standing").filter({ hasText: RESOURCES.en.payment.standing.paid }).waitFor();
      expect(await page.getByRole("button", { name: w.button }).count()).toBe(0);
      expect(await page.getByText(fill(w.continue, { amount: formatRupees(total) })).count()).toBe(0);
      expect(await server.shop.orders.getOrder(orderId)).toMatchObject({ paymentStatus: "paid", amountPaid: total });
    } finally {
      await context.close();
    }
  });
});
