/**
 * Size charts, the size finder, next year's sizes and the owner's chart rules (decisions 131, 132):
 * the case (a 7-year-old with a 24-inch chest), growth, what the finder refuses to guess, the
 * catalogue's kinds, and the words of every reason in both languages.
 */
import { describe, expect, it } from "vitest";
import { listCatalogueProducts } from "../../domain/catalogue";
import { DEFAULT_SIZE_CHARTS, ITEM_KINDS, DECIDING_MEASURE, chartOverlaps, itemKindOf, pantCombo, rowsOffered, type SizeRow } from "../../domain/sizes/charts";
import { findSize, sizeUp } from "../../domain/sizes/finder";
import { sizeChartDecider, sizeChartEvents, type SizeChartCommand } from "../../domain/sizes/chart-events";
import { uniformSizes } from "../../domain/pricing";
import { ruleRefusal } from "../support/refusal";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { translate } from "../../domain/i18n";
import { sizeReasonText } from "../../app/sizes/words";
import { readFinderForm } from "../../domain/sizes/finder-form";
import { sizeGuideView } from "../../app/sizes/size-guide.server";

const inches = (n: number) => n * 2.54;
const SHIRT_SIZES = uniformSizes("shirt");
const PANT_SIZES = uniformSizes("pant");
const tIn = (lang: "en" | "hi") => (key: string, values?: Record<string, string | number>) => translate(RESOURCES[lang], lang, key, values, () => {
  throw new Error(`missing ${key}`);
});

