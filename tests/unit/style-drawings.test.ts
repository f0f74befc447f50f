import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KIDS_SHOE_STYLES } from "../../domain/accessories";
import { illustrationUrl } from "../../domain/images";
import { uniformIllustration } from "../../domain/pricing";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));
const drawing = (slug: string) => KIDS_SHOE_STYLES.find((s) => s.slug === slug)!.illustration;
const svg = (slug: string) => readFileSync(`${publicDir}${illustrationUrl(drawing(slug))}`, "utf8");

describe("each style drawn as it is until there is a photo (decision 139)", () => {
  it("draws white shoes white, velcro shoes with a strap and girls' shoes with a bar", () => {
    expect(drawing("white-shoes-laces")).toBe("kids-shoe-white");
    expect(drawing("black-velcro-shoes")).toBe("kids-shoe-velcro");
    expect(drawing("white-velcro-shoes")).toBe("kids-shoe-velcro-white");
    expect(drawing("girl-black-shoes")).toBe("kids-shoe-bar");
    expect(drawing("girls-white-shoes")).toBe("kids-shoe-bar-white");
    for (const slug of ["white-shoes-laces", "white-velcro-shoes", "girls-white-shoes"]) expect(svg(slug), slug).toMatch(/<title>[^<]*[Ww]hite[^<]*<\/title>/);
    expect(svg("black-velcro-shoes")).toMatch(/<title>[^<]*velcro strap/);
    expect(svg("girl-black-shoes")).toMatch(/<title>[^<]*bar shoes/);
    // Every style that is not the black laced shoe has a drawing of its own.
    const black = KIDS_SHOE_STYLES.filter((s) => s.illustration === "kids-shoe").map((s) => s.slug);
    expect(black).toEqual(expect.arrayContaining(["black-shoes-laces"]));
    expect(black).not.toContain("white-shoes-laces");
  });

  it("draws the white pant white", () => {
    expect(uniformIllustration("white-pant")).toBe("pant-white");
    expect(readFileSync(`${publicDir}${illustrationUrl("pant-white")}`, "utf8")).toContain("White school trousers");
  });
});
