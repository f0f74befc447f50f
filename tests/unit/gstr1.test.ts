// GSTR-1 as the GSTN offline tool imports it (domain/tax/gstr1.ts, docs/tax.md "GSTR-1 files"): each file's header row
// is the tool's CSV template's, word for word; places of supply, UQCs, dates and amounts in the tool's formats; credit
// notes netted into B2CS and the HSN table; nil-rated goods only in exemp.csv; B2CL above ₹1 lakh inter-state; a
// delivery or a refund's note never counted as goods; and, for any month of documents, the files add up to them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { gstr1Files, placeOfSupplyLabel, rupees, toolDate, type Gstr1Document, type Gstr1Line } from "../../domain/tax/gstr1";
import { DELIVERY_SAC, taxOf } from "../../domain/tax/lines";
import { zipFiles } from "../../app/zip.server";
import type { StateCode } from "../../domain/tax/states";

/** The header rows as the offline tool's CSV templates have them (sources in docs/tax.md). */
const TEMPLATE_HEADERS = {
  "b2cs.csv": "Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
  "b2cl.csv": "Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
  "cdnur.csv": "UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount",
  "exemp.csv": "Description,Nil Rated Supplies,Exempted(other than nil rated/non GST supply),Non-GST supplies",
  "hsn(b2c).csv": "HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
  "docs.csv": "Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled",
};

function line(kind: "goods" | "delivery", hsn: string, unit: string, quantity: number, rate: 0 | 5 | 18, value: number, supply: "intra" | "inter"): Gstr1Line {
  return { kind, hsn, unit, quantity, rate, value, ...taxOf(value, rate, supply) };
}

let seq = 0;
function doc(kind: "invoice" | "credit-note", pos: StateCode, lines: Gstr1Line[], extra: Partial<Gstr1Document> = {}): Gstr1Document {
  seq += 1;
  const supply = pos === "08" ? "intra" : "inter";
  return {
    kind,
    number: kind === "invoice" ? `CUH/2627/${String(seq).padStart(6, "0")}` : `CUH/C2627/${String(seq).padStart(5, "0")}`,
    series: kind === "invoice" ? "CUH/2627" : "CUH/C2627",
    sequence: seq,
    issuedAt: "2026-12-04T20:00:00.000Z",
    placeOfSupply: pos,
    supply,
    value: lines.reduce((s, l) => s + l.value, 0),
    invoice: null,
    lines,
    ...extra,
  };
}

const rows = (text: string) => text.trimEnd().split("\r\n").map((r) => r.split(","));

