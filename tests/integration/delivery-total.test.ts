/**
 * "Parents see every rupee before they confirm" (decision 113), as plain HTTP (JavaScript off):
 * the pincode check on product pages, the cart and the checkout, answered from the one delivery
 * rule and remembered for the visit; the checkout's details showing subtotal, offer, delivery and
 * total for the pincode sent; the server placing an order only at the total the form showed, and
 * refusing any other with the new figures to confirm (409, both totals named, English and Hindi);
 * the /api refusing a total the shop would exceed; and one out-of-district order saying the same
 * total on every page, text and answer that names it. The browser flows: tests/e2e/delivery-total.e2e.test.ts.
 *
 * The parent who found it: a guest, one ₹180 steel bottle, pincode 302001 (Jaipur). With the shop's
 * default rules that is ₹180 − ₹18 (10% off) + ₹100 delivery = ₹262.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";
import { eventually, startFakeSmtp, type FakeSmtp } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

let shop: TestServer;
let strict: TestServer;
let smtp: FakeSmtp;
let admin: TestAdmin;
const SHOP_EMAIL = "orders@churu-uniforms.test";

beforeAll(async () => {
  smtp = await startFakeSmtp();
  [shop, strict] = await Promise.all([
    startTestServer({ env: { PAGE_CACHE_SECONDS: "30", SMTP_URL: smtp.url, SHOP_EMAIL } }),
    startTestServer({ env: { SHOP_DELIVERY_CHARGE: "none" } }),
  ]);
  admin = await createTestAdmin(shop.shop, shop.url);
}, 180_000);
afterAll(async () => {
  await Promise.all([shop?.close(), strict?.close()]);
  await smtp?.close();
});

const HINDI = "shop_lng=hi";
const BOTTLE = { productId: "bottle/steel-water-bottle", size: "", quantity: "1" };
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
const jaipur = (phone: string) => ({ name: "Meena Gupta", phone, address: "4 MI Road", city: "Jaipur", pincode: "302001" });
const churu = (phone: string) => ({ name: "Ravi Kumar", phone, address: "12 Station Road", city: "Churu", pincode: "331001" });

/** The page as a parent reads it: scripts and the stylesheet out, entities back. */
const decode = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'");

