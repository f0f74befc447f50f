import { describe, expect, it } from "vitest";
import {
  FREE_SIZE,
  KIDS_SHOE_SIZES,
  UNIFORM_TYPES,
  WHITE_PRODUCTS,
  findWhiteProduct,
  kidsShoePrice,
  kidsShoePriceNote,
  normaliseSize,
  uniformPrice,
  uniformSizes,
  whiteProductPrice,
  type UniformType,
  type WhiteProduct,
} from "../../domain/pricing";

function white(key: string): WhiteProduct {
  const product = findWhiteProduct(key);
  if (!product) throw new Error(`no white product ${key}`);
  return product;
}

describe("normaliseSize", () => {
  it("writes waist-length combos with a hyphen", () => {
    expect(normaliseSize("38 30")).toBe("38-30");
    expect(normaliseSize(" 38-30 ")).toBe("38-30");
    expect(normaliseSize("38 - 30")).toBe("38-30");
  });

  it("upper-cases letter sizes and spells Free Size one way", () => {
    expect(normaliseSize("xl")).toBe("XL");
    expect(normaliseSize("free size")).toBe(FREE_SIZE);
  });

  it("reads a size only when all of it is one: nothing before or after is dropped to make another size", () => {
    expect(normaliseSize("x38-30")).toBe("x38-30");
    expect(normaliseSize("38-30x")).toBe("38-30x");
    expect(normaliseSize("1m")).toBe("1m");
    expect(normaliseSize("m1")).toBe("m1");
    expect(normaliseSize("free   size")).toBe(FREE_SIZE);
  });

  it("treats a blank as no size chosen", () => {
    expect(normaliseSize(undefined)).toBeUndefined();
    expect(normaliseSize("   ")).toBeUndefined();
  });
});

describe("school uniform price table", () => {
  const ladders: Array<[UniformType, string, number, string, number, number]> = [
    // type, first size, first price, last size, last price, number of sizes
    ["shirt", "24", 250, "46", 250 + 20 * 11, 12],
    ["t-shirt", "24", 250, "46", 470, 12],
    ["skirt", "14", 300, "32", 300 + 20 * 9, 10],
    ["tunik", "22", 350, "36", 350 + 30 * 7, 8],
  ];

  it.each(ladders)("%s runs from size %s at %i to size %s at %i", (type, first, firstPrice, last, lastPrice, count) => {
    const sizes = uniformSizes(type);
    expect(sizes).toHaveLength(count);
    expect(sizes[0]).toBe(first);
    expect(sizes.at(-1)).toBe(last);
    expect(uniformPrice(type, first)).toBe(firstPrice);
    expect(uniformPrice(type, last)).toBe(lastPrice);
  });

  it("adds 20 a step for shirts", () => {
    expect(uniformPrice("shirt", "26")).toBe(270);
    expect(uniformPrice("shirt", "36")).toBe(370);
  });

  it("sells a T-shirt of an odd or out-of-range size at the base price", () => {
    expect(uniformPrice("t-shirt", "25")).toBe(250);
    expect(uniformPrice("t-shirt", "50")).toBe(250);
    expect(uniformPrice("t-shirt", "2")).toBe(250);
    expect(uniformPrice("t-shirt", "30")).toBe(310);
  });

  it("does not know a T-shirt size that is not a whole number", () => {
    expect(uniformPrice("t-shirt", "M")).toBeUndefined();
    expect(uniformPrice("t-shirt", "25.5")).toBeUndefined();
    expect(uniformPrice("t-shirt", "38-30")).toBeUndefined();
    expect(uniformPrice("t-shirt", undefined)).toBeUndefined();
  });

  it("prices pants 24 to 38 on the ladder and every waist-length combo at 500", () => {
    expect(uniformPrice("pant", "24")).toBe(340);
    expect(uniformPrice("pant", "38")).toBe(340 + 20 * 7);
    for (const combo of ["38-30", "38-32", "40-30", "40-32", "40-34", "42-34", "42-32", "42-36", "42-38"]) {
      expect(uniformPrice("pant", combo)).toBe(500);
    }
    expect(uniformPrice("pant", "38 30")).toBe(500);
    expect(uniformSizes("pant")).toHaveLength(8 + 9);
    expect(uniformPrice("pant", "40")).toBeUndefined();
    expect(uniformPrice("pant", "44-30")).toBeUndefined();
  });

  it("prices white pants 22 to 36 on the ladder and combos at 500 + 30 per place", () => {
    expect(uniformPrice("white-pant", "22")).toBe(320);
    expect(uniformPrice("white-pant", "36")).toBe(320 + 30 * 7);
    expect(uniformPrice("white-pant", "38-30")).toBe(530);
    expect(uniformPrice("white-pant", "38 32")).toBe(560);
    expect(uniformPrice("white-pant", "42-32")).toBe(650);
    expect(uniformPrice("white-pant", "42 34")).toBe(680);
    expect(uniformSizes("white-pant").slice(-6)).toEqual(["38-30", "38-32", "40-30", "40-32", "42-32", "42-34"]);
    expect(uniformPrice("white-pant", "40-34")).toBeUndefined();
  });

  it("sells belt, ties and plain socks in one size at 100", () => {
    for (const type of ["belt", "tie", "socks"] as const) {
      expect(uniformSizes(type)).toEqual([]);
      expect(uniformPrice(type, undefined)).toBe(100);
      expect(uniformPrice(type, "")).toBe(100);
      expect(uniformPrice(type, "Free Size")).toBe(100);
      expect(uniformPrice(type, "32")).toBeUndefined();
    }
  });

  it("sells Socks 1 and Socks 2 in sizes 2 to 7 at 50", () => {
    expect(uniformSizes("socks-sized")).toEqual(["2", "3", "4", "5", "6", "7"]);
    expect(uniformPrice("socks-sized", "2")).toBe(50);
    expect(uniformPrice("socks-sized", "7")).toBe(50);
    expect(uniformPrice("socks-sized", "8")).toBeUndefined();
    expect(uniformPrice("socks-sized", undefined)).toBeUndefined();
  });

  it("prices the items the spec leaves open in line with the table", () => {
    expect(uniformPrice("white-tunik", "22")).toBe(uniformPrice("tunik", "22"));
    expect(uniformPrice("white-skirt", "32")).toBe(uniformPrice("skirt", "32"));
    expect(uniformPrice("lower", "24")).toBe(300);
    expect(uniformPrice("lower", "38")).toBe(440);
    expect(uniformPrice("kurti-salwaar", "22")).toBe(450);
    expect(uniformPrice("kurti-salwaar", "40")).toBe(450 + 30 * 9);
    expect(uniformPrice("jacket", "24")).toBe(600);
    expect(uniformPrice("jacket", "46")).toBe(600 + 30 * 11);
  });

  it("keeps the Pant price for a size in the class-wise pants", () => {
    for (const type of ["pant-class-1-to-5", "pant-class-6-to-12"] as const) {
      for (const size of uniformSizes(type)) expect(uniformPrice(type, size)).toBe(uniformPrice("pant", size));
    }
    expect(uniformSizes("pant-class-1-to-5")[0]).toBe("24");
    expect(uniformPrice("pant-class-6-to-12", "42-38")).toBe(500);
    expect(uniformPrice("pant-class-1-to-5", "42-38")).toBeUndefined();
  });

  it("rejects an unknown size for every sized type", () => {
    for (const type of UNIFORM_TYPES) {
      if (type === "t-shirt" || uniformSizes(type).length === 0) continue;
      expect(uniformPrice(type, "99")).toBeUndefined();
      expect(uniformPrice(type, "banana")).toBeUndefined();
      expect(uniformPrice(type, undefined)).toBeUndefined();
    }
  });

  it("has a whole, positive price for every listed size", () => {
    for (const type of UNIFORM_TYPES) {
      for (const size of uniformSizes(type)) {
        const price = uniformPrice(type, size);
        expect(Number.isInteger(price) && (price as number) > 0).toBe(true);
      }
    }
  });
});

