import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserChainsTo } from "../support/browser-imports";

/** The root and every route that is not the admin's: what a shopper's browser loads (decision 151). */
const storefrontModules = [
  "app/root.tsx",
  ...fs
    .readdirSync("app/routes")
    .filter((name) => /\.tsx?$/.test(name) && !name.startsWith("admin"))
    .map((name) => path.join("app/routes", name)),
];

describe("zod and the event schemas stay out of the storefront's browser code", () => {
  it("finds the pages", () => {
    expect(storefrontModules).toContain("app/routes/checkout.tsx");
    expect(storefrontModules.length).toBeGreaterThan(40);
  });

  it("the walk sees a chain where there is one (the admin's order page builds schemas in the browser)", () => {
    expect(browserChainsTo("app/routes/admin.orders.$id.tsx", "zod").length).toBeGreaterThan(0);
  });

  it.each(storefrontModules)("%s reaches no module that imports zod", (route) => {
    expect(browserChainsTo(route, "zod").map((chain) => chain.join(" <- "))).toEqual([]);
  });
});
