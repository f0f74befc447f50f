import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { trackInBrowser } from "../support/tracking";
import { startTestServer, type TestServer } from "../support/server";
import { open, settle, textOf } from "../support/storefront";

/** With JavaScript on: the same pages with it off are checked through their real forms in tests/integration/pages/. */
const js = true;

// Whole flows in a browser on a shared 2-core machine: give each more than the default 30 s.
vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

async function addShirt(page: Page, js: boolean, size: string, quantity: number) {
  await open(page, `/schools/dps/shirt?size=${size}`, js);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(quantity));
  await page.getByRole("button", { name: "BUY NOW" }).click();
  await settle(page, "**/cart", js);
}

/** From the cart to the details form: a dialog with JS (its own page without). */
async function openDetails(page: Page, js: boolean) {
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await settle(page, "**/checkout", js);
  await page.getByRole("link", { name: "Place Order" }).click();
  await page.locator("dialog[open]").waitFor();
  expect(new URL(page.url()).search).toBe("");
  await page.getByRole("heading", { name: "Enter your details to confirm order" }).waitFor();
}

async function fillDetails(page: Page, details: { name?: string; phone: string; address?: string; city?: string; pincode?: string }) {
  await page.getByLabel("Name", { exact: true }).fill(details.name ?? "Ravi Kumar");
  await page.getByLabel("Mobile number", { exact: true }).fill(details.phone);
  await page.getByLabel("Address", { exact: true }).fill(details.address ?? "12 Station Road");
  await page.getByLabel("City", { exact: true }).fill(details.city ?? "Churu");
  await page.getByLabel("Pincode", { exact: true }).fill(details.pincode ?? "331001");
}

