import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIDS_SHOE_STYLES } from "../../../domain/accessories";
import { htmlBrowser, type HtmlPage, type Scope } from "../../support/html-browser";
import type { TestServer } from "../../support/server";
import { startStorefrontServer } from "../../support/storefront";

// Accessories, white uniforms and the static pages with JavaScript off, through their real links and forms
// (tests/support/html-browser). With JavaScript on (prices without a request, Add to Cart by a fetcher, the
// newsletter answered in place) and the 360 px layout: tests/e2e/storefront-accessories.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startStorefrontServer();
});
afterAll(async () => {
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

/** What pressing a button would send to the cart, as the fields the route reads. */
function sent(scope: Scope, button: string | RegExp): { path: string; fields: Record<string, string> } {
  const request = scope.request(button);
  return { path: request.url.pathname, fields: Object.fromEntries(request.entries.map((e) => [e.name, String(e.value)])) };
}

/** The list item whose heading is `name`. */
function itemHeaded(page: HtmlPage, name: string): Scope {
  const item = page.all("li").find((li) => page.within(li).headings().includes(name));
  if (!item) throw new Error(`no item headed ${name}`);
  return page.within(item);
}

describe("accessories, white uniforms and static pages (JS off)", () => {
  it("walks every browsing route: 200, a heading, a title and a meta description, no broken image", async () => {
    const parent = htmlBrowser(server.url);
    const images = new Set<string>();
    for (const route of ROUTES) {
      const page = await parent.open(route.path);
      expect(page.status, route.path).toBe(200);
      const heading = page.text("main h1");
      if (typeof route.heading === "string") expect(heading, route.path).toBe(route.heading);
      else expect(heading, route.path).toMatch(route.heading);
      expect(page.title, route.path).toMatch(/\S/);
      expect(page.attr('meta[name="description"]', "content"), route.path).toMatch(/\w.{20,}/);
      for (const img of page.all("img[src]")) images.add(new URL(img.attribs.src, page.url).toString());
    }
    // Every image a page shows is there (a browser would load each; here each address is asked once).
    const missing: string[] = [];
    for (const image of images) {
      const res = await fetch(image);
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(`${image}: ${res.status}`);
    }
    expect(images.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it("goes from the accessories tiles to a kids shoe, prices size 3 at ₹310 and adds it", async () => {
    const parent = htmlBrowser(server.url);
    const accessories = await parent.open("/accessories");
    expect(accessories.count("main .tile-card")).toBe(4);
    const shoes = await accessories.follow("Shoes");
    expect(shoes.url.pathname).toBe("/accessories/shoes");
    const kids = await shoes.follow(/Kids Shoes/);
    expect(kids.url.pathname).toBe("/accessories/shoes/kids-shoes");
    expect(kids.count("main .tile-card")).toBe(7);
    let shoe = await kids.follow(/Black Shoes with Laces/);
    expect(shoe.url.pathname).toBe("/accessories/shoes/kids-shoes/black-shoes-laces");

    const form = () => shoe.within(".add-form");
    expect(form().text(".buy-buttons button")).toBe("Select a size first");
    await expect(form().press("Select a size first")).rejects.toThrow(/disabled/);
    expect(shoe.has("Choose a size to see the price.")).toBe(true);

    // Without JavaScript the size is priced by the page itself: Show price asks for it by a GET.
    shoe = await form().choose("3").press("Show price");
    expect(shoe.url.searchParams.get("size")).toBe("3");
    expect(shoe.url.searchParams.has("intent")).toBe(false);
    expect(shoe.has("Size 3 - Base price ₹150 + ₹20 per size increase")).toBe(true);
    expect(shoe.text(".add-form .price")).toBe("Price: ₹310 (Size 3)");
    expect(form().text(".buy-buttons button")).toBe("Add to Cart - ₹310");

    expect(sent(form(), "Add to Cart - ₹310")).toEqual({
      path: "/cart",
      fields: {
        intent: "add",
        productId: "kids-shoes/black-shoes-laces",
        size: "3",
        quantity: "1",
        redirectTo: "/accessories/shoes/kids-shoes/black-shoes-laces?size=3",
      },
    });
  });

  it("shows a 404 page for an unknown kids shoe", async () => {
    const page = await htmlBrowser(server.url).open("/accessories/shoes/kids-shoes/glass-slippers");
    expect(page.status).toBe(404);
    expect(page.text("h1")).toBe("Page not found");
  });

  it("prices a white uniform once a size is chosen", async () => {
    let white = await htmlBrowser(server.url).open("/white-products");
    const pant = () => white.within("li#pant");
    expect(pant().text(".buy-buttons button")).toBe("Select a size");
    await expect(pant().press("Select a size")).rejects.toThrow(/disabled/);
    white = await pant().choose("26").press("Show price");
    expect(white.url.searchParams.get("pant")).toBe("26");
    // 349 + 30 for each place after 22: 26 is the third size.
    expect(pant().has("₹409")).toBe(true);
    expect(pant().text(".buy-buttons button")).toBe("Add to Cart");
    expect(sent(pant(), "Add to Cart")).toEqual({
      path: "/cart",
      fields: { intent: "add", productId: "white/pant", size: "26", quantity: "1", redirectTo: "/white-products?pant=26" },
    });
  });

  // Each white item's card carries its own chart (decision 131); shorts have none. The shirt's row 26 is
  // the starting shirt chart's, as on a school shirt's page.
  for (const [lang, words] of Object.entries(WHITE_CHART_WORDS)) {
    it(`shows each white item's size chart in its card (${lang})`, async () => {
      const parent = htmlBrowser(server.url);
      await parent.setCookie(`shop_lng=${lang}; Path=/`);
      const white = await parent.open("/white-products");
      for (const [key, sizes] of Object.entries(WHITE_CHART_SIZES)) {
        const card = white.within(`li#${key}`);
        if (sizes.length === 0) {
          expect(card.all("details.card-size-chart")).toHaveLength(0);
          expect(card.text("p.muted")).toBe(words.none);
          continue;
        }
        const chart = card.within("details.card-size-chart");
        expect(chart.headings()).not.toContain(words.howTo);
        chart.toggle(words.chart);
        expect(chart.headings()).toContain(words.howTo);
        expect(chart.texts('th[scope="row"]')).toEqual(sizes);
        expect(chart.links().find((l) => l.name === words.finder)?.href).toBe("/size-finder");
      }
      const row26 = white.all("li#shirt table.size-chart tbody tr").find((tr) => white.within(tr).text('th[scope="row"]') === "26");
      expect(row26 && white.within(row26).texts("th, td")).toEqual(words.shirt26);
    });
  }

  it("adds one-size stationery and a regular shoe in the chosen size", async () => {
    const parent = htmlBrowser(server.url);
    const stationery = await parent.open("/accessories/stationary");
    const calculator = itemHeaded(stationery, "Scientific Calculator");
    expect(calculator.text(".price")).toBe("₹150");
    expect(sent(calculator, "Add to Cart")).toEqual({
      path: "/cart",
      fields: { intent: "add", productId: "stationery/scientific-calculator", size: "Free Size", quantity: "1", redirectTo: "/accessories/stationary" },
    });

    const regular = await parent.open("/accessories/shoes/regular-shoes");
    const sports = itemHeaded(regular, "Sports Shoes");
    expect(sports.texts(".price")[0]).toBe("₹750");
    sports.choose("7");
    expect(sent(sports, "Add to Cart").fields).toMatchObject({ productId: "shoes/sports-shoes", size: "7", quantity: "1" });
  });

  it("shows the returns facts and the contact block", async () => {
    const returns = await htmlBrowser(server.url).open("/returns");
    const text = returns.within("main").text();
    for (const fact of ["7 days", "send your refund as soon as it reaches the shop", "cash or by UPI", "Exchanges are always free", "Custom-stitched or embroidered"]) {
      expect(text).toContain(fact);
    }
    // No promise the shop cannot keep: a refund is sent by the owner once the item is back, not by a clock.
    expect(text).not.toContain("60 seconds");
    expect(returns.count("main h2")).toBe(7);
    const contact = await returns.within("main").follow("Contact us");
    expect(contact.url.pathname).toBe("/contact");
    expect(contact.text("main address")).toContain("Churu, Rajasthan");
  });

  it("subscribes to the newsletter from the footer and refuses a bad address", async () => {
    const parent = htmlBrowser(server.url);
    let returns = await parent.open("/returns");
    // Passes the browser's own email check, not the shop's (no dot in the domain).
    const refused = await returns.within("footer").fill("Email address", "parent@localhost").press("Subscribe");
    expect(refused.url.pathname).toBe("/newsletter");
    expect(refused.has("Please enter a valid email address")).toBe(true);

    returns = await parent.open("/returns");
    const email = "parent-nojs@example.com";
    const thanked = await returns.within("footer").fill("Email address", email).press("Subscribe");
    expect(thanked.url.pathname).toBe("/newsletter");
    expect(thanked.has("Thank you for subscribing!")).toBe(true);
    const row = await server.shop.db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst();
    expect(row?.email).toBe(email);
  });
});
