import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import type { TestServer } from "../support/server";
import { open, postedToCart, settle, startStorefrontServer, textOf } from "../support/storefront";

// Accessories and white uniforms with JavaScript on: prices shown without a request, Add to Cart by a fetcher,
// the newsletter answered in place; and the 360 px layout. Without JavaScript (every browsing route, the size
// charts, the returns facts, the 404): tests/integration/pages/storefront-accessories.test.ts.

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startStorefrontServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const js = true;

describe("accessories, white uniforms and static pages (JS on)", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    if (browser) ({ context, page } = await newShopperPage(browser, server.url, js));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("goes from the accessories tiles to a kids shoe, prices size 3 at ₹310 and adds it", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/accessories", js);
    expect(await page.locator("main .tile-card").count()).toBe(4);
    await page.getByRole("link", { name: "Shoes" }).click();
    await settle(page, "**/accessories/shoes", js);
    await page.getByRole("link", { name: /Kids Shoes/ }).click();
    await settle(page, "**/accessories/shoes/kids-shoes", js);
    expect(await page.locator("main .tile-card").count()).toBe(7);
    await page.getByRole("link", { name: /Black Shoes with Laces/ }).click();
    await settle(page, "**/kids-shoes/black-shoes-laces", js);

    const add = page.locator(".add-form .buy-buttons button").first();
    expect(await add.textContent()).toBe("Select a size first");
    expect(await add.isDisabled()).toBe(true);
    expect(await page.getByText("Choose a size to see the price.").count()).toBe(1);

    await page.locator(".size-option", { hasText: /^3$/ }).click();
    await page.getByText("Size 3 - Base price ₹150 + ₹20 per size increase").waitFor();
    expect(await textOf(page, ".add-form .price")).toBe("Price: ₹310 (Size 3)");
    await settle(page, (url) => url.searchParams.get("size") === "3" && !url.searchParams.has("intent"), js);
    expect(await add.textContent()).toBe("Add to Cart - ₹310");
    expect(await add.isDisabled()).toBe(false);

    const posted = await postedToCart(page, () => add.click());
    expect(posted.fields).toEqual({
      intent: "add",
      productId: "kids-shoes/black-shoes-laces",
      size: "3",
      quantity: "1",
      redirectTo: "/accessories/shoes/kids-shoes/black-shoes-laces?size=3",
      // With JS, Add to Cart goes by a fetcher that asks for data: the answer shows by the button.
      respond: "data",
    });
  });

  it("prices a white uniform once a size is chosen", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/white-products", js);
    const pant = page.locator("li#pant");
    const add = pant.locator(".buy-buttons button");
    expect(await add.textContent()).toBe("Select a size");
    expect(await add.isDisabled()).toBe(true);
    await pant.locator(".size-option", { hasText: /^26$/ }).click();
    // 349 + 30 for each place after 22: 26 is the third size.
    await pant.getByText("₹409").waitFor();
    await settle(page, (url) => url.searchParams.get("pant") === "26", js);
    expect(await add.textContent()).toBe("Add to Cart");
    const posted = await postedToCart(page, () => add.click());
    expect(posted.fields).toEqual({
      intent: "add",
      productId: "white/pant",
      size: "26",
      quantity: "1",
      redirectTo: "/white-products?pant=26",
      respond: "data",
    });
  });

  it("adds one-size stationery and a regular shoe in the chosen size", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/accessories/stationary", js);
    const calculator = page.locator("li", { has: page.getByRole("heading", { name: "Scientific Calculator" }) });
    expect(await calculator.locator(".price").textContent()).toBe("₹150");
    const one = await postedToCart(page, () => calculator.getByRole("button", { name: "Add to Cart" }).click());
    expect(one.fields).toEqual({
      intent: "add",
      productId: "stationery/scientific-calculator",
      size: "Free Size",
      quantity: "1",
      redirectTo: "/accessories/stationary",
      respond: "data",
    });

    await open(page, "/accessories/shoes/regular-shoes", js);
    const sports = page.locator("li", { has: page.getByRole("heading", { name: "Sports Shoes" }) });
    expect(await sports.locator(".price").first().textContent()).toBe("₹750");
    await sports.locator(".size-option", { hasText: /^7$/ }).click();
    const shoe = await postedToCart(page, () => sports.getByRole("button", { name: "Add to Cart" }).click());
    expect(shoe.fields).toMatchObject({ productId: "shoes/sports-shoes", size: "7", quantity: "1" });
  });

  it("subscribes to the newsletter from the footer and refuses a bad address", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/returns", js);
    const footer = page.locator("footer");
    // Passes the browser's own email check, not the shop's (no dot in the domain).
    await footer.getByLabel("Email address").fill("parent@localhost");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Please enter a valid email address").first().waitFor();

    await open(page, "/returns", js);
    const email = "parent-js@example.com";
    await footer.getByLabel("Email address").fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Thank you for subscribing!").first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/returns");
    const row = await server.shop.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
    expect(row?.email).toBe(email);
  });
});

describe("the 360 px layout (JS off)", () => {
  it("puts nothing wider than the phone on a school product page", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, false);
    try {
      await open(page, "/schools/dps/pant", false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });
});
