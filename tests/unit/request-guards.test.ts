import { describe, expect, it } from "vitest";
import { jsonTextProblem } from "../../app/api/http.server";
import { pathTextProblem, queryTextProblem } from "../../server/request-guards";

describe("text hygiene of an address", () => {
  it("names the query parameter whose value holds a NUL", () => {
    expect(queryTextProblem("category=shirts&q=a%00b")).toBe(
      `The address's "q" parameter contains a character the shop cannot accept (a NUL byte). Please remove it.`,
    );
  });

  it("refuses a surrogate sent as UTF-8 bytes, in a name or a value", () => {
    expect(queryTextProblem("q=%ED%A0%80")).toBe(`The address's "q" parameter contains a broken character. Please type it again.`);
    expect(queryTextProblem("%ed%bf%bf=1")).toBe("A parameter name in the address contains a broken character. Please type it again.");
    expect(queryTextProblem("%00=1")).toMatch(/^A parameter name in the address contains .*NUL/);
  });

  it("lets ordinary and malformed-but-harmless queries through as the routes read them", () => {
    for (const query of ["", "&&", "q=school+shirt", "size=38-30&colour-tshirt=Blue", "q=%E0%A4", "q=100%", "q=%F0%9F%99%82", "q=%E0%A4%9A%E0%A5%82%E0%A4%B0%E0%A5%82"]) {
      expect(queryTextProblem(query), query).toBeNull();
    }
  });

  it("checks the path, decoded", () => {
    expect(pathTextProblem("/product/%00")).toMatch(/^The address contains .*NUL/);
    expect(pathTextProblem("/product/%ED%A0%80")).toMatch(/^The address contains a broken character/);
    expect(pathTextProblem("/schools/dps/pant")).toBeNull();
    expect(pathTextProblem("/api/orders/%E0%A4")).toBeNull();
  });
});

describe("text hygiene of a JSON body", () => {
  it("names the field as zod would", () => {
    expect(jsonTextProblem({ customer: { name: "Asha\u0000" } })).toBe(
      "customer.name contains a character the shop cannot accept (a NUL byte). Please remove it.",
    );
    expect(jsonTextProblem({ items: [{ size: "30" }, { size: "\ud800" }] })).toBe("items.1.size contains a broken character. Please type it again.");
    expect(jsonTextProblem({ shipping: { ["ci\u0000ty"]: "Churu" } })).toMatch(/^A field name in shipping contains .*NUL/);
    expect(jsonTextProblem("\udc00")).toBe("The body contains a broken character. Please type it again.");
  });

  it("accepts whole surrogate pairs, Hindi and emoji", () => {
    expect(jsonTextProblem({ name: "राम 🙂", items: [1, true, null, { note: "𝒜" }] })).toBeNull();
  });

  it("walks a deep body without recursion and in linear time", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonTextProblem(deep)).toMatch(/contains a character the shop cannot accept/);
    // Far more than a 64 KB body can hold.
    const wide = { list: Array.from({ length: 50_000 }, (_, i) => ({ name: `n${i}`, sizes: ["30", "32"] })) };
    const started = performance.now();
    expect(jsonTextProblem(wide)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("dot segments in a path", () => {
  it("are found written plainly or escaped, and a name with dots is not one", async () => {
    const { hasDotSegments } = await import("../../server/request-guards");
    for (const path of ["/api/zz-%E0%A4/%2e%2e/..", "/api/./orders", "/shop/%2E", "/a/.%2e/b", "/.."]) expect(hasDotSegments(path), path).toBe(true);
    for (const path of ["/", "/api/orders", "/images/products/navy-blazer.png", "/schools/st.-xaviers", "/a/.../b", "/a/..b"]) expect(hasDotSegments(path), path).toBe(false);
  });
});
