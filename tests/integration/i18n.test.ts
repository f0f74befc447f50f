import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: "30" } });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const HINDI = { Cookie: "shop_lng=hi" };

describe("the shop in Hindi and English", () => {
  it("switches with ?lng=, keeps the choice in a cookie and goes back to the same address", async () => {
    const res = await get("/schools/dps?colour-shirt=Blue&lng=hi");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/schools/dps?colour-shirt=Blue");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^shop_lng=hi;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);

    const back = await get("/?lng=en");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/");
    expect(back.headers.get("set-cookie")).toMatch(/^shop_lng=en;/);
  });

  it("drops a language it does not speak without setting anything", async () => {
    const res = await get("/shop?lng=fr");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/shop");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("leaves the /api alone", async () => {
    const res = await get("/api/products/categories?lng=hi");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("shows home, school and product pages in Hindi to a shopper who chose Hindi", async () => {
    for (const path of ["/", "/schools", "/schools/dps", "/schools/dps/shirt"]) {
      const res = await get(path, HINDI);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(htmlLang(html), path).toBe("hi-IN");
      expect(html, path).toContain(">होम<");
      expect(html, path).toContain("सभी स्कूल");
      expect(html, path).toContain('hrefLang="en-IN"');
    }
    const home = await (await get("/", HINDI)).text();
    expect(home).toContain("चूरू के हर स्कूल की यूनिफॉर्म");
    // Absolute, as hreflang must be (a relative one is invalid): from SHOP_URL.
    const shopUrl = server.shop.config.shopUrl;
    expect(home).toContain(`<link rel="alternate" hrefLang="hi-IN" href="${shopUrl}/?lng=hi"/>`);
    expect(home).toContain(`<link rel="alternate" hrefLang="en-IN" href="${shopUrl}/?lng=en"/>`);
    expect(home).toContain(`<link rel="alternate" hrefLang="x-default" href="${shopUrl}/"/>`);
    const school = await (await get("/schools/dps?colour-shirt=Blue", HINDI)).text();
    expect(school).toContain(`<link rel="alternate" hrefLang="en-IN" href="${shopUrl}/schools/dps?colour-shirt=Blue&amp;lng=en"/>`);
    expect([...home.matchAll(/<link rel="alternate" hrefLang="[^"]+" href="([^"]*)"/g)].map((m) => new URL(m[1]).origin)).toEqual([shopUrl, shopUrl, shopUrl]);
  });

  it("starts hreflang links with SHOP_URL; without it the address asked for in development, and none in production", async () => {
    const { loader } = await import("../../app/root");
    const originWith = async (config: Partial<typeof server.shop.config>) => {
      const shop = { ...server.shop, config: { ...server.shop.config, ...config } };
      const answer = await loader({ request: new Request("http://192.168.1.5:3000/shop"), context: { shop }, params: {} } as never);
      return (answer as unknown as { data: { origin: string | null } }).data.origin;
    };
    expect(await originWith({ shopUrl: "https://shop.example.in", shopUrlSet: true })).toBe("https://shop.example.in");
    expect(await originWith({ shopUrl: "http://localhost:3000", shopUrlSet: false, production: false })).toBe("http://192.168.1.5:3000");
    // In production a request's Host is whoever sent it: no absolute link is made from it.
    expect(await originWith({ shopUrl: "http://localhost:3000", shopUrlSet: false, production: true })).toBeNull();
  });

  it("keeps English, word for word, for everyone else", async () => {
    const html = await (await get("/schools/dps", { Cookie: "shop_lng=en", "Accept-Language": "hi-IN,hi" })).text();
    expect(htmlLang(html)).toBe("en-IN");
    expect(html).toContain("Back to all schools");
    expect(html).not.toContain("होम");
  });

  it("follows the browser's Accept-Language on a first visit", async () => {
    const hindi = await (await get("/schools", { "Accept-Language": "hi-IN,hi;q=0.9,en;q=0.8" })).text();
    expect(htmlLang(hindi)).toBe("hi-IN");
    expect(hindi).toContain("अपना स्कूल ढूँढें");
    const english = await (await get("/schools", { "Accept-Language": "en-GB,en;q=0.9" })).text();
    expect(htmlLang(english)).toBe("en-IN");
    expect(english).toContain("Find your school");
  });

  it("keeps one cached copy of a page per language", async () => {
    const path = "/accessories";
    const english = await get(path, { "Accept-Language": "en-IN" });
    expect(english.headers.get("x-page-cache")).toBe("miss");
    expect(english.headers.get("vary")).toMatch(/Accept-Language/);
    expect(htmlLang(await english.text())).toBe("en-IN");
    expect((await get(path, { "Accept-Language": "en-IN" })).headers.get("x-page-cache")).toBe("hit");

    // A first visit from a Hindi browser must not get the English copy, nor English the Hindi one.
    const hindi = await get(path, { "Accept-Language": "hi-IN,hi" });
    expect(hindi.headers.get("x-page-cache")).toBe("miss");
    expect(htmlLang(await hindi.text())).toBe("hi-IN");
    const hindiAgain = await get(path, HINDI);
    expect(hindiAgain.headers.get("x-page-cache")).toBe("hit");
    expect(htmlLang(await hindiAgain.text())).toBe("hi-IN");
    const englishAgain = await get(path, { "Accept-Language": "en-IN" });
    expect(englishAgain.headers.get("x-page-cache")).toBe("hit");
    expect(htmlLang(await englishAgain.text())).toBe("en-IN");
    expect(htmlLang(await (await get(path)).text())).toBe("en-IN");
  });

  it("shows the shop's filters, and their refusals, in Hindi", async () => {
    const res = await get("/shop?minPrice=500&maxPrice=100", HINDI);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("कम से कम दाम, ज़्यादा से ज़्यादा दाम से बड़ा नहीं हो सकता।");
    expect(html).toContain("सभी कैटेगरी");
    expect(html).not.toContain("Min price cannot be more than max price.");
    const english = await (await get("/shop?minPrice=500&maxPrice=100")).text();
    expect(english).toContain("Min price cannot be more than max price.");
  });

  it("sends down only the words of the page shown", async () => {
    const home = await (await get("/")).text();
    expect(home).toContain("Why families shop with us");
    // Another page's words, and words the server fills in (the cart badge), stay on the server.
    expect(home).not.toContain("Back to all schools");
    expect(home).not.toContain("Apply filters");
    expect(home).not.toContain("items in cart");
    expect(home).not.toContain("होम");
  });

  it("refuses a sign-in form in Hindi without JavaScript, and in English as before", async () => {
    const post = (headers: Record<string, string>) =>
      call(`${server.url}/login`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ identifier: "not-an-email", password: "x" }),
      });
    const hindi = await post(HINDI);
    expect(hindi.status).toBe(422);
    const html = await hindi.text();
    expect(html).toContain('id="identifier-error" role="alert">कृपया सही ईमेल या 10 अंकों का मोबाइल नंबर लिखें।');
    expect(html).toContain("मोबाइल नंबर या ईमेल");
    const english = await (await post({})).text();
    expect(english).toContain('id="identifier-error" role="alert">Please enter a valid email or 10-digit phone number.');
  });

  it("shows the not-found page in Hindi", async () => {
    const res = await get("/no-such-page", HINDI);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("पेज नहीं मिला");
    expect(html).toContain("<title>पेज नहीं मिला |");
  });
});
