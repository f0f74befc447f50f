// The shop's edge as an attacker probes it (decision 081): every kind of answer carries the
// security headers, a page served from the page cache too, and every page rendered a nonce of its own; methods
// no address takes, posts from a page without an origin, and addresses or JSON fields that
// hold a NUL or a lone surrogate are refused with a clear 4xx before anything is written.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiHarness, stateFingerprint, type ApiHarness } from "../support/api";
import { call } from "../support/admin";

let api: ApiHarness;
let base: string;

beforeAll(async () => {
  api = await startApiHarness();
  base = api.server.url;
});
afterAll(async () => {
  await api?.close();
});

const get = (path: string, init: RequestInit = {}) => call(`${base}${path}`, init);

/** fetch refuses to send TRACE, CONNECT and the like: node:http sends any method. */
function send(method: string, path: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === "string") headers.set(name, value);
        resolve(new Response(text, { status: res.statusCode, headers }));
      });
    });
    req.on("error", reject);
    req.end();
  });
}

function nonceOf(res: Response): string {
  const policy = res.headers.get("content-security-policy") ?? "";
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy);
  if (!match) throw new Error(`no nonce in the policy: ${policy}`);
  return match[1];
}

function expectSecurityHeaders(res: Response, what: string) {
  const policy = res.headers.get("content-security-policy") ?? "";
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain("object-src 'none'");
  expect(policy, what).toContain("base-uri 'self'");
  expect(policy, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy"), what).toContain("camera=()");
  // Not production (NODE_ENV unset): no HSTS on plain http.
  expect(res.headers.get("strict-transport-security"), what).toBeNull();
}

/** The nonce on every <script> of a page: all the same, and the only nonce the page holds. */
function scriptNonces(html: string): string[] {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  return scripts.map((tag) => /\bnonce="([^"]*)"/.exec(tag)?.[1] ?? "(none)");
}

describe("security headers", () => {
  it("are on every kind of answer: pages, cached pages, the /api, files, not-found and refusals", async () => {
    const home = await get("/");
    const asset = /\/assets\/[\w.-]+\.js/.exec(await home.text())?.[0];
    expect(asset).toBeDefined();
    const answers: [string, Response][] = [
      ["page", home],
      ["cached page", await get("/")],
      ["personal page", await get("/cart")],
      ["/api JSON", await get("/api/products")],
      ["/api 404", await get("/api/no-such-call")],
      ["asset", await get(asset!)],
      ["public file", await get("/favicon.svg")],
      ["404 page", await get("/no-such-page")],
      ["405", await send("TRACE", "/")],
      ["400", await get("/shop?q=%00")],
      ["403", await get("/cart", { method: "POST", headers: { Origin: "null" } })],
      ["healthz", await get("/healthz")],
    ];
    expect(answers[1][1].headers.get("x-page-cache")).toBe("hit");
    expect(answers[5][1].status).toBe(200);
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });

  it("give every page rendered a nonce of its own, and a page's scripts carry its header's nonce, kept or not", async () => {
    const rendered = new Set<string>();
    for (const path of ["/", "/", "/shop", "/shop", "/schools/dps", "/schools/dps", "/login", "/login", "/api/products"]) {
      const res = await get(path);
      const nonce = nonceOf(res);
      // A kept visitor's page is the answer it was, policy and all (decision 171): it names the nonce it was rendered with.
      if (res.headers.get("x-page-cache") !== "hit") {
        expect(rendered.has(nonce), `${path}: a nonce sent twice`).toBe(false);
        rendered.add(nonce);
      }
      if (path.startsWith("/api")) continue;
      const html = await res.text();
      const nonces = scriptNonces(html);
      expect(nonces.length, path).toBeGreaterThanOrEqual(2);
      expect(new Set(nonces), `${path} (${res.headers.get("x-page-cache") ?? "not cached"})`).toEqual(new Set([nonce]));
    }
    // The cache really answered some of them; a shopper's page is always rendered, with a nonce of its own.
    const again = await get("/shop");
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(scriptNonces(await again.text())).toContain(nonceOf(again));
    const shoppers = [await get("/shop", { headers: { Cookie: "shop_cart=someone" } }), await get("/shop", { headers: { Cookie: "shop_cart=someone" } })];
    expect(shoppers.map((res) => res.headers.get("x-page-cache"))).toEqual([null, null]);
    expect(nonceOf(shoppers[0])).not.toBe(nonceOf(shoppers[1]));
  });
});

