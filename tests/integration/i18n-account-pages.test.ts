// The account, order tracking, contact, returns, product and newsletter pages in Hindi: a
// shopper who chose Hindi (the shop_lng cookie) reads them, and their refusals, in Hindi with
// JavaScript off; English stays word for word as it was.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_EMAIL_REFUSAL, NEWSLETTER_THANKS } from "../../domain/newsletter";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { call, placeTestOrder } from "../support/admin";
import { lookUpOrder } from "../support/tracking";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const HINDI = "shop_lng=hi";
const get = (path: string, cookie = HINDI) => call(`${server.url}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string>, cookie = HINDI) =>
  call(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
/** HTML-escaped, as React writes text into the page. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("order tracking in Hindi", () => {
  it("shows the form, the found order and its status in Hindi", async () => {
    const { displayId, phone } = await placeTestOrder(server.shop);
    const form = await (await get(`/orders/track?orderId=${displayId}`)).text();
    expect(htmlLang(form)).toBe("hi-IN");
    expect(form).toContain("<title>अपना ऑर्डर ट्रैक करें | Churu Uniform House</title>");
    expect(form).toContain(">मोबाइल नंबर</label>");
    expect(form).toContain("ऑर्डर ट्रैक करें</button>");

    const lookup = await lookUpOrder(server.url, { orderId: displayId, phone }, HINDI);
    expect(lookup.res.status).toBe(303);
    expect(lookup.location).toBe(`/orders/track?orderId=${displayId}`);
    const found = await get(lookup.location!, lookup.cookie);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(`ऑर्डर ${displayId}`);
    // The stored status stays "pending"; the parent reads it in Hindi.
    expect(html).toMatch(/data-testid="tracked-status">लंबित</);
    expect(html).toContain("कैश ऑन डिलीवरी");
    expect(html).toContain("स्थिति का ब्योरा");

    const english = await (await get(lookup.location!, lookup.cookie.replace("shop_lng=hi", "shop_lng=en"))).text();
    expect(english).toMatch(/data-testid="tracked-status">pending</);
    expect(english).toContain("Status history");
  });

  it("refuses a missing number and an unknown order in Hindi (JavaScript off: the lookup's POST answered with the form)", async () => {
    const { displayId } = await placeTestOrder(server.shop);
    const missing = await lookUpOrder(server.url, { orderId: displayId, phone: "" }, HINDI);
    expect(missing.res.status).toBe(400);
    expect(await missing.res.text()).toContain("कृपया अपनी ऑर्डर आईडी और मोबाइल नंबर डालें।");
    const unknown = await lookUpOrder(server.url, { orderId: displayId, phone: "9000000000" }, HINDI);
    expect(unknown.res.status).toBe(404);
    const html = await unknown.res.text();
    expect(html).toContain("इस ऑर्डर आईडी और मोबाइल नंबर से कोई ऑर्डर नहीं मिला।");
    expect(html).not.toContain("We could not find an order");
  });
});

describe("the account page in Hindi", () => {
  it("shows the details and the order history with Hindi headings and statuses", async () => {
    const email = `hindi-${randomUUID()}@example.com`;
    const signup = await post("/signup", { method: "email", email, password: "satchel-2026", redirectTo: "/account" });
    expect(signup.status).toBe(302);
    const session = (signup.headers.get("set-cookie") ?? "").split(";")[0];
    expect(session).toMatch(/=/);
    const res = await get("/account", `${session}; ${HINDI}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>मेरा खाता | Churu Uniform House</title>");
    expect(html).toContain('<h1 id="account-title">मेरा खाता</h1>');
    expect(html).toContain("ऑर्डर की जानकारी");
    expect(html).toContain("कोई ऑर्डर नहीं मिला।");

    const user = await server.shop.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    const { displayId } = await placeTestOrder(server.shop, { userId: user.id, email });
    // The account reads the orders read model: on a busy machine the projector may need a moment more.
    let withOrder = "";
    await expect
      .poll(async () => (withOrder = await (await get("/account", `${session}; ${HINDI}`)).text()), { timeout: 30_000 })
      .toContain(`class="order-id">${displayId}<`);
    expect(withOrder).toContain('data-label="स्थिति"><span class="status">लंबित</span>');
    expect(withOrder).toMatch(/<td data-label="तारीख">\d{1,2} \S+ \d{4}<\/td>/);
    const english = await (await get("/account", `${session}; shop_lng=en`)).text();
    expect(english).toContain('data-label="Status"><span class="status">pending</span>');
  });

  it("a missing product's page keeps a readable title in Hindi", async () => {
    const res = await get("/product/999999999");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toMatch(/<title>[^<]*product:/);
  });
});

