// The code on a school size's label (decision 182): an in-store EAN-13 that reads back to its SKU, and the
// typed codes a person gets wrong.
import { describe, expect, it } from "vitest";
import { ean13CheckDigit, labelCode, readLabelCode } from "../../domain/stock/labels";
import { SCHOOL_SKU_BASE } from "../../domain/stock/school-stock";

describe("a label's code", () => {
  it("has the EAN-13 check digit (a published example: 400638133393 -> 1)", () => {
    expect(ean13CheckDigit("400638133393")).toBe(1);
  });

  it("is 20, the SKU less the base in ten digits, and the check digit; it reads back to the SKU", () => {
    expect(labelCode(SCHOOL_SKU_BASE + 1)).toBe("2000000000015");
    for (const sku of [SCHOOL_SKU_BASE + 1, SCHOOL_SKU_BASE + 7_200, SCHOOL_SKU_BASE + 123_456]) {
      expect(readLabelCode(labelCode(sku))).toEqual({ ok: true, sku });
    }
  });

  it("takes a typed code with spaces or without its check digit; refuses a mistyped digit and codes of other shops", () => {
    expect(readLabelCode(" 2000000 000015 ")).toEqual({ ok: true, sku: SCHOOL_SKU_BASE + 1 });
    expect(readLabelCode("200000000001")).toEqual({ ok: true, sku: SCHOOL_SKU_BASE + 1 });
    expect(readLabelCode("2000000000016")).toEqual({ ok: false, key: "labels.checkDigit" });
    expect(readLabelCode("4006381333931")).toEqual({ ok: false, key: "labels.notACode" });
    expect(readLabelCode("2000000000008")).toEqual({ ok: false, key: "labels.notACode" });
    expect(readLabelCode("shirt 30")).toEqual({ ok: false, key: "labels.notACode" });
  });

  it("is not made for a number that is not a school size's SKU", () => {
    expect(() => labelCode(42)).toThrow(RangeError);
  });
});