describe("methods", () => {
  it("answers TRACE, OPTIONS and unknown methods with 405 and Allow, as a page or as JSON under /api", async () => {
    const page = await send("TRACE", "/schools");
    expect(page.status).toBe(405);
    expect(page.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Use GET, HEAD, POST for this address.");

    const apiTrace = await send("TRACE", "/api/products");
    expect(apiTrace.status).toBe(405);
    expect(await apiTrace.json()).toEqual({ message: "Use GET, HEAD, POST for this address." });
    expect(apiTrace.headers.get("allow")).toBe("GET, HEAD, POST");

    const options = await api.request("OPTIONS", "/api/orders/00000000-0000-4000-8000-000000000000");
    expect(options.status).toBe(405);
    expect(options.headers.get("allow")).toBe("GET, HEAD, PATCH, DELETE");

    expect((await send("PROPFIND", "/")).status).toBe(405);
    expect((await get("/cart", { method: "DELETE" })).status).toBe(405);
    // The /api's own methods still reach their calls.
    expect((await api.request("DELETE", "/api/cart", { who: "shopper" })).status).toBe(200);
  });

  it("answers CONNECT with 405 instead of dropping the connection", async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(`CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("end", () => resolve(text));
      socket.on("error", reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toContain("Allow: GET, HEAD, POST");
  });
});

describe("Origin", () => {
  const addToCart = (headers: Record<string, string>) =>
    get("/cart", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }),
    });

  it("refuses a post from a page without an origin (Origin: null), with or without a cookie", async () => {
    const before = await stateFingerprint(api.server);
    for (const cookie of [undefined, "shop_cart=whatever"]) {
      const res = await addToCart({ Origin: "null", ...(cookie ? { Cookie: cookie } : {}) });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("without an address of its own");
    }
    const apiPost = await api.request("POST", "/api/users/login", { body: { email: "a@b.co", password: "x" }, headers: { Origin: "null" } });
    expect(apiPost.status).toBe(403);
    expect(apiPost.body.message).toMatch(/without an address of its own/);
    expect(await stateFingerprint(api.server)).toEqual(before);
  });

  it("refuses a post from another site, and keeps same-origin posts working", async () => {
    expect((await addToCart({ Origin: "https://evil.example" })).status).toBe(403);
    const sameOrigin = await addToCart({ Origin: base });
    expect(sameOrigin.status).toBeLessThan(400);
    expect(sameOrigin.headers.get("set-cookie")).toMatch(/shop_cart=/);
  });

  it("refuses a form post naming neither Origin nor Referer, or only another site's Referer; the /api and the webhooks take posts without them", async () => {
    // Plain fetch: `call` adds the Origin a browser sends.
    const bare = (path: string, headers: Record<string, string>, body: BodyInit) =>
      fetch(`${base}${path}`, { method: "POST", redirect: "manual", headers, body });
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    const fields = () => new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" });
    const before = await stateFingerprint(api.server);
    const none = await bare("/cart", form, fields());
    expect(none.status).toBe(403);
    expect(none.headers.get("set-cookie")).toBeNull();
    expect(await none.text()).toContain("did not say which page sent it");
    const elsewhere = await bare("/cart", { ...form, Referer: "https://evil.example/shop" }, fields());
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toContain("another website");
    expect(await stateFingerprint(api.server)).toEqual(before);

    // A browser that leaves Origin out still names the shop's page it came from.
    const referred = await bare("/cart", { ...form, Referer: `${base}/schools/dps/shirt` }, fields());
    expect(referred.status).toBeLessThan(400);
    expect(referred.headers.get("set-cookie")).toMatch(/shop_cart=/);
    await referred.text();

    // Programs post to the /api and the webhooks with no Origin: the guard lets them on to their own checks.
    const login = await bare("/api/users/login", { "Content-Type": "application/json" }, JSON.stringify({ email: "a@b.co", password: "wrong password 1" }));
    expect(login.status).toBe(401);
    await login.text();
    for (const hook of ["/webhooks/razorpay", "/webhooks/whatsapp", "/courier/parcel-updates"]) {
      const res = await bare(hook, { "Content-Type": "application/json" }, "{}");
      expect(res.status, hook).not.toBe(403);
      await res.text();
    }
  });
});

describe("text hygiene at the edge", () => {
  it("answers a NUL or a lone surrogate in the query with 400 naming the parameter", async () => {
    const nul = await get("/shop?category=%00");
    expect(nul.status).toBe(400);
    expect(nul.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await nul.text()).toContain("The address&#39;s &quot;category&quot; parameter contains a character the shop cannot accept (a NUL byte).");
    const surrogate = await get("/shop?q=%ED%A0%80");
    expect(surrogate.status).toBe(400);
    expect(await surrogate.text()).toContain("broken character");
    const apiQuery = await api.request("GET", "/api/products?category=%00");
    expect(apiQuery.status).toBe(400);
    expect(apiQuery.body).toEqual({ message: `The address's "category" parameter contains a character the shop cannot accept (a NUL byte). Please remove it.` });
  });

  it("answers a NUL in the path with 400, and a malformed escape without a 5xx", async () => {
    expect((await get("/product/%00")).status).toBe(400);
    expect((await api.request("GET", "/api/products/%00")).status).toBe(400);
    for (const path of ["/shop?q=%E0%A4", "/shop?q=100%", "/shop?%=1", "/product/%E0%A4", "/api/orders/%E0%A4"]) {
      const res = await get(path);
      expect(res.status, path).toBeLessThan(500);
    }
    // Ordinary queries are not touched.
    expect((await get("/shop?stock=true&minPrice=100&q=school+shirt")).status).toBe(200);
  });

  it("answers a path with dot segments with 400, JSON under /api: it is not resolved to another address", async () => {
    // Sent as written (fetch, like a browser, would resolve the segments before sending).
    const asWritten = (path: string) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const target = new URL(base);
        const req = http.request({ host: target.hostname, port: target.port, path, method: "GET", agent: false }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
        });
        req.on("error", reject);
        req.end();
      });
    const refused = await asWritten("/api/zz-%E0%A4/%2e%2e/..");
    expect(refused.status).toBe(400);
    expect(refused.type).toMatch(/^application\/json/);
    expect((JSON.parse(refused.body) as { message: string }).message).toBe("The address may not contain /./ or /../ parts.");
    expect((await asWritten("/shop/../cart")).status).toBe(400);
    expect((await asWritten("/shop")).status).toBe(200);
  });

  it("answers a NUL or a lone surrogate in a JSON field with 400 naming the field, and writes nothing", async () => {
    const before = await stateFingerprint(api.server);
    const order = (name: string) => ({
      mobileNumber: "9876501234",
      cartItems: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
      address: { name, phone: "9876501234", address: "12 Station Road", city: "Churu", pincode: "331001" },
    });
    const nul = await api.request("POST", "/api/orders/guest", { body: order("Asha\u0000") });
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({ message: "address.name contains a character the shop cannot accept (a NUL byte). Please remove it." });
    // JSON.stringify writes a lone surrogate as the escape \ud800, as an attacker would.
    const surrogate = await api.request("POST", "/api/orders/guest", { body: order("Asha\ud800") });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body).toEqual({ message: "address.name contains a broken character. Please type it again." });
    const cart = await api.request("POST", "/api/cart", { who: "shopper", raw: '{"items":[{"id":"school/dps/shirt","size":"3\\u00000","quantity":1}]}', headers: { "Content-Type": "application/json" } });
    expect(cart.status).toBe(400);
    expect(cart.body.message).toMatch(/^items\.0\.size contains a character the shop cannot accept/);
    const key = await api.request("POST", "/api/users/login", { raw: '{"email\\ud800":"a@b.co","password":"x"}', headers: { "Content-Type": "application/json" } });
    expect(key.status).toBe(400);
    expect(key.body.message).toBe("A field name contains a broken character. Please type it again.");
    expect(await stateFingerprint(api.server)).toEqual(before);
  });
});
