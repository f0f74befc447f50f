import { describe, expect, it } from "vitest";
import {
  DEFAULT_ITEM_COLOUR,
  DEFAULT_SCHOOL_ITEMS,
  ITEM_COLOURS,
  SCHOOLS,
  findSchool,
  findSchoolItem,
  schoolSlug,
  schoolsFromEntries,
  searchSchools,
  titleFromSlug,
} from "../../domain/schools";

const itemNames = (slug: string) => findSchool(slug)?.items.map((item) => item.name);

describe("school slugs", () => {
  it("follow the spec's rule for the schools it names", () => {
    expect(schoolSlug("DPS")).toBe("dps");
    expect(schoolSlug("St. Xavier's")).toBe("st-xaviers");
    expect(schoolSlug("Other Sample School")).toBe("other-sample-school");
  });

  it("turn runs of punctuation into one hyphen and trim the ends", () => {
    expect(schoolSlug("  Dr. Radhakrishnan -- Vidyalaya! ")).toBe("dr-radhakrishnan-vidyalaya");
    expect(schoolSlug("Scholars' Home School")).toBe("scholars-home-school");
    expect(schoolSlug("St. Mary\u2019s")).toBe("st-marys");
    expect(schoolSlug("Class 1-5")).toBe("class-1-5");
  });

  it("give a heading in title case", () => {
    expect(titleFromSlug("st-xaviers")).toBe("St Xaviers");
    expect(titleFromSlug("other-sample-school")).toBe("Other Sample School");
    expect(titleFromSlug("dps")).toBe("Dps");
  });
});

describe("the school list", () => {
  it("has about forty schools with unique slugs", () => {
    expect(SCHOOLS.length).toBeGreaterThanOrEqual(38);
    expect(SCHOOLS.length).toBeLessThanOrEqual(42);
    expect(new Set(SCHOOLS.map((school) => school.slug)).size).toBe(SCHOOLS.length);
  });

  it("keeps the three schools the spec routes to, not as sample data", () => {
    for (const slug of ["dps", "st-xaviers", "other-sample-school"]) {
      expect(findSchool(slug)?.sample).toBe(false);
    }
    expect(findSchool("st-xaviers")?.name).toBe("St. Xavier's");
    expect(findSchool("st-xaviers")?.heading).toBe("St Xaviers");
  });

  it("marks every other school as sample data", () => {
    const real = new Set(["dps", "st-xaviers", "other-sample-school"]);
    for (const school of SCHOOLS.filter((candidate) => !real.has(candidate.slug))) {
      expect(school.sample, school.name).toBe(true);
    }
  });

  it("gives each school a slug made from its name", () => {
    for (const school of SCHOOLS) expect(school.slug).toBe(schoolSlug(school.name));
  });

  it("sells the default set unless told otherwise", () => {
    expect(itemNames("dps")).toEqual([...DEFAULT_SCHOOL_ITEMS]);
    expect(DEFAULT_SCHOOL_ITEMS).toEqual([
      "Shirt", "Pant", "White Pant", "Tunik", "T-shirt", "Skirt", "Belt", "Tie Small", "Tie Big", "Socks 1", "Socks 2",
    ]);
  });

  it("has the school with white tunik and white skirt and no belt or ties", () => {
    expect(itemNames("st-xaviers")).toEqual([
      "Shirt", "Pant", "White Pant", "White Tunik", "White Skirt", "Tunik", "T-shirt", "Skirt", "Socks 1", "Socks 2",
    ]);
  });

  it("has a school whose pants are split by class", () => {
    const split = SCHOOLS.filter((school) => school.items.some((item) => item.slug === "pant-class-1-to-5"));
    expect(split).toHaveLength(1);
    const slugs = split[0].items.map((item) => item.slug);
    expect(slugs).toContain("pant-class-6-to-12");
    expect(slugs).not.toContain("pant");
  });

  it("has schools adding Lower, Kurti Salwaar and Jacket", () => {
    for (const extra of ["lower", "kurti-salwaar", "jacket"]) {
      expect(SCHOOLS.some((school) => school.items.some((item) => item.slug === extra))).toBe(true);
    }
  });

  it("shows colour buttons on some T-shirt cards and a few Lower cards, Red first", () => {
    const coloured = SCHOOLS.flatMap((school) => school.items.filter((item) => item.colours));
    expect(coloured.some((item) => item.slug === "t-shirt")).toBe(true);
    expect(coloured.some((item) => item.slug === "lower")).toBe(true);
    expect(coloured.every((item) => item.slug === "t-shirt" || item.slug === "lower")).toBe(true);
    expect(ITEM_COLOURS).toEqual(["Red", "Yellow", "Blue", "Green"]);
    expect(DEFAULT_ITEM_COLOUR).toBe("Red");
  });

  it("has some Coming Soon cards and a few logos", () => {
    expect(SCHOOLS.some((school) => school.items.some((item) => item.comingSoon))).toBe(true);
    const logos = SCHOOLS.filter((school) => school.logo).length;
    expect(logos).toBeGreaterThan(0);
    expect(logos).toBeLessThan(SCHOOLS.length / 4);
  });

  it("gives item slugs the same rule and never repeats one within a school", () => {
    for (const school of SCHOOLS) {
      const slugs = school.items.map((item) => item.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const item of school.items) expect(item.slug).toBe(schoolSlug(item.name));
    }
    expect(findSchool("dps")?.items.map((item) => item.slug)).toContain("tie-small");
    expect(findSchool("dps")?.items.map((item) => item.slug)).toContain("socks-1");
  });
});