describe("contact, returns and product pages in Hindi", () => {
  it("contact and returns read in Hindi, English unchanged", async () => {
    const contact = await (await get("/contact")).text();
    expect(contact).toContain("<h1>संपर्क करें</h1>");
    const returns = await (await get("/returns")).text();
    expect(returns).toContain("वापसी और बदलाव");
    expect(returns).toContain("<strong>7 दिन</strong>");
    expect(returns).toMatch(/कभी भी <a [^>]*href="\/contact">हमसे संपर्क करें<\/a>।/);
    const english = await (await get("/returns", "shop_lng=en")).text();
    expect(english).toContain("send it back within <strong>7 days</strong> of delivery. No arguments, no long forms.");
    expect(english).toMatch(/If something is not right, we will make it right\. <a [^>]*href="\/contact">Contact us<\/a> any time\./);
  });

  it("a product's page: badges, category, size and the add button in Hindi", async () => {
    const [product] = await server.shop.products.list();
    const res = await get(`/product/${product.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(htmlLang(html)).toBe("hi-IN");
    expect(html).toMatch(/स्टॉक में (नहीं )?है/);
    expect(html).toContain("साइज़:");
    expect(html).toContain(RESOURCES.hi.shop.category[product.category as keyof typeof RESOURCES.hi.shop.category]);
    expect(html).toContain(">दुकान पर वापस जाएँ</a>");
    const english = await (await get(`/product/${product.id}`, "shop_lng=en")).text();
    expect(english).toContain("<strong>Size:</strong>");
    expect(english).toContain(">Back to the shop</a>");
  });
});

describe("the newsletter's answer in Hindi", () => {
  it("thanks in Hindi, and refuses a bad address in Hindi with JavaScript off", async () => {
    const page = await (await get("/newsletter")).text();
    expect(page).toContain("<h1>न्यूज़लेटर</h1>");
    const refused = await post("/newsletter", { email: "not-an-address" });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    // What the parent reads under the field, worded by the server from the rule's key (decision 164): no English, not even in the page's data.
    expect(html).toContain(`id="email-error" role="alert">${escaped(RESOURCES.hi.refusals.newsletter.email)}</p>`);
    expect(html).not.toContain(RESOURCES.en.refusals.newsletter.email);
    const thanks = await post("/newsletter", { email: `hindi-${randomUUID()}@example.com` });
    expect(thanks.status).toBe(200);
    expect(await thanks.text()).toContain(RESOURCES.hi.pages.newsletter.thanks);
    const english = await post("/newsletter", { email: `english-${randomUUID()}@example.com` }, "shop_lng=en");
    expect(await english.text()).toContain(escaped(NEWSLETTER_THANKS));
  });

  it("keeps the English thanks word for word with the rule's own, and refuses with a key the locales word", () => {
    expect(RESOURCES.en.pages.newsletter.thanks).toBe(NEWSLETTER_THANKS);
    expect(RESOURCES.en.refusals.newsletter[NEWSLETTER_EMAIL_REFUSAL.split(".")[1] as "email"]).toMatch(/valid email address/);
  });
});
