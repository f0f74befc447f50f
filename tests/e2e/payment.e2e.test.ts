/**
 * A parent pays in a browser on a 360px phone, with JavaScript on and off (decision 101):
 * by UPI (the QR code, then the reference from their app) or cash on delivery.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";

vi.setConfig({ testTimeout: 90_000 });

const UPI_ID = "churuuniform@sbi";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer({ env: { SHOP_UPI_ID: UPI_ID } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
const newReference = () => `${randomInt(100_000, 999_999)}${randomInt(100_000, 999_999)}`;

/** One DPS shirt (size 30, ₹310) in the cart, then the details form: a dialog with JS, its own page without. */
async function toDetails(page: Page, js: boolean) {
  await open(page, "/schools/dps/shirt?size=30", js);
  await page.getByRole("button", { name: "BUY NOW" }).click();
  await settle(page, "**/cart", js);
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await settle(page, "**/checkout", js);
  expect(await textOf(page, "[data-testid=checkout-delivery]")).toBe("Free in Churu district (pincodes 331…), ₹100 elsewhere");
  expect(await textOf(page, "[data-testid=checkout-total]")).toBe("₹279");
  await page.getByRole("link", { name: "Place Order" }).click();
  if (js) await page.locator("dialog[open]").waitFor();
  else await settle(page, "**/checkout?step=details", js);
  await page.getByRole("heading", { name: "Enter your details to confirm order" }).waitFor();
  await page.getByLabel("Name", { exact: true }).fill("Ravi Kumar");
  await page.getByLabel("Mobile number", { exact: true }).fill(newPhone());
  await page.getByLabel("Address", { exact: true }).fill("12 Station Road");
  await page.getByLabel("City", { exact: true }).fill("Churu");
  await page.getByLabel("Pincode", { exact: true }).fill("331001");
}

async function confirm(page: Page, js: boolean) {
  await page.getByRole("button", { name: "Confirm Order" }).click();
  await settle(page, "**/checkout/done?order=*", js);
  await page.getByRole("heading", { name: "Your order has been placed. Thank you!" }).waitFor();
}

/** Nothing on the page is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

for (const mode of JS_MODES) {
  const js = mode.javaScriptEnabled;
  describe(`paying (${mode.name})`, () => {
    it("a parent pays by UPI: chooses it, sees the QR code, enters the reference, sees it reported", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      try {
        await toDetails(page, js);
        // Neither way is chosen for the parent.
        expect(await page.getByLabel("Pay by UPI", { exact: true }).isChecked()).toBe(false);
        expect(await page.getByLabel("Cash on delivery", { exact: true }).isChecked()).toBe(false);
        await page.getByRole("button", { name: "Confirm Order" }).click();
        if (!js) await page.waitForLoadState("load");
        await page.locator("#paymentMethod-error").getByText("Choose how you will pay").waitFor();

        await page.getByLabel("Pay by UPI", { exact: true }).check();
        await confirm(page, js);
        const qr = page.locator('.upi-qr svg[role="img"]');
        await qr.waitFor();
        expect(await qr.getAttribute("aria-label")).toContain("₹279");
        const link = await page.getByRole("link", { name: "Pay with a UPI app" }).getAttribute("href");
        expect(link).toMatch(new RegExp(`^upi://pay\\?pa=${UPI_ID}&.*am=279\\.00&cu=INR`));
        expect(await textOf(page, "[data-testid=order-total]")).toBe("₹279");
        expect(await textOf(page, "[data-testid=order-discount]")).toBe("−₹31");
        expect(await textOf(page, "[data-testid=payment-standing]")).toBe("unpaid");
        const box = await qr.boundingBox();
        expect(box!.width).toBeGreaterThan(150);
        await fitsThePhone(page);

        const field = page.getByLabel("UPI reference (12 digits)");
        await field.fill("1234");
        await page.getByRole("button", { name: "Send reference" }).click();
        if (!js) await page.waitForLoadState("load");
        await page.locator("#done-reference-error").getByText("Enter the 12-digit UPI transaction reference (UTR) from your UPI app.").waitFor();

        const reference = newReference();
        await page.getByLabel("UPI reference (12 digits)").fill(`${reference.slice(0, 6)} ${reference.slice(6)}`);
        await page.getByRole("button", { name: "Send reference" }).click();
        if (!js) await page.waitForLoadState("load");
        await page.getByText("Thank you. The shop will check your payment and confirm it.").waitFor();
        await page.locator("[data-testid=payment-standing]", { hasText: "reported" }).waitFor();
        expect(await page.locator('.upi-qr svg[role="img"]').count()).toBe(0);
        const orderId = new URL(page.url()).searchParams.get("order")!;
        const row = await server.shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ payment_method: "upi", payment_status: "reported", payment_reference: reference, total: 279 });
      } finally {
        await context.close();
      }
    });

    it("a parent chooses cash on delivery and is told what to pay at the door", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await newShopperPage(browser, server.url, js);
      try {
        await toDetails(page, js);
        await page.getByLabel("Cash on delivery", { exact: true }).check();
        await confirm(page, js);
        await page.getByText("Pay ₹279 in cash when your order arrives.").waitFor();
        expect(await page.locator('svg[role="img"]').count()).toBe(0);
        expect(await page.getByLabel("UPI reference (12 digits)").count()).toBe(0);
        expect(await textOf(page, "[data-testid=payment-standing]")).toBe("unpaid");
        await fitsThePhone(page);
      } finally {
        await context.close();
      }
    });
  });
}
