// The HSN code and tax class of the shop's own products (decision 200): what the owner may set (4 or 6 digits, of a
// chapter the class's goods are in), the rate table's default per category, the decider over its stream, the form's
// checks, the order line that carries them into the invoice, and orders placed before that still read.
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { describe, expect, it } from "vitest";
import { refusalText } from "../../app/i18n/refusals.server";
import type { ShopProductForCart } from "../../services/catalogue";
import { createLinePricer } from "../../services/line-prices";
import { checkProduct, checkProductChanges } from "../../domain/admin-products";
import { orderEvents, type OrderPlaced } from "../../domain/orders/events";
import { SHOP_CATEGORIES } from "../../domain/shop-products";
import { computeOrderTax } from "../../domain/tax/lines";
import {
  CATEGORY_TAX,
  categoryTax,
  productTaxDecider,
  productTaxEvents,
  productTaxOnFile,
  productTaxProblem,
  productTaxStreamId,
  type ProductTaxCommand,
  type ProductTaxEvent,
} from "../../domain/tax/product-tax";
import { TAX_CLASS_RULES } from "../../domain/tax/rates";
import { englishOf } from "../support/refusal";
import { spec } from "../support/decider-spec";

const RAJ = { scheme: "regular" as const, sellerState: "08" as const, rates: {}, stateOf: stateOfPincode };
const owner = { kind: "admin" as const, id: "a1", name: "Asha" };
const set = (hsn: string, taxClass: string): ProductTaxCommand => ({ type: "SetProductTax", productId: 7, facts: { hsn, taxClass } as ProductTaxCommand["facts"], actor: owner, at: "2026-12-07T10:00:00.000Z" });

describe("what a product's HSN code and class may be", () => {
  it.each([
    ["6205", "shirt", undefined],
    ["620520", "shirt", undefined],
    ["6105", "shirt", undefined],
    ["620333", "blazer", undefined],
    ["6404", "footwear", undefined],
    ["9999", "other", undefined],
    ["620", "shirt", "productTax.hsnFormat"],
    ["62052", "shirt", "productTax.hsnFormat"],
    ["62052011", "shirt", "productTax.hsnFormat"],
    ["62O5", "shirt", "productTax.hsnFormat"],
    ["4820", "shirt", "productTax.hsnNotOfClass"],
    ["6205", "footwear", "productTax.hsnNotOfClass"],
    ["6205", "kurta", "productTax.classUnknown"],
  ])("%s as %s: %s", (hsn, taxClass, problem) => expect(productTaxProblem({ hsn, taxClass })).toBe(problem));

  it("every class's own HSN in the rate table is one it allows", () => {
    for (const [taxClass, rule] of Object.entries(TAX_CLASS_RULES)) {
      if (rule.hsn) expect(productTaxProblem({ hsn: rule.hsn, taxClass }), taxClass).toBeUndefined();
    }
  });

  it("each category of /shop but accessories has the rate table's default", () => {
    for (const category of SHOP_CATEGORIES) {
      const facts = categoryTax(category);
      if (category === "accessories") expect(facts).toBeUndefined();
      else expect(facts && productTaxProblem(facts), category).toBeUndefined();
    }
    expect(categoryTax("shirt")).toEqual({ hsn: "6205", taxClass: "shirt" });
    expect(categoryTax("blazer")).toEqual({ hsn: "6203", taxClass: "blazer" });
    expect(categoryTax("shoes")).toEqual({ hsn: "6404", taxClass: "footwear" });
    expect(CATEGORY_TAX.accessories).toBeNull();
  });
});

describe("the product tax decider", () => {
  const productTax = spec(productTaxDecider);
  const blazerSet: ProductTaxEvent = { type: "ProductTaxSet", data: { productId: 7, hsn: "620333", taxClass: "blazer", actor: owner, at: "2026-12-07T10:00:00.000Z" } };

  it("records the owner's facts, trimmed, and nothing when they are the same", () => {
    productTax.given().when(set(" 620333 ", "blazer")).then([blazerSet]);
    expect(productTax.given(blazerSet).state()).toEqual({ facts: { hsn: "620333", taxClass: "blazer" }, changed: { by: "Asha", at: "2026-12-07T10:00:00.000Z" } });
    productTax.given(blazerSet).when(set("620333", "blazer")).thenNothing();
  });

  it("refuses facts that cannot be, worded in both languages", () => {
    const refused = productTax.given(blazerSet).when(set("62", "blazer")).thenRefuses("productTax.hsnFormat", { hsn: "62", taxClass: "blazer", chapters: "61, 62" }, 422);
    expect(englishOf(refused)).toBe('The HSN code "62" must be 4 or 6 digits.');
    const wrongClass = productTax.given(blazerSet).when(set("4820", "blazer")).thenRefuses("productTax.hsnNotOfClass", { hsn: "4820", taxClass: "blazer", chapters: "61, 62" }, 422);
    expect(englishOf(wrongClass)).toBe("The HSN code 4820 is not of the tax class chosen: its first two digits must be one of 61, 62.");
  });

  it("keeps each product's facts on its own stream", () => {
    expect(productTaxStreamId(7)).toBe("productTax-7");
    expect(productTaxEvents.category).toBe("productTax");
  });

  it("reads the owner's facts, else the category's default, else none", () => {
    expect(productTaxOnFile({ facts: { hsn: "6109", taxClass: "tshirt" }, changed: { by: "Asha", at: "t" } }, "shirt")).toMatchObject({ from: "owner", facts: { hsn: "6109" } });
    expect(productTaxOnFile({}, "pants")).toEqual({ from: "default", facts: { hsn: "6203", taxClass: "trousers" } });
    expect(productTaxOnFile({}, "accessories")).toEqual({ from: "none" });
  });
});

