import type express from "express";
import { hasPersonalCookie } from "./page-cache";

/**
 * What a browser or a cache on the way may keep of a page (decision 118). Set before Remix, so
 * every answer of a page gets it: the page itself, its data requests (`/account.data`, JS on),
 * its redirects and its refusals. A route that sets its own Cache-Control (the CSV export, /healthz)
 * adds to it.
 *
 * - **Personal pages** (the account, the admin area, order tracking, cart, checkout, sign-in, a complaint and
 *   the answer to any form post): `private, no-store`. Nothing of them is written to disk, kept by a
 *   proxy, or shown again by Back after signing out on a shared phone, which is worth more than the
 *   back/forward cache on these pages.
 * - **Catalogue pages for a shopper** (a session, a cart, an admin cookie): `private, no-cache`.
 *   Only the navbar (Account, the cart badge) is theirs: the browser may keep the page for Back and
 *   Forward, a shared cache may not keep it, and a normal visit always asks the shop again.
 * - **Catalogue pages for a visitor**: unchanged (no Cache-Control; the shop's own page cache keeps
 *   them, decision 074).
 *
 * Every page answer varies on `Cookie` (who is signed in, the cart, the language chosen) besides
 * `Accept-Language` (server/language.ts). The /api keeps its own policy (docs/api.md).
 */
const PERSONAL_PATH = /^\/(?:account|admin|orders|cart|checkout|login|signup|otp|logout|grievance)(?:[/._]|$)/;

export const PERSONAL_CACHE_CONTROL = "private, no-store";
export const SHOPPER_CACHE_CONTROL = "private, no-cache";

/** Which policy an answer to this request gets; undefined: the page's own (none). */
export function cacheControlFor(method: string, path: string, cookieHeader: string | undefined): string | undefined {
  if (method !== "GET" && method !== "HEAD") return PERSONAL_CACHE_CONTROL;
  if (PERSONAL_PATH.test(path)) return PERSONAL_CACHE_CONTROL;
  // `/_root.data` and a catalogue page's data are the shopper's own only when a personal cookie came with them.
  if (hasPersonalCookie(cookieHeader)) return SHOPPER_CACHE_CONTROL;
  return undefined;
}

export const cachePolicy: express.RequestHandler = (req, res, next) => {
  if (req.path === "/api" || req.path.startsWith("/api/")) return next();
  res.vary("Cookie");
  const policy = cacheControlFor(req.method, req.path, req.get("cookie"));
  if (policy) res.set("Cache-Control", policy);
  next();
};
