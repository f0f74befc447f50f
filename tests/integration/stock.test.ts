/**
 * Stock as events through the shop's own doors (decision 100): /api orders racing for the last
 * units, the checkout form refused when another parent took them, the admin's count through
 * PATCH /api/products/{id}/stock and the stock page (history with who and why), a
 * cancellation giving the units back once, and what the shop pages say about the shelf.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verify, replay } from "../../projectors/replay";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";
import { shownTotalFor } from "../support/checkout";
import { startTestServer, type TestServer } from "../support/server";
import { createBottle } from "../support/stock-contract";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const addProduct = (stockQuantity: number, name?: string) => createBottle(server.shop.products, stockQuantity, name);

let phone = 9_800_000_000;
function guestOrder(productId: number, quantity: number, headers: Record<string, string> = {}) {
  const mobileNumber = String(phone++);
  return call(`${server.url}/api/orders/guest`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID(), ...headers },
    body: JSON.stringify({
      mobileNumber,
      cartItems: [{ id: String(productId), quantity }],
      address: { name: "Meena Sharma", phone: mobileNumber, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    }),
  });
}

const asAdmin = (path: string, init: RequestInit = {}) =>
  call(`${server.url}${path}`, { ...init, headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json", ...init.headers } });

async function stockOf(productId: number): Promise<number> {
  const res = await call(`${server.url}/api/products/${productId}`);
  return ((await res.json()) as { stock_quantity: number }).stock_quantity;
}

/** The page's text as a person reads it (React escapes quotes in HTML). */
const text = async (res: Response) => (await res.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

describe("the last units", () => {
  it("10 /api buyers for the last 3 bottles: three 201s, seven 409s saying what is left, stock 0", async () => {
    const product = await addProduct(3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => guestOrder(product.id, 1)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(((await refused.json()) as { message: string }).message).toMatch(/is out of stock|Only \d of .* left in stock/);
    }
    expect(await stockOf(product.id)).toBe(0);
  });

  it("an order of 2 from 18 leaves 16", async () => {
    const product = await addProduct(18);
    expect((await guestOrder(product.id, 2)).status).toBe(201);
    expect(await stockOf(product.id)).toBe(16);
    const tooMany = await guestOrder(product.id, 17);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { message: string }).message).toContain("Only 16 of");
  });

  it("the checkout form of a parent whose units another parent just bought is a 409 naming what is left", async () => {
    const product = await addProduct(1);
    const cartCookies: string[] = [];
    for (let i = 0; i < 2; i++) {
      const added = await call(`${server.url}/cart`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add", productId: `product/${product.id}`, size: "Free Size", quantity: "1" }).toString(),
      });
      expect(added.status).toBe(302);
      cartCookies.push((added.headers.get("set-cookie") ?? "").split(";")[0]);
    }
    // Each form carries the total its page showed (decision 113).
    const shown = await Promise.all(cartCookies.map((cookie) => shownTotalFor(server.url, cookie, "331001")));
    const checkout = (cookie: string, shownTotal: string) =>
      call(`${server.url}/checkout`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({
          name: "Ravi Kumar",
          phone: "9876543210",
          address: "12 Station Road",
          city: "Churu",
          pincode: "331001",
          shownTotal,
          idempotencyKey: randomUUID(),
        }).toString(),
      });
    const [first, second] = await Promise.all(cartCookies.map((cookie, i) => checkout(cookie, shown[i])));
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([302, 409]);
    const refused = first.status === 409 ? first : second;
    expect(await text(refused)).toContain(`${product.name} is out of stock.`);
    expect(await stockOf(product.id)).toBe(0);
  });
});

