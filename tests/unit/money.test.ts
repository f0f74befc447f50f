import { describe, expect, it } from "vitest";
import { formatPaise, formatRupees, paiseOfRupeeNumber, paiseOfRupees, rupeesTyped } from "../../domain/money";

describe("formatRupees", () => {
  it("writes rupees the Indian way, symbol glued to the digits", () => {
    expect(formatRupees(1250)).toBe("₹1,250");
    expect(formatRupees(310)).toBe("₹310");
    expect(formatRupees(100000)).toBe("₹1,00,000");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("shows no paise", () => {
    expect(formatRupees(499.4)).toBe("₹499");
  });

  it("refuses something that is not an amount", () => {
    expect(() => formatRupees(Number.NaN)).toThrow(RangeError);
  });
});

describe("refunds in paise (decision 209)", () => {
  it("shows paise only when there are some, always two digits of them", () => {
    expect(formatPaise(254_79)).toBe("₹254.79");
    expect(formatPaise(254_80)).toBe("₹254.80");
    expect(formatPaise(1_00_000_05)).toBe("₹1,00,000.05");
    expect(formatPaise(255_00)).toBe("₹255");
    expect(formatPaise(5)).toBe("₹0.05");
    expect(formatPaise(-50)).toBe("-₹0.50");
    expect(rupeesTyped(254_79)).toBe("254.79");
    expect(rupeesTyped(254_05)).toBe("254.05");
    expect(rupeesTyped(255_00)).toBe("255");
  });

  it("reads rupees as the owner types them, to the paisa, and nothing else", () => {
    expect(paiseOfRupees("254.79")).toBe(254_79);
    expect(paiseOfRupees(" ₹ 254.8 ")).toBe(254_80);
    expect(paiseOfRupees("1,00,000")).toBe(1_00_000_00);
    expect(paiseOfRupees("100,000.5")).toBe(1_00_000_50);
    expect(paiseOfRupees("Rs. 12")).toBe(12_00);
    for (const bad of ["1,00", "12.345", "12.", ".5", "-5", "1e3", "", "twelve", "12,3456"]) expect(paiseOfRupees(bad), bad).toBeUndefined();
    // What a JSON amount may say: two digits of paise at most.
    expect(paiseOfRupeeNumber(254.79)).toBe(254_79);
    expect(paiseOfRupeeNumber(0.1 + 0.2)).toBe(30);
    expect(paiseOfRupeeNumber(10.555)).toBeNaN();
    expect(paiseOfRupeeNumber(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});
