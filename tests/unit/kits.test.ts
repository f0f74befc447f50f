/**
 * Class kits (decision 134): the kit each school starts with from its item set, the owner's changes
 * as the kit decider rules them (ranges, counts, overlaps, items the school does not sell), and which
 * kit a child of a class and side wears.
 */
import { describe, expect, it } from "vitest";
import { inEnglish } from "../support/refusal";
import { spec } from "../support/decider-spec";
import { findSchool, SCHOOLS } from "../../domain/schools";
import { defaultKits, kitDecider, kitFor, kitsOf, type Kit, type KitCommand, type KitEvent } from "../../domain/kits/kits";

const school = (slug: string) => {
  const found = findSchool(slug);
  if (!found) throw new Error(slug);
  return found;
};
const at = "2026-11-26T06:00:00.000Z";
const set = (kit: Kit, schoolSlug = "dps"): KitCommand => ({ type: "SetKit", school: schoolSlug, kit, actor: "Owner", at });

describe("the kit a school starts with", () => {
  it("gives DPS boys shirt x2, the pant of their classes x2, belt, tie, socks x3, and girls the tunik or skirt", () => {
    const kits = defaultKits(school("dps"));
    expect(kits.map((k) => `${k.from}-${k.to} ${k.side}`)).toEqual(["Nursery-5 boys", "Nursery-5 girls", "6-12 boys", "6-12 girls"]);
    expect(kits[0].items).toEqual([
      { item: "shirt", count: 2 },
      { item: "pant", count: 2 },
      { item: "belt", count: 1 },
      { item: "tie-small", count: 1 },
      { item: "socks-1", count: 3 },
    ]);
    expect(kits[1].items.map((i) => i.item)).toEqual(["shirt", "tunik", "belt", "tie-small", "socks-1"]);
    expect(kits[3].items.map((i) => i.item)).toEqual(["shirt", "skirt", "belt", "tie-big", "socks-1"]);
  });

  it("uses a school's class pants, and leaves out what a school does not sell", () => {
    const shekhawati = defaultKits(school("shekhawati-public-school"));
    expect(shekhawati.find((k) => k.from === "Nursery" && k.side === "boys")?.items.map((i) => i.item)).toContain("pant-class-1-to-5");
    expect(shekhawati.find((k) => k.from === "6" && k.side === "boys")?.items.map((i) => i.item)).toContain("pant-class-6-to-12");
    // St. Xavier's sells no belt or tie; a girls' school no pant: no boys' kit.
    expect(defaultKits(school("st-xaviers"))[0].items.map((i) => i.item)).toEqual(["shirt", "pant", "socks-1"]);
    expect(defaultKits(school("lakshmi-devi-girls-school")).map((k) => k.side)).toEqual(["girls", "girls"]);
  });

  it("gives every school a kit of items it sells", () => {
    for (const s of SCHOOLS) {
      const kits = defaultKits(s);
      expect(kits.length, s.name).toBeGreaterThan(0);
      for (const kit of kits) for (const { item } of kit.items) expect(s.items.some((i) => i.slug === item), `${s.name} ${item}`).toBe(true);
    }
  });
});

describe("the owner's changes", () => {
  const boys15: Kit = { from: "1", to: "5", side: "boys", items: [{ item: "shirt", count: 2 }, { item: "pant", count: 2 }, { item: "belt", count: 1 }, { item: "tie-small", count: 1 }, { item: "socks-1", count: 3 }] };
  const kitSet = (kit: Kit): KitEvent => ({ type: "KitSet", data: { school: "dps", from: kit.from, to: kit.to, side: kit.side, items: kit.items, actor: "Owner", at } });
  const kitRemoved = (kit: Pick<Kit, "from" | "to" | "side">): KitEvent => ({ type: "KitRemoved", data: { school: "dps", from: kit.from, to: kit.to, side: kit.side, actor: "Owner", at } });
  /** The owner removed every kit DPS started with: no range is taken. */
  const noKits = defaultKits(school("dps")).map(kitRemoved);
  const kits = spec(kitDecider);

  it("replaces the defaults with the owner's kits once one is changed", () => {
    const state = kits.given(kitRemoved({ from: "Nursery", to: "5", side: "boys" })).when(set(boys15)).state();
    const dps = kitsOf(state, school("dps"));
    expect(dps.map((k) => `${k.from}-${k.to} ${k.side}`)).toEqual(["Nursery-5 girls", "1-5 boys", "6-12 boys", "6-12 girls"]);
    expect(kitFor(dps, "3", "boys")).toEqual(boys15);
    expect(kitFor(dps, "Nursery", "boys")).toBeUndefined();
  });

  it("decides nothing for the same kit again, and drops items counted 0", () => {
    const dps = defaultKits(school("dps"))[0];
    kits.given().when(set(dps)).thenNothing();
    kits.given().when(set({ ...dps, items: [...dps.items, { item: "t-shirt", count: 0 }] })).thenNothing();
    kits.given(kitRemoved(dps)).when(set({ ...dps, items: [...dps.items, { item: "t-shirt", count: 0 }] })).then([kitSet(dps)]);
  });

  it("refuses overlapping ranges (409), backwards ranges, unsold items and silly counts", () => {
    const overlap = kits.given().when(set(boys15)).thenRefuses("kits.overlap", { from: "Nursery", to: "5" }, 409);
    expect(inEnglish(overlap).message).toBe("Another kit already covers some of these classes (classes Nursery to 5). Change that one, or choose other classes.");
    expect(inEnglish(kits.given(noKits).when(set({ ...boys15, from: "5", to: "1" })).thenRefuses("kits.rangeBackwards")).message).toBe(
      "The first class (5) comes after the last (1).",
    );
    kits.given(noKits).when(set({ ...boys15, items: [{ item: "jacket", count: 1 }] })).thenRefuses("kits.notSold", { item: "jacket" });
    expect(inEnglish(kits.given(noKits).when(set({ ...boys15, items: [{ item: "shirt", count: 10 }] })).thenRefuses("kits.countOutOfRange")).message).toBe(
      "The count of Shirt must be a whole number from 0 to 9.",
    );
    kits.given(noKits).when(set({ ...boys15, items: [{ item: "shirt", count: 0 }] })).thenRefuses("kits.empty");
    expect(inEnglish(kits.given(noKits).when(set({ ...boys15, items: [{ item: "shirt", count: 1 }, { item: "shirt", count: 2 }] })).thenRefuses("kits.itemTwice")).message).toBe(
      "Shirt is in the kit twice.",
    );
    kits.given(noKits).when(set(boys15, "nowhere")).thenRefuses("kits.unknownSchool", {}, 404);
  });

  it("lets one kit for all and the sides' own kits not share a class", () => {
    const all: Kit = { from: "6", to: "12", side: "all", items: [{ item: "shirt", count: 2 }] };
    const state = kits.given(noKits).when(set(all)).state();
    expect(kitFor(kitsOf(state, school("dps")), "8", "girls")).toEqual(all);
    kits.given(noKits, kitSet(all)).when(set({ ...all, from: "12", side: "girls" })).thenRefuses("kits.overlap", { from: "6", to: "12" }, 409);
  });
});
