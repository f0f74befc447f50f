/**
 * What a browser or a proxy may keep of a page (decision 118): every personal page, and the
 * answer to every form post, is `private, no-store`; a catalogue page for a signed-in shopper or
 * one with a cart is `private, no-cache`; a catalogue page for a visitor may be kept by a cache shared
 * by many for PAGE_CACHE_SECONDS (decision 171). Every page answer varies on Cookie and Accept-Language.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: TestAdmin;
let shopper: string;
let order: Awaited<ReturnType<typeof placeTestOrder>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
  const user = await server.shop.auth.registerWithEmail({ email: `cache-${randomUUID()}@example.com`, password: "satchel-2026" });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
  shopper = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  order = await placeTestOrder(server.shop, { userId: user.id });
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, cookie?: string) => call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
const varies = (res: Response) => (res.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());

/** Pages that are someone's own, by who asks for them. */
const personal = () => [
  { who: "visitor", path: "/cart" },
  { who: "visitor", path: "/checkout" },
  { who: "visitor", path: "/login" },
  { who: "visitor", path: "/signup" },
  { who: "visitor", path: "/otp" },
  { who: "visitor", path: "/orders/track" },
  { who: "visitor", path: `/orders/track?orderId=${order.displayId}&phone=${order.phone}` },
  { who: "visitor", path: "/account" },
  { who: "visitor", path: "/admin" },
  { who: "visitor", path: "/admin/login" },
  { who: "shopper", path: "/account" },
  { who: "shopper", path: "/account.data" },
  { who: "shopper", path: "/cart" },
  { who: "shopper", path: "/checkout" },
  { who: "shopper", path: `/orders/track?orderId=${order.displayId}` },
  { who: "admin", path: "/admin" },
  { who: "admin", path: "/admin?q=Customer" },
  { who: "admin", path: `/admin/orders/${order.orderId}` },
  { who: "admin", path: `/admin/orders/${order.orderId}/print` },
  { who: "admin", path: "/admin/products" },
  { who: "admin", path: "/admin/notifications" },
  { who: "admin", path: "/admin/admins" },
  { who: "admin", path: "/admin/orders/export.csv" },
  { who: "admin", path: "/admin/no-such-page" },
];

const cookieOf = (who: string) => (who === "shopper" ? shopper : who === "admin" ? admin.cookie : undefined);

describe("personal pages", () => {
  it("are private, no-store, and vary on Cookie and Accept-Language, for visitors, shoppers and admins", async () => {
    const wrong: string[] = [];
    for (const { who, path } of personal()) {
      const res = await get(path, cookieOf(who));
      const control = res.headers.get("cache-control") ?? "";
      if (!/\bprivate\b/.test(control) || !/\bno-store\b/.test(control)) wrong.push(`${who} ${path} ${res.status}: Cache-Control "${control}"`);
      if (!varies(res).includes("cookie")) wrong.push(`${who} ${path}: Vary "${res.headers.get("vary")}"`);
      if (res.status === 200 && !path.endsWith(".csv") && !varies(res).includes("accept-language")) wrong.push(`${who} ${path}: Vary "${res.headers.get("vary")}"`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers every form post private, no-store: its redirect and its refusal", async () => {
    const posted = await call(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ identifier: "nobody@example.com", password: "wrong-password" }),
    });
    expect(posted.headers.get("cache-control")).toMatch(/private, no-store/);
    const added = await call(`${server.url}/cart`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: shopper },
      body: new URLSearchParams({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }),
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("cache-control")).toMatch(/private, no-store/);
  });
});

describe("catalogue pages", () => {
  const catalogue = ["/", "/schools", "/schools/dps", "/schools/dps/shirt?size=30", "/accessories/bottle", "/shop", "/contact"];

  it("may be kept by a shared cache for a visitor (a proxy in front, the shop's page cache), never by a browser, and vary on Cookie", async () => {
    for (const path of catalogue) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe(`public, max-age=0, s-maxage=${server.shop.config.pageCacheSeconds}`);
      expect(varies(res), path).toEqual(expect.arrayContaining(["cookie", "accept-language"]));
    }
  });

  it("are private, no-cache for a signed-in shopper and an admin: kept for Back, never by a shared cache", async () => {
    for (const cookie of [shopper, admin.cookie]) {
      for (const path of catalogue) {
        const res = await get(path, cookie);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("cache-control"), path).toBe("private, no-cache");
        expect(varies(res), path).toContain("cookie");
      }
    }
  });
});
