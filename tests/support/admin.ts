import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signInAdmin, signInShopper } from "../../app/auth/session.server";
import type { Shop } from "../../services/index";
import type { OrderItemInput } from "../../services/orders";
import type { PaymentMethod } from "../../domain/orders/events";
import { newShopperPage } from "./browser";
import { htmlBrowser, type BrowserOptions, type HtmlBrowser } from "./html-browser";

export interface TestAdmin {
  id: string;
  name: string;
  email: string;
  /** "__admin=..." for fetch. */
  cookie: string;
  /** An admin-scope bearer token for /api. */
  token: string;
}

/**
 * An admin account with a page session and an API token, made the way the login
 * form and /api/users/admin-login make them (the login form has its own tests).
 */
export async function createTestAdmin(shop: Shop, baseUrl: string, email = `admin-${randomUUID()}@churu-uniforms.example`): Promise<TestAdmin> {
  const { user } = await shop.auth.createAdmin({ email, password: "admin password 1994" });
  const signedIn = await signInAdmin(new Request(`${baseUrl}/admin/login`), shop, user.id);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const token = await shop.auth.issueToken(user.id, "admin");
  return { id: user.id, name: user.name, email, cookie, token };
}

/** Puts the admin's session cookie in a browser context. */
export async function addAdminCookie(context: BrowserContext, admin: TestAdmin, url: string): Promise<void> {
  // Signing in may set more than one cookie (the session and the browser's own mark): each goes in by itself.
  await context.addCookies(
    admin.cookie.split("; ").map((pair) => {
      const [name, value] = pair.split(/=(.*)/s);
      return { name, value, url };
    }),
  );
}

/** A fresh browser context signed in as the admin, on a desktop-sized screen (the admin tables are wide). */
export async function newAdminPage(
  browser: Browser,
  url: string,
  admin: TestAdmin,
  javaScriptEnabled: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newShopperPage(browser, url, javaScriptEnabled);
  await page.setViewportSize({ width: 1400, height: 900 });
  await addAdminCookie(context, admin, url);
  return { context, page };
}

let phoneSeq = 9_100_000_000 + Math.floor(Math.random() * 800_000_000);

/**
 * An order placed through the real order service (priced by the server, appended to the
 * event store, projected), visible in the read model when this returns.
 */
export async function placeTestOrder(
  shop: Shop,
  options: {
    name?: string;
    userId?: string;
    email?: string;
    items?: OrderItemInput[];
    address?: string;
    city?: string;
    pincode?: string;
    paymentMethod?: PaymentMethod;
  } = {},
): Promise<{ orderId: string; displayId: string; name: string; phone: string }> {
  const phone = String(phoneSeq++);
  const name = options.name ?? `Customer ${phone.slice(-4)}`;
  const placed = await shop.orders.placeOrder({
    scope: options.userId ? `user:${options.userId}` : `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: options.items ?? [{ productId: "stationery/scientific-calculator", quantity: 1 }],
    customer: options.userId
      ? { kind: "user", userId: options.userId, name, phone, ...(options.email ? { email: options.email } : {}) }
      : { kind: "guest", name, phone },
    address: { name, phone, address: options.address ?? "12 Station Road", city: options.city ?? "Churu", pincode: options.pincode ?? "331001" },
    ...(options.paymentMethod ? { paymentMethod: options.paymentMethod } : {}),
  });
  await shop.orders.waitUntilVisible(placed.position);
  return { orderId: placed.orderId, displayId: placed.displayId, name, phone };
}

/**
 * Reads a whole body at once, so no connection is left open for the server's close to wait on. A POST
 * carries the shop's Origin unless it names one, as a browser's does from the shop's own page (the
 * shop refuses a form post with neither Origin nor Referer, decision 193).
 */
export async function call(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { redirect: "manual", ...init, headers: withOrigin(url, init) });
  const text = await res.text();
  return new Response(res.status === 204 ? null : text, { status: res.status, headers: res.headers });
}

/** `init`'s headers, with the Origin of `url` added to a request that is not a GET or HEAD and names none. */
export function withOrigin(url: string, init: RequestInit = {}): Headers {
  const headers = new Headers(init.headers);
  const method = (init.method ?? "GET").toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", new URL(url).origin);
  return headers;
}

/** Gives a browser context the session cookies of a signed-in shopper (as if they had signed in on `url`). */
export async function signInShopperIn(context: BrowserContext, shop: Shop, url: string, userId: string): Promise<void> {
  const signedIn = await signInShopper(new Request(`${url}/login`), shop, userId);
  for (const cookie of signedIn.headers.getSetCookie()) {
    const [name, value] = cookie.split(";")[0].split(/=(.*)/s);
    await context.addCookies([{ name, value, url }]);
  }
}

/** Gives a browser without JavaScript (./html-browser) the session cookies of a signed-in shopper. */
export async function signInShopperOver(browser: HtmlBrowser, shop: Shop, userId: string): Promise<void> {
  const signedIn = await signInShopper(new Request(`${browser.baseUrl}/login`), shop, userId);
  for (const line of signedIn.headers.getSetCookie()) await browser.setCookie(line);
}

/** A browser without JavaScript (./html-browser) signed in as the admin. */
export async function adminHtmlBrowser(url: string, admin: TestAdmin, options: BrowserOptions = {}): Promise<HtmlBrowser> {
  const browser = htmlBrowser(url, options);
  for (const pair of admin.cookie.split(/;\s*/)) await browser.setCookie(`${pair}; Path=/`);
  return browser;
}

