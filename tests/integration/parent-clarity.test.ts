/**
 * What a parent on a phone needs to be sure of, as the server answers it (curl-like): the
 * add-to-cart answer carried to the next page, the checkout's error summary first, real
 * contact details (and none made up), the order number kept on the confirmation and in the
 * texts' links, and catalogue addresses typed in capitals.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDED_FLASH_COOKIE } from "../../domain/cookies";
import { call, placeTestOrder } from "../support/admin";
import { lookUpOrder } from "../support/tracking";
import { startTestServer, type TestServer } from "../support/server";
import { startStorefrontServer } from "../support/storefront";

const CONTACT = {
  SHOP_PHONE: "+91 98765 43210",
  SHOP_EMAIL: "Churu Uniform House <orders@churu-uniforms.test>",
  SHOP_WHATSAPP: "919876543210",
  SHOP_FACEBOOK_URL: "https://www.facebook.com/churu-uniforms",
  SHOP_INSTAGRAM_URL: "https://www.instagram.com/churu.uniforms",
};

let server: TestServer;
/** The same shop with none of the contact settings. */
let bare: TestServer;

beforeAll(async () => {
  [server, bare] = await Promise.all([startTestServer({ env: { ...CONTACT, PAGE_CACHE_SECONDS: "30" } }), startStorefrontServer()]);
}, 180_000);
afterAll(async () => {
  await Promise.all([server?.close(), bare?.close()]);
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Each Set-Cookie of an answer as name=value (what a browser sends back). */
function cookiesOf(res: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** The text of the element with role="status" that carries the add-to-cart answer at the top of the page. */
function flashOf(html: string): string | undefined {
  const found = /<p class="flash" role="status">([\s\S]*?)<\/p>/.exec(html);
  return found?.[1].replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

describe("after Add to Cart without JavaScript", () => {
  it("says what was added, once, at the top of the page the form returns to, with a way to the cart", async () => {
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "2", redirectTo: "/schools/dps/shirt?size=30" }),
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/schools/dps/shirt?size=30");
    const jar = cookiesOf(added);
    expect([...jar.keys()]).toEqual(["shop_cart", ADDED_FLASH_COOKIE]);

    const page = await call(`${server.url}/schools/dps/shirt?size=30`, { headers: { Cookie: cookieHeader(jar) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(flashOf(html)).toBe("Added: Shirt (30) x 2 View cart");
    expect(html).toMatch(/<p class="flash" role="status">[\s\S]*?<a[^>]*href="\/cart"[^>]*>View cart<\/a>/);
    // Before the page's own content: the parent is at the top after the reload, and it is there.
    expect(html.indexOf('class="flash"')).toBeLessThan(html.indexOf("<h1"));
    // Shown once: the answer clears it.
    const cleared = page.headers.getSetCookie().find((line) => line.startsWith(`${ADDED_FLASH_COOKIE}=`));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    jar.delete(ADDED_FLASH_COOKIE);
    const again = await call(`${server.url}/schools/dps/shirt?size=30`, { headers: { Cookie: cookieHeader(jar) } });
    expect(flashOf(await again.text())).toBeUndefined();
  });

  it("names a one-size item the way the cart does, and BUY NOW's cart page without a link to itself", async () => {
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ intent: "add", productId: "stationery/scientific-calculator", size: "Free Size", quantity: "1", redirectTo: "/cart" }),
    });
    const page = await call(`${server.url}/cart`, { headers: { Cookie: cookieHeader(cookiesOf(added)) } });
    expect(flashOf(await page.text())).toBe("Added: Scientific Calculator (Free Size) x 1");
  });

  it("shows nothing for a cookie the shop did not sign, and says nothing after a refused add", async () => {
    const forged = `${ADDED_FLASH_COOKIE}=${Buffer.from(JSON.stringify({ name: "Free laptop", size: "L", quantity: 1 })).toString("base64")}`;
    const page = await call(`${server.url}/cart`, { headers: { Cookie: forged } });
    expect(flashOf(await page.text())).toBeUndefined();

    const refused = await call(`${server.url}/cart`, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ intent: "add", productId: "school/dps/nothing", size: "30", quantity: "1", redirectTo: "/schools/dps" }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.getSetCookie().some((line) => line.startsWith(`${ADDED_FLASH_COOKIE}=`))).toBe(false);
  });

  it("never serves the page with the message from the page cache, nor keeps it there", async () => {
    const anonymous = async () => call(`${server.url}/schools/dps`);
    await anonymous();
    expect((await anonymous()).headers.get("x-page-cache")).toBe("hit");
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "1", redirectTo: "/schools/dps" }),
    });
    // Only the message's cookie (a signed-in parent's cart has no cart cookie of its own).
    const flash = `${ADDED_FLASH_COOKIE}=${cookiesOf(added).get(ADDED_FLASH_COOKIE)}`;
    const personal = await call(`${server.url}/schools/dps`, { headers: { Cookie: flash } });
    expect(personal.headers.get("x-page-cache")).toBeNull();
    expect(flashOf(await personal.text())).toBe("Added: Belt (Free Size) x 1 View cart");
    expect(flashOf(await (await anonymous()).text())).toBeUndefined();
  });
});