/** The text of the first element whose data-testid (or data-field) is `marker`, tags removed. */
function textOf(html: string, marker: string): string | undefined {
  const found = new RegExp(`<(\\w+)[^>]*(?:data-testid|data-field)="${marker}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return found?.[2].replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
}

/** The total the details form carries: the hidden field the server rendered. */
const shownTotalOf = (html: string) => /name="shownTotal" value="(\d+)"/.exec(html)?.[1];

const pairsOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith(`${name}=`));

function post(server: TestServer, path: string, fields: Record<string, string>, cookie = "") {
  return call(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function get(server: TestServer, path: string, cookie = ""): Promise<{ res: Response; html: string }> {
  const res = await call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status, path).toBe(200);
  return { res, html: decode(await res.text()) };
}

/** A cart with one ₹180 steel bottle: its guest cookie (a signed-in shopper's session adds to their own). */
async function bottleCart(server: TestServer, session = ""): Promise<string> {
  const added = await post(server, "/cart", { intent: "add", ...BOTTLE }, session);
  expect(added.status).toBe(302);
  return [session, ...pairsOf(added, "shop_cart")].filter(Boolean).join("; ");
}

async function ordersOf(server: TestServer, phone: string) {
  return server.shop.db.selectFrom("orders").select(["id", "short_id", "total", "subtotal", "discount", "delivery"]).where("phone", "=", phone).execute();
}

describe("the pincode check", () => {
  it("answers on a product page from the delivery rule, remembers the pincode for the visit and keeps the page's size", async () => {
    const { res, html } = await get(shop, "/schools/dps/shirt?size=30&pincode=302001");
    expect(textOf(html, "pincode-answer")).toBe("Delivery to 302001: ₹100");
    expect(html).toMatch(/<input type="hidden" name="size" value="30"\/>/);
    expect(html).toMatch(/name="pincode" [^>]*value="302001"/);
    // Remembered for the visit: a session cookie (no Max-Age, no Expires) holding six digits only.
    const [set] = res.headers.getSetCookie().filter((line) => line.startsWith("shop_pincode="));
    expect(set).toMatch(/^shop_pincode=302001; Path=\/; SameSite=Lax$/);

    expect(textOf((await get(shop, "/schools/dps/shirt?pincode=331%20001")).html, "pincode-answer")).toBe("Delivery to 331001: free");
    const invalid = await get(shop, "/schools/dps/shirt?pincode=3020");
    expect(textOf(invalid.html, "pincode-answer")).toBe("Pincode must be 6 digits");
    expect(pairsOf(invalid.res, "shop_pincode")).toEqual([]);

    const hindi = await get(shop, "/schools/dps/shirt?pincode=302001", HINDI);
    expect(textOf(hindi.html, "pincode-answer")).toBe("302001 पर डिलीवरी: ₹100");
    expect(textOf((await get(shop, "/schools/dps/shirt?pincode=331001", HINDI)).html, "pincode-answer")).toBe("331001 पर डिलीवरी: मुफ़्त");

    // The other product pages have it too.
    expect(textOf((await get(shop, "/accessories/shoes/kids-shoes/black-shoes-laces?pincode=302001")).html, "pincode-answer")).toBe(
      "Delivery to 302001: ₹100",
    );
    const [product] = await shop.shop.db.selectFrom("products").select("id").orderBy("id").limit(1).execute();
    expect(textOf((await get(shop, `/product/${product.id}?pincode=302001`)).html, "pincode-answer")).toBe("Delivery to 302001: ₹100");
  });

  it("says the shop does not deliver there when it delivers only in its area", async () => {
    expect(textOf((await get(strict, "/schools/dps/shirt?pincode=302001")).html, "pincode-answer")).toBe("We do not deliver to 302001.");
    expect(textOf((await get(strict, "/schools/dps/shirt?pincode=302001", HINDI)).html, "pincode-answer")).toBe("हम 302001 पर डिलीवरी नहीं करते।");
    expect(textOf((await get(strict, "/schools/dps/shirt?pincode=331001")).html, "pincode-answer")).toBe("Delivery to 331001: free");
  });

  it("leaves a kept catalogue page the same for everyone: the remembered pincode is never in it, an asked one never kept", async () => {
    const path = `/schools/dps/tie-small?visit=${randomUUID()}`;
    const first = await get(shop, path);
    const remembered = await get(shop, path, "shop_pincode=302001");
    expect(remembered.res.headers.get("x-page-cache")).toBe("hit");
    expect(remembered.html).toBe(first.html);
    expect(textOf(remembered.html, "pincode-answer")).toBe("Delivery: free in Churu district (pincodes 331…), ₹100 elsewhere");
    // An answer for a pincode in the address sets the cookie, so it is rendered each time.
    const asked = `${path}&pincode=302001`;
    await get(shop, asked);
    expect((await get(shop, asked)).res.headers.get("x-page-cache")).not.toBe("hit");
  });
});

describe("the cart", () => {
  it("shows the total before delivery until a pincode is checked, then delivery to it and every rupee", async () => {
    const cart = await bottleCart(shop);
    let { html } = await get(shop, "/cart", cart);
    expect(textOf(html, "cart-delivery")).toBe("Delivery: free in Churu district, ₹100 elsewhere");
    expect(/<p class="cart-total">([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, "")).toBe("Total before delivery: ₹162");

    const checked = await get(shop, "/cart?pincode=302001", cart);
    expect(textOf(checked.html, "cart-delivery")).toBe("Delivery to 302001: ₹100");
    expect(/<p class="cart-total">([\s\S]*?)<\/p>/.exec(checked.html)?.[1].replace(/<[^>]+>/g, "")).toBe("Total: ₹262");
    expect(pairsOf(checked.res, "shop_pincode")).toEqual(["shop_pincode=302001"]);
    // A pincode that is not one: said by the check, the rule and the total before delivery kept.
    const typo = await get(shop, "/cart?pincode=30200", cart);
    expect(textOf(typo.html, "pincode-answer")).toBe("Pincode must be 6 digits");
    expect(textOf(typo.html, "cart-total")).toBe("₹162");

    // Remembered: the next visit to the cart, and in Hindi.
    ({ html } = await get(shop, "/cart", `${cart}; shop_pincode=302001`));
    expect(textOf(html, "cart-total")).toBe("₹262");
    ({ html } = await get(shop, "/cart", `${cart}; shop_pincode=302001; ${HINDI}`));
    expect(textOf(html, "cart-delivery")).toBe("302001 पर डिलीवरी: ₹100");
    expect(/<p class="cart-total">([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, "")).toBe("कुल: ₹262");
    ({ html } = await get(shop, "/cart", `${cart}; ${HINDI}`));
    expect(/<p class="cart-total">([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, "")).toBe("डिलीवरी से पहले कुल: ₹162");
  });

  it("keeps the total before delivery where the shop does not deliver", async () => {
    const cart = await bottleCart(strict);
    const { html } = await get(strict, "/cart?pincode=302001", cart);
    expect(textOf(html, "cart-delivery")).toBe("We do not deliver to 302001.");
    expect(/<p class="cart-total">([\s\S]*?)<\/p>/.exec(html)?.[1].replace(/<[^>]+>/g, "")).toBe("Total before delivery: ₹162");
  });
});

describe("the checkout", () => {
  it("shows subtotal, offer, delivery and total for the pincode before the details are sent, and carries that total", async () => {
    const cart = await bottleCart(shop);
    let { html } = await get(shop, "/checkout?step=details", cart);
    // Nothing known of the pincode: the total before delivery, never called the total.
    expect(textOf(html, "checkout-total-label")).toBe("Total before delivery");
    expect(textOf(html, "details-subtotal")).toBe("₹180");
    expect(textOf(html, "details-discount")).toBe("−₹18");
    expect(textOf(html, "details-delivery")).toBe("Free in Churu district (pincodes 331…), ₹100 elsewhere");
    expect(textOf(html, "details-total")).toBe("₹162");
    expect(shownTotalOf(html)).toBe("162");

    // A pincode checked this visit fills the details and the figures.
    ({ html } = await get(shop, "/checkout?step=details", `${cart}; shop_pincode=302001`));
    expect(textOf(html, "checkout-delivery")).toBe("₹100 to 302001");
    expect(textOf(html, "checkout-total-label")).toBe("Total");
    expect(textOf(html, "checkout-total")).toBe("₹262");
    expect(html).toMatch(/id="details-pincode" name="pincode" [^>]*value="302001"/);
    expect(textOf(html, "details-delivery")).toBe("₹100 to 302001");
    expect(textOf(html, "details-total")).toBe("₹262");
    expect(shownTotalOf(html)).toBe("262");

    ({ html } = await get(shop, "/checkout?step=details", `${cart}; shop_pincode=302001; ${HINDI}`));
    expect(textOf(html, "details-delivery")).toBe("302001 पर ₹100");
    expect(textOf(html, "details-total-label")).toBe("कुल");
    ({ html } = await get(shop, "/checkout?step=details", `${cart}; ${HINDI}`));
    expect(textOf(html, "details-total-label")).toBe("डिलीवरी से पहले कुल");
  });

  it("places nothing at a total the form did not show: refused with the new figures to confirm, then placed at them", async () => {
    for (const lang of ["en", "hi"] as const) {
      const cart = await bottleCart(shop);
      const cookie = lang === "hi" ? `${cart}; ${HINDI}` : cart;
      const phone = newPhone();
      const form = { ...jaipur(phone), paymentMethod: "cod" };
      // The page showed ₹162 (no pincode yet); the parent typed 302001 and confirmed, JavaScript off.
      const refused = await post(shop, "/checkout", { ...form, shownTotal: "162", idempotencyKey: randomUUID() }, cookie);
      expect(refused.status).toBe(409);
      const html = decode(await refused.text());
      expect(html).toContain(
        lang === "en"
          ? "The total for delivery to 302001 is ₹262, not the ₹162 shown before. The figures are updated: please check them and confirm the order again. No order was placed."
          : "302001 पर डिलीवरी के साथ कुल ₹262 है, पहले दिखाए गए ₹162 नहीं। हिसाब नया कर दिया है: कृपया देख लें और ऑर्डर फिर से पक्का करें। कोई ऑर्डर नहीं हुआ।",
      );
      // The form comes back with what was typed, the new figures, and the total it now shows.
      expect(html).toMatch(/id="details-pincode" name="pincode" [^>]*value="302001"/);
      expect(textOf(html, "details-delivery")).toBe(lang === "en" ? "₹100 to 302001" : "302001 पर ₹100");
      expect(textOf(html, "details-total")).toBe("₹262");
      expect(shownTotalOf(html)).toBe("262");
      expect(await ordersOf(shop, phone)).toEqual([]);

      // Confirmed again at what it now shows: placed, at that.
      const placed = await post(shop, "/checkout", { ...form, shownTotal: shownTotalOf(html)!, idempotencyKey: randomUUID() }, cookie);
      expect(placed.status).toBe(302);
      expect(await ordersOf(shop, phone)).toMatchObject([{ total: 262, subtotal: 180, discount: 18, delivery: 100 }]);
    }
  });

  it("refuses a form that carries no total, naming the total to confirm", async () => {
    const cart = await bottleCart(shop);
    const phone = newPhone();
    const res = await post(shop, "/checkout", { ...jaipur(phone), paymentMethod: "cod", idempotencyKey: randomUUID() }, cart);
    expect(res.status).toBe(409);
    const html = decode(await res.text());
    expect(html).toContain("The total for delivery to 302001 is ₹262. Please check the figures and confirm the order. No order was placed.");
    expect(shownTotalOf(html)).toBe("262");
    expect(await ordersOf(shop, phone)).toEqual([]);
  });

  it("places an order in Churu district at the total shown before the pincode was typed: delivery there is free", async () => {
    const cart = await bottleCart(shop);
    const phone = newPhone();
    const res = await post(shop, "/checkout", { ...churu(phone), paymentMethod: "cod", shownTotal: "162", idempotencyKey: randomUUID() }, cart);
    expect(res.status).toBe(302);
    expect(await ordersOf(shop, phone)).toMatchObject([{ total: 162, delivery: 0 }]);
  });

  it("refuses a total made stale by a price change, with the new figures", async () => {
    const product = await shop.shop.products.create({
      name: `Lunch Box ${randomUUID().slice(0, 8)}`,
      price: 200,
      description: "Steel, two tiers.",
      imageUrl: null,
      stockQuantity: 50,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
    });
    const added = await post(shop, "/cart", { intent: "add", productId: `product/${product.id}`, quantity: "1" });
    expect(added.status).toBe(302);
    const cart = pairsOf(added, "shop_cart").join("; ");
    const before = (await get(shop, "/checkout?step=details", `${cart}; shop_pincode=302001`)).html;
    // ₹200 − ₹20 + ₹100.
    expect(shownTotalOf(before)).toBe("280");
    await shop.shop.products.update(product.id, { price: 250 }, { kind: "admin", name: "Test admin" });
    const phone = newPhone();
    const form = { ...jaipur(phone), paymentMethod: "cod", idempotencyKey: randomUUID() };
    const refused = await post(shop, "/checkout", { ...form, shownTotal: "280" }, `${cart}; shop_pincode=302001`);
    expect(refused.status).toBe(409);
    const html = decode(await refused.text());
    // ₹250 − ₹25 + ₹100.
    expect(html).toContain("The total for delivery to 302001 is ₹325, not the ₹280 shown before.");
    expect(textOf(html, "details-subtotal")).toBe("₹250");
    expect(shownTotalOf(html)).toBe("325");
    expect(await ordersOf(shop, phone)).toEqual([]);
  });

  it("refuses an address outside the area by its pincode where the shop delivers only there", async () => {
    const cart = await bottleCart(strict);
    const { html } = await get(strict, "/checkout?step=details", `${cart}; shop_pincode=302001`);
    expect(textOf(html, "details-delivery")).toBe("We do not deliver to 302001");
    expect(textOf(html, "details-total-label")).toBe("Total before delivery");
    const phone = newPhone();
    const res = await post(strict, "/checkout", { ...jaipur(phone), paymentMethod: "cod", shownTotal: shownTotalOf(html)!, idempotencyKey: randomUUID() }, cart);
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain("We deliver only in Churu district");
    expect(await ordersOf(strict, phone)).toEqual([]);
  });
});

describe("the /api", () => {
  it("refuses a total the shop would exceed on both order calls, naming both totals, and places nothing", async () => {
    const phone = newPhone();
    const guest = await call(`${shop.url}/api/orders/guest`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
      body: JSON.stringify({ mobileNumber: phone, cartItems: [{ id: BOTTLE.productId, quantity: 1 }], address: jaipur(phone), totalAmount: 162 }),
    });
    expect(guest.status).toBe(409);
    expect(await guest.json()).toEqual({ message: "The order total is ₹262, not ₹162. Please review your cart; no order was placed.", code: "checkout.totalChanged" });

    const email = `parent-${randomUUID()}@example.com`;
    const user = await shop.shop.auth.registerWithEmail({ email, password: "satchel-2026", name: "Meena Gupta" });
    const token = await shop.shop.auth.issueToken(user.id, "shopper");
    const signedIn = await call(`${shop.url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": randomUUID(), "Accept-Language": "hi-IN,hi;q=0.9" },
      body: JSON.stringify({ items: [{ productId: BOTTLE.productId, quantity: 1, price: 180 }], total: 180, shipping: jaipur(phone) }),
    });
    expect(signedIn.status).toBe(409);
    const body = await signedIn.json();
    expect(body.code).toBe("checkout.totalChanged");
    expect(body.message).toContain("₹262");
    expect(body.message).toContain("₹180");
    expect(await ordersOf(shop, phone)).toEqual([]);
  });
});

