import { describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed-products";
import { KIDS_SHOE_STYLES } from "../../domain/accessories";
import { checkProduct, checkProductChanges, PRODUCT_MESSAGES } from "../../domain/admin-products";
import { findCatalogueProduct, listCatalogueProducts } from "../../domain/catalogue";
import { descriptionIn, nameIn, schoolNameIn, sizeIn } from "../../domain/catalogue-words";
import { SCHOOLS, searchSchools } from "../../domain/schools";

const DEVANAGARI = /[\u0900-\u097f]/;

describe("catalogue words in Hindi", () => {
  it("gives every catalogue item a Hindi name and description that a Hindi page shows", () => {
    for (const product of listCatalogueProducts()) {
      expect(product.nameHi, product.id).toMatch(DEVANAGARI);
      expect(product.descriptionHi, product.id).toMatch(DEVANAGARI);
      expect(nameIn("hi", product), product.id).toBe(product.nameHi);
      expect(descriptionIn("hi", product), product.id).toBe(product.descriptionHi);
      expect(nameIn("en", product), product.id).toBe(product.name);
      expect(descriptionIn("en", product), product.id).toBe(product.description);
    }
    expect(nameIn("hi", findCatalogueProduct("school/dps/tie-big")!)).toBe("टाई (बड़ी)");
    expect(nameIn("hi", findCatalogueProduct("stationery/scientific-calculator")!)).toBe("साइंटिफ़िक कैलकुलेटर");
  });

  it("gives every seeded shop product a Hindi name and description", () => {
    for (const product of SEED_PRODUCTS) {
      expect(product.name_hi, product.name).toMatch(DEVANAGARI);
      expect(product.description_hi, product.name).toMatch(DEVANAGARI);
    }
    expect(new Set(SEED_PRODUCTS.map((product) => product.name_hi)).size).toBe(SEED_PRODUCTS.length);
  });

  it("lists each kids shoe's features in Hindi, line for line", () => {
    for (const style of KIDS_SHOE_STYLES) {
      expect(style.featuresHi).toHaveLength(style.features.length);
      for (const feature of style.featuresHi) expect(feature).toMatch(DEVANAGARI);
    }
  });

  it("falls back to the English where there is no Hindi, or only a blank one", () => {
    expect(nameIn("hi", { name: "Navy Blazer", nameHi: null })).toBe("Navy Blazer");
    expect(nameIn("hi", { name: "Navy Blazer" })).toBe("Navy Blazer");
    expect(nameIn("hi", { name: "Navy Blazer", nameHi: "  " })).toBe("Navy Blazer");
    expect(descriptionIn("hi", { description: "Wool blend", descriptionHi: "" })).toBe("Wool blend");
    expect(nameIn("en", { name: "Navy Blazer", nameHi: "नेवी ब्लू ब्लेज़र" })).toBe("Navy Blazer");
  });

  it("says size words in Hindi and leaves numbers and letter sizes as they are", () => {
    expect(sizeIn("hi", "Free Size")).toBe("फ्री साइज़");
    expect(sizeIn("hi", "One Size")).toBe("वन साइज़");
    expect(sizeIn("en", "Free Size")).toBe("Free Size");
    for (const size of ["32", "38-30", "XL", "7"]) expect(sizeIn("hi", size)).toBe(size);
  });

  it("keeps a school's own name first and adds its Devanagari form on Hindi pages only", () => {
    const xaviers = SCHOOLS.find((school) => school.slug === "st-xaviers")!;
    const dps = SCHOOLS.find((school) => school.slug === "dps")!;
    expect(schoolNameIn("hi", xaviers)).toBe("St. Xavier's / सेंट ज़ेवियर्स");
    expect(schoolNameIn("en", xaviers)).toBe("St. Xavier's");
    expect(schoolNameIn("hi", dps)).toBe("DPS");
    for (const school of SCHOOLS.filter((s) => s.nameHi)) expect(school.nameHi, school.name).toMatch(DEVANAGARI);
    expect(findCatalogueProduct("school/st-xaviers/shirt")?.school).toEqual({ slug: "st-xaviers", name: "St. Xavier's", nameHi: "सेंट ज़ेवियर्स" });
  });

  it("finds a school by its Devanagari form", () => {
    expect(searchSchools("शेखावाटी").map((school) => school.slug)).toEqual(["shekhawati-public-school"]);
    expect(searchSchools("st xaviers").map((school) => school.slug)).toEqual(["st-xaviers"]);
    // By the names parents use besides the one on the sign: DPS is the Delhi Public School.
    expect(searchSchools("delhi public").map((school) => school.slug)).toEqual(["dps"]);
    expect(searchSchools("दिल्ली पब्लिक").map((school) => school.slug)).toEqual(["dps"]);
    expect(searchSchools("saint xavier").map((school) => school.slug)).toEqual(["st-xaviers"]);
  });
});

describe("a shop product's Hindi words from the admin and the /api", () => {
  const base = { name: "Navy Blazer", price: 999, category: "blazer", gender: "unisex" };

  it("leaves the Hindi alone when the form or call does not send it", () => {
    const checked = checkProduct(base);
    expect(checked.ok && "nameHi" in checked.values).toBe(false);
    expect(checked.ok && "descriptionHi" in checked.values).toBe(false);
    const changes = checkProductChanges({ price: 1099 });
    expect(changes).toEqual({ ok: true, values: { price: 1099 } });
  });

  it("takes a Hindi name and description, and a blank one as none", () => {
    expect(checkProduct({ ...base, name_hi: " नेवी ब्लू ब्लेज़र ", description_hi: "ऊनी" })).toMatchObject({
      ok: true,
      values: { nameHi: "नेवी ब्लू ब्लेज़र", descriptionHi: "ऊनी" },
    });
    expect(checkProductChanges({ name_hi: "" })).toEqual({ ok: true, values: { nameHi: null } });
    expect(checkProductChanges({ description_hi: null })).toEqual({ ok: true, values: { descriptionHi: null } });
  });

  it("refuses a Hindi name or description longer than the English may be", () => {
    expect(checkProduct({ ...base, name_hi: "क".repeat(201) })).toEqual({ ok: false, errors: { name_hi: PRODUCT_MESSAGES.nameHiTooLong } });
    expect(checkProduct({ ...base, description_hi: "क".repeat(1001) })).toEqual({
      ok: false,
      errors: { description_hi: PRODUCT_MESSAGES.descriptionHiTooLong },
    });
  });
});