describe("GSTR-1 files for the offline tool", () => {
  const churu = doc("invoice", "08", [
    line("goods", "6205", "PCS", 2, 5, 90000, "intra"),
    line("goods", "4820", "PCS", 3, 0, 13500, "intra"),
    line("goods", "6115", "PRS", 2, 5, 20000, "intra"),
    // Delivery as invoices issued before decision 203 named it (the shirts' HSN): reported under its own code all the same.
    line("delivery", "6205", "NOS", 1, 5, 5000, "intra"),
  ]);
  const delhi = doc("invoice", "07", [line("goods", "4202", "PCS", 1, 18, 55000, "inter"), line("goods", "4820", "PCS", 2, 0, 9000, "inter")]);
  // The bag came back: its line reversed, goods and all.
  const bagBack = doc("credit-note", "07", [line("goods", "4202", "PCS", 1, 18, 55000, "inter")], { invoice: delhi });
  // ₹100 back on the shirts for late delivery: value only, no goods.
  const goodwill = doc("credit-note", "08", [line("goods", "6205", "PCS", 0, 5, 10000, "intra")], { invoice: churu });
  const files = gstr1Files([churu, delhi, bagBack, goodwill], [
    { series: "CUH/2627", kind: "invoice", from: churu.number, to: delhi.number, first: 1, last: 3, issued: 2 },
    { series: "CUH/C2627", kind: "credit-note", from: bagBack.number, to: goodwill.number, first: 3, last: 4, issued: 2 },
  ]);

  it("writes each file with the template's own header row, in English", () => {
    for (const [name, header] of Object.entries(TEMPLATE_HEADERS)) expect(files[name as keyof typeof files].split("\r\n")[0]).toBe(header);
  });

  it("B2CS: taxable rates per place of supply as the tool names it, the month's credit notes netted in, nil left out", () => {
    // Churu 5%: shirts 90000 + socks 20000 + delivery 5000 less the goodwill 10000, all taxable values.
    const fivePct = [90000, 20000, 5000].reduce((s, v) => s + taxOf(v, 5, "intra").taxable, 0) - taxOf(10000, 5, "intra").taxable;
    expect(rows(files["b2cs.csv"]).slice(1)).toEqual([["OE", "08-Rajasthan", "5", "", rupees(fivePct), "", ""]]);
    // Delhi's bag was invoiced and credited in the month: nothing is left at 18%.
    expect(files["b2cs.csv"]).not.toContain("07-Delhi");
  });

  it("exemp: nil-rated goods to unregistered persons, within Rajasthan and to other states", () => {
    expect(rows(files["exemp.csv"]).slice(1)).toEqual([
      ["Inter-State supplies to registered persons", "0.00", "0.00", "0.00"],
      ["Intra-State supplies to registered persons", "0.00", "0.00", "0.00"],
      ["Inter-State supplies to unregistered persons", "90.00", "0.00", "0.00"],
      ["Intra-State supplies to unregistered persons", "135.00", "0.00", "0.00"],
    ]);
  });

  it("HSN: quantities of goods with the tool's UQC; the delivery adds value but no goods, the goodwill note value but no quantity", () => {
    const byHsn = Object.fromEntries(rows(files["hsn(b2c).csv"]).slice(1).map((r) => [`${r[0]}|${r[2]}|${r[5]}`, r]));
    expect(byHsn["6205|PCS-PIECES|5"]?.[3]).toBe("2");
    expect(byHsn["6205|PCS-PIECES|5"]?.[4]).toBe("800.00");
    expect(byHsn["6205|NA|5"]).toBeUndefined();
    expect(byHsn[`${DELIVERY_SAC}|NA|5`]?.slice(3, 5)).toEqual(["0", "50.00"]);
    expect(byHsn["6115|PRS-PAIRS|5"]?.slice(3, 5)).toEqual(["2", "200.00"]);
    expect(byHsn["4820|PCS-PIECES|0"]?.slice(3, 5)).toEqual(["5", "225.00"]);
    // The bag sold and returned in the month nets to nothing.
    expect(byHsn["4202|PCS-PIECES|18"]).toBeUndefined();
  });

  it("docs: the tool's names of the documents, the run of numbers and the numbers not used", () => {
    expect(rows(files["docs.csv"]).slice(1)).toEqual([
      ["Invoices for outward supply", churu.number, delhi.number, "3", "1"],
      ["Credit Note", bagBack.number, goodwill.number, "2", "0"],
    ]);
  });

  it("B2CL: an inter-state invoice above ₹1 lakh goes there with its date and value, and its credit note to cdnur", () => {
    const big = doc("invoice", "27", [line("goods", "6201", "PCS", 40, 18, 1_20_000_00, "inter")], { issuedAt: "2026-12-01T04:00:00.000Z" });
    const small = doc("invoice", "27", [line("goods", "6201", "PCS", 1, 18, 1_00_000_00, "inter")]);
    const back = doc("credit-note", "27", [line("goods", "6201", "PCS", 2, 18, 6_000_00, "inter")], { invoice: big, issuedAt: "2026-12-09T04:00:00.000Z" });
    const out = gstr1Files([big, small, back], []);
    expect(rows(out["b2cl.csv"]).slice(1)).toEqual([[big.number, "01-Dec-2026", "120000.00", "27-Maharashtra", "", "18", rupees(taxOf(1_20_000_00, 18, "inter").taxable), "", ""]]);
    // Exactly ₹1,00,000 is not above the limit: B2CS.
    expect(rows(out["b2cs.csv"]).slice(1)).toEqual([["OE", "27-Maharashtra", "18", "", rupees(taxOf(1_00_000_00, 18, "inter").taxable), "", ""]]);
    expect(rows(out["cdnur.csv"]).slice(1)).toEqual([["B2CL", back.number, "09-Dec-2026", "C", "27-Maharashtra", "6000.00", "", "18", rupees(taxOf(6_000_00, 18, "inter").taxable), ""]]);
  });

  it("formats as the tool reads: the day in India, the tool's state names, amounts without separators", () => {
    expect(toolDate("2026-12-31T19:00:00.000Z")).toBe("01-Jan-2027");
    expect(placeOfSupplyLabel("26")).toBe("26-Dadra & Nagar Haveli & Daman & Diu");
    expect(placeOfSupplyLabel("31")).toBe("31-Lakshdweep");
    expect(rupees(123456789)).toBe("1234567.89");
    expect(rupees(-5)).toBe("-0.05");
  });

  it("zips the month's files in one download, each readable as written", () => {
    const unzipped = unzipSync(zipFiles(files));
    expect(Object.keys(unzipped).sort()).toEqual(Object.keys(TEMPLATE_HEADERS).sort());
    for (const [name, text] of Object.entries(files)) expect(strFromU8(unzipped[name])).toBe(text);
  });
});

