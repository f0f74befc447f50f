import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { formatRupees } from "../../domain/money";
import { randomUUID } from "node:crypto";
import { signInShopper } from "../../app/auth/session.server";
import { startWebServer, type WebServer } from "../../server/http";
import { runBuild } from "../support/run-build";
import { call } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
// The same shop with nothing kept: every page rendered for its request.
let rendered: WebServer;

beforeAll(async () => {
  server = await startTestServer({ env: { PAGE_CACHE_SECONDS: "2" } });
  const shop = { ...server.shop, config: { ...server.shop.config, pageCacheSeconds: 0 } };
  rendered = await startWebServer(shop, { port: 0, host: "127.0.0.1", buildDir: await runBuild() });
});
afterAll(async () => {
  await rendered?.close({ graceMs: 500 });
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => call(`${server.url}${path}`, { headers });
const addToCart = (cookie = "", quantity = 2) =>
  call(`${server.url}/cart`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: String(quantity) }),
  });
/** The cookies an answer sets, as a request sends them back; the note of what was added left out (it is for one page). */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("shop_added="))
    .join("; ");
/** A guest with `quantity` shirts in the cart: the cart cookie. */
const guestWithCart = async (quantity: number) => cookiesOf(await addToCart("", quantity));
const signedInShopper = async () => {
  const user = await server.shop.auth.registerWithEmail({ email: `kept-${randomUUID()}@example.com`, password: "satchel-2026" });
  return cookiesOf(await signInShopper(new Request(`${server.url}/login`), server.shop, user.id));
};
const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
const badgeOf = (html: string) => /<span class="badge" role="img" aria-label="([^"]*)">([^<]*)<\/span>/.exec(html)?.slice(1) ?? null;
const SHARED = "public, max-age=0, s-maxage=2";

