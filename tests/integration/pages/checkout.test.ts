import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";
import { shownTotalFor } from "../../support/checkout";

// Checkout with JavaScript off, through the pages' real forms (tests/support/html-browser). With JavaScript on
// (the details in a dialog, the busy label, a double click): tests/e2e/checkout.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

async function addShirt(parent: HtmlBrowser, size: string, quantity: number): Promise<HtmlPage> {
  const page = await parent.open(`/schools/dps/shirt?size=${size}`);
  const cart = await page.fill("Quantity", String(quantity)).press("BUY NOW");
  expect(cart.url.pathname).toBe("/cart");
  return cart;
}

/** From the cart to the details form: its own page without JavaScript. */
async function openDetails(cart: HtmlPage): Promise<HtmlPage> {
  const checkout = await cart.follow("Proceed to Checkout");
  expect(checkout.url.pathname).toBe("/checkout");
  const details = await checkout.follow("Place Order");
  expect(details.url.pathname + details.url.search).toBe("/checkout?step=details");
  expect(details.headings()).toContain("Enter your details to confirm order");
  return details;
}

function fillDetails(page: HtmlPage, details: { name?: string; phone: string; address?: string; city?: string; pincode?: string }): HtmlPage {
  return page
    .fill("Name", details.name ?? "Ravi Kumar")
    .fill("Mobile number", details.phone)
    .fill("Address", details.address ?? "12 Station Road")
    .fill("City", details.city ?? "Churu")
    .fill("Pincode", details.pincode ?? "331001");
}

async function ordersFor(phone: string) {
  return server.shop.db.selectFrom("orders").selectAll().where("phone", "=", phone).execute();
}

describe("checkout (JS off)", () => {
  it("takes a guest from the cart to the thank-you page, empties the cart and returns home", async () => {
    const parent = htmlBrowser(server.url);
    const phone = newPhone();
    let page = await openDetails(await addShirt(parent, "30", 2));
    // Without the shop's WhatsApp settings there is no WhatsApp to choose (decision 231).
    expect(page.has("Send my order's messages on WhatsApp")).toBe(false);
    // Two shirts at ₹310, less the shop's 10% offer (decision 101).
    expect(page.text("[data-testid=checkout-subtotal]")).toBe("₹620");
    expect(page.text("[data-testid=checkout-total]")).toBe("₹558");

    // Nothing filled: the spec's messages, by each field and in the summary above the form.
    page = await page.press("Confirm Order");
    for (const message of ["Name is required", "Mobile number is required", "Address is required", "City is required", "Pincode is required"]) {
      expect(page.texts(".field-error")).toContain(message);
      expect(page.within(".error-summary").links().map((l) => l.name)).toContain(message);
    }
    // Beyond the spec: 10-digit phone, 6-digit pincode.
    page = await fillDetails(page, { phone: "12345", pincode: "3310" }).press("Confirm Order");
    expect(page.text("#phone-error")).toBe("Mobile number must be 10 digits");
    expect(page.text("#pincode-error")).toBe("Pincode must be 6 digits");
    expect(await ordersFor("12345")).toEqual([]);

    page = await fillDetails(page, { phone }).press("Confirm Order");
    expect(page.url.pathname).toBe("/checkout/done");
    expect(page.url.searchParams.get("order")).toBeTruthy();
    expect(page.headings()).toContain("Your order has been placed. Thank you!");
    expect(page.has("We have received your order and will contact you soon.")).toBe(true);
    const shown = page.text("[data-testid=order-number]");
    const orders = await ordersFor(phone);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ short_id: shown, total: 558, subtotal: 620, discount: 62, customer_kind: "guest", status: "pending", payment_status: "unpaid", payment_method: "cod" });
    expect(page.count(".cart-link .badge")).toBe(0);

    // The number stays on screen (decision 095): the page sends nobody away by itself; home is "Back to Home".
    expect(page.refresh).toBeNull();
    const home = await page.follow("Back to Home");
    expect(home.url.pathname).toBe("/");
    expect((await parent.open("/cart")).has("Your cart is empty.")).toBe(true);

    // And the order can be tracked with its number and the mobile number.
    let tracked = await (await parent.open(`/orders/track?orderId=${shown}`)).fill("Mobile number", phone).press("Track Order");
    expect(tracked.text("[data-testid=tracked-status]")).toBe("pending");
    tracked = await (await parent.open(`/orders/track?orderId=${shown}`)).fill("Mobile number", "9000000000").press("Track Order");
    expect(tracked.alerts().join("\n")).toContain("We could not find an order with that ID and mobile number.");
  });

  it("places a signed-in order, prefilled, and shows it in the account's order history", async () => {
    const email = `buyer-${randomUUID()}@example.com`;
    await server.shop.auth.registerWithEmail({ email, password: "satchel-2026", name: "Sita Sharma" });
    const parent = htmlBrowser(server.url);
    const phone = newPhone();
    const account = await (await parent.open("/login")).fill("Mobile number or email", email).fill("Password", "satchel-2026").press("Login");
    expect(account.url.pathname).toBe("/account");
    expect(account.has("No orders found.")).toBe(true);

    const details = await openDetails(await addShirt(parent, "32", 1));
    expect(details.field("Name").value).toBe("Sita Sharma");
    const done = await fillDetails(details, { name: "Sita Sharma", phone }).press("Confirm Order");
    expect(done.headings()).toContain("Your order has been placed. Thank you!");
    const shown = done.text("[data-testid=order-number]");

    const history = await parent.open("/account");
    const row = history.texts(".orders-table tbody tr")[0];
    expect(row).toContain(shown);
    expect(row).toContain("pending");
    // ₹330 less the 10% offer.
    expect(row).toContain("₹297");
    expect(row).toContain("Shirt (32) x 1");
    const orders = await ordersFor(phone);
    expect(orders).toHaveLength(1);
    expect(orders[0].customer_kind).toBe("user");
    expect(orders[0].email).toBe(email);
  });

  it("places exactly one order when the confirm form is sent twice (a refresh or a second press of the same page)", async () => {
    const parent = htmlBrowser(server.url);
    const phone = newPhone();
    const details = fillDetails(await openDetails(await addShirt(parent, "28", 1)), { phone });
    const first = await details.press("Confirm Order");
    // The same form, sent again from the same page: the same body, the same cookies.
    const again = await details.press("Confirm Order");
    expect(first.headings()).toContain("Your order has been placed. Thank you!");
    expect(again.url.toString()).toBe(first.url.toString());
    expect(await ordersFor(phone)).toHaveLength(1);
  });

  it("blocks the order of an empty cart", async () => {
    const page = await htmlBrowser(server.url).open("/checkout");
    expect(page.has("Your cart is empty.")).toBe(true);
    expect(page.links().filter((l) => l.name === "Place Order")).toHaveLength(0);
  });
});