describe("one out-of-district order, one total everywhere", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`says the total recorded in OrderPlaced on the confirmation, tracking, account, SMS, email, admin, print and /api (${lang})`, async () => {
      const email = `parent-${randomUUID()}@example.com`;
      const user = await shop.shop.auth.registerWithEmail({ email, password: "satchel-2026", name: "Meena Gupta" });
      const session = (await signInShopper(new Request(`${shop.url}/login`), shop.shop, user.id)).headers
        .getSetCookie()
        .map((line) => line.split(";")[0])
        .join("; ");
      const language = lang === "hi" ? `; ${HINDI}` : "";
      const cookie = `${await bottleCart(shop, session)}; shop_pincode=302001${language}`;
      const phone = newPhone();

      // The checkout as the parent saw it.
      const details = (await get(shop, "/checkout?step=details", cookie)).html;
      const shown = shownTotalOf(details)!;
      expect(shown).toBe("262");
      const res = await post(shop, "/checkout", { ...jaipur(phone), paymentMethod: "cod", shownTotal: shown, idempotencyKey: randomUUID() }, cookie);
      expect(res.status).toBe(302);
      const orderId = /order=([0-9a-f-]{36})/.exec(res.headers.get("location") ?? "")![1];

      // What OrderPlaced recorded.
      const [placed] = orderEvents.readAll(await shop.shop.store.readStream(orderStreamId(orderId))).filter((e) => e.type === "OrderPlaced");
      expect(placed.data).toMatchObject({ total: 262, subtotal: 180, discount: 18, delivery: 100 });
      const total = "₹262";

      const done = (await get(shop, `/checkout/done?order=${orderId}`, cookie)).html;
      expect(textOf(done, "order-total")).toBe(total);
      expect(textOf(done, "order-delivery")).toBe("₹100");

      const [row] = await ordersOf(shop, phone);
      // Tracking: looked up with the number and the mobile number (a POST), then shown by its cookie.
      const lookup = await post(shop, "/orders/track", { intent: "track", orderId: row.short_id, phone }, language ? HINDI : "");
      expect(lookup.status).toBe(303);
      const trackCookie = [language ? HINDI : "", ...lookup.headers.getSetCookie().map((line) => line.split(";")[0])].filter(Boolean).join("; ");
      const tracked = (await get(shop, lookup.headers.get("location")!, trackCookie)).html;
      expect(textOf(tracked, "order-total")).toBe(total);

      const account = (await get(shop, "/account", cookie)).html;
      const accountRow = [...account.matchAll(/<tr[^>]*>[\s\S]*?<\/tr>/g)].map((m) => m[0]).find((tr) => tr.includes(row.short_id));
      expect(accountRow).toContain(total);

      const sms = await eventually(`the order's SMS to ${phone}`, () => shop.sms.to(phone).find((text) => text.text.includes(row.short_id)) ?? null);
      expect(sms.text).toContain(total);
      expect(sms.text).toContain("₹100");
      expect(sms.text).not.toContain("₹162");

      const mail = await eventually("the shop's new-order email", () => smtp.received.find((m) => m.subject.includes(row.short_id)) ?? null);
      expect(mail.subject).toContain(total);
      expect(mail.text).toContain(`Total: ${total}`);

      const adminPage = decode(await (await call(`${shop.url}/admin/orders/${orderId}`, { headers: { Cookie: admin.cookie } })).text());
      expect(textOf(adminPage, "total")).toBe(total);
      const invoice = decode(await (await call(`${shop.url}/admin/orders/${orderId}/print?doc=invoice`, { headers: { Cookie: admin.cookie } })).text());
      expect(textOf(invoice, "total")).toBe(total);

      const apiOrder = await call(`${shop.url}/api/orders/${orderId}`, { headers: { Authorization: `Bearer ${admin.token}` } });
      expect(await apiOrder.json()).toMatchObject({ total: 262, subtotal: 180, discount: 18, delivery: 100 });
      const token = await shop.shop.auth.issueToken(user.id, "shopper");
      const mine = (await (await call(`${shop.url}/api/orders/user`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: string; total: number }[];
      expect(mine.find((order) => order.id === orderId)?.total).toBe(262);
    });
  }
});