describe("white products", () => {
  it("has seven items with the spec's base price and increase", () => {
    expect(WHITE_PRODUCTS.map((product) => [product.key, product.basePrice, product.priceIncrease])).toEqual([
      ["shirt", 299, 20],
      ["pant", 349, 30],
      ["skirt", 299, 20],
      ["shorts", 249, 15],
      ["tunik", 349, 25],
      ["salwar-suit", 399, 30],
      ["socks", 49, 5],
    ]);
  });

  it("sizes socks XS to XL and everything else 22 to 42", () => {
    expect(white("socks").sizes).toEqual(["XS", "S", "M", "L", "XL"]);
    for (const product of WHITE_PRODUCTS.filter((candidate) => candidate.key !== "socks")) {
      expect(product.sizes).toEqual(["22", "24", "26", "28", "30", "32", "34", "36", "38", "40", "42"]);
    }
  });

  it("charges the base for the first size and the increase per place after it", () => {
    expect(whiteProductPrice(white("socks"), "XS")).toBe(49);
    expect(whiteProductPrice(white("socks"), "XL")).toBe(69);
    expect(whiteProductPrice(white("socks"), "xl")).toBe(69);
    expect(whiteProductPrice(white("shirt"), "22")).toBe(299);
    expect(whiteProductPrice(white("shirt"), "42")).toBe(299 + 20 * 10);
    expect(whiteProductPrice(white("salwar-suit"), "42")).toBe(399 + 30 * 10);
    expect(whiteProductPrice(white("shorts"), "24")).toBe(264);
  });

  it("has no price for a size it does not come in", () => {
    expect(whiteProductPrice(white("shirt"), "44")).toBeUndefined();
    expect(whiteProductPrice(white("shirt"), "XL")).toBeUndefined();
    expect(whiteProductPrice(white("socks"), undefined)).toBeUndefined();
  });
});

describe("kids shoes", () => {
  it("go up 20 a size from 7 through 12 and on to 1, 2, 3", () => {
    expect(KIDS_SHOE_SIZES).toEqual(["7", "8", "9", "10", "11", "12", "1", "2", "3"]);
    expect(kidsShoePrice("7")).toBe(150);
    expect(kidsShoePrice("8")).toBe(170);
    expect(kidsShoePrice("12")).toBe(250);
    expect(kidsShoePrice("1")).toBe(270);
    expect(kidsShoePrice("3")).toBe(310);
  });

  it("have no price for a size outside the list", () => {
    expect(kidsShoePrice("4")).toBeUndefined();
    expect(kidsShoePrice("13")).toBeUndefined();
    expect(kidsShoePrice(undefined)).toBeUndefined();
  });

  it("explain the price under it", () => {
    expect(kidsShoePriceNote("9")).toBe("Size 9 - Base price ₹150 + ₹20 per size increase");
  });
});