describe("checkout by plain HTTP", () => {
  it("resending the same confirm form (refresh, retry) shows the same confirmation", async () => {
    const add = await fetch(`${server.url}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: "white/shirt", size: "24", quantity: "1" }).toString(),
    });
    await add.text();
    const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0];
    const phone = newPhone();
    // The total the page shows for the pincode goes with the form (decision 113).
    const shownTotal = await shownTotalFor(server.url, cookie, "331001");
    const body = new URLSearchParams({ name: "Ravi", phone, address: "1 Road", city: "Churu", pincode: "331001", shownTotal, idempotencyKey: randomUUID() }).toString();
    const post = async () => {
      const res = await fetch(`${server.url}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body,
      });
      await res.text();
      return res.headers.get("location");
    };
    const locations = await Promise.all([post(), post(), post()]);
    locations.push(await post());
    expect(new Set(locations).size).toBe(1);
    expect(locations[0]).toMatch(/^\/checkout\/done\?order=/);
    expect(await ordersFor(phone)).toHaveLength(1);
  });
});

describe("checkout refused by the server (JS off)", () => {
  it("shows the server's message by the field and keeps what was typed", async () => {
    const parent = htmlBrowser(server.url);
    const phone = newPhone();
    const details = fillDetails(await openDetails(await addShirt(parent, "30", 1)), { phone, address: "7 Clock Tower Road" });
    // A name pasted with a NUL byte in it: the browser's checks let it through; the shop cannot store it, and
    // says so by the field instead of failing.
    const refused = await details.fill("Name", "Ravi\u0000Kumar").press("Confirm Order");
    expect(refused.text("#name-error")).toBe("Name contains a character the shop cannot accept (a NUL byte). Please remove it.");
    const name = refused.field("Name").element;
    expect(name.attribs["aria-invalid"]).toBe("true");
    expect(name.attribs["aria-describedby"]).toBe("name-error");
    expect(refused.field("Address").value).toBe("7 Clock Tower Road");
    expect(await ordersFor(phone)).toEqual([]);

    // Corrected, the same form places the order.
    const done = await refused.fill("Name", "Ravi Kumar").press("Confirm Order");
    expect(done.url.pathname).toBe("/checkout/done");
    expect(await ordersFor(phone)).toHaveLength(1);
  });
});
