/**
 * A class kit's price before it is added (decision 240): each line in the size shown at the cart's own
 * price, times its count; a line without a size or not sold yet counts nothing; the kit's total with the
 * offer is the cart's sum for the same lines.
 */
import { describe, expect, it } from "vitest";
import { priceCatalogueLine } from "../../domain/catalogue";
import { buildKit, kitLinePrices } from "../../domain/kits/build";
import { defaultKits, kitFor } from "../../domain/kits/kits";
import { kitLineAmount, kitSubtotal } from "../../domain/kits/price";
import { cartTotal } from "../../domain/cart";
import { chargesBeforeDelivery, DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { findSchool } from "../../domain/schools";

const kit = kitFor(defaultKits(findSchool("dps")!), "3", "boys")!;
const lines = buildKit("dps", kit, { measurements: { ageYears: 7, chestCm: 61, waistCm: 56 } }).map((line) => ({
  ...line,
  prices: kitLinePrices(line.productId, line.sizesOffered),
}));

describe("a kit's price", () => {
  it("prices every line in the size shown as the cart does, times its count", () => {
    for (const line of lines) {
      const priced = priceCatalogueLine(line.productId, line.size ?? undefined);
      if (!priced.ok) throw new Error(line.productId);
      expect(kitLineAmount(line)).toBe(priced.unitPrice * line.count);
    }
  });

  it("gives a uniform's price in every size it is made in, and a one-size item's under Free Size", () => {
    const shirt = lines.find((l) => l.item === "shirt")!;
    expect(Object.keys(shirt.prices)).toEqual(shirt.sizesOffered);
    // Bigger sizes cost more: the price follows the size chosen, not the first one.
    expect(shirt.prices["40"]).toBeGreaterThan(shirt.prices["28"]);
    expect(Object.keys(lines.find((l) => l.item === "belt")!.prices)).toEqual(["Free Size"]);
  });

  it("counts nothing for a line without a size, a count of 0, or an item not sold in that size", () => {
    const shirt = lines.find((l) => l.item === "shirt")!;
    expect(kitLineAmount({ ...shirt, size: null })).toBeNull();
    expect(kitLineAmount({ ...shirt, count: 0 })).toBe(0);
    expect(kitLineAmount({ ...shirt, size: "99" })).toBeNull();
    expect(kitSubtotal([{ ...shirt, size: null }, { ...shirt, size: "28", count: 1 }])).toBe(shirt.prices["28"]);
  });

  it("adds up to what the cart's sums give for the same lines, offer and all", () => {
    const subtotal = kitSubtotal(lines);
    const inCart = cartTotal(lines.map((l) => ({ unitPrice: l.prices[l.size!], quantity: l.count })));
    expect(subtotal).toBe(inCart);
    const at = new Date("2026-12-07T06:00:00Z");
    const charges = chargesBeforeDelivery(subtotal, DEFAULT_CHARGE_RULES, at);
    expect(charges.discount).toBe(Math.floor(subtotal / 10));
    expect(charges.total).toBe(subtotal - charges.discount);
  });
});
