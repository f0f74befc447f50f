/**
 * What a regular shop's invoice is and how its tax is split (decision 207): nil-rated goods alone are a bill of supply
 * (rule 49), taxable and nil-rated goods together an invoice-cum-bill of supply (rule 46A), taxable goods a tax invoice;
 * inside the state an odd paisa goes to CGST and SGST in turn, never always to CGST.
 */
import { stateOfPincode } from "../../domain/tax/pincode-states";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chargesTax, documentKindFor } from "../../domain/tax/documents";
import { computeOrderTax, type OrderForTax } from "../../domain/tax/lines";

const RAJ = { scheme: "regular" as const, sellerState: "08" as const, rates: {}, stateOf: stateOfPincode };
const notebook = (quantity = 1) => ({ productId: "stationery/premium-school-notebook", name: "Premium School Notebook", size: "Free Size", school: "", unitPrice: 45, quantity });
const shirt = (unitPrice: number, quantity = 1) => ({ productId: "school/sps/shirt", name: "Shirt", size: "30", school: "SPS", unitPrice, quantity });
const bag = { productId: "bags/classic-school-backpack", name: "Classic School Backpack", size: "Free Size", school: "", unitPrice: 550, quantity: 1 };

function order(lines: OrderForTax["lines"], discount = 0, delivery = 0, pincode = "331001"): OrderForTax {
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  return { lines, discount, delivery, total: subtotal - discount + delivery, pincode };
}

describe("the kind of a regular shop's invoice", () => {
  it("is a bill of supply for notebooks alone, an invoice-cum-bill of supply with a shirt beside them, a tax invoice without them", () => {
    const kind = (o: OrderForTax) => documentKindFor("regular", computeOrderTax(o, RAJ).lines);
    expect(kind(order([notebook(4)], 0, 100, "302001"))).toBe("nil-bill-of-supply");
    expect(kind(order([notebook(4), shirt(310)]))).toBe("invoice-cum-bill-of-supply");
    expect(kind(order([shirt(310), bag]))).toBe("tax-invoice");
    expect([chargesTax("nil-bill-of-supply"), chargesTax("invoice-cum-bill-of-supply"), chargesTax("tax-invoice"), chargesTax("bill-of-supply")]).toEqual([false, true, true, false]);
  });

  it("stays a composition shop's bill of supply and an unregistered shop's bill whatever the goods", () => {
    expect(documentKindFor("composition", [{ kind: "goods", rate: 0 }])).toBe("bill-of-supply");
    expect(documentKindFor("unregistered", [{ kind: "goods", rate: 0 }])).toBe("bill");
  });
});

describe("CGST and SGST inside the state", () => {
  it("gives an odd paisa to CGST and SGST in turn down the document", () => {
    // Three shirts whose 5% tax is an odd number of paise: ₹311 → 1481, ₹314 → 1495, ₹319 → 1519.
    const tax = computeOrderTax(order([shirt(311), { ...shirt(314), size: "32" }, { ...shirt(319), size: "34" }]), RAJ);
    const odd = tax.lines.filter((l) => (l.cgst + l.sgst) % 2 === 1);
    expect(odd.length).toBeGreaterThanOrEqual(2);
    expect(odd.some((l) => l.sgst > l.cgst)).toBe(true);
    expect(odd.some((l) => l.cgst > l.sgst)).toBe(true);
  });

  it("keeps each line's halves and the document's CGST and SGST a paisa apart at most, and the lines summing to the total", () => {
    const line = fc.record({ unitPrice: fc.integer({ min: 1, max: 4000 }), quantity: fc.integer({ min: 1, max: 5 }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 50 }), (lines, percent) => {
        const items = lines.map((l, i) => ({ ...shirt(l.unitPrice, l.quantity), size: String(20 + i) }));
        const subtotal = items.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
        const tax = computeOrderTax(order(items, Math.floor((subtotal * percent) / 100)), RAJ);
        for (const l of tax.lines) {
          expect(Math.abs(l.cgst - l.sgst)).toBeLessThanOrEqual(1);
          expect(l.taxable + l.cgst + l.sgst).toBe(l.value);
        }
        expect(Math.abs(tax.totals.cgst - tax.totals.sgst)).toBeLessThanOrEqual(1);
        expect(tax.totals.value).toBe((subtotal - Math.floor((subtotal * percent) / 100)) * 100);
      }),
      { numRuns: 300 },
    );
  });
});
