import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { KIDS_SHOE_STYLES } from "../../domain/accessories";
import { JS_MODES, launchBrowser, newShopperPage } from "../support/browser";
import type { TestServer } from "../support/server";
import { open, postedToCart, settle, startStorefrontServer, textOf } from "../support/storefront";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  [server, browser] = await Promise.all([startStorefrontServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Every browsing route of the spec's table (cart, checkout, login, account and admin are other features).
const ROUTES: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: /School uniforms/ },
  { path: "/shop", heading: "Shop School Uniforms & Accessories" },
  { path: "/contact", heading: "Contact" },
  { path: "/schools", heading: "Find your school" },
  { path: "/schools/dps", heading: "Dps" },
  { path: "/schools/st-xaviers", heading: "St Xaviers" },
  { path: "/schools/other-sample-school", heading: "Other Sample School" },
  { path: "/schools/st-xaviers/white-skirt", heading: "White Skirt" },
  { path: "/accessories", heading: "School Accessories" },
  { path: "/accessories/stationary", heading: "Stationery" },
  { path: "/accessories/shoes", heading: "School Shoes" },
  { path: "/accessories/shoes/regular-shoes", heading: "Shoes (Class 3 to 12)" },
  { path: "/accessories/shoes/kids-shoes", heading: "Kids Shoes (Class Nursery to 2)" },
  ...KIDS_SHOE_STYLES.map((style) => ({ path: `/accessories/shoes/kids-shoes/${style.slug}`, heading: style.name })),
  { path: "/accessories/bottle", heading: "Water Bottles & Lunch Boxes" },
  { path: "/accessories/bags", heading: "School Bags & Backpacks" },
  { path: "/white-products", heading: "White Uniforms" },
  { path: "/returns", heading: "Returns & Exchanges" },
];

// The sizes each white item's chart shows: the sizes it is made in that the chart has figures for.
const WHITE_CHART_SIZES: Record<string, string[]> = {
  shirt: ["22", "24", "26", "28", "30", "32", "34", "36", "38", "40", "42"],
  pant: ["22", "24", "26", "28", "30", "32", "34", "36", "38", "40", "42"],
  skirt: ["22", "24", "26", "28", "30", "32", "34"],
  shorts: [],
  tunik: ["22", "24", "26", "28", "30", "32", "34", "36", "38"],
  "salwar-suit": ["22", "24", "26", "28", "30", "32", "34", "36", "38", "40", "42"],
  socks: ["XS", "S", "M", "L", "XL"],
};
const WHITE_CHART_WORDS = {
  en: {
    chart: "Size chart",
    howTo: "How to measure",
    finder: "Find the size for every item",
    none: "This item has no size chart.",
    shirt26: ["26", "6–8 years", "23–25 in (58–64 cm)", "114–126 cm (44.9–49.6 in)"],
  },
  hi: {
    chart: "साइज़ चार्ट",
    howTo: "कैसे नापें",
    finder: "हर चीज़ का साइज़ खोजें",
    none: "इस चीज़ का कोई साइज़ चार्ट नहीं है।",
    shirt26: ["26", "6–8 साल", "23–25 इंच (58–64 सेमी)", "114–126 सेमी (44.9–49.6 इंच)"],
  },
};

