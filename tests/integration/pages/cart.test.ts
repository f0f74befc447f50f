import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormNotSent, htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

// The cart with JavaScript off: its real forms sent as a browser sends them (tests/support/html-browser).
// With JavaScript on (fetchers, no reloads, the button's looks): tests/e2e/cart.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function badge(page: HtmlPage): string {
  return page.count(".cart-link .badge") ? page.text(".cart-link .badge") : "0";
}

/** Adds the DPS shirt in a size from its school page, with the page's own form; back on that page, the shop says so. */
async function addShirt(parent: HtmlBrowser, size: string, quantity = 1): Promise<HtmlPage> {
  const page = await parent.open(`/schools/dps/shirt?size=${size}`);
  const added = await page.fill("Quantity", String(quantity)).press("ADD TO CART");
  expect(added.url.pathname).toBe("/schools/dps/shirt");
  expect(added.alerts().join("\n")).toContain(`Added: Shirt (${size}) x ${quantity}`);
  return added;
}

describe("cart (JS off)", () => {
  it("adds from a school page, changes a quantity with Update, removes, and ends empty", async () => {
    const parent = htmlBrowser(server.url);
    expect(badge(await addShirt(parent, "30", 2))).toBe("2");
    // BUY NOW on a one-size item goes to the cart.
    const stationery = await parent.open("/accessories/stationary");
    const afterCalculator = await stationery.within({ form: /Scientific Calculator/ }).press(/Add to Cart/i);
    expect(badge(afterCalculator)).toBe("3");

    let cart = await parent.open("/cart");
    expect(badge(cart)).toBe("3");
    expect(cart.count(".cart-table tbody tr")).toBe(2);
    expect(cart.text(".cart-table tbody tr:first-child")).toMatch(/Shirt.*DPS.*30.*₹310.*₹620/);
    // The offer (10% by default) comes off the lines' ₹770.
    expect(cart.text("[data-testid=cart-subtotal]")).toBe("₹770");
    expect(cart.text("[data-testid=cart-total]")).toBe("₹693");

    cart = await cart.within(".cart-table tbody tr:first-child").fill("Quantity of Shirt (30)", "3").press("Update");
    expect(cart.url.pathname).toBe("/cart");
    expect(cart.text("[data-testid=cart-total]")).toBe("₹972");
    expect(badge(cart)).toBe("4");

    // A quantity of 0 never leaves the page: the input's own rule (min 1) stops it in the browser
    // (the server's refusal of 0, -3, 'abc' and 1000 is in tests/integration/orders.api.test.ts).
    const row = cart.within(".cart-table tbody tr:first-child").fill("Quantity of Shirt (30)", "0");
    await expect(row.press("Update")).rejects.toThrow(FormNotSent);

    cart = await cart.press("Remove Shirt (30)");
    expect(cart.text("[data-testid=cart-total]")).toBe("₹135");
    expect(cart.count(".cart-table tbody tr")).toBe(1);
    cart = await cart.press(/Remove Scientific Calculator/);
    expect(cart.has("Your cart is empty.")).toBe(true);
    expect(cart.count(".cart-link .badge")).toBe(0);
  });

  it("shows the subtotal, the offer, delivery and the total below the lines, in English and Hindi", async () => {
    const parent = htmlBrowser(server.url);
    await addShirt(parent, "30", 2);
    const cart = await parent.open("/cart");
    expect(cart.text("[data-testid=cart-subtotal-line]")).toBe("Subtotal: ₹620");
    expect(cart.text("[data-testid=cart-discount-line]")).toBe("10% off: −₹62");
    expect(cart.text("[data-testid=cart-delivery]")).toBe("Delivery: free in Churu district, ₹100 elsewhere");
    // No pincode checked yet: the total before delivery, never called the total (decision 113).
    expect(cart.text(".cart-total")).toBe("Total before delivery: ₹558");

    const hindi = await parent.open("/cart?lng=hi");
    expect(hindi.lang).toBe("hi-IN");
    expect(hindi.text("[data-testid=cart-subtotal-line]")).toBe("सामान का जोड़: ₹620");
    expect(hindi.text("[data-testid=cart-discount-line]")).toBe("10% की छूट: −₹62");
    expect(hindi.text("[data-testid=cart-delivery]")).toBe("डिलीवरी: चूरू ज़िले में मुफ़्त, बाहर ₹100");
    expect(hindi.text(".cart-total")).toBe("डिलीवरी से पहले कुल: ₹558");
  });

  it("asks before emptying the cart: No keeps it, Yes empties it, in English and Hindi", async () => {
    const parent = htmlBrowser(server.url);
    await addShirt(parent, "30", 2);
    const cart = await parent.open("/cart");
    const question = await cart.follow("Clear Cart");
    expect(question.url.searchParams.get("confirm")).toBe("clear");
    expect(question.has("Empty your cart?")).toBe(true);
    expect(question.has("The 1 item in it will be removed.")).toBe(true);
    const kept = await question.follow("No, keep my cart");
    expect(kept.url.pathname).toBe("/cart");
    expect(kept.url.searchParams.has("confirm")).toBe(false);
    expect(kept.count(".cart-table tbody tr")).toBe(1);
    expect(kept.has("Empty your cart?")).toBe(false);

    const hindi = await parent.open("/cart?lng=hi");
    const asked = await hindi.follow("कार्ट खाली करें");
    expect(asked.has("क्या कार्ट खाली करना है?")).toBe(true);
    const emptied = await asked.press("हाँ, कार्ट खाली करें");
    expect(emptied.count(".cart-link .badge")).toBe(0);
    expect(emptied.count(".cart-empty")).toBe(1);
  });

  it("keeps a guest cart through sign-in, merged into the shopper's saved cart", async () => {
    const email = `merge-${randomUUID()}@example.com`;
    const user = await server.shop.auth.registerWithEmail({ email, password: "satchel-2026", name: "Merge Tester" });
    // The shopper saved a cart earlier (another device).
    await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "white/shirt", size: "24", quantity: 1 });

    const parent = htmlBrowser(server.url);
    await addShirt(parent, "30", 2);
    await addShirt(parent, "32", 1);
    const login = await parent.open("/login");
    const account = await login.fill("Mobile number or email", email).fill("Password", "satchel-2026").press("Login");
    expect(account.url.pathname).toBe("/account");

    const cart = await parent.open("/cart");
    expect(badge(cart)).toBe("5");
    const lines = cart.texts(".cart-table tbody tr").join("\n");
    expect(lines).toMatch(/Shirt DPS 30 ₹310.*₹930/);
    expect(lines).toMatch(/Shirt DPS 32 ₹330.*₹330/);
    expect(lines).toMatch(/White Shirt/);
    // The guest cookie is gone: signing out shows an empty cart, not the old guest one.
    expect(await parent.cookie("shop_cart")).toBeFalsy();
  });
});

describe("cart action safety", () => {
  it("redirects only to paths on this site", async () => {
    for (const [redirectTo, expected] of [
      ["/schools/dps/shirt", "/schools/dps/shirt"],
      ["//evil.example/x", "/cart"],
      ["/\\evil.example", "/cart"],
      ["https://evil.example", "/cart"],
    ]) {
      const res = await fetch(`${server.url}/cart`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "1", redirectTo }).toString(),
      });
      await res.text();
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(expected);
    }
  });
});
