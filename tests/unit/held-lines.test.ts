import { describe, expect, it } from "vitest";
import { linesAsHeld } from "../../domain/orders/held-lines";

const socks = { productId: "school/dps/socks-1", name: "Socks 1", school: "DPS" };

describe("an order's lines as the parent holds them after exchanges", () => {
  it("moves an exchanged pair to its new size at the price paid, so the order lists one pair, not two", () => {
    const held = linesAsHeld([{ ...socks, size: "4", unitPrice: 50, quantity: 1 }], [{ productId: socks.productId, school: "DPS", fromSize: "4", toSize: "5", quantity: 1 }]);
    expect(held).toEqual([{ ...socks, size: "5", unitPrice: 50, quantity: 1, exchangedFrom: "4" }]);
  });

  it("keeps the units not exchanged, joins later exchanges of the same sizes, and follows a size exchanged twice", () => {
    const once = linesAsHeld([{ ...socks, size: "4", unitPrice: 50, quantity: 3 }], [{ productId: socks.productId, school: "DPS", fromSize: "4", toSize: "5", quantity: 1 }]);
    const twice = linesAsHeld(once, [{ productId: socks.productId, school: "DPS", fromSize: "4", toSize: "5", quantity: 1 }]);
    expect(twice).toEqual([
      { ...socks, size: "4", unitPrice: 50, quantity: 1 },
      { ...socks, size: "5", unitPrice: 50, quantity: 2, exchangedFrom: "4" },
    ]);
    const again = linesAsHeld(twice, [{ productId: socks.productId, school: "DPS", fromSize: "5", toSize: "6", quantity: 2 }]);
    expect(again).toEqual([
      { ...socks, size: "4", unitPrice: 50, quantity: 1 },
      { ...socks, size: "6", unitPrice: 50, quantity: 2, exchangedFrom: "5" },
    ]);
    // What the lines add up to never changes: the parent paid for three pairs and holds three.
    expect(again.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)).toBe(150);
  });

  it("takes another product for a bought-in item exchanged for its other size", () => {
    const bag = { productId: "product/12", name: "School Bag", school: "" };
    expect(linesAsHeld([{ ...bag, size: "M", unitPrice: 600, quantity: 1 }], [{ productId: "product/12", school: "", fromSize: "M", toSize: "L", quantity: 1, toProductId: "product/13" }])).toEqual([
      { productId: "product/13", name: "School Bag", school: "", size: "L", unitPrice: 600, quantity: 1, exchangedFrom: "M" },
    ]);
  });
});