describe("the /api's refusals", () => {
  it("are English, a contract, unless Accept-Language puts Hindi first", async () => {
    const product = await addProduct(1);
    expect((await guestOrder(product.id, 1)).status).toBe(201);
    const english = await guestOrder(product.id, 1, { "Accept-Language": "en-IN,hi;q=0.8" });
    expect(english.status).toBe(409);
    expect(((await english.json()) as { message: string }).message).toBe(`${product.name} is out of stock.`);
    const hindi = await guestOrder(product.id, 1, { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" });
    expect(hindi.status).toBe(409);
    expect(hindi.headers.get("content-language")).toBe("hi-IN");
    const message = ((await hindi.json()) as { message: string }).message;
    expect(message).toContain(product.name);
    expect(message).toMatch(/[\u0900-\u097F]/);
    expect(message).not.toContain("out of stock");
  });
});

describe("a Hindi checkout refused for stock", () => {
  it("names the product by its Hindi name", async () => {
    const product = await server.shop.products.create({
      name: `Steel Bottle ${randomUUID().slice(0, 6)}`,
      nameHi: "स्टील की बोतल",
      price: 199,
      description: "",
      imageUrl: null,
      stockQuantity: 1,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
    });
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", productId: `product/${product.id}`, size: "Free Size", quantity: "1" }).toString(),
    });
    const cookie = `${(added.headers.get("set-cookie") ?? "").split(";")[0]}; shop_lng=hi`;
    await server.shop.stock.count(product.id, 0, { kind: "admin", name: "Asha" }, "Broken in the shop");
    const refused = await call(`${server.url}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001", idempotencyKey: randomUUID() }).toString(),
    });
    expect(refused.status).toBe(409);
    // The refusal itself (the form's message), not the cart lines shown beside it.
    const summary = /<div class="error-summary"[\s\S]*?<\/ul>/.exec(await text(refused))?.[0] ?? "";
    const alerts = [...summary.matchAll(/<li>([^<]*)</g)].map((m) => m[1]);
    expect(alerts.join(" | ")).toContain("स्टील की बोतल");
    expect(alerts.some((alert) => alert.includes(product.name)), alerts.join(" | ")).toBe(false);
  });
});

describe("the admin's stock", () => {
  it("PATCH /api/products/{id}/stock records a count with the admin and the reason; bad input is a 4xx that writes nothing", async () => {
    const product = await addProduct(4);
    const counted = await asAdmin(`/api/products/${product.id}/stock`, {
      method: "PATCH",
      body: JSON.stringify({ stock_quantity: 9, reason: "Counted after the school fair" }),
    });
    expect(counted.status).toBe(200);
    expect(((await counted.json()) as { stock_quantity: number }).stock_quantity).toBe(9);
    for (const body of [{ stock_quantity: -1 }, { stock_quantity: 2, reason: "" }, { stock_quantity: 2.5 }, { stock_quantity: 2, reason: "x".repeat(201) }]) {
      const refused = await asAdmin(`/api/products/${product.id}/stock`, { method: "PATCH", body: JSON.stringify(body) });
      expect([400, 422], JSON.stringify(body)).toContain(refused.status);
    }
    expect(await stockOf(product.id)).toBe(9);

    const page = await call(`${server.url}/admin/products/${product.id}/stock`, { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(200);
    const html = await text(page);
    expect(html).toContain("Counted after the school fair");
    expect(html).toContain(admin.name || admin.email);
    expect(html).toContain("Stock on the shelf when stock became events");
  });

  it("the stock page's forms work without JavaScript: a delivery adds, a refused count says why and changes nothing", async () => {
    const product = await addProduct(2);
    const post = (fields: Record<string, string>) =>
      call(`${server.url}/admin/products/${product.id}/stock`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
        body: new URLSearchParams(fields).toString(),
      });
    const received = await post({ intent: "receive", quantity: "12", reason: "Delivery from Jaipur" });
    expect(received.status).toBe(302);
    expect(received.headers.get("location")).toBe(`/admin/products/${product.id}/stock?saved=receive`);
    expect(await stockOf(product.id)).toBe(14);

    const refused = await post({ intent: "count", to: "lots", reason: "Counted" });
    expect(refused.status).toBe(422);
    expect(await text(refused)).toContain("Enter a whole number of units.");
    const noReason = await post({ intent: "count", to: "3", reason: " " });
    expect(noReason.status).toBe(422);
    expect(await text(noReason)).toContain("Say why the stock changed.");
    const noOrder = await post({ intent: "return", quantity: "1", reason: "Returned", order: "ABCDEF12" });
    expect(noOrder.status).toBe(404);
    expect(await text(noOrder)).toContain("There is no order ABCDEF12.");
    expect(await stockOf(product.id)).toBe(14);

    const anonymous = await call(`${server.url}/admin/products/${product.id}/stock`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "receive", quantity: "5", reason: "x" }).toString(),
    });
    expect([302, 401, 403]).toContain(anonymous.status);
    expect(await stockOf(product.id)).toBe(14);
  });

  it("the count form counts the shelf: units held by orders not yet packed are taken off, and fewer than held is refused in English and Hindi", async () => {
    const product = await addProduct(80);
    expect((await guestOrder(product.id, 5)).status).toBe(201);
    const stockPage = `${server.url}/admin/products/${product.id}/stock`;
    const post = (fields: Record<string, string>, cookie = admin.cookie) =>
      call(stockPage, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(fields).toString(),
      });
    const figures = (html: string) =>
      Object.fromEntries([...html.matchAll(/<dt>([^<]+)<\/dt><dd>(\d+)<\/dd>/g)].map((m) => [m[1], Number(m[2])]));

    const before = await text(await call(stockPage, { headers: { Cookie: admin.cookie } }));
    expect(before).toContain("Count what is on the shelf; units held by orders not yet packed (5) are taken off: for sale = counted − held");
    expect(figures(before)).toEqual({ "On the shelf": 80, "Held by orders not yet shipped": 5, "For sale now": 75 });

    // The owner's shelf: 70 counted with an order for 5 not yet packed is 65 for sale, not 75.
    const counted = await post({ intent: "count", to: "70", reason: "Counted the shelf" });
    expect(counted.status).toBe(302);
    expect(await stockOf(product.id)).toBe(65);
    const after = await text(await call(stockPage, { headers: { Cookie: admin.cookie } }));
    expect(figures(after)).toEqual({ "On the shelf": 70, "Held by orders not yet shipped": 5, "For sale now": 65 });

    const short = await post({ intent: "count", to: "3", reason: "Counted" });
    expect(short.status).toBe(409);
    expect(await text(short)).toContain("Orders not yet packed hold 5 units, more than the 3 counted.");
    const hindi = await post({ intent: "count", to: "3", reason: "Counted" }, `${admin.cookie}; shop_lng=hi`);
    expect(hindi.status).toBe(409);
    const hindiPage = await text(hindi);
    expect(hindiPage).toContain("जो ऑर्डर अभी पैक नहीं हुए, उनके लिए 5 रखे हैं, गिने गए 3 से ज़्यादा।");
    expect(hindiPage).toContain("शेल्फ़ पर जो है वह गिनें; जो ऑर्डर अभी पैक नहीं हुए उनके लिए रखे (5) घटा दिए जाते हैं");
    expect(await stockOf(product.id)).toBe(65);
  });

  it("cancelling an order gives its units back once, however often it is sent; deleting it gives nothing more", async () => {
    const product = await addProduct(5);
    const placed = await guestOrder(product.id, 2);
    expect(placed.status).toBe(201);
    const { order } = (await placed.json()) as { order: { id: string } };
    expect(await stockOf(product.id)).toBe(3);
    for (let i = 0; i < 3; i++) {
      const cancelled = await asAdmin(`/api/orders/${order.id}`, { method: "PATCH", body: JSON.stringify({ status: "cancelled" }) });
      expect(cancelled.status).toBe(200);
    }
    expect(await stockOf(product.id)).toBe(5);
    expect((await asAdmin(`/api/orders/${order.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe("what the shop says about the shelf", () => {
  it("'Only 3 left', 'Out of Stock' with the add button off, and the /shop stock filter reads the same numbers", async () => {
    const few = await addProduct(3, `Few Bottle ${randomUUID().slice(0, 6)}`);
    const none = await addProduct(1, `Gone Bottle ${randomUUID().slice(0, 6)}`);
    expect((await guestOrder(none.id, 1)).status).toBe(201);

    const fewPage = await text(await call(`${server.url}/product/${few.id}`));
    expect(fewPage).toContain("Only 3 left");
    const nonePage = await text(await call(`${server.url}/product/${none.id}`));
    expect(nonePage).toContain("Out of Stock");
    expect(nonePage).toMatch(/<button[^>]*disabled[^>]*>/);

    const inStock = await text(await call(`${server.url}/shop?stock=true&category=accessories`));
    expect(inStock).toContain(few.name);
    expect(inStock).not.toContain(none.name);
    const outOfStock = await text(await call(`${server.url}/shop?stock=false&category=accessories`));
    expect(outOfStock).toContain(none.name);
  });

  it("in Hindi: 'सिर्फ़ 3 बचे हैं'", async () => {
    const few = await addProduct(3);
    const page = await text(await call(`${server.url}/product/${few.id}`, { headers: { Cookie: "shop_lng=hi" } }));
    expect(page).toContain("सिर्फ़ 3 बचे हैं");
  });
});

describe("the admin's products page", () => {
  it("shows each product's stock with a link to its history, and a re-order filter by the sales rate (decision 136)", async () => {
    const plenty = await addProduct(40, `Plenty Bottle ${randomUUID().slice(0, 6)}`);
    // Two sold in the last four weeks, one left: half a unit a day lasts 14 days, the re-order point.
    const low = await addProduct(3, `Low Bottle ${randomUUID().slice(0, 6)}`);
    expect((await guestOrder(low.id, 2)).status).toBe(201);
    const head = await server.shop.store.headPosition();
    expect(await server.shop.waitForReadModels(head!, 20_000)).toBe(true);
    const all = await text(await call(`${server.url}/admin/products`, { headers: { Cookie: admin.cookie } }));
    expect(all).toContain(plenty.name);
    expect(all).toContain(`/admin/products/${low.id}/stock`);
    const lowPage = await call(`${server.url}/admin/products?stock=low`, { headers: { Cookie: admin.cookie } });
    expect(lowPage.status).toBe(200);
    const lowHtml = await text(lowPage);
    expect(lowHtml).toContain(low.name);
    expect(lowHtml).not.toContain(plenty.name);
    expect(lowHtml).toContain("Re-order (stock for 14 days or less at the sales rate)");
    expect(lowHtml).toContain("14 days left");
  });
});

describe("replay and verify", () => {
  it("the stock read models are the fold of the stock streams: verify finds no difference, a replay rebuilds the same numbers", async () => {
    const product = await addProduct(6);
    expect((await guestOrder(product.id, 2)).status).toBe(201);
    await server.shop.stock.receive(product.id, 3, { kind: "admin", name: "Asha" }, "Delivery");
    const before = await server.shop.stock.history(product.id);
    expect(await verify(server.shop.db, server.shop.store, [...server.shop.projectors])).toEqual([]);
    await replay(server.shop.db, server.shop.store, [...server.shop.projectors]);
    expect(await stockOf(product.id)).toBe(7);
    expect(await server.shop.stock.history(product.id)).toEqual(before);
  });
});