for (const mode of JS_MODES) {
  const js = mode.javaScriptEnabled;
  describe(`accessories, white uniforms and static pages (${mode.name})`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      if (browser) ({ context, page } = await newShopperPage(browser, server.url, js));
    });
    afterAll(async () => {
      await context?.close();
    });

    it("walks every browsing route: 200, a heading, a title and a meta description, no broken image", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const missing: string[] = [];
      page.on("response", (res) => {
        if (res.status() === 404 && res.request().resourceType() === "image") missing.push(res.url());
      });
      for (const route of ROUTES) {
        // Server-rendered content is what is checked here; no need to wait for hydration.
        expect((await page.goto(route.path))?.status(), route.path).toBe(200);
        const heading = await textOf(page, "main h1");
        if (typeof route.heading === "string") expect(heading, route.path).toBe(route.heading);
        else expect(heading, route.path).toMatch(route.heading);
        expect(await page.title(), route.path).toMatch(/\S/);
        expect(await page.locator('meta[name="description"]').getAttribute("content"), route.path).toMatch(/\w.{20,}/);
      }
      expect(missing).toEqual([]);
      if (!js) {
        // Spot-check the 360 px layout: nothing wider than the phone.
        await open(page, "/schools/dps/pant", js);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      }
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
      if (!js) await page.getByRole("button", { name: "Show price" }).click();
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
        ...(js ? { respond: "data" } : {}),
      });
    });

    it("shows a 404 page for an unknown kids shoe", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      expect(await open(page, "/accessories/shoes/kids-shoes/glass-slippers", js)).toBe(404);
      expect(await textOf(page, "h1")).toBe("Page not found");
    });

    it("prices a white uniform once a size is chosen", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      await open(page, "/white-products", js);
      const pant = page.locator("li#pant");
      const add = pant.locator(".buy-buttons button");
      expect(await add.textContent()).toBe("Select a size");
      expect(await add.isDisabled()).toBe(true);
      await pant.locator(".size-option", { hasText: /^26$/ }).click();
      if (!js) await pant.getByRole("button", { name: "Show price" }).click();
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
        ...(js ? { respond: "data" } : {}),
      });
    });

    // Each white item's card carries its own chart (decision 131); shorts have none. The shirt's row 26 is
    // the starting shirt chart's, as on a school shirt's page.
    for (const [lang, words] of Object.entries(WHITE_CHART_WORDS)) {
      it(`shows each white item's size chart in its card (${lang})`, async ({ skip }) => {
        if (!browser) return skip("no Chromium on this machine");
        const shopper = await newShopperPage(browser, server.url, js);
        await shopper.context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
        try {
          await open(shopper.page, "/white-products", js);
          for (const [key, sizes] of Object.entries(WHITE_CHART_SIZES)) {
            const card = shopper.page.locator(`li#${key}`);
            const chart = card.locator("details.card-size-chart");
            if (sizes.length === 0) {
              expect(await chart.count()).toBe(0);
              expect((await card.locator("p.muted").textContent())?.trim()).toBe(words.none);
              continue;
            }
            await chart.getByText(words.chart, { exact: true }).click();
            await chart.getByRole("heading", { name: words.howTo }).waitFor();
            const rowSizes = await chart.getByRole("rowheader").allTextContents();
            expect(rowSizes.map((text) => text.trim())).toEqual(sizes);
            expect(await chart.getByRole("link", { name: words.finder }).getAttribute("href")).toBe("/size-finder");
          }
          const row26 = shopper.page.locator("li#shirt table.size-chart tbody tr").filter({ has: shopper.page.getByRole("rowheader", { name: "26", exact: true }) });
          expect((await row26.locator("th, td").allTextContents()).map((text) => text.trim())).toEqual(words.shirt26);
        } finally {
          await shopper.context.close();
        }
      });
    }

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
        ...(js ? { respond: "data" } : {}),
      });

      await open(page, "/accessories/shoes/regular-shoes", js);
      const sports = page.locator("li", { has: page.getByRole("heading", { name: "Sports Shoes" }) });
      expect(await sports.locator(".price").first().textContent()).toBe("₹750");
      await sports.locator(".size-option", { hasText: /^7$/ }).click();
      const shoe = await postedToCart(page, () => sports.getByRole("button", { name: "Add to Cart" }).click());
      expect(shoe.fields).toMatchObject({ productId: "shoes/sports-shoes", size: "7", quantity: "1" });
    });

    it("shows the returns facts and the contact block", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      await open(page, "/returns", js);
      const text = (await page.locator("main").textContent()) ?? "";
      for (const fact of ["7 days", "60 seconds", "cash or by UPI", "Exchanges are always free", "Custom-stitched or embroidered"]) {
        expect(text).toContain(fact);
      }
      expect(await page.locator("main h2").count()).toBe(7);
      await page.getByRole("link", { name: "Contact us" }).click();
      await settle(page, "**/contact", js);
      expect(await page.locator("main address").textContent()).toContain("Churu, Rajasthan");
    });

    it("subscribes to the newsletter from the footer and refuses a bad address", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      await open(page, "/returns", js);
      const footer = page.locator("footer");
      // Passes the browser's own email check, not the shop's (no dot in the domain).
      await footer.getByLabel("Email address").fill("parent@localhost");
      await footer.getByRole("button", { name: "Subscribe" }).click();
      if (!js) await settle(page, "**/newsletter", js);
      await page.getByText("Please enter a valid email address").first().waitFor();

      await open(page, "/returns", js);
      const email = `parent-${js ? "js" : "nojs"}@example.com`;
      await footer.getByLabel("Email address").fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await page.getByText("Thank you for subscribing!").first().waitFor();
      expect(new URL(page.url()).pathname).toBe(js ? "/returns" : "/newsletter");
      const row = await server.shop.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
      expect(row?.email).toBe(email);
    });
  });
}
