import { describe, expect, it } from "vitest";
import {
  ACCESSORY_CATEGORIES,
  BAGS,
  BOTTLES,
  KIDS_SHOE_STYLES,
  REGULAR_SHOES,
  STATIONERY,
  findKidsShoeStyle,
} from "../../domain/accessories";

const priceList = (products: ReadonlyArray<{ name: string; price: number }>) =>
  products.map((product) => [product.name, product.price]);

describe("accessories", () => {
  it("has the four category tiles with their route slugs", () => {
    expect(ACCESSORY_CATEGORIES.map((category) => [category.name, category.slug])).toEqual([
      ["Stationary", "stationary"],
      ["Shoes", "shoes"],
      ["Bottle", "bottle"],
      ["Bags", "bags"],
    ]);
    for (const category of ACCESSORY_CATEGORIES) expect(category.img).toMatch(/^\/images\/types\/.+\.svg$/);
  });

  it("prices regular shoes as the spec does, in sizes 3 to 10", () => {
    expect(priceList(REGULAR_SHOES)).toEqual([
      ["School Formal Shoes", 550],
      ["Sports Shoes", 750],
      ["Canvas Shoes", 420],
      ["School Sandals", 350],
    ]);
    for (const shoe of REGULAR_SHOES) expect(shoe.sizes).toEqual(["3", "4", "5", "6", "7", "8", "9", "10"]);
  });

  it("prices stationery as the spec does, with no size", () => {
    expect(priceList(STATIONERY)).toEqual([
      ["Premium School Notebook", 45],
      ["Geometric Box Set", 120],
      ["Art & Craft Kit", 85],
      ["Scientific Calculator", 150],
    ]);
    for (const item of STATIONERY) expect(item.sizes).toEqual([]);
  });

  it("prices bottles and bags as the spec does", () => {
    expect(BOTTLES.map((bottle) => bottle.price)).toEqual([180, 250, 320, 150]);
    expect(BAGS.map((bag) => bag.price)).toEqual([550, 750, 450, 380]);
  });

  it("gives every fixed product a unique id, a name and a description", () => {
    for (const shelf of [REGULAR_SHOES, STATIONERY, BOTTLES, BAGS]) {
      expect(new Set(shelf.map((product) => product.id)).size).toBe(shelf.length);
      for (const product of shelf) {
        expect(product.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(product.name).not.toBe("");
        expect(product.description).not.toBe("");
      }
    }
  });

  it("has the seven kids shoe styles with features", () => {
    expect(KIDS_SHOE_STYLES.map((style) => style.slug)).toEqual([
      "black-shoes-laces",
      "white-shoes-laces",
      "black-velcro-shoes",
      "white-velcro-shoes",
      "girl-black-shoes",
      "girls-white-shoes",
      "sports-shoes",
    ]);
    for (const style of KIDS_SHOE_STYLES) expect(style.features.length).toBeGreaterThan(0);
    expect(findKidsShoeStyle("girls-white-shoes")?.name).toBe("Girls White Shoes");
    expect(findKidsShoeStyle("red-shoes")).toBeUndefined();
  });
});
