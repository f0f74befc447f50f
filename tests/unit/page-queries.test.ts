// The query strings of the admin dashboard and the catalogue pages are written by anyone who
// can type a URL. Whatever they hold, the parsers answer a valid query (or a message), never
// throw, and never hand the database a value it would refuse.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DASHBOARD_FILTERS,
  DASHBOARD_SORTS,
  decodeCursor,
  encodeCursor,
  parseDashboardQuery,
  safeDashboardBack,
  type DashboardCursor,
} from "../../domain/admin-orders";
import { parseShopFilters } from "../../domain/shop-filters";
import { parseProductListFilters } from "../../domain/admin-products";
import { textProblem } from "../../domain/text";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");

/** Strings an attacker would try, beside whatever fast-check makes up. */
const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udc00x",
  "-1",
  "1e999",
  "9".repeat(400),
  "NaN",
  "Infinity",
  "__proto__",
  "constructor",
  "toString",
  "all",
  "deleted",
  "asc",
  "date",
  "%00",
  "A".repeat(100_000),
  b64("nope"),
  b64("{}"),
  b64("[]"),
  b64('["date"]'),
  b64('["date","0000-01-01T00:00:00Z","x"]'),
  b64('["date","2024-01-01T00:00:00+23:59","x"]'),
  b64('["date","2024-02-31T00:00:00Z","x"]'),
  b64('["user",false,"a\\u0000b","x"]'),
  b64('["user",false,"\\ud800","x"]'),
  b64('["id","x"]') + "\u0000",
);
const anyText = fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ maxLength: 40 }), nasty);

/** A query string with any of the page's own parameters (repeated, in any order) and a few strangers. */
function queryOf(names: readonly string[]) {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), anyText), { maxLength: 8 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [name, value] of pairs) params.append(name, value);
      return params;
    });
}

/** What Postgres would refuse in a dashboard cursor (see domain/admin-orders.ts placedAtText). */
function storable(cursor: DashboardCursor): boolean {
  if (cursor.sort === "user" && textProblem(cursor.userId) !== null) return false;
  if (cursor.sort !== "date") return true;
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(cursor.placedAt);
  return Number(cursor.placedAt.slice(0, 4)) >= 1 && Number.isFinite(Date.parse(cursor.placedAt)) && (!offset || Number(offset[2]) <= 15);
}

