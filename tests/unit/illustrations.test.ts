import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ILLUSTRATIONS, illustrationUrl, schoolItemPhotoUrls, schoolLogoUrls } from "../../domain/images";

const publicDir = fileURLToPath(new URL("../../public", import.meta.url));

describe("illustrations", () => {
  it.each(ILLUSTRATIONS)("%s is a small titled drawing on a 200 x 200 canvas", (illustration) => {
    const file = `${publicDir}${illustrationUrl(illustration)}`;
    expect(statSync(file).size).toBeLessThan(2048);
    const svg = readFileSync(file, "utf8");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 200 200"/);
    expect(svg).toMatch(/<title>[^<]+<\/title>/);
  });
});

describe("photo paths", () => {
  it("try jpg before png, and a colour photo before the plain one", () => {
    expect(schoolItemPhotoUrls("dps", "shirt")).toEqual(["/images/schools/dps/shirt.jpg", "/images/schools/dps/shirt.png"]);
    expect(schoolItemPhotoUrls("dps", "t-shirt", "Blue")[0]).toBe("/images/schools/dps/t-shirt-blue.jpg");
    expect(schoolLogoUrls("st-xaviers")).toEqual(["/images/logos/st-xaviers.jpg", "/images/logos/st-xaviers.png"]);
  });
});
