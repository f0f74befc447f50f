/**
 * The shop's charge rules as parents read them, server-rendered (JS off): the home banner
 * says only what the rules give, the featured cards show what their pages charge, and the
 * cart shows its subtotal, offer, delivery and total. One shop runs the default rules
 * (10% off every order, free delivery in Churu district, ₹100 elsewhere); the other an
 * offer from ₹1,000 that ends, and no delivery outside the district.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { featuredCards } from "../../domain/featured";
import { formatRupees } from "../../domain/money";
import { call } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let shop: TestServer;
let strict: TestServer;

beforeAll(async () => {
  [shop, strict] = await Promise.all([
    startTestServer({ env: { PAGE_CACHE_SECONDS: "30" } }),
    startTestServer({ env: { SHOP_OFFER_MINIMUM: "1000", SHOP_OFFER_UNTIL: "2099-12-31", SHOP_DELIVERY_CHARGE: "none" } }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([shop?.close(), strict?.close()]);
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const HINDI = "shop_lng=hi";

/** The first element's text whose data-testid or class is `marker`, without tags. */
function textOf(html: string, marker: string): string | undefined {
  const found = new RegExp(`<(\\w+)[^>]*(?:data-testid|class)="${marker}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return found?.[2].replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}

async function page(server: TestServer, path: string, cookie?: string): Promise<string> {
  const res = await call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A fresh guest cart holding these lines: its cookie. */
async function guestCart(server: TestServer, lines: { productId: string; size: string; quantity: number }[]): Promise<string> {
  let cookie = "";
  for (const line of lines) {
    const res = await call(`${server.url}/cart`, {
      method: "POST",
      headers: { ...FORM, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams({ intent: "add", ...line, quantity: String(line.quantity), redirectTo: "/cart" }),
    });
    expect(res.status).toBe(302);
    const set = res.headers.getSetCookie().find((entry) => entry.startsWith("shop_cart="));
    if (set) cookie = set.split(";")[0];
  }
  return cookie;
}

/** The page a parent reaches for the cheapest item of a card, with that size chosen. */
function pageOf(productId: string, size: string): string {
  const [kind, ...rest] = productId.split("/");
  if (kind === "white") return `/white-products?${rest[0]}=${size}`;
  if (kind === "school") return `/schools/${rest[0]}/${rest[1]}?size=${size}`;
  if (kind === "kids-shoes") return `/accessories/shoes/kids-shoes/${rest[0]}?size=${size}`;
  throw new Error(`no page for ${productId}`);
}

describe("the home banner", () => {
  it("states the running offer and free delivery in Churu district, in English and Hindi", async () => {
    const html = await page(shop, "/");
    expect(textOf(html, "announcement")).toBe("Free doorstep delivery in Churu district · 10% off every order");
    expect(html).not.toMatch(/Summer uniforms|10% off your order/);
    expect(html).toMatch(/<meta name="description" content="[^"]*Free doorstep delivery in Churu district\. 10% off every order\."/);
    const hindi = await page(shop, "/", HINDI);
    expect(textOf(hindi, "announcement")).toBe("चूरू ज़िले में घर तक मुफ़्त डिलीवरी · हर ऑर्डर पर 10% की छूट");
  });

  it("gives the offer's minimum and last day when the shop sets them", async () => {
    expect(textOf(await page(strict, "/"), "announcement")).toBe(
      "Free doorstep delivery in Churu district · 10% off orders of ₹1,000 or more until 31 Dec 2099",
    );
    expect(textOf(await page(strict, "/", HINDI), "announcement")).toMatch(
      /^चूरू ज़िले में घर तक मुफ़्त डिलीवरी · ₹1,000 या उससे ज़्यादा के ऑर्डर पर 10% की छूट, 31 .+ 2099 तक$/,
    );
  });

  it("keeps the home page in the page cache for visitors", async () => {
    await call(`${shop.url}/`);
    expect((await call(`${shop.url}/`)).headers.get("x-page-cache")).toBe("hit");
  });
});

describe("the featured cards", () => {
  it("each shows the lowest price its page charges, and links to that page", async () => {
    const home = await page(shop, "/");
    const cards = featuredCards();
    expect(cards.map((card) => card.key)).toEqual(["whiteShirt", "schoolPant", "shoes"]);
    for (const card of cards) {
      const shown = textOf(home, `featured-${card.key}`) ?? "";
      const price = formatRupees(card.lowest);
      expect(shown, card.key).toContain(card.from ? `from ${price}` : price);
      expect(home).toMatch(new RegExp(`data-testid="featured-${card.key}"[\\s\\S]*?href="${card.to}"`));

      // The page shows that price for the cheapest size...
      const { productId, size } = card.cheapest;
      const productPage = await page(shop, pageOf(productId, size));
      expect(textOf(productPage, `price-${productId}`), productId).toBe(price);
      // ...and the cart charges it.
      const cart = await page(shop, "/cart", await guestCart(shop, [{ productId, size, quantity: 1 }]));
      expect(textOf(cart, "cart-subtotal"), productId).toBe(price);
    }
    // The card's link leads there: the white shirt is on its page, and a parent picks the school or shoe.
    expect(await page(shop, "/white-products")).toContain('id="shirt"');
    expect(await page(shop, "/schools")).toContain('href="/schools/dps"');
    expect(await page(shop, "/accessories/shoes")).toContain('href="/accessories/shoes/kids-shoes"');
  });

  it("names the cards in Hindi", async () => {
    const hindi = await page(shop, "/", HINDI);
    expect(textOf(hindi, "featured-schoolPant")).toBe("स्कूल पैंट₹340 से शुरू");
  });
});

describe("the cart's money", () => {
  // ₹620 + ₹499 + ₹2,000 + ₹420 = ₹3,539; 10% of it is ₹353.90, and the shop takes off whole rupees.
  const lines = [
    { productId: "school/dps/shirt", size: "30", quantity: 2 },
    { productId: "white/shirt", size: "42", quantity: 1 },
    { productId: "school/dps/pant", size: "42-38", quantity: 4 },
    { productId: "shoes/canvas-shoes", size: "5", quantity: 1 },
  ];

  it("shows subtotal, the offer, delivery and total below the lines, in English and Hindi", async () => {
    const cookie = await guestCart(shop, lines);
    const html = await page(shop, "/cart", cookie);
    const subtotal = textOf(html, "cart-subtotal");
    expect(subtotal).toBe("₹3,539");
    expect(textOf(html, "cart-subtotal-line")).toBe("Subtotal: ₹3,539");
    expect(textOf(html, "cart-discount-line")).toBe("10% off: −₹353");
    expect(textOf(html, "cart-delivery")).toBe("Delivery: free in Churu district, ₹100 elsewhere");
    // No pincode yet: the total before delivery, never called the total (decision 113).
    expect(textOf(html, "cart-total")).toBe("Total before delivery: ₹3,186");
    // Below the lines.
    expect(html.indexOf("cart-subtotal-line")).toBeGreaterThan(html.indexOf("cart-table"));

    const hindi = await page(shop, "/cart", `${cookie}; ${HINDI}`);
    expect(textOf(hindi, "cart-subtotal-line")).toBe("सामान का जोड़: ₹3,539");
    expect(textOf(hindi, "cart-discount-line")).toBe("10% की छूट: −₹353");
    expect(textOf(hindi, "cart-delivery")).toBe("डिलीवरी: चूरू ज़िले में मुफ़्त, बाहर ₹100");
    expect(textOf(hindi, "cart-total")).toBe("डिलीवरी से पहले कुल: ₹3,186");
  });

  it("shows no offer below its minimum, and says the shop delivers only in the district", async () => {
    const below = await page(strict, "/cart", await guestCart(strict, [{ productId: "school/dps/shirt", size: "30", quantity: 2 }]));
    expect(textOf(below, "cart-subtotal")).toBe("₹620");
    expect(below).not.toContain("cart-discount-line");
    expect(textOf(below, "cart-delivery")).toBe("Delivery: free. We deliver only in Churu district.");
    expect(textOf(below, "cart-total")).toBe("Total before delivery: ₹620");

    const above = await page(strict, "/cart", await guestCart(strict, lines));
    expect(textOf(above, "cart-discount-line")).toBe("10% off: −₹353");
    expect(textOf(above, "cart-total")).toBe("Total before delivery: ₹3,186");
  });
});
