import { describe, expect, it } from "vitest";
import {
  catalogueId,
  findCatalogueProduct,
  listCatalogueProducts,
  priceCatalogueLine,
  type LinePrice,
} from "../../domain/catalogue";
import { SCHOOLS } from "../../domain/schools";
import { ILLUSTRATIONS } from "../../domain/images";
import { englishOf } from "../support/refusal";

function unitPrice(id: string, size?: string): number {
  const line = priceCatalogueLine(id, size);
  if (!line.ok) throw new Error(`${id} ${size}: ${englishOf(line.refusal)}`);
  return line.unitPrice;
}

/** The refusal in English, as the /api and an English page word it. */
function refusal(line: LinePrice): string | undefined {
  return line.ok ? undefined : englishOf(line.refusal);
}

const comingSoonItem = SCHOOLS.flatMap((school) =>
  school.items.filter((item) => item.comingSoon).map((item) => ({ school, item })),
)[0];

describe("findCatalogueProduct", () => {
  it("finds a school uniform item with its school and sizes", () => {
    const shirt = findCatalogueProduct("school/dps/shirt");
    expect(shirt).toMatchObject({
      id: "school/dps/shirt",
      name: "Shirt",
      kind: "school-uniform",
      illustration: "shirt",
      school: { slug: "dps", name: "DPS" },
      comingSoon: false,
      description: "High quality school uniform product.",
    });
    expect(shirt?.sizes[0]).toBe("24");
    expect(shirt?.priceFor("46")).toBe(470);
    expect(findCatalogueProduct("school/dps/belt")?.sizes).toEqual([]);
  });

  it("finds every kind by its id", () => {
    expect(findCatalogueProduct("white/socks")?.kind).toBe("white-uniform");
    expect(findCatalogueProduct("kids-shoes/black-velcro-shoes")?.kind).toBe("kids-shoes");
    expect(findCatalogueProduct("shoes/school-sandals")?.kind).toBe("shoes");
    expect(findCatalogueProduct("stationery/scientific-calculator")?.kind).toBe("stationery");
    expect(findCatalogueProduct("bottle/steel-lunch-box")?.kind).toBe("bottle");
    expect(findCatalogueProduct("bags/junior-school-bag")?.kind).toBe("bags");
  });

  it("leaves database products and malformed ids alone", () => {
    for (const id of ["product/12", "", "school/dps", "school/dps/shirt/extra", "white/", "shoes", "bags/nothing", "white/shirt/1"]) {
      expect(findCatalogueProduct(id), id).toBeUndefined();
    }
  });

  it("lists everything once, each findable by its id and drawn with a known illustration", () => {
    const products = listCatalogueProducts();
    const schoolItems = SCHOOLS.reduce((count, school) => count + school.items.length, 0);
    expect(products).toHaveLength(schoolItems + 7 + 7 + 4 * 4);
    expect(new Set(products.map((product) => product.id)).size).toBe(products.length);
    for (const product of products) {
      expect(findCatalogueProduct(product.id)?.name).toBe(product.name);
      expect(ILLUSTRATIONS).toContain(product.illustration);
    }
  });

  it("builds ids the same way it reads them", () => {
    expect(catalogueId.schoolItem("st-xaviers", "white-tunik")).toBe("school/st-xaviers/white-tunik");
    expect(findCatalogueProduct(catalogueId.schoolItem("st-xaviers", "white-tunik"))?.name).toBe("White Tunik");
    expect(findCatalogueProduct(catalogueId.whiteProduct("shirt"))?.name).toBe("White Shirt");
    expect(findCatalogueProduct(catalogueId.kidsShoe("sports-shoes"))).toBeDefined();
    expect(findCatalogueProduct(catalogueId.shoe("canvas-shoes"))).toBeDefined();
    expect(findCatalogueProduct(catalogueId.stationery("art-and-craft-kit"))).toBeDefined();
    expect(findCatalogueProduct(catalogueId.bottle("steel-water-bottle"))).toBeDefined();
    expect(findCatalogueProduct(catalogueId.bag("classic-school-backpack"))).toBeDefined();
  });
});

