/**
 * A parent pays on a 360px phone (decision 101), in Chromium with JavaScript on and without JavaScript over HTTP
 * through the pages' real forms (decision 177): by UPI (the QR code, then the reference from their app) or cash on
 * delivery. The confirmation without JavaScript is the same page less the countdown home: its 360 px layout is
 * measured once, in Chromium.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
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

{
  const mode = { name: "JS on" };
  const js = true;
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
        await page.locator("#done-reference-error").getByText("Enter the 12-digit UPI transaction reference (UTR) from your UPI app.").waitFor();

        const reference = newReference();
        await page.getByLabel("UPI reference (12 digits)").fill(`${reference.slice(0, 6)} ${reference.slice(6)}`);
        await page.getByRole("button", { name: "Send reference" }).click();
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

/** One DPS shirt (size 30, ₹310) in the cart, then the details page (its own page without JavaScript), filled in. */
async function toDetailsOverHttp(): Promise<HtmlPage> {
  const parent = htmlBrowser(server.url);
  const cart = await (await parent.open("/schools/dps/shirt?size=30")).press("BUY NOW");
  expect(cart.url.pathname).toBe("/cart");
  const checkout = await cart.follow("Proceed to Checkout");
  expect(checkout.url.pathname).toBe("/checkout");
  expect(checkout.text("[data-testid=checkout-delivery]")).toBe("Free in Churu district (pincodes 331…), ₹100 elsewhere");
  expect(checkout.text("[data-testid=checkout-total]")).toBe("₹279");
  const details = await checkout.follow("Place Order");
  expect(details.url.pathname + details.url.search).toBe("/checkout?step=details");
  expect(details.headings()).toContain("Enter your details to confirm order");
  return details.fill("Name", "Ravi Kumar").fill("Mobile number", newPhone()).fill("Address", "12 Station Road").fill("City", "Churu").fill("Pincode", "331001");
}

async function confirmOverHttp(details: HtmlPage): Promise<HtmlPage> {
  const done = await details.press("Confirm Order");
  expect(done.url.pathname).toBe("/checkout/done");
  expect(done.headings()).toContain("Your order has been placed. Thank you!");
  return done;
}

describe("paying (JS off, over HTTP)", () => {
  it("a parent pays by UPI: chooses it, sees the QR code, enters the reference, sees it reported (JS off, over HTTP)", async () => {
    const details = await toDetailsOverHttp();
    // Neither way is chosen for the parent.
    expect(details.field("Pay by UPI").checked).toBe(false);
    expect(details.field("Cash on delivery").checked).toBe(false);
    const unchosen = await details.press("Confirm Order");
    expect(unchosen.text("#paymentMethod-error")).toContain("Choose how you will pay");

    const done = await confirmOverHttp(unchosen.choose("Pay by UPI"));
    const qr = done.all('.upi-qr svg[role="img"]');
    expect(qr).toHaveLength(1);
    expect(qr[0].attribs["aria-label"]).toContain("₹279");
    const link = done.links().find((l) => l.name === "Pay with a UPI app")?.href;
    expect(link).toMatch(new RegExp(`^upi://pay\\?pa=${UPI_ID}&.*am=279\\.00&cu=INR`));
    expect(done.text("[data-testid=order-total]")).toBe("₹279");
    expect(done.text("[data-testid=order-discount]")).toBe("−₹31");
    expect(done.text("[data-testid=payment-standing]")).toBe("unpaid");

    const wrong = await done.fill("UPI reference (12 digits)", "1234").press("Send reference");
    expect(wrong.text("#done-reference-error")).toContain("Enter the 12-digit UPI transaction reference (UTR) from your UPI app.");

    const reference = newReference();
    const reported = await wrong.fill("UPI reference (12 digits)", `${reference.slice(0, 6)} ${reference.slice(6)}`).press("Send reference");
    expect(reported.has("Thank you. The shop will check your payment and confirm it.")).toBe(true);
    expect(reported.text("[data-testid=payment-standing]")).toBe("reported");
    expect(reported.count('.upi-qr svg[role="img"]')).toBe(0);
    const orderId = reported.url.searchParams.get("order") ?? done.url.searchParams.get("order")!;
    const row = await server.shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payment_method: "upi", payment_status: "reported", payment_reference: reference, total: 279 });
  });

  it("a parent chooses cash on delivery and is told what to pay at the door (JS off, over HTTP)", async () => {
    const done = await confirmOverHttp((await toDetailsOverHttp()).choose("Cash on delivery"));
    expect(done.has("Pay ₹279 in cash when your order arrives.")).toBe(true);
    expect(done.all('svg[role="img"]')).toHaveLength(0);
    expect(() => done.field("UPI reference (12 digits)")).toThrow();
    expect(done.text("[data-testid=payment-standing]")).toBe("unpaid");
  });
});