describe("finding a school and an item", () => {
  it("finds by slug", () => {
    expect(findSchool("dps")?.name).toBe("DPS");
    expect(findSchool("nowhere")).toBeUndefined();
    expect(findSchool("DPS")).toBeUndefined();
  });

  it("finds an item of a school", () => {
    const found = findSchoolItem("dps", "white-pant");
    expect(found?.school.slug).toBe("dps");
    expect(found?.item).toMatchObject({ name: "White Pant", priceType: "white-pant", comingSoon: false });
    expect(findSchoolItem("dps", "jacket")).toBeUndefined();
    expect(findSchoolItem("nowhere", "shirt")).toBeUndefined();
  });

  it("knows that Tie Small and Tie Big share the tie price table", () => {
    expect(findSchoolItem("dps", "tie-small")?.item.priceType).toBe("tie");
    expect(findSchoolItem("dps", "tie-big")?.item.priceType).toBe("tie");
    expect(findSchoolItem("dps", "socks-2")?.item.priceType).toBe("socks-sized");
  });
});

describe("searchSchools", () => {
  it("ignores case and punctuation", () => {
    for (const query of ["st xaviers", "STXAVIER", "St. Xavier's", "xav"]) {
      expect(searchSchools(query).map((school) => school.slug), query).toContain("st-xaviers");
    }
    expect(searchSchools("d.p.s").map((school) => school.slug)).toEqual(["dps"]);
  });

  it("returns every school for an empty query and none for a stranger", () => {
    expect(searchSchools("")).toHaveLength(SCHOOLS.length);
    expect(searchSchools(" - ")).toHaveLength(SCHOOLS.length);
    expect(searchSchools("zzzz")).toEqual([]);
  });

  it("keeps the list order", () => {
    const found = searchSchools("public school");
    expect(found.length).toBeGreaterThan(1);
    expect(found.map((school) => SCHOOLS.indexOf(school))).toEqual(
      [...found.map((school) => SCHOOLS.indexOf(school))].sort((a, b) => a - b),
    );
  });
});

describe("checking an edited school list", () => {
  it("refuses two schools that would share an address", () => {
    expect(() => schoolsFromEntries([{ name: "St. Xavier's" }, { name: "St Xaviers" }])).toThrow(
      /"St. Xavier's" and "St Xaviers" share the address \/schools\/st-xaviers/,
    );
  });

  it("refuses an item listed twice, or marked but not sold", () => {
    expect(() => schoolsFromEntries([{ name: "A", addItems: ["Shirt"] }])).toThrow(/"Shirt" is listed twice/);
    expect(() => schoolsFromEntries([{ name: "A", comingSoon: ["Jacket"] }])).toThrow(/"Jacket" is marked/);
    expect(() => schoolsFromEntries([{ name: "A", colourChoice: ["Lower"] }])).toThrow(/"Lower" is marked/);
  });

  it("refuses a name with no letters or digits", () => {
    expect(() => schoolsFromEntries([{ name: "..." }])).toThrow(/at least one letter or digit/);
  });
});
