import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../domain/redirect";

const SHOP = "https://shop.example";

/** Where a browser on the shop goes when it gets `location` in a redirect. */
const landing = (location: string) => new URL(location, `${SHOP}/checkout`);

// The pieces that have turned a "path" into another host somewhere: slashes both ways,
// dots, scheme and userinfo markers, escapes, whitespace a browser strips, and Unicode.
const pieces = [
  "/", "\\", ".", "..", ":", "@", "%", "?", "#", "\t", "\n", "\r", " ", "%09", "%2f", "%2F", "%5c", "%2e",
  "%0d%0a", "\u00a0", "\u2028", "\u3000", "\ufeff", "\u0000", "\u007f", "\u0085", "ए", "ß", "／", "＼",
  "evil.com", "other.host", "a", "Z", "0", "9", "http", "https:", "javascript:", "//", "/\\", "\\\\",
];
const target = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => parts.join("")),
  fc.array(fc.constantFrom(...pieces), { maxLength: 12 }).map((parts) => `/${parts.join("")}`),
  fc.string({ unit: "binary", maxLength: 30 }),
);

describe("safeRedirect", () => {
  it("only ever sends a browser to a page of the shop, with a header value that can be sent", () => {
    fc.assert(
      fc.property(target, fc.constantFrom("/account", "/cart"), (to, fallback) => {
        const location = safeRedirect(to, fallback);
        expect(landing(location).origin).toBe(SHOP);
        expect(() => new Headers({ Location: location })).not.toThrow();
      }),
      { numRuns: 5000 },
    );
  });

  it("returns exactly what it checked: the answer is already in its parsed form", () => {
    fc.assert(
      fc.property(target, (to) => {
        const location = safeRedirect(to, "/account");
        expect(safeRedirect(location, "/elsewhere")).toBe(location);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ["/%09/other.host/", "/%09/other.host/"],
    ["/\t/other.host/", "/account"],
    ["/\n/other.host/", "/account"],
    ["/ok\r\nSet-Cookie: a=b", "/account"],
    ["//evil", "/account"],
    ["/\\evil", "/account"],
    ["\\/evil", "/account"],
    ["https://evil", "/account"],
    ["javascript:alert(1)", "/account"],
    ["/..//evil", "/account"],
    ["/%2e%2e//evil", "/account"],
    ["evil", "/account"],
    ["", "/account"],
    ["/ok?x=1#y", "/ok?x=1#y"],
    ["/schools/dps?size=24", "/schools/dps?size=24"],
    ["/a/./b/../c", "/a/c"],
    ["/जूते", "/%E0%A4%9C%E0%A5%82%E0%A4%A4%E0%A5%87"],
  ])("%j goes to %j", (to, expected) => {
    expect(safeRedirect(to, "/account")).toBe(expected);
  });

  it("keeps each caller's fallback for what it refuses", () => {
    expect(safeRedirect(undefined, "/cart")).toBe("/cart");
    expect(safeRedirect(42, "/cart")).toBe("/cart");
    expect(safeRedirect(`/${"a".repeat(3000)}`, "/cart")).toBe("/cart");
  });
});
