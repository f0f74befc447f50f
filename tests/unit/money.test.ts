import { describe, expect, it } from "vitest";
import { formatRupees } from "../../domain/money";

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
