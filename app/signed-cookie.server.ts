import { createCookie, type Cookie } from "@remix-run/node";
import type { Shop } from "../services/index";

// One cookie object per shop and name (one shop per process; tests start several).
const made = new WeakMap<object, Map<string, Cookie>>();

/**
 * A cookie of the shop's own that a page reads back: signed with the session secret (no link or
 * other site can forge it), httpOnly, SameSite=Lax, Secure in production.
 */
export function signedCookie(shop: Shop, name: string, options: { path: string; maxAgeSeconds: number }): Cookie {
  let byName = made.get(shop.db);
  if (!byName) made.set(shop.db, (byName = new Map()));
  let cookie = byName.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: shop.config.production,
      path: options.path,
      maxAge: options.maxAgeSeconds,
      secrets: [shop.sessionSecret],
    });
    byName.set(name, cookie);
  }
  return cookie;
}
