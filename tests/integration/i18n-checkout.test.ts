/**
 * The cart, the checkout and the order confirmation in Hindi (shop_lng=hi), with JavaScript
 * off: their own words, and the checkout's refusals, which the rules word in English.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, placeTestOrder } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: "30" } });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const HINDI = "shop_lng=hi";
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** A cart with one white shirt in it: the cart cookie, as a browser sends it back. */
async function cartCookie(): Promise<string> {
  const added = await call(`${server.url}/cart`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", productId: "white/shirt", size: "24", quantity: "1" }),
  });
  expect(added.status).toBe(302);
  return added.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("shop_cart="))
    .join("; ");
}

const postForm = (path: string, cookie: string, fields: Record<string, string>) =>
  call(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
  });

describe("the cart and the checkout in Hindi", () => {
  it("shows an empty cart and an empty checkout in Hindi, and in English as before", async () => {
    const cart = await (await call(`${server.url}/cart`, { headers: { Cookie: HINDI } })).text();
    expect(htmlLang(cart)).toBe("hi-IN");
    expect(cart).toContain("<title>आपका कार्ट | Churu Uniform House</title>");
    expect(cart).toContain(">आपका कार्ट</h1>");
    expect(cart).toContain("आपका कार्ट खाली है।");
    const checkout = await (await call(`${server.url}/checkout`, { headers: { Cookie: HINDI } })).text();
    expect(checkout).toContain(">ऑर्डर का ब्योरा</h2>");
    expect(checkout).toContain('role="alert">आपका कार्ट खाली है।</p>');
    expect(checkout).toContain(">कार्ट पर वापस जाएँ</a>");
    expect(cart + checkout).not.toContain("\0");

    const english = await (await call(`${server.url}/cart`)).text();
    expect(english).toContain(">Your Cart</h1>");
    expect(english).toContain("Your cart is empty.");
    expect(english).not.toContain("कार्ट");
  });

  it("shows a cart's lines, its buttons and the checkout's details form in Hindi", async () => {
    const cookie = `${await cartCookie()}; ${HINDI}`;
    const cart = await (await call(`${server.url}/cart`, { headers: { Cookie: cookie } })).text();
    expect(cart).toContain('<th scope="col">साइज़</th>');
    // Emptying the cart asks first: a link to the question, then Yes (a post) and No.
    expect(cart).toMatch(/href="\/cart\?confirm=clear">कार्ट खाली करें<\/a>/);
    const asked = await (await call(`${server.url}/cart?confirm=clear`, { headers: { Cookie: cookie } })).text();
    expect(asked).toContain(">क्या कार्ट खाली करना है?</p>");
    expect(asked).toContain(">हाँ, कार्ट खाली करें</button>");
    expect(asked).toContain(">नहीं, कार्ट रहने दें</a>");
    expect(cart).toContain(">ऑर्डर करने आगे बढ़ें</a>");
    expect(cart).toMatch(/aria-label="[^"]+ \(24\) कितने चाहिए"/);
    expect(cart).not.toContain("Proceed to Checkout");

    const details = await (await call(`${server.url}/checkout?step=details`, { headers: { Cookie: cookie } })).text();
    expect(details).toContain(">ऑर्डर पक्का करने के लिए अपनी जानकारी भरें</h2>");
    expect(details).toContain('for="details-phone">मोबाइल नंबर</label>');
    expect(details).toContain('for="details-pincode">पिनकोड</label>');
    expect(details).toContain(">ऑर्डर पक्का करें</button>");
  });

  it("refuses the details form in Hindi without JavaScript, and in English as before", async () => {
    const cart = await cartCookie();
    const details = { name: "", phone: "12345", address: "", city: "Churu", pincode: "3310" };
    const hindi = await postForm("/checkout", `${cart}; ${HINDI}`, { ...details, idempotencyKey: randomUUID() });
    expect(hindi.status).toBe(422);
    const html = await hindi.text();
    const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? "";
    expect(summary).toContain("फ़ॉर्म में कुछ गलती है");
    const links = [...summary.matchAll(/<a href="(#[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["#details-name", "नाम भरना ज़रूरी है"],
      ["#details-phone", "मोबाइल नंबर 10 अंकों का होना चाहिए"],
      ["#details-address", "पता भरना ज़रूरी है"],
      ["#details-pincode", "पिनकोड 6 अंकों का होना चाहिए"],
    ]);
    expect(html).toMatch(/id="name-error"[^>]*>नाम भरना ज़रूरी है</);

    const english = await (await postForm("/checkout", cart, { ...details, idempotencyKey: randomUUID() })).text();
    expect(english).toContain("There is a problem");
    expect(english).toMatch(/id="name-error"[^>]*>Name is required</);
  });

  it("refuses an order from an empty cart in Hindi", async () => {
    const res = await postForm("/checkout", HINDI, {
      name: "Asha",
      phone: "9876543210",
      address: "Ward 5",
      city: "Churu",
      pincode: "331001",
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('role="alert">आपका कार्ट खाली है।');
  });

  it("refuses a cart quantity out of range in Hindi without JavaScript", async () => {
    const cart = await cartCookie();
    const res = await postForm("/cart", `${cart}; ${HINDI}`, {
      intent: "update",
      productId: "white/shirt",
      size: "24",
      school: "",
      quantity: "500",
      redirectTo: "/cart",
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("गिनती 1 से 99 तक का पूरा अंक होनी चाहिए।");
  });

  it("shows the order confirmation in Hindi", async () => {
    const { orderId, displayId } = await placeTestOrder(server.shop);
    const html = await (await call(`${server.url}/checkout/done?order=${orderId}`, { headers: { Cookie: HINDI } })).text();
    expect(html).toContain("<title>ऑर्डर हो गया | Churu Uniform House</title>");
    expect(html).toContain(">आपका ऑर्डर हो गया है। धन्यवाद!</h1>");
    expect(html).toMatch(new RegExp(`data-testid="order-number">${displayId}<`));
    expect(html).toContain("यह ऑर्डर नंबर हमने आपके दिए मोबाइल नंबर पर SMS से भेज दिया है।");
    expect(html).toContain("डिलीवरी पर नकद");
    expect(html).toContain(">होम पर वापस जाएँ</a>");
    expect(html).not.toContain("Thank you!");
    // React's stream once left NUL bytes where a Hindi letter did not fit its 2 KB piece.
    expect(html).not.toContain("\0");
  });
});
