import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SCHOOLS } from "../../domain/schools";
import { launchBrowser, newShopperPage } from "../support/browser";
import type { TestServer } from "../support/server";
import { open, postedToCart, settle, startStorefrontServer, textOf } from "../support/storefront";

// School pages with JavaScript on: client-side links, search as you type, the size priced without a request, the
// stepper, ADD TO CART by a fetcher. Without JavaScript, and the 404s: tests/integration/pages/storefront-schools.test.ts.

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

describe("schools (JS on)", () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    if (browser) ({ context, page } = await newShopperPage(browser, server.url, js));
  });
  afterAll(async () => {
    await context?.close();
  });

  it("lists every school in the navbar dropdown and opens one", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/", js);
    const menu = page.locator(".schools-menu");
    await menu.locator("summary").click();
    expect(await menu.getByRole("link").count()).toBe(SCHOOLS.length + 1);
    await menu.getByRole("link", { name: "St. Xavier's" }).click();
    await settle(page, "**/schools/st-xaviers", js);
    expect(await textOf(page, "h1")).toBe("St Xaviers");
    // St. Xavier's sells its own set: white tunic and skirt, no belt.
    expect(await page.getByRole("link", { name: "White Tunik" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Belt" }).count()).toBe(0);
  });

  it("searches schools ignoring case and punctuation", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/schools", js);
    const cards = page.locator("#school-list > li");
    expect(await cards.count()).toBe(SCHOOLS.length);
    await page.getByLabel("Search schools").fill("ST.XAVIER");
    // Filtered as you type, without a request.
    await page.waitForFunction(() => document.querySelectorAll("#school-list > li").length === 1);
    expect(new URL(page.url()).search).toBe("");
    expect(await cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain("St. Xavier's");

    await page.getByLabel("Search schools").fill("zzzz");
    await page.getByText("No schools match").waitFor();

    // The server filters too: a shared link with ?q= shows the same list.
    await open(page, "/schools?q=other%20sample", js);
    expect(await cards.count()).toBe(1);
    await cards.getByRole("link", { name: "Other Sample School" }).click();
    await settle(page, "**/schools/other-sample-school", js);
    expect(await textOf(page, "h1")).toBe("Other Sample School");
    // Tie Big is Coming Soon at this school.
    const tieBig = page.locator(".item-card", { has: page.getByRole("link", { name: "Tie Big" }) });
    expect(await tieBig.getByText("Coming Soon").count()).toBe(1);
  });

  it("shows the DPS items with images and switches the T-shirt colour by link", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/schools/dps", js);
    expect(await page.title()).toMatch(/Dps uniforms/);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain("DPS");
    const names = await page.locator(".item-card .card-title").allTextContents();
    expect(names).toEqual(["Shirt", "Pant", "White Pant", "Tunik", "T-shirt", "Skirt", "Belt", "Tie Small", "Tie Big", "Socks 1", "Socks 2"]);
    // No photo exists yet, so every image is its drawing: never a URL that would 404. Garments are drawn in the
    // school's colours (decision 140), white items, shoes and the rest are the files in public/images/types/.
    const sources = await page.locator(".item-card img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute("src")));
    expect(sources.every((src) => src?.startsWith("/images/types/") || src?.startsWith("/drawings/"))).toBe(true);
    expect(sources[names.indexOf("White Pant")]).toBe("/images/types/pant-white.svg");

    const tshirt = page.locator(".item-card", { has: page.getByRole("link", { name: "T-shirt", exact: true }) });
    expect(await tshirt.locator('[aria-current="true"]').textContent()).toBe("Red");
    await tshirt.getByRole("link", { name: "Blue" }).click();
    await settle(page, (url) => url.searchParams.get("colour-t-shirt") === "Blue", js);
    await tshirt.locator('img[alt="T-shirt in Blue"]').waitFor();
    // The drawing takes the colour chosen.
    expect(await tshirt.locator("img").getAttribute("src")).toMatch(/^\/drawings\/tshirt\/[0-9a-f]{6}-[0-9a-f]{6}-3c7dd9\.svg$/);
    expect(await tshirt.locator('[aria-current="true"]').textContent()).toBe("Blue");
    expect(await page.locator(".item-card").count()).toBe(11);
  });

  it("prices the chosen size on a school product page and posts ADD TO CART and BUY NOW to /cart", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    await open(page, "/schools/dps", js);
    await page.getByRole("link", { name: "Pant", exact: true }).click();
    await settle(page, "**/schools/dps/pant", js);
    expect(await textOf(page, "h1")).toBe("Pant");
    expect(await textOf(page, ".school-name")).toContain("DPS");
    // The first size is preselected and priced.
    expect(await page.getByRole("radio", { name: "24" }).isChecked()).toBe(true);
    expect(await textOf(page, ".add-form .price")).toBe("Price: ₹340 (Size 24)");

    await page.locator(".size-option", { hasText: /^38-30$/ }).click();
    await page.waitForFunction(() => document.querySelector(".add-form .price")?.textContent?.includes("₹500"));
    expect(await textOf(page, ".add-form .price")).toBe("Price: ₹500 (Size 38-30)");
    await settle(page, (url) => url.searchParams.get("size") === "38-30" && !url.searchParams.has("intent"), js);

    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    expect(await quantity.inputValue()).toBe("2");
    expect(await quantity.getAttribute("min")).toBe("1");

    const add = await postedToCart(page, () => page.getByRole("button", { name: "ADD TO CART" }).click());
    expect(add.fields).toEqual({
      intent: "add",
      productId: "school/dps/pant",
      size: "38-30",
      quantity: "2",
      redirectTo: "/schools/dps/pant?size=38-30",
      // With JS, ADD TO CART goes by a fetcher that asks for data: the answer shows by the button.
      respond: "data",
    });

    await open(page, "/schools/dps/shirt", js);
    const buy = await postedToCart(page, () => page.getByRole("button", { name: "BUY NOW" }).click());
    expect(buy.fields).toEqual({ intent: "add", productId: "school/dps/shirt", size: "24", quantity: "1", redirectTo: "/cart" });
  });
});