async function ordersFor(phone: string) {
  return server.shop.db.selectFrom("orders").selectAll().where("phone", "=", phone).execute();
}
describe("checkout (JS on)", () => {
  it("takes a guest from the cart to the thank-you page, empties the cart and returns home", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const phone = newPhone();
    try {
      await addShirt(page, js, "30", 2);
      await openDetails(page, js);
      // Two shirts at ₹310, less the shop's 10% offer (decision 101).
      expect(await textOf(page, "[data-testid=checkout-subtotal]")).toBe("₹620");
      expect(await textOf(page, "[data-testid=checkout-total]")).toBe("₹558");

      // Nothing filled: the spec's messages, by each field and in the summary above the form.
      await page.getByRole("button", { name: "Confirm Order" }).click();
      for (const message of ["Name is required", "Mobile number is required", "Address is required", "City is required", "Pincode is required"]) {
        await page.locator(".field-error").getByText(message, { exact: true }).waitFor();
        await page.locator(".error-summary").getByRole("link", { name: message, exact: true }).waitFor();
      }
      // Beyond the spec: 10-digit phone, 6-digit pincode.
      await fillDetails(page, { phone: "12345", pincode: "3310" });
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await page.locator("#phone-error").getByText("Mobile number must be 10 digits").waitFor();
      await page.locator("#pincode-error").getByText("Pincode must be 6 digits").waitFor();
      expect(await ordersFor("12345")).toEqual([]);

      await fillDetails(page, { phone });
      // Hold the POST a moment to see the busy label.
      await page.route(
        (url) => url.pathname.startsWith("/checkout"),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
          await route.continue();
        },
      );
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await page.getByRole("button", { name: "Placing Order..." }).waitFor();
      await settle(page, "**/checkout/done?order=*", js);
      await page.getByRole("heading", { name: "Your order has been placed. Thank you!" }).waitFor();
      await page.getByText("We have received your order and will contact you soon.").waitFor();
      expect(await page.getByRole("link", { name: "Back to Home" }).count()).toBe(1);
      const shown = await textOf(page, "[data-testid=order-number]");

      const orders = await ordersFor(phone);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ short_id: shown, total: 558, subtotal: 620, discount: 62, customer_kind: "guest", status: "pending", payment_status: "unpaid", payment_method: "cod" });
      expect(await page.locator(".cart-link .badge").count()).toBe(0);

      // The guest flow no longer leaves after the spec's 3 seconds (decision 095): the number stays
      // on screen; with JS home comes after a visible minute's countdown, still here after 30 seconds
      // (tests/e2e/parent-clarity.e2e.test.ts, on a clock the test moves: no real seconds wait), without JS by
      // "Back to Home".
      await page.getByText(/^Taking you home in \d+ seconds\.$/).waitFor();
      expect(new URL(page.url()).pathname).toBe("/checkout/done");
      await page.getByRole("link", { name: "Back to Home" }).click();
      await settle(page, (url) => url.pathname === "/", js);
      await open(page, "/cart", js);
      await page.getByText("Your cart is empty.").waitFor();

      // And the order can be tracked with its number and the mobile number.
      await trackInBrowser(page, shown, phone, js);
      expect(await textOf(page, "[data-testid=tracked-status]")).toBe("pending");
      await trackInBrowser(page, shown, "9000000000", js, false);
      await page.getByText("We could not find an order with that ID and mobile number.").waitFor();
    } finally {
      await context.close();
    }
  });

  it("places exactly one order when the confirm form is submitted twice", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const phone = newPhone();
    try {
      await addShirt(page, js, "28", 1);
      await openDetails(page, js);
      await fillDetails(page, { phone });
      let posts = 0;
      let firstBody = "";
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/checkout")) {
          posts += 1;
          firstBody ||= request.postData() ?? "";
        }
      });
      // The first POST is held on the way (a slow network), so the second click really sends a second one.
      await page.route(
        (url) => url.pathname.startsWith("/checkout"),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
          await route.continue().catch(() => {});
        },
      );
      const confirm = page.getByRole("button", { name: /Confirm Order|Placing Order/ });
      await confirm.click();
      await new Promise((r) => setTimeout(r, 250));
      await confirm.click({ timeout: 2000 }).catch(() => {});
      await settle(page, "**/checkout/done?order=*", js);
      await page.getByRole("heading", { name: "Your order has been placed. Thank you!" }).waitFor();
      // Chromium with JS sent both submits (Remix cancels the first only in the page). Without JS, a resent form:
      // tests/integration/pages/checkout.test.ts.
      expect(posts).toBeGreaterThanOrEqual(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(await ordersFor(phone)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

});
describe("checkout refused by the server (JS on)", () => {
  it("shows the server's message by the field and keeps what was typed", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const phone = newPhone();
    try {
      await addShirt(page, js, "30", 1);
      await openDetails(page, js);
      await fillDetails(page, { phone, address: "7 Clock Tower Road" });
      // A name pasted with a NUL byte in it: the browser's checks (and the page's, with JS) let it
      // through; the shop cannot store it, and says so by the field instead of failing.
      const name = page.getByLabel("Name", { exact: true });
      await name.fill("Ravi\u0000Kumar");
      expect(await name.inputValue()).toContain("\u0000");
      await page.getByRole("button", { name: "Confirm Order" }).click();
      const message = page.locator("#name-error");
      await message.waitFor();
      expect(await message.textContent()).toBe("Name contains a character the shop cannot accept (a NUL byte). Please remove it.");
      expect(await name.getAttribute("aria-invalid")).toBe("true");
      expect(await name.getAttribute("aria-describedby")).toBe("name-error");
      expect(await page.getByLabel("Address", { exact: true }).inputValue()).toBe("7 Clock Tower Road");
      expect(await ordersFor(phone)).toEqual([]);

      // Corrected, the same form places the order.
      await name.fill("Ravi Kumar");
      await page.getByRole("button", { name: "Confirm Order" }).click();
      await settle(page, "**/checkout/done?order=*", js);
      expect(await ordersFor(phone)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