describe("catalogue pages for visitors without a session or cart", () => {
  it("serves the whole answer from memory on the next visit, its scripts allowed by the policy it goes out with", async () => {
    const first = await get("/schools/dps");
    const second = await get("/schools/dps");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(Number(second.headers.get("age"))).toBeGreaterThanOrEqual(0);
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    // The same answer: the page and the policy its scripts are checked against.
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    const html = await (await get("/schools/dps")).text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((tag) => tag[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonceOf(second)}"`);
  });

  it("says that a cache shared by many may keep a visitor's page and its data, and that a browser must ask again", async () => {
    for (const path of ["/", "/schools", "/schools/dps/shirt?size=30", "/shop", "/accessories/bottle", "/schools/dps.data", "/_root.data"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(SHARED);
      const vary = (res.headers.get("vary") ?? "").toLowerCase();
      expect(vary, path).toContain("cookie");
      expect(vary, path).toContain("accept-language");
    }
    // A page asked for one of a parent's children is theirs alone (decision 133).
    expect((await get("/schools/dps/shirt?child=1")).headers.get("cache-control")).toBeNull();
  });

  it("sends a kept page gzipped to a browser that takes gzip, plain to one that does not: the same page", async () => {
    // Gzipped once it is asked for again, off the server's thread: until then it is compressed as it goes out,
    // streamed, of no length known beforehand. The compressed-once answer says its length.
    const gzipped = await eventually("the kept page compressed once", async () => {
      const res = await get("/schools/dps/shirt", { "Accept-Encoding": "gzip, deflate, br" });
      return res.headers.get("x-page-cache") === "hit" && res.headers.get("content-length") ? res : null;
    });
    const plain = await get("/schools/dps/shirt", { "Accept-Encoding": "identity" });
    expect(plain.headers.get("x-page-cache")).toBe("hit");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(gzipped.headers.get("vary")).toMatch(/Accept-Encoding/i);
    const [zipped, unzipped] = [await gzipped.text(), await plain.text()];
    expect(zipped).toContain("Shirt");
    expect(zipped).toBe(unzipped);
  });

  it("answers each request with its own X-Request-Id, never the id of the request the kept page was rendered for", async () => {
    const answers = [];
    const asks: Record<string, string>[] = [{}, {}, {}, { Cookie: "shop_cart=nobody" }];
    for (const headers of asks) answers.push(await get("/schools", headers));
    expect(answers.slice(1, 3).map((res) => res.headers.get("x-page-cache"))).toEqual(["hit", "hit"]);
    const ids = answers.map((res) => res.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a page per address, query string included", async () => {
    await get("/schools/dps/pant?size=38-30");
    const other = await get("/schools/dps/pant?size=40-32");
    expect(other.headers.get("x-page-cache")).toBe("miss");
    expect(await other.text()).toContain("40-32");
  });

  it("never keeps personal or live pages, or a failed page, and lets no other cache keep them", async () => {
    for (const path of ["/cart", "/checkout", "/login", "/account", "/orders/track", "/api/products", "/healthz"]) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get("x-page-cache"), path).toBeNull();
      expect(again.headers.get("cache-control") ?? "", path).not.toMatch(/public/);
    }
    await get("/schools/no-such-school");
    const missing = await get("/schools/no-such-school");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBe("miss");
    expect(missing.headers.get("cache-control")).toBeNull();
  });

  it("shows an admin's price change on the very next visit", async () => {
    const [product] = await server.shop.products.list();
    await get(`/product/${product.id}`);
    expect((await get(`/product/${product.id}`)).headers.get("x-page-cache")).toBe("hit");
    const price = product.price + 111;
    await server.shop.products.update(product.id, { price }, { kind: "admin", name: "Test admin" });
    const page = await get(`/product/${product.id}`);
    expect(page.headers.get("x-page-cache")).toBe("miss");
    expect(await page.text()).toContain(formatRupees(price));
  });

  it("shows a change made elsewhere (another process, by hand) once the page's seconds are up", async () => {
    const [product] = await server.shop.products.list();
    await get(`/product/${product.id}`);
    const name = `Hand-edited ${Date.now()}`;
    await sql`update products set name = ${name} where id = ${product.id}`.execute(server.shop.db);
    expect(await (await get(`/product/${product.id}`)).text()).not.toContain(name);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await (await get(`/product/${product.id}`)).text()).toContain(name);
  });
});

describe("catalogue pages for parents with a cart or signed in", () => {
  it("show each parent their own cart badge, counted afresh after every add, and no cache keeps them", async () => {
    // A visitor's copy of the page is kept first: a parent with a cart must never get it.
    await get("/schools/dps/pant");
    expect((await get("/schools/dps/pant")).headers.get("x-page-cache")).toBe("hit");
    const two = await guestWithCart(2);
    const one = await guestWithCart(1);
    const first = await get("/schools/dps/pant", { Cookie: `theme=dark; ${two}` });
    expect(first.headers.get("x-page-cache")).toBeNull();
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect(badgeOf(await first.text())).toEqual(["2 items in cart", "2"]);
    const other = await get("/schools/dps/pant", { Cookie: one });
    expect(badgeOf(await other.text())).toEqual(["1 item in cart", "1"]);
    // Adding shows on the very next page.
    await addToCart(two, 3);
    const after = await get("/schools/dps/pant", { Cookie: two });
    expect(badgeOf(await after.text())).toEqual(["5 items in cart", "5"]);
    // With JavaScript, a navigation reads the page's data: the same count, and private too.
    const data = await get("/schools/dps/pant.data", { Cookie: two });
    expect(data.headers.get("cache-control")).toBe("private, no-cache");
    expect(await data.text()).toContain("5 items in cart");
    // In Hindi, the badge's words are Hindi.
    const hindi = await get("/schools/dps/pant", { Cookie: `${two}; shop_lng=hi` });
    expect(badgeOf(await hindi.text())?.[1]).toBe("5");
    // A visitor's copy never saw a cart.
    expect(badgeOf(await (await get("/schools/dps/pant")).text())).toBeNull();
  });

  it("gives a signed-in parent Account and Logout, and never the guest's Login", async () => {
    const shopper = await signedInShopper();
    const guest = await guestWithCart(1);
    await get("/schools", { Cookie: guest });
    const page = await get("/schools", { Cookie: shopper });
    const html = await page.text();
    expect(html).toContain('href="/account"');
    expect(html).toContain('action="/logout"');
    expect(html).not.toContain('href="/login"');
    expect(badgeOf(html)).toBeNull();
    const guestPage = await (await get("/schools", { Cookie: guest })).text();
    expect(guestPage).toContain('href="/login"');
    expect(guestPage).not.toContain('href="/account"');
  });

  it("renders the page that shows what was just added as it is, and clears the note", async () => {
    const added = await addToCart("", 1);
    const cookie = added.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toContain("shop_added=");
    const page = await get("/schools/dps/shirt", { Cookie: cookie });
    expect(page.headers.get("x-page-cache")).toBeNull();
    expect(await page.text()).toContain("Added: Shirt (30) x 1");
    expect(page.headers.getSetCookie().join()).toMatch(/shop_added=;/);
  });
});