describe("the size finder", () => {
  it("gives a 7-year-old with a 24-inch chest the shirt one size up for growth, and says why", () => {
    const advice = findSize("shirt", SHIRT_SIZES, { ageYears: 7, chestCm: inches(24) });
    expect(advice).toEqual({
      kind: "fits",
      size: "28",
      reason: { key: "reason.growth", values: { measure: "chest", value: 24, unit: "in", fits: "26", size: "28" } },
    });
    expect(sizeReasonText(tIn("en"), advice.reason)).toBe("Chest 24 in (61 cm) fits size 26; one size up for growth: size 28.");
    expect(sizeReasonText(tIn("hi"), advice.reason)).toBe("छाती 24 इंच (61 सेमी) में साइज़ 26 आता है; बढ़ते बच्चे के लिए एक साइज़ बड़ा: साइज़ 28।");
  });

  it("words the issue's example: chest 28 in fits size 30, one size up for growth", () => {
    const advice = findSize("shirt", SHIRT_SIZES, { chestCm: inches(28) });
    expect(advice.kind === "fits" && advice.size).toBe("32");
    expect(sizeReasonText(tIn("en"), advice.reason)).toBe("Chest 28 in (71 cm) fits size 30; one size up for growth: size 32.");
  });

  it("keeps the size that fits when the child has room to grow in it, and for a grown-up", () => {
    expect(findSize("shirt", SHIRT_SIZES, { chestCm: inches(23.2) })).toMatchObject({ kind: "fits", size: "26", reason: { key: "reason.fits" } });
    expect(findSize("shirt", SHIRT_SIZES, { ageYears: 17, chestCm: inches(36) })).toMatchObject({ kind: "fits", size: "38", reason: { key: "reason.fits" } });
  });

  it("asks for a measurement instead of guessing outside the chart", () => {
    expect(findSize("shirt", SHIRT_SIZES, { chestCm: inches(15) })).toMatchObject({ kind: "measure", reason: { key: "reason.tooSmall", values: { size: "24" } } });
    expect(findSize("shirt", SHIRT_SIZES, { chestCm: inches(50) })).toMatchObject({ kind: "measure", reason: { key: "reason.tooBig", values: { size: "46" } } });
    // A product made in 24 and 30 only: a 26-inch chest falls between them.
    expect(findSize("shirt", ["24", "30"], { chestCm: inches(26) })).toMatchObject({ kind: "measure", reason: { key: "reason.between" } });
    expect(findSize("shirt", SHIRT_SIZES, {})).toMatchObject({ kind: "measure", reason: { key: "reason.nothingGiven", values: { measure: "chest" } } });
    expect(findSize("shirt", SHIRT_SIZES, { ageYears: 1 })).toMatchObject({ kind: "measure", reason: { key: "reason.ageOutside" } });
    expect(findSize("shirt", SHIRT_SIZES, { lastSize: "27" })).toMatchObject({ kind: "measure", reason: { key: "reason.lastSizeUnknown" } });
  });

  it("says so when the child is growing and the biggest size is already snug", () => {
    expect(findSize("shirt", ["24", "26"], { chestCm: inches(24.5) })).toMatchObject({ kind: "fits", size: "26", reason: { key: "reason.fitsNoRoom" } });
  });

  it("uses age only as age, and says measuring is surer", () => {
    const advice = findSize("shirt", SHIRT_SIZES, { ageYears: 7 });
    expect(advice).toMatchObject({ kind: "fits", size: "26", reason: { key: "reason.byAge" } });
    expect(sizeReasonText(tIn("en"), advice.reason)).toBe("Children of 7 usually wear size 26. Age is only a rough guide: measuring the chest is surer.");
  });

  it("prefers a measurement over last year's size, last year's size over height, height over age", () => {
    expect(findSize("shirt", SHIRT_SIZES, { chestCm: inches(23.2), lastSize: "32", heightCm: 160, ageYears: 14 })).toMatchObject({ size: "26" });
    expect(findSize("shirt", SHIRT_SIZES, { lastSize: "26", heightCm: 160 })).toMatchObject({ size: "28", reason: { key: "reason.lastSizeUp" } });
    expect(findSize("shirt", SHIRT_SIZES, { heightCm: 115, ageYears: 14 })).toMatchObject({ size: "26" });
  });

  it("picks a pant by length and then by waist, and explains the combos", () => {
    expect(findSize("pant", PANT_SIZES, { insideLegCm: inches(21.5), ageYears: 7 })).toMatchObject({ kind: "fits", size: "28" });
    expect(findSize("pant", PANT_SIZES, { insideLegCm: inches(32), waistCm: inches(32), ageYears: 17 })).toMatchObject({ kind: "fits", size: "38-32" });
    expect(pantCombo("38-32")).toEqual({ length: 38, waist: 32 });
    expect(pantCombo("28")).toBeUndefined();
  });

  it("sizes shoes by foot length on the UK (Indian) scale", () => {
    const kids = rowsOffered(DEFAULT_SIZE_CHARTS.kidsShoes, ["7", "8", "9", "10", "11", "12", "1", "2", "3"]);
    // Each size is a third of an inch; rows meet without a gap, 12 runs up to the grown-up 1.
    for (let i = 1; i < kids.length; i += 1) expect(kids[i].fits.foot!.min).toBe(kids[i - 1].fits.foot!.max);
    expect(findSize("kidsShoes", ["7", "8", "9", "10", "11", "12", "1", "2", "3"], { footCm: 17, ageYears: 20 })).toMatchObject({ size: "10" });
  });

  it("gives a one-size item its one size", () => {
    expect(findSize("socks", [], { ageYears: 7 })).toMatchObject({ kind: "fits", size: "Free Size", reason: { key: "reason.oneSize" } });
  });

  it("reads the owner's chart when given one", () => {
    const own = { ...DEFAULT_SIZE_CHARTS, shirt: { kind: "shirt" as const, rows: [{ size: "26", ageFrom: 6, ageTo: 9, fits: { chest: { min: 22, max: 26 } } }] } };
    expect(findSize("shirt", SHIRT_SIZES, { chestCm: inches(24) }, own)).toMatchObject({ kind: "fits", size: "26", reason: { key: "reason.fitsNoRoom" } });
  });

  it("words every reason key in both languages", () => {
    for (const lang of ["en", "hi"] as const) {
      for (const key of Object.keys(RESOURCES.en.sizes.reason)) {
        const text = sizeReasonText(tIn(lang), { key: `reason.${key}`, values: { measure: "chest", value: 24, unit: "in", size: "28", fits: "26", last: "26", age: 7 } });
        expect(text).not.toMatch(/\{\{/);
      }
    }
  });
});

describe("next year's sizes", () => {
  it("moves a size up where the chart's ages say the child has grown", () => {
    expect(sizeUp("shirt", "26", 1, SHIRT_SIZES)).toBe("28");
    expect(sizeUp("shirt", "26", 0, SHIRT_SIZES)).toBe("26");
    expect(sizeUp("shirt", "26", 3, SHIRT_SIZES)).toBe("30");
    expect(sizeUp("shirt", "26", 1, SHIRT_SIZES, DEFAULT_SIZE_CHARTS, 6)).toBe("26");
  });

  it("cannot say for an unknown size or past the biggest size made", () => {
    expect(sizeUp("shirt", "27", 1, SHIRT_SIZES)).toBeNull();
    expect(sizeUp("shirt", "26", 1, ["24", "26"])).toBeNull();
  });
});

describe("the catalogue's kinds", () => {
  it("maps the school items, white uniforms and shoes to their charts", () => {
    expect(itemKindOf("school/dps/shirt")).toBe("shirt");
    expect(itemKindOf("school/dps/t-shirt")).toBe("tshirt");
    expect(itemKindOf("school/shekhawati-public-school/pant-class-6-to-12")).toBe("pant");
    expect(itemKindOf("school/st-xaviers/white-skirt")).toBe("skirt");
    expect(itemKindOf({ productId: "white/salwar-suit" })).toBe("kurtiSalwaar");
    expect(itemKindOf({ id: "kids-shoes/velcro-school-shoes" })).toBe("kidsShoes");
    expect(itemKindOf("shoes/sports-shoes")).toBe("shoes");
    expect(itemKindOf("Kurti Salwaar")).toBe("kurtiSalwaar");
    expect(itemKindOf("school/dps/belt")).toBeNull();
    expect(itemKindOf("bags/school-bag")).toBeNull();
    expect(itemKindOf("product/12")).toBeNull();
  });

  it("has a chart row for every size a charted product is sold in, but the white skirts and tuniks past any child", () => {
    const missing: string[] = [];
    for (const product of listCatalogueProducts()) {
      const kind = itemKindOf(product);
      if (!kind) continue;
      const charted = new Set(DEFAULT_SIZE_CHARTS[kind].rows.map((row) => row.size));
      for (const size of product.sizes) if (!charted.has(size)) missing.push(`${product.id} ${size}`);
    }
    expect(missing.every((line) => /^white\/(skirt|tunik) (3[4-9]|4\d)$/.test(line))).toBe(true);
  });

  it("starts every chart with its deciding measure on every row, sizes once, spans the right way round", () => {
    for (const kind of ITEM_KINDS) {
      const rows = DEFAULT_SIZE_CHARTS[kind].rows;
      expect(sizeChartDecider.decide({ type: "SetChart", kind, rows: [...rows], actor: { kind: "system" }, at: "2026-11-26T10:00:00.000Z" }, { rows: null })).toHaveLength(1);
      for (const row of rows) expect(row.fits[DECIDING_MEASURE[kind]]).toBeDefined();
    }
  });
});

describe("the owner's size charts", () => {
  const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
  const at = "2026-11-26T10:00:00.000Z";
  const row = (size: string, extra: Partial<SizeRow> = {}): SizeRow => ({ size, ageFrom: 6, ageTo: 8, fits: { chest: { min: 23, max: 25 } }, ...extra });
  const set = (rows: SizeRow[]): SizeChartCommand => ({ type: "SetChart", kind: "shirt", rows, actor, at });
  const decide = (command: SizeChartCommand, rows: SizeRow[] | null = null) => sizeChartDecider.decide(command, { rows });

  it("stores a chart, its sizes spelled as the price tables spell them, and nothing when it is the same again", () => {
    const events = decide(set([row(" 26 ")]));
    expect(events).toEqual([{ type: "SizeChartSet", data: { kind: "shirt", rows: [row("26")], actor, at } }]);
    const state = sizeChartDecider.evolve({ rows: null }, events[0]);
    expect(decide(set([row("26")]), state.rows)).toEqual([]);
    expect(sizeChartEvents.toAppend(events[0], "e1").data).toEqual(events[0].data);
  });

  it("goes back to the starting chart once", () => {
    expect(decide({ type: "ResetChart", kind: "shirt", actor, at }, [row("26")])).toEqual([{ type: "SizeChartReset", data: { kind: "shirt", actor, at } }]);
    expect(decide({ type: "ResetChart", kind: "shirt", actor, at }, null)).toEqual([]);
  });

  it("refuses a chart that breaks a rule, in words", () => {
    expect(ruleRefusal(() => decide(set([])))).toEqual({ message: "A size chart needs at least one size.", status: 422 });
    expect(ruleRefusal(() => decide(set([row("26"), row("26")])))).toEqual({ message: "Size 26 is in the chart twice.", status: 422 });
    expect(ruleRefusal(() => decide(set([row("26", { ageFrom: 8, ageTo: 6 })])))).toEqual({
      message: 'For size 26, the age "to" must be more than the age "from".',
      status: 422,
    });
    expect(ruleRefusal(() => decide(set([row("26", { fits: { chest: { min: 25, max: 23 } } })])))).toEqual({
      message: 'For size 26, the chest "to" must be more than its "from".',
      status: 422,
    });
    expect(ruleRefusal(() => decide(set([row("26", { fits: { chest: { min: 23, max: 900 } } })])))).toEqual({
      message: "For size 26, the chest must be more than 0 and at most 250.",
      status: 422,
    });
    expect(ruleRefusal(() => decide(set([row("26", { fits: { height: { min: 110, max: 120 } } })])))).toEqual({
      message: "Size 26 needs its chest: that is what the size is chosen by.",
      status: 422,
    });
    expect(ruleRefusal(() => decide(set([row("26", { fits: { chest: { min: 23, max: 25 }, foot: { min: 1, max: 2 } } })])))).toEqual({
      message: "This chart does not hold the foot length.",
      status: 422,
    });
    expect(ruleRefusal(() => decide(set([row("")])))).toEqual({ message: "Every row needs its size.", status: 422 });
    expect(ruleRefusal(() => decide(set(Array.from({ length: 31 }, (_, i) => row(String(i + 1))))))).toEqual({
      message: "A size chart can have at most 30 sizes.",
      status: 422,
    });
  });
});

describe("sizes of a chart that fit the same figures (issue 48)", () => {
  it("finds none in the starting charts, where pant combos are kept apart by their waists and socks' numbers and letters are two products'", () => {
    for (const kind of ITEM_KINDS) expect(chartOverlaps(DEFAULT_SIZE_CHARTS[kind]), kind).toEqual([]);
  });

  it("names the two sizes, the measure and the figures both fit when the owner stretches one into the next", () => {
    const rows = DEFAULT_SIZE_CHARTS.shirt.rows.map((row) => (row.size === "26" ? { ...row, fits: { ...row.fits, chest: { min: 23, max: 26 } } } : row));
    expect(chartOverlaps({ kind: "shirt", rows })).toEqual([{ measure: "chest", sizes: ["26", "28"], span: { min: 25, max: 26 } }]);
  });
});

describe("the size finder's form and the product page's size guide", () => {
  const query = (text: string) => new URLSearchParams(text);

  it("reads inches or centimetres, a decimal comma, and nothing at all as not asked", () => {
    expect(readFinderForm(query("unit=in"))).toEqual({ asked: false, values: { unit: "in" } });
    expect(readFinderForm(query("age=7&chest=24"))).toMatchObject({ asked: true, measurements: { ageYears: 7, chestCm: 24 * 2.54 } });
    expect(readFinderForm(query("chest=61&unit=cm&foot=19,5&last=38 32"))).toMatchObject({ measurements: { chestCm: 61, footCm: 19.5, lastSize: "38-32" } });
  });

  it("names every figure it cannot read, with the range it wants", () => {
    expect(readFinderForm(query("age=abc&chest=200&last=<b>"))).toEqual({
      asked: true,
      values: { age: "abc", chest: "200", last: "<b>" },
      problems: {
        age: { key: "finder.badNumber", values: { min: 1, max: 25 } },
        chest: { key: "finder.badNumber", values: { min: 10, max: 60 } },
        last: { key: "finder.badSize", values: {} },
      },
    });
  });

  it("shows the product's sizes only, with the combos explained, and answers a bad question with a 400", () => {
    const sizes = uniformSizes("pant-class-6-to-12");
    const guide = sizeGuideView({ kind: "pant", sizesOffered: sizes, chart: DEFAULT_SIZE_CHARTS.pant, edited: false, query: query("leg=32&waist=32&age=17") });
    expect(guide.status).toBe(200);
    // Every size the pant is made in, in the chart's order (shortest, then by waist); none it is not made in.
    expect(guide.view.rows.map((row) => row.size)).toEqual(["30", "32", "34", "36", "38", "38-30", "38-32", "40-30", "40-32", "40-34", "42-32", "42-34", "42-36", "42-38"]);
    expect(new Set(guide.view.rows.map((row) => row.size))).toEqual(new Set(sizes));
    expect(guide.view.notes).toEqual(["lengthSized", "combos"]);
    expect(guide.view.columns.map((column) => column.measure)).toEqual(["insideLeg", "waist", "height"]);
    expect(guide.view.finder.fields).toEqual(["age", "leg", "waist", "height", "last"]);
    expect(guide.view.finder.advice).toMatchObject({ kind: "fits", size: "38-32" });
    expect(sizeGuideView({ kind: "pant", sizesOffered: sizes, chart: DEFAULT_SIZE_CHARTS.pant, edited: false, query: query("leg=x") }).status).toBe(400);
  });
});