describe("GSTR-1 files add up to the month's documents (property)", () => {
  const states: StateCode[] = ["08", "07", "27", "09"];
  const lineArb = (supply: "intra" | "inter") =>
    fc
      .record({
        kind: fc.constantFrom("goods" as const, "goods" as const, "delivery" as const),
        hsn: fc.constantFrom("6205", "4820", "4202", "6115"),
        unit: fc.constantFrom("PCS", "PRS"),
        quantity: fc.integer({ min: 1, max: 5 }),
        rate: fc.constantFrom(0 as const, 5 as const, 18 as const),
        value: fc.integer({ min: 1, max: 2_000_00_00 }),
      })
      .map((l) => line(l.kind, l.hsn, l.unit, l.quantity, l.rate, l.value, supply));
  const docArb = fc.constantFrom(...states).chain((pos) => {
    const supply = pos === "08" ? "intra" : "inter";
    return fc.record({ pos: fc.constant(pos), lines: fc.array(lineArb(supply), { minLength: 1, maxLength: 4 }), credits: fc.array(fc.nat({ max: 3 }), { maxLength: 2 }) });
  });

  it("B2CS + B2CL - cdnur + nil equals invoices less credit notes; the HSN table equals them in value, tax and goods", () => {
    fc.assert(
      fc.property(fc.array(docArb, { minLength: 1, maxLength: 8 }), (specs) => {
        const documents: Gstr1Document[] = [];
        let goods = 0;
        for (const spec of specs) {
          const invoice = doc("invoice", spec.pos, spec.lines);
          documents.push(invoice);
          goods += spec.lines.filter((l) => l.kind === "goods").reduce((s, l) => s + l.quantity, 0);
          for (const at of spec.credits) {
            const back = spec.lines[at % spec.lines.length];
            // A return of the whole line: value, tax and its goods.
            const credited = { ...back, quantity: back.kind === "goods" ? back.quantity : 0 };
            documents.push(doc("credit-note", spec.pos, [credited], { invoice }));
            goods -= credited.quantity;
          }
        }
        const files = gstr1Files(documents, []);
        const sign = (d: Gstr1Document) => (d.kind === "invoice" ? 1 : -1);
        const net = (key: "value" | "taxable" | "cgst" | "sgst" | "igst") => documents.reduce((s, d) => s + sign(d) * d.lines.reduce((t, l) => t + l[key], 0), 0);
        const paisa = (text: string) => Math.round(Number(text) * 100);
        const column = (name: keyof typeof files, index: number) => rows(files[name]).slice(1).reduce((s, r) => s + paisa(r[index]), 0);
        const nil = rows(files["exemp.csv"]).slice(1).reduce((s, r) => s + paisa(r[1]), 0);
        expect(column("b2cs.csv", 4) + column("b2cl.csv", 6) - column("cdnur.csv", 8) + nil).toBe(net("taxable"));
        expect(column("hsn(b2c).csv", 4)).toBe(net("value"));
        expect(column("hsn(b2c).csv", 6)).toBe(net("taxable"));
        expect(column("hsn(b2c).csv", 7)).toBe(net("igst"));
        expect(column("hsn(b2c).csv", 8)).toBe(net("cgst"));
        expect(column("hsn(b2c).csv", 9)).toBe(net("sgst"));
        expect(rows(files["hsn(b2c).csv"]).slice(1).reduce((s, r) => s + Number(r[3]), 0)).toBe(goods);
        // Whatever HSN a delivery line carried, its row is the delivery's own code, and no goods HSN has a service's row.
        for (const r of rows(files["hsn(b2c).csv"]).slice(1)) expect(r[2] === "NA").toBe(r[0] === DELIVERY_SAC);
      }),
      { numRuns: 300 },
    );
  });
});