describe("the product form's HSN code and class", () => {
  const base = { name: "Navy School Shirt", price: "450", category: "shirt", gender: "boys" };
  it("takes both, neither, and refuses one without the other or a wrong code by its field", () => {
    expect(checkProduct({ ...base, hsn: "6205", tax_class: "shirt" })).toMatchObject({ ok: true, values: { tax: { hsn: "6205", taxClass: "shirt" } } });
    const neither = checkProduct({ ...base, hsn: "", tax_class: "" });
    expect(neither.ok && neither.values.tax).toBeUndefined();
    expect(checkProduct({ ...base, hsn: "6205" })).toMatchObject({ ok: false, errors: { tax_class: "Choose a tax class for the HSN code" } });
    expect(checkProduct({ ...base, tax_class: "shirt" })).toMatchObject({ ok: false, errors: { hsn: "HSN code is required with a tax class" } });
    expect(checkProduct({ ...base, hsn: "62", tax_class: "shirt" })).toMatchObject({ ok: false, errors: { hsn: "HSN code must be 4 or 6 digits" } });
    expect(checkProduct({ ...base, hsn: "4820", tax_class: "shirt" })).toMatchObject({ ok: false, errors: { hsn: expect.stringMatching(/not of the tax class/) } });
    expect(checkProduct({ ...base, hsn: "6205", tax_class: "kurta" })).toMatchObject({ ok: false, errors: { tax_class: "Unknown tax class: choose one from the list" } });
    expect(checkProductChanges({ hsn: "6203", tax_class: "blazer" })).toEqual({ ok: true, values: { tax: { hsn: "6203", taxClass: "blazer" } } });
  });
});

describe("an order line's HSN code and class on its invoice", () => {
  const line = (unitPrice: number, tax?: { hsn: string; taxClass: "shirt" | "blazer" }) => ({ productId: "product/12", name: "Navy School Shirt", size: "32", school: "", unitPrice, quantity: 1, ...(tax ? { tax } : {}) });
  const order = (lines: ReturnType<typeof line>[], pincode = "110001") => ({ lines, discount: 0, delivery: 0, total: lines.reduce((s, l) => s + l.unitPrice, 0), pincode });

  it("a shop product is taxed by the facts its line carries: 5% up to ₹2,500 a piece, 18% above", () => {
    const tax = computeOrderTax(order([line(450, { hsn: "6205", taxClass: "shirt" }), line(2400, { hsn: "620333", taxClass: "blazer" }), line(3000, { hsn: "6203", taxClass: "blazer" })]), RAJ);
    expect(tax.lines.map(({ hsn, rate }) => ({ hsn, rate }))).toEqual([
      { hsn: "6205", rate: 5 },
      { hsn: "620333", rate: 5 },
      { hsn: "6203", rate: 18 },
    ]);
    expect(tax.lines[1]).toMatchObject({ value: 240_000, taxable: 228_571, igst: 11_429 });
  });

  it("a line placed before the facts (none on it) is taxed as it was sold: the standard rate, no HSN", () => {
    expect(computeOrderTax(order([line(450)]), RAJ).lines[0]).toMatchObject({ hsn: "", rate: 18 });
  });

  it("an order placed before version 4 still reads, its lines without facts; a version 4 line keeps them", () => {
    const data = {
      orderId: "o1",
      lines: [{ productId: "product/12", name: "Navy School Shirt", size: "32", school: "", unitPrice: 450, quantity: 1 }],
      total: 450,
      customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
      address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
      placedAt: "2026-12-01T10:00:00.000Z",
      language: "en",
      subtotal: 450,
      discountPercent: 0,
      discount: 0,
      delivery: 0,
      paymentMethod: "cod",
    };
    const stored = (version: number, lines: unknown[]) => ({ streamId: "order-o1", type: "OrderPlaced", data: { ...data, lines }, metadata: { schemaVersion: version } });
    const linesOf = (version: number, lines: unknown[]) => (orderEvents.read(stored(version, lines) as never).data as OrderPlaced["data"]).lines;
    expect(linesOf(3, data.lines)[0]).not.toHaveProperty("tax");
    expect(linesOf(4, [{ ...data.lines[0], tax: { hsn: "6205", taxClass: "shirt" } }])[0].tax).toEqual({ hsn: "6205", taxClass: "shirt" });
  });
});

describe("a product of the shop's table without an HSN code (decision 200)", () => {
  const badge: ShopProductForCart = { id: "product/7", name: "Steel Badge", price: 40, size: "Free Size", stock: 5, imageUrl: null, category: "accessories" };

  it("is not sold by a shop that issues tax documents, in the parent's language; with its facts set, or by a shop without a GSTIN, it is", async () => {
    const refused = await createLinePricer(async () => badge, undefined, { taxFactsNeeded: true })("product/7", undefined);
    if (refused.ok) throw new Error("an accessory without an HSN code was priced for a registered shop");
    expect(refused.refusal.key).toBe("checkout.noHsn");
    expect(refusalText("en", refused.refusal)).toBe("Steel Badge cannot be sold yet: the shop has not set its HSN code for the tax invoice. Please call the shop.");
    expect(refusalText("hi", refused.refusal)).toContain("HSN कोड नहीं भरा");
    const set = await createLinePricer(async () => ({ ...badge, tax: { hsn: "7326", taxClass: "other" } }), undefined, { taxFactsNeeded: true })("product/7", undefined);
    expect(set.ok && set.product.tax).toEqual({ hsn: "7326", taxClass: "other" });
    expect((await createLinePricer(async () => badge)("product/7", undefined)).ok).toBe(true);
  });
});