describe("priceCatalogueLine", () => {
  it("prices school uniform lines from the table", () => {
    expect(unitPrice("school/dps/shirt", "24")).toBe(250);
    expect(unitPrice("school/dps/pant", "42-38")).toBe(500);
    expect(unitPrice("school/dps/white-pant", "42-34")).toBe(680);
    expect(unitPrice("school/dps/t-shirt", "25")).toBe(250);
    expect(unitPrice("school/dps/socks-1", "7")).toBe(50);
    expect(unitPrice("school/st-xaviers/white-skirt", "14")).toBe(300);
  });

  it("writes the size as the table does", () => {
    const line = priceCatalogueLine("school/dps/white-pant", " 38 30 ");
    expect(line).toMatchObject({ ok: true, size: "38-30", unitPrice: 530 });
    expect(priceCatalogueLine("white/socks", "xs")).toMatchObject({ ok: true, size: "XS", unitPrice: 49 });
  });

  it("sells one-size products as Free Size with or without a size sent", () => {
    for (const size of [undefined, "", "  ", "Free Size", "free size"]) {
      expect(priceCatalogueLine("school/dps/tie-big", size)).toMatchObject({ ok: true, size: "Free Size", unitPrice: 100 });
    }
    expect(refusal(priceCatalogueLine("school/dps/belt", "32"))).toBe("Size 32 is not available for Belt.");
  });

  it("prices white products, kids shoes and fixed accessories", () => {
    expect(unitPrice("white/shirt", "42")).toBe(499);
    expect(unitPrice("white/socks", "XL")).toBe(69);
    expect(unitPrice("kids-shoes/girl-black-shoes", "7")).toBe(150);
    expect(unitPrice("kids-shoes/girl-black-shoes", "3")).toBe(310);
    expect(unitPrice("shoes/school-formal-shoes", "3")).toBe(550);
    expect(unitPrice("shoes/sports-shoes", "10")).toBe(750);
    expect(unitPrice("shoes/canvas-shoes", "6")).toBe(420);
    expect(unitPrice("shoes/school-sandals", "8")).toBe(350);
    expect(unitPrice("stationery/premium-school-notebook")).toBe(45);
    expect(unitPrice("stationery/geometric-box-set")).toBe(120);
    expect(unitPrice("stationery/art-and-craft-kit")).toBe(85);
    expect(unitPrice("stationery/scientific-calculator", "Free Size")).toBe(150);
    expect(
      ["steel-water-bottle", "insulated-water-bottle", "steel-lunch-box", "kids-lunch-box"].map((id) => unitPrice(`bottle/${id}`)),
    ).toEqual([180, 250, 320, 150]);
    expect(
      ["classic-school-backpack", "senior-ergonomic-backpack", "junior-school-bag", "nursery-kids-backpack"].map((id) =>
        unitPrice(`bags/${id}`),
      ),
    ).toEqual([550, 750, 450, 380]);
  });

  it("refuses a product that is not in the catalogue", () => {
    for (const id of ["product/3", "school/nowhere/shirt", "school/dps/jacket", "white/cap"]) {
      expect(refusal(priceCatalogueLine(id, "24"))).toBe("This product is not in our catalogue.");
    }
  });

  it("asks for a size when a sized product comes without one", () => {
    expect(refusal(priceCatalogueLine("school/dps/shirt", undefined))).toBe("Please choose a size.");
    expect(refusal(priceCatalogueLine("kids-shoes/sports-shoes", " "))).toBe("Please choose a size.");
    expect(refusal(priceCatalogueLine("shoes/canvas-shoes", undefined))).toBe("Please choose a size.");
  });

  it("refuses a size the product does not come in", () => {
    expect(refusal(priceCatalogueLine("school/dps/shirt", "99"))).toBe("Size 99 is not available for Shirt.");
    expect(refusal(priceCatalogueLine("school/dps/pant", "44 30"))).toBe("Size 44-30 is not available for Pant.");
    expect(refusal(priceCatalogueLine("white/socks", "XXL"))).toBe("Size XXL is not available for White Socks.");
    expect(refusal(priceCatalogueLine("kids-shoes/sports-shoes", "5"))).toBe("Size 5 is not available for Kids Sports Shoes.");
    expect(refusal(priceCatalogueLine("shoes/canvas-shoes", "11"))).toBe("Size 11 is not available for Canvas Shoes.");
    expect(refusal(priceCatalogueLine("stationery/premium-school-notebook", "A4"))).toBe(
      "Size A4 is not available for Premium School Notebook.",
    );
    expect(refusal(priceCatalogueLine("school/dps/shirt", "x".repeat(500)))).toBe("That size is not available for Shirt.");
  });

  it("refuses an item that is coming soon", () => {
    expect(comingSoonItem).toBeDefined();
    const { school, item } = comingSoonItem;
    const product = findCatalogueProduct(`school/${school.slug}/${item.slug}`);
    expect(product?.comingSoon).toBe(true);
    const size = product?.sizes[0];
    expect(refusal(priceCatalogueLine(`school/${school.slug}/${item.slug}`, size))).toBe(
      `${item.name} is coming soon and cannot be ordered yet.`,
    );
    expect(refusal(priceCatalogueLine("school/other-sample-school/tie-big", undefined))).toBe(
      "Tie Big is coming soon and cannot be ordered yet.",
    );
    expect(unitPrice("school/other-sample-school/tie-small")).toBe(100);
  });
});