describe("the admin dashboard's query", () => {
  it("parses any query string to a valid query, without throwing (property)", () => {
    fc.assert(
      fc.property(queryOf(["status", "sort", "dir", "after", "before"]), (params) => {
        const { query } = parseDashboardQuery(params);
        expect(DASHBOARD_FILTERS).toContain(query.filter);
        expect(DASHBOARD_SORTS).toContain(query.sort);
        expect(["asc", "desc"]).toContain(query.direction);
        expect(query.after && query.before).toBeFalsy();
        const cursor = query.after ?? query.before;
        if (cursor) {
          expect(cursor.sort).toBe(query.sort);
          expect(storable(cursor)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("decodes any text to a cursor Postgres accepts, or to nothing (property)", () => {
    const jsonCursor = fc
      .tuple(
        fc.constantFrom("date", "id", "user"),
        fc.oneof(fc.boolean(), fc.string({ unit: "binary", maxLength: 30 }), fc.date({ noInvalidDate: false }).map((d) => String(d))),
        fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.constantFrom("2024-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "2024-01-01T00:00:00+16:00")),
        fc.string({ maxLength: 20 }),
      )
      .map((parts) => b64(JSON.stringify(parts)));
    fc.assert(
      fc.property(fc.oneof(anyText, jsonCursor), (text) => {
        const cursor = decodeCursor(text);
        if (cursor) expect(storable(cursor)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("turns every crafted page link into the first page with a message", () => {
    const crafted = [
      "%%%",
      "A".repeat(100_000),
      b64("not json"),
      b64('{"sort":"date"}'),
      b64('["date","yesterday","x"]'),
      b64('["date","0000-01-01T00:00:00Z","x"]'),
      b64('["date","2024-01-01T00:00:00+23:59","x"]'),
      b64('["date","2023-02-29T00:00:00Z","x"]'),
      b64('["user",false,"a\\u0000b","x"]'),
      b64('["user",false,"\\ud800","x"]'),
      b64('["id","x"]') + "\u0000",
    ];
    for (const text of crafted) {
      for (const key of ["after", "before"]) {
        const parsed = parseDashboardQuery(new URLSearchParams({ sort: text.includes("user") ? "user" : "date", [key]: text }));
        expect(parsed.ok, text.slice(0, 60)).toBe(false);
        expect(parsed.query.after ?? parsed.query.before).toBeUndefined();
        if (!parsed.ok) expect(parsed.message).toBe("That page link is out of date: showing the first page.");
      }
    }
  });

  it("still follows every page link the dashboard itself writes", () => {
    const cursor = fc.oneof(
      fc.record({
        sort: fc.constant("date" as const),
        placedAt: fc
          .date({ min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true })
          .map((d) => d.toISOString().replace("Z", "+00:00")),
        id: fc.stringMatching(/^[A-Za-z0-9_.:@-]{1,60}$/),
      }),
      fc.record({ sort: fc.constant("id" as const), id: fc.stringMatching(/^[A-Za-z0-9_.:@-]{1,60}$/) }),
      fc.record({
        sort: fc.constant("user" as const),
        guest: fc.boolean(),
        userId: fc.string({ maxLength: 60 }).filter((s) => textProblem(s) === null),
        id: fc.stringMatching(/^[A-Za-z0-9_.:@-]{1,60}$/),
      }),
    );
    fc.assert(
      fc.property(cursor, (c: DashboardCursor) => {
        expect(decodeCursor(encodeCursor(c))).toEqual(c);
      }),
      { numRuns: 1000 },
    );
    // The time as Postgres writes it (to_json of a timestamptz in Churu's zone).
    const churu: DashboardCursor = { sort: "date", placedAt: "2025-06-01T10:15:30.123456+05:30", id: "order-1" };
    expect(decodeCursor(encodeCursor(churu))).toEqual(churu);
  });

  it("sends an order page's Back only to a dashboard address that can go in a Location header", () => {
    expect(safeDashboardBack("/admin?status=shipped&sort=id&dir=asc")).toBe("/admin?status=shipped&sort=id&dir=asc");
    expect(safeDashboardBack("/admin")).toBe("/admin");
    for (const bad of ["https://evil.example/admin", "//evil.example", "/admin?x=\r\nSet-Cookie: a=b", "/admin?x=\u0100", "/admin?x=\u0000", "/admin?x=é", "/adminx", "/admin/../login", null, undefined, ""]) {
      expect(safeDashboardBack(bad)).toBe("/admin");
    }
    fc.assert(
      fc.property(anyText, (text) => {
        const back = safeDashboardBack(text);
        expect(back === "/admin" || /^\/admin\?[\x21-\x7e]*$/.test(back)).toBe(true);
        expect(() => new Headers({ Location: back })).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the catalogue's filters", () => {
  it("/shop: any query string is a filter or a message, never a throw (property)", () => {
    fc.assert(
      fc.property(queryOf(["category", "gender", "stock", "minPrice", "maxPrice"]), (params) => {
        const parsed = parseShopFilters(params);
        if (parsed.ok) {
          for (const price of [parsed.filters.minPrice, parsed.filters.maxPrice]) {
            if (price !== undefined) expect(Number.isFinite(price) && price >= 0 && price <= 1_000_000).toBe(true);
          }
        } else {
          expect(parsed.errors.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("/shop: odd values are answered with a message a parent can act on", () => {
    for (const [name, value] of [
      ["category", "\u0000"],
      ["category", "x".repeat(100_000)],
      ["gender", "__proto__"],
      ["stock", "maybe"],
      ["minPrice", "-1"],
      ["minPrice", "1e999"],
      ["maxPrice", "9".repeat(400)],
      ["maxPrice", "\u0000"],
    ]) {
      const parsed = parseShopFilters(new URLSearchParams({ [name]: value }));
      expect(parsed.ok, `${name}=${value.slice(0, 20)}`).toBe(false);
    }
  });

  it("the product list's filters: any query string is a filter or a message, and a size Postgres can compare (property)", () => {
    fc.assert(
      fc.property(queryOf(["category", "gender", "size", "minPrice", "maxPrice", "inStock"]), (params) => {
        const parsed = parseProductListFilters(params);
        if (parsed.ok && parsed.filters.size !== undefined) expect(textProblem(parsed.filters.size)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a 100 KB value in linear time", () => {
    const huge = "1".repeat(100_000);
    const started = performance.now();
    parseShopFilters(new URLSearchParams({ minPrice: huge, maxPrice: `${huge}.${huge}`, category: huge }));
    parseProductListFilters(new URLSearchParams({ size: huge, minPrice: huge }));
    parseDashboardQuery(new URLSearchParams({ status: huge, sort: huge, dir: huge, after: huge }));
    // Generous: a quadratic or backtracking pattern takes seconds here, a linear pass a millisecond.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
