/**
 * Each school's colours (decision 140): the starting colours, the owner's changes through the one
 * command handler on the real store (with who made them), the refusals in both languages, and the
 * drawings the colours paint.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { refusalText } from "../../app/i18n/refusals.server";
import { isRuleViolation } from "../../domain/errors";
import { illustrationUrl } from "../../domain/images";
import { DEFAULT_SCHOOL_COLOURS, normaliseColour, schoolColoursDecider, schoolColourEvents, schoolColoursStreamId } from "../../domain/photos/colours";
import { COLOURED_DRAWINGS, colouredDrawingSvg, coloursKey, outlineOf, parseColoursKey, schoolDrawingUrl } from "../../domain/photos/drawings";
import { SCHOOLS } from "../../domain/schools";
import { PostgresEventStore } from "../../eventstore/postgres";
import { createSchoolColourService } from "../../services/school-colours";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { handlerOnly } from "../../eventstore/command-handler";

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const navy = { shirt: "#FFFFFF", bottom: "#1e355c", accent: "9b2945" };

async function refusedWith(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return { en: refusalText("en", err), hi: refusalText("hi", err), status: err.status };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("a school's colours through the command handler", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let colours: ReturnType<typeof createSchoolColourService>;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database);
    colours = createSchoolColourService({ store: handlerOnly(store) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("starts every school on the colours the drawings were made in", async () => {
    expect(await colours.onFile("dps")).toEqual({ colours: DEFAULT_SCHOOL_COLOURS, own: false });
    const all = await colours.of(SCHOOLS.map((school) => school.slug));
    expect(all.size).toBe(SCHOOLS.length);
    expect([...all.values()].every((c) => c === DEFAULT_SCHOOL_COLOURS)).toBe(true);
  });

  it("records the owner's colours, spelled one way, with the admin as actor; the same colours again record nothing", async () => {
    expect(await colours.set("st-xaviers", navy, owner)).toEqual({ changed: true });
    expect(await colours.onFile("st-xaviers")).toEqual({ colours: { shirt: "#ffffff", bottom: "#1e355c", accent: "#9b2945" }, own: true });
    expect(await colours.set("st-xaviers", { shirt: "#ffffff", bottom: "#1E355C", accent: "#9b2945" }, owner)).toEqual({ changed: false });
    const events = await store.readStream(schoolColoursStreamId("st-xaviers"));
    expect(events.map((e) => e.type)).toEqual(["SchoolColoursSet"]);
    expect(schoolColourEvents.read(events[0]).data).toMatchObject({ school: "st-xaviers", actor: owner });
    // Another school keeps its own.
    expect((await colours.onFile("dps")).own).toBe(false);
  });

  it("goes back to the starting colours once; a school on them records no reset", async () => {
    expect(await colours.reset("st-xaviers", owner)).toEqual({ changed: true });
    expect(await colours.onFile("st-xaviers")).toEqual({ colours: DEFAULT_SCHOOL_COLOURS, own: false });
    expect(await colours.reset("st-xaviers", owner)).toEqual({ changed: false });
    expect(await colours.reset("dps", owner)).toEqual({ changed: false });
    // Setting the starting colours on a school that has them is no change either.
    expect(await colours.set("dps", DEFAULT_SCHOOL_COLOURS, owner)).toEqual({ changed: false });
  });

  it("refuses a colour that is not #rrggbb, naming the part, and a school the shop does not list", async () => {
    expect(await refusedWith(colours.set("dps", { ...navy, bottom: "navy" }, owner))).toEqual({
      en: "Please choose a colour for the pant and skirt.",
      hi: "कृपया पैंट और स्कर्ट का रंग चुनें।",
      status: 422,
    });
    expect(await refusedWith(colours.set("no-such-school", navy, owner))).toMatchObject({ en: "There is no such school.", status: 404 });
    expect((await store.readStream(schoolColoursStreamId("dps"))).length).toBe(0);
  });
});

describe("the colours decider", () => {
  it("folds a set and a reset", () => {
    const { evolve, initialState } = schoolColoursDecider;
    const set = evolve(initialState(), { type: "SchoolColoursSet", data: { school: "dps", colours: DEFAULT_SCHOOL_COLOURS, actor: owner, at: "2026-11-26T10:00:00Z" } });
    expect(set.colours).toEqual(DEFAULT_SCHOOL_COLOURS);
    expect(evolve(set, { type: "SchoolColoursReset", data: { school: "dps", actor: owner, at: "2026-11-26T10:01:00Z" } }).colours).toBeNull();
  });

  it("reads a colour only as six hex digits", () => {
    expect(normaliseColour(" #AbCdEf ")).toBe("#abcdef");
    expect(normaliseColour("abcdef")).toBe("#abcdef");
    for (const bad of ["#abc", "red", "#abcdeg", "#abcdef0", "", "url(x)"]) expect(normaliseColour(bad)).toBeUndefined();
  });

  it("has the words of every part and refusal in English and Hindi", () => {
    for (const lang of ["en", "hi"] as const) {
      const refusals = RESOURCES[lang].refusals as Record<string, Record<string, string>>;
      expect(Object.keys(refusals.schoolColourPart).sort()).toEqual(["accent", "bottom", "shirt"]);
      expect(refusals.schoolColours.notAColour).toContain("{{part}}");
    }
  });
});

describe("the drawings in a school's colours", () => {
  const maroon = { shirt: "#f5e6c8", bottom: "#6b1d2a", accent: "#1f5a3a" };

  it("paints each part where it belongs and outlines it a shade darker", () => {
    expect(colouredDrawingSvg("shirt", maroon)).toContain('fill="#f5e6c8"');
    expect(colouredDrawingSvg("pant", maroon)).toContain(`fill="#6b1d2a" stroke="${outlineOf("#6b1d2a")}"`);
    expect(colouredDrawingSvg("skirt", maroon)).toContain('fill="#6b1d2a"');
    expect(colouredDrawingSvg("tie", maroon)).toContain('fill="#1f5a3a"');
    expect(colouredDrawingSvg("tshirt", maroon)).toContain('fill="#1f5a3a"');
    expect(outlineOf("#6b1d2a")).toBe("#42121a");
    // A white shirt keeps the grey outline the drawings have.
    expect(outlineOf("#ffffff")).toBe("#6b7a90");
    for (const kind of COLOURED_DRAWINGS) {
      const svg = colouredDrawingSvg(kind, maroon);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 200"/);
      expect(svg).not.toMatch(/script|href|on\w+=/i);
    }
  });

  it("names the colours in the address and reads only that back", () => {
    expect(coloursKey(maroon)).toBe("f5e6c8-6b1d2a-1f5a3a");
    expect(parseColoursKey("f5e6c8-6b1d2a-1f5a3a")).toEqual(maroon);
    for (const bad of ["f5e6c8-6b1d2a", "F5E6C8-6b1d2a-1f5a3a", "f5e6c8-6b1d2a-1f5a3a-000000", "../x-y-z"]) expect(parseColoursKey(bad)).toBeUndefined();
    expect(schoolDrawingUrl("pant", maroon)).toBe("/drawings/pant/f5e6c8-6b1d2a-1f5a3a.svg");
    // White items stay white, shoes and bags keep their own drawings.
    expect(schoolDrawingUrl("pant-white", maroon)).toBe(illustrationUrl("pant-white"));
    expect(schoolDrawingUrl("bag", maroon)).toBe(illustrationUrl("bag"));
  });
});
