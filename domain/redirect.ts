/**
 * Where a browser may be sent when the address came from the request: a `redirectTo`
 * query or form field, the one kept in the session across the code step, the cart's
 * "stay on this page". Only a place on this shop.
 *
 * The target is read the way a browser reads a Location header (WHATWG URL parsing
 * against a stand-in origin), and what is returned is the parsed URL's own path, query
 * and fragment: the address sent is the address checked. Browsers silently drop tabs and
 * line breaks and treat '\' as '/', so "/\t/evil", "/\evil" and "//evil" all mean another
 * host; such input is refused before parsing rather than cleaned up. No I/O here.
 */

const STAND_IN_ORIGIN = "http://shop.invalid";
/** Longer than any address the shop makes; a longer one is not ours. */
const MAX_TARGET_LENGTH = 2000;
/** Whitespace (ASCII and Unicode), control characters and backslashes: each means something else to some browser. */
const REFUSED_CHARACTERS = /[\s\p{Cc}\\]/u;

/** `to` as a path on this shop (path, query and fragment, normalised), or `fallback`. */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length > MAX_TARGET_LENGTH) return fallback;
  // Only a site-relative path: the shop's own forms never send anything else.
  if (!to.startsWith("/") || REFUSED_CHARACTERS.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, `${STAND_IN_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== STAND_IN_ORIGIN) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can leave two leading slashes ("/..//evil" parses to the path "//evil"),
  // which a browser reads as another host.
  if (target.startsWith("//")) return fallback;
  return target;
}