describe("public files", () => {
  it("serves the favicon and images, and a missing image is a 404", async () => {
    const icon = await get("/favicon.svg");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const image = await get("/images/types/jacket.svg");
    expect(image.status).toBe(200);
    expect(await image.text()).toContain("<svg");
    expect((await get("/images/types/no-such-thing.svg")).status).toBe(404);
  });

  it("sends a page made for one request gzipped as it goes out, never brotli, whatever the browser takes (decision 155)", async () => {
    const cart = await guestWithCart(1);
    // Each answer made for its request (nothing of them kept), with what it must say.
    for (const [url, headers, says] of [
      [`${server.url}/cart`, { Cookie: cart }, "Shirt"],
      [`${server.url}/orders/track`, {}, "<form"],
      [`${server.url}/api/products`, {}, "Navy School Shirt"],
      [`${rendered.url}/schools/dps`, {}, "Shirt"],
    ] as const) {
      for (const accepted of ["gzip, deflate, br", "br, gzip", "*"]) {
        const res = await call(url, { headers: { ...headers, "Accept-Encoding": accepted } });
        expect(res.status, url).toBe(200);
        expect(res.headers.get("content-encoding"), `${url} for ${accepted}`).toBe("gzip");
        expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
        expect(await res.text(), url).toContain(says);
      }
      // A browser that takes brotli alone gets the answer as it is.
      const brOnly = await call(url, { headers: { ...headers, "Accept-Encoding": "br" } });
      expect(brOnly.headers.get("content-encoding")).toBeNull();
      expect(await brOnly.text(), url).toContain(says);
    }
  });

  it("sends the scripts and styles compressed when the shop was built: brotli, else gzip, else as they are; the same file", async () => {
    const assets = path.resolve("build/client/assets");
    const names = fs.readdirSync(assets);
    for (const name of [names.find((n) => /^vendor-.*\.js$/.test(n)), names.find((n) => /\.css$/.test(n) && names.includes(`${n}.br`))]) {
      expect(names, `${name} has its compressed forms`).toEqual(expect.arrayContaining([`${name}.br`, `${name}.gz`]));
      const file = fs.readFileSync(path.join(assets, name!));
      for (const [accepted, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
        const res = await get(`/assets/${name}`, { "Accept-Encoding": accepted });
        expect(res.status).toBe(200);
        expect(res.headers.get("content-encoding"), `${name} for ${accepted}`).toBe(encoding);
        expect(res.headers.get("content-type")).toMatch(name!.endsWith(".js") ? /javascript/ : /^text\/css/);
        expect(res.headers.get("cache-control")).toMatch(/immutable/);
        expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
        // The file compressed when built, not on the way out (that would be streamed, of no length known beforehand).
        const sent = path.join(assets, `${name}${encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : ""}`);
        expect(res.headers.get("content-length")).toBe(String(fs.statSync(sent).size));
        expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
      }
    }
  });
});