describe("a refused checkout without JavaScript", () => {
  it("puts 'There is a problem' first, linking to each field, above the order summary", async () => {
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: FORM,
      body: new URLSearchParams({ intent: "add", productId: "white/shirt", size: "24", quantity: "1" }),
    });
    const cookie = cookieHeader(cookiesOf(added));
    const res = await call(`${server.url}/checkout`, {
      method: "POST",
      headers: { ...FORM, Cookie: cookie },
      body: new URLSearchParams({ name: "", phone: "12345", address: "", city: "Churu", pincode: "3310", idempotencyKey: randomUUID() }),
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html);
    expect(summary).not.toBeNull();
    // Focused on load without JavaScript, so the browser shows it and a screen reader reads it.
    expect(summary![0]).toMatch(/tabindex="-1"/);
    expect(summary![0]).toMatch(/autofocus=""/);
    expect(summary![1]).toContain("There is a problem");
    const links = [...summary![1].matchAll(/<a href="(#[^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ["#details-name", "Name is required"],
      ["#details-phone", "Mobile number must be 10 digits"],
      ["#details-address", "Address is required"],
      ["#details-pincode", "Pincode must be 6 digits"],
    ]);
    for (const [href] of links) expect(html).toContain(`id="${href.slice(1)}"`);
    // The messages by the fields stay.
    expect(html).toMatch(/id="name-error"[^>]*>Name is required</);
    // First on the page: before the order summary, not two screens below it.
    expect(html.indexOf('class="error-summary"')).toBeLessThan(html.indexOf(">Order summary</h2>"));
  });
});

describe("the shop's contact details", () => {
  it("shows the phone, email, WhatsApp and social pages that are set, on every page and /contact", async () => {
    for (const path of ["/", "/contact"]) {
      const html = await (await call(`${server.url}${path}`)).text();
      expect(html, path).toContain('href="tel:+919876543210"');
      expect(html, path).toContain(">+91 98765 43210</a>");
      expect(html, path).toContain('href="mailto:orders@churu-uniforms.test"');
      expect(html, path).toContain('href="https://wa.me/919876543210"');
      expect(html, path).toContain('href="https://www.facebook.com/churu-uniforms"');
      expect(html, path).toContain('href="https://www.instagram.com/churu.uniforms"');
      expect(html, path).not.toContain("00000 00000");
      // No link to a placeholder anchor (the skip link to the page's content aside).
      expect(html, path).not.toMatch(/href="#(?!main")/);
    }
  });

  it("shows none that is not set: no placeholder number, no icon leading nowhere", async () => {
    for (const path of ["/", "/contact", "/returns", "/schools/dps/shirt"]) {
      // The page's own stylesheet (in its head, decision 141) has colours such as #000000: not a number shown.
      const html = (await (await call(`${bare.url}${path}`)).text()).replace(/<style[\s\S]*?<\/style>/g, "");
      expect(html, path).not.toMatch(/href="(?:tel:|mailto:|#(?!main"))|wa\.me|facebook\.com|instagram\.com|00000|example\.in/);
      expect(html, path).not.toContain('aria-label="Social media"');
      expect(html, path).toContain("Churu, Rajasthan");
    }
  });
});

