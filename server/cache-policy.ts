import type express from "express";
import { ADDED_FLASH_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, SHOPPER_COOKIE } from "../domain/cookies";

/**
 * What a browser or a cache on the way may keep of a page (decisions 118 and 171). Set before Remix, so
 * every answer of a page gets it: the page itself, its data requests (`/account.data`, JS on), its
 * redirects and its refusals. A route that sets its own Cache-Control (the CSV export, /healthz) adds to it.
 *
 * - **Personal pages** (the account, the admin area, order tracking, cart, checkout, sign-in, a complaint and
 *   the answer to any form post): `private, no-store`. Nothing of them is written to disk, kept by a
 *   proxy, or shown again by Back after signing out on a shared phone, which is worth more than the
 *   back/forward cache on these pages.
 * - **Catalogue pages for a shopper** (a session, a cart, an admin cookie, the note of what was just added):
 *   `private, no-cache`. The navbar (Account, the cart badge) is theirs: the browser may keep the page for
 *   Back and Forward, a shared cache may not keep it, and a normal visit always asks the shop again, which
 *   renders it with their own badge.
 * - **Catalogue pages for a visitor** (no session, no cart), when the answer is a 200 that sets no cookie:
 *   `public, max-age=0, s-maxage=N` (N: PAGE_CACHE_SECONDS). Every visitor gets the same page, so a cache
 *   shared by many (a reverse proxy in front of the shop, or the shop's own page cache, page-cache.ts) may
 *   answer with it for N seconds; a browser asks again on each visit. Any other answer (a 404, a busy 503)
 *   says nothing, and no cache keeps it.
 *
 * Every page answer varies on `Cookie` (who is signed in, the cart, the language chosen) besides
 * `Accept-Language` (server/language.ts). The /api keeps its own policy (docs/api.md).
 */
const PERSONAL_PATH = /^\/(?:account|admin|orders|cart|checkout|login|signup|otp|logout|grievance)(?:[/._]|$)/;
/** The storefront's browsing pages: the same for every visitor who has no session and no cart. */
const CATALOGUE_PATH = /^\/(?:$|shop$|product\/|schools(?:\/|$)|accessories(?:\/|$)|white-products$|contact$|returns$)/;
/** The cookies that make a page someone's own (the language choice is not one: the page varies on it, for everyone). */
const PERSONAL_COOKIES = [SHOPPER_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, ADDED_FLASH_COOKIE];

export const PERSONAL_CACHE_CONTROL = "private, no-store";
export const SHOPPER_CACHE_CONTROL = "private, no-cache";

/** What a visitor's catalogue page says: any cache shared by many may answer with it `seconds`; a browser asks again. */
export function sharedCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}`;
}

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => PERSONAL_COOKIES.includes(pair.split("=", 1)[0].trim()));
}

/** The page a request is for: a data request (`/schools/dps.data`, `/_root.data`: a navigation with JavaScript) is its page's. */
function pageOf(path: string): string {
  if (!path.endsWith(".data")) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * Whether this request is a visitor's, for a catalogue page or its data: the same answer for every visitor.
 * A page asked for one of the parent's children (`?child=`: the size picker, the class kit) is never one
 * (decision 133).
 */
export function isVisitorCatalogueRequest(req: Pick<express.Request, "method" | "path" | "query" | "get">): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.query.child !== undefined || hasPersonalCookie(req.get("cookie"))) return false;
  return CATALOGUE_PATH.test(pageOf(req.path));
}

/** Which policy an answer to this request gets before it is made; undefined: none yet (a visitor's page is decided by its answer). */
export function cacheControlFor(method: string, path: string, cookieHeader: string | undefined): string | undefined {
  if (method !== "GET" && method !== "HEAD") return PERSONAL_CACHE_CONTROL;
  if (PERSONAL_PATH.test(path)) return PERSONAL_CACHE_CONTROL;
  // `/_root.data` and a catalogue page's data are the shopper's own only when a personal cookie came with them.
  if (hasPersonalCookie(cookieHeader)) return SHOPPER_CACHE_CONTROL;
  return undefined;
}

/**
 * The policy as an Express middleware. `sharedSeconds`: how long a visitor's catalogue page may be kept by a
 * shared cache (0: it says nothing, and nothing keeps it).
 */
export function cachePolicy(options: { sharedSeconds: number }): express.RequestHandler {
  const shared = sharedCacheControl(options.sharedSeconds);
  return (req, res, next) => {
    if (req.path === "/api" || req.path.startsWith("/api/")) return next();
    res.vary("Cookie");
    const policy = cacheControlFor(req.method, req.path, req.get("cookie"));
    if (policy) res.set("Cache-Control", policy);
    else if (options.sharedSeconds > 0 && isVisitorCatalogueRequest(req)) {
      // Decided once the answer is known: only a whole page, the same for everyone, may be shared.
      beforeHeaders(res, (status) => {
        if (status === 200 && !res.hasHeader("set-cookie") && !res.hasHeader("cache-control")) res.setHeader("Cache-Control", shared);
      });
    }
    next();
  };
}

/** Runs `decide` with the answer's status just before its headers are written (Node writes them through `writeHead`). */
function beforeHeaders(res: express.Response, decide: (status: number) => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: unknown[]) {
    decide(typeof args[0] === "number" ? args[0] : this.statusCode);
    return (writeHead as (...a: unknown[]) => express.Response).apply(this, args);
  } as typeof res.writeHead;
}