describe("the order confirmation", () => {
  it("keeps the 8-character order number on screen with its tracking link and the SMS note, and never leaves by itself", async () => {
    const { orderId, displayId } = await placeTestOrder(server.shop);
    const res = await call(`${server.url}/checkout/done?order=${orderId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`data-testid="order-number">${displayId}<`));
    expect(displayId).toHaveLength(8);
    // The page shows the 8 characters, not the 36 (the address bar aside).
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).not.toContain(orderId);
    expect(html).toContain(`href="/orders/track?orderId=${displayId}"`);
    expect(html).toContain("We have sent an SMS with this order number to the mobile number you gave.");
    expect(html).toContain(">Back to Home</a>");
    // No meta refresh: without JavaScript the page stays until the parent leaves it.
    expect(html).not.toMatch(/http-equiv="refresh"/i);
    // WhatsApp from an order's page starts the message with the order number.
    const text = encodeURIComponent(`Hello, I have a question about my order ${displayId}.`);
    expect(html).toContain(`href="https://wa.me/919876543210?text=${text}"`);
    // On a Hindi page the message is typed in Hindi.
    const hindi = await (await call(`${server.url}/checkout/done?order=${orderId}`, { headers: { Cookie: "shop_lng=hi" } })).text();
    const hindiText = encodeURIComponent(`नमस्ते, मेरे ऑर्डर ${displayId} के बारे में एक सवाल है।`);
    expect(hindi).toContain(`href="https://wa.me/919876543210?text=${hindiText}"`);
    expect(hindi).not.toContain(text);
  });

  it("the tracking link opens the form with the number filled in, asking only for the mobile number", async () => {
    const { displayId } = await placeTestOrder(server.shop);
    const res = await call(`${server.url}/orders/track?orderId=${displayId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`id="track-order"[^>]*value="${displayId}"`));
    expect(html).not.toContain("Please enter your order ID and mobile number.");
    // A submitted form without the number is still told what is missing.
    const empty = await lookUpOrder(server.url, { orderId: displayId, phone: "" });
    expect(empty.res.status).toBe(400);
    expect(await empty.res.text()).toContain("Please enter your order ID and mobile number.");
  });
});

describe("catalogue addresses typed in capitals", () => {
  const cases: [string, string][] = [
    ["/schools/DPS", "/schools/dps"],
    ["/schools/DPS?colour-t-shirt=Blue", "/schools/dps?colour-t-shirt=Blue"],
    ["/Schools/St-Xaviers/Tunik?size=24", "/schools/st-xaviers/tunik?size=24"],
    ["/accessories/Shoes/Kids-Shoes/Black-Shoes-Laces", "/accessories/shoes/kids-shoes/black-shoes-laces"],
    ["/ACCESSORIES/Stationary", "/accessories/stationary"],
    ["/White-Products?pant=26", "/white-products?pant=26"],
    ["/Shop?category=Shirt", "/shop?category=Shirt"],
    // A %XX escape is the same address in either case: left as it is, the rest lowered.
    ["/schools/%C3%A9COLE", "/schools/%C3%A9cole"],
  ];

  it("answer 301 with the lower-case address, query string kept", async () => {
    for (const [from, to] of cases) {
      const res = await call(`${server.url}${from}`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
    for (const method of ["HEAD"]) {
      const res = await call(`${server.url}/schools/DPS`, { method });
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/schools/dps");
    }
  });

  it("lands on the page itself, and leaves lower-case and other addresses alone", async () => {
    const followed = await fetch(`${server.url}/schools/DPS`);
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toBe("/schools/dps");
    expect(await followed.text()).toContain("DPS");
    for (const path of ["/schools/dps", "/schools/dps/shirt?size=30", "/accessories/stationary"]) {
      expect((await call(`${server.url}${path}`)).status, path).toBe(200);
    }
    // Not a catalogue address: not redirected (the account, the cart, the api keep their own answers).
    for (const path of ["/CART", "/Account", "/api/Products"]) {
      expect((await call(`${server.url}${path}`)).status, path).not.toBe(301);
    }
    // A form post is never redirected (it would lose its body).
    const post = await call(`${server.url}/schools/DPS`, { method: "POST", headers: FORM, body: "a=1" });
    expect(post.status).not.toBe(301);
  });
});
