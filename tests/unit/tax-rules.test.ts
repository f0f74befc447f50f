// The GST rules of domain/tax (docs/tax.md): the GSTIN's check character, pincode to state, each product's class and
// rate (Notification 9/2025-CT(R)), the discount shared to the paisa, CGST + SGST inside Rajasthan and IGST outside,
// the delivery shared over the goods' rates by value (decision 203), credit notes reversing line by line, and the numbers of the series.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gstinCheckCharacter, gstinProblem } from "../../domain/tax/gstin";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { classRule, rateFor, readTaxRateSettings, taxClassOf, TAX_CLASS_RULES } from "../../domain/tax/rates";
import { allocate, computeOrderTax, DELIVERY_SAC, creditLines, formatPaisa, sumLines, type OrderForTax } from "../../domain/tax/lines";
import { documentsDue } from "../../domain/orders/order-documents";
import { decideTaxDocument, documentKindOf, noTaxDocuments, evolveTaxDocuments, type InvoiceIssued } from "../../domain/tax/documents";
import { documentNumber, financialYear, seriesDecider, seriesName, type SeriesCommand, type SeriesEvent } from "../../domain/tax/series";
import { defaultInvoicePrefix, invoicePrefixProblem, readGrievanceOfficer } from "../../domain/tax/seller";
import { phoneProblem } from "../../domain/contact";
import { spec } from "../support/decider-spec";
import { ruleRefusal } from "../support/refusal";
import { readConfig } from "../../server/config";

const RAJ = { scheme: "regular" as const, sellerState: "08" as const, rates: {}, stateOf: stateOfPincode };

function order(lines: OrderForTax["lines"], extra: Partial<OrderForTax> = {}): OrderForTax {
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const discount = extra.discount ?? 0;
  const delivery = extra.delivery ?? 0;
  return { lines, discount, delivery, total: subtotal - discount + delivery, pincode: "331001", ...extra };
}
const shirt = (unitPrice: number, quantity = 1) => ({ productId: "school/sps/shirt", name: "Shirt", size: "30", school: "SPS", unitPrice, quantity });
const notebook = (quantity = 1) => ({ productId: "stationery/premium-school-notebook", name: "Premium School Notebook", size: "Free Size", school: "", unitPrice: 45, quantity });
const geometry = { productId: "stationery/geometric-box-set", name: "Geometric Box Set", size: "Free Size", school: "", unitPrice: 120, quantity: 1 };
const bag = { productId: "bags/classic-school-backpack", name: "Classic School Backpack", size: "Free Size", school: "", unitPrice: 550, quantity: 1 };

describe("GSTIN", () => {
  it("verifies the check character (mod 36 over the first fourteen)", () => {
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinProblem("27AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinProblem("08AAPFU0939F1ZV")).toBeUndefined();
    expect(gstinProblem("08AAPFU0939F1ZW")).toMatch(/check character W where V/);
    expect(gstinProblem("08AAPFU0939F1Z")).toMatch(/15-character/);
    expect(gstinProblem("99AAPFU0939F1ZV")).toMatch(/no state/);
  });
});

describe("pincode to state", () => {
  it.each([
    ["331001", "08"], ["302001", "08"], ["110001", "07"], ["400001", "27"], ["403001", "30"], ["560001", "29"], ["605001", "34"], ["999999", undefined],
  ])("%s → %s", (pincode, state) => expect(stateOfPincode(pincode)).toBe(state));
});

describe("rates (Notification 9/2025-CT(R))", () => {
  it("classes the shop's products", () => {
    expect(taxClassOf("school/sps/shirt", "Shirt")).toBe("shirt");
    expect(taxClassOf("school/sps/t-shirt", "T-shirt")).toBe("tshirt");
    expect(taxClassOf("school/sps/socks-1", "Socks 1")).toBe("socks");
    expect(taxClassOf("school/sps/belt", "Belt")).toBe("belt");
    expect(taxClassOf("white/pant", "White Pant")).toBe("trousers");
    expect(taxClassOf("kids-shoes/velcro", "Velcro Shoes")).toBe("footwear");
    expect(taxClassOf("stationery/premium-school-notebook", "Notebook")).toBe("notebook");
    expect(taxClassOf("stationery/geometric-box-set", "Geometric Box Set")).toBe("geometry-box");
    expect(taxClassOf("bags/classic-school-backpack", "Bag")).toBe("bag");
    expect(taxClassOf("product/12", "Steel Bottle")).toBe("other");
  });
  it("classes every kind of item the shop sells, so each invoice line carries its own HSN code", () => {
    const classed = (productId: string, name: string) => {
      const taxClass = taxClassOf(productId, name);
      return `${taxClass} ${TAX_CLASS_RULES[taxClass].hsn}`;
    };
    expect(classed("school/dps/tie-small", "Tie Small")).toBe("tie 6215");
    expect(classed("school/dps/skirt", "Skirt")).toBe("skirt 6204");
    expect(classed("school/dps/tunic", "Tunic")).toBe("skirt 6204");
    expect(classed("school/dps/blazer", "Blazer")).toBe("jacket 6201");
    expect(classed("school/dps/sweater", "Sweater")).toBe("sweater 6110");
    expect(classed("school/dps/pant", "Pant")).toBe("trousers 6203");
    expect(classed("school/dps/tshirt", "Tshirt")).toBe("tshirt 6109");
    // A school's item the rules do not know is still a garment, never another class's code.
    expect(classed("school/dps/pinafore", "Pinafore")).toBe("shirt 6205");
    expect(classed("shoes/black-school-shoes", "Black School Shoes")).toBe("footwear 6404");
    expect(classed("bottle/steel-bottle", "Steel Bottle")).toBe("bottle 7323");
    expect(classed("bottle/steel-lunch-box", "Steel Lunch Box")).toBe("lunch-box 7323");
    expect(classed("stationery/scientific-calculator", "Scientific Calculator")).toBe("calculator 8470");
    expect(classed("stationery/art-kit", "Art Kit")).toBe("art-kit 9609");
    expect(classed("stationery/pencil-pouch", "Pencil Pouch")).toBe("other ");
  });

  it("garments and footwear: 5% up to ₹2,500 a piece before tax, 18% above", () => {
    const rule = TAX_CLASS_RULES.shirt.rule;
    expect(rateFor(rule, 262_500, 1)).toBe(5); // ₹2,625 with tax is ₹2,500 before it
    expect(rateFor(rule, 262_501, 1)).toBe(18);
    expect(rateFor(rule, 500_000, 2)).toBe(5); // two pieces of ₹2,500
    expect(rateFor(TAX_CLASS_RULES.footwear.rule, 300_000, 1)).toBe(18);
  });
  it("exercise books nil, geometry boxes 5%; the uncertain ones are settings with a source", () => {
    expect(classRule("notebook", {}).rule).toEqual({ kind: "fixed", rate: 0 });
    expect(classRule("geometry-box", {}).rule).toEqual({ kind: "fixed", rate: 5 });
    expect(classRule("bag", {}).setting).toBe(true);
    expect(classRule("bag", {}).source).toMatch(/Unconfirmed/);
    expect(classRule("bag", { bag: 5 }).rule).toEqual({ kind: "fixed", rate: 5 });
    // A rate the notification fixes is not a setting: SHOP_GST_RATES cannot move it.
    expect(classRule("notebook", { notebook: 18 }).rule).toEqual({ kind: "fixed", rate: 0 });
    expect(readTaxRateSettings("bag=5, bottle=18")).toEqual({ bag: 5, bottle: 18 });
    expect(readTaxRateSettings("notebook=5")).toMatch(/names classes/);
    expect(readTaxRateSettings("bag=12")).toMatch(/one of 0, 5, 18, 40/);
  });
});

describe("tax per line", () => {
  it("shares the discount to the paisa (largest remainder)", () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(0, [5, 7])).toEqual([0, 0]);
    const parts = allocate(7_77, [450_00, 120_00, 45_00, 1_00]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(7_77);
  });

  it("inside Rajasthan: CGST + SGST, halves; lines add up to the order's total to the paisa", () => {
    const o = order([shirt(450, 2), geometry, notebook(3)], { discount: 115, delivery: 0 });
    const tax = computeOrderTax(o, RAJ);
    expect(tax.supply).toBe("intra");
    expect(tax.placeOfSupply).toBe("08");
    expect(tax.totals.value).toBe(o.total * 100);
    for (const line of tax.lines) {
      expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.value);
      expect(line.igst).toBe(0);
      expect(Math.abs(line.cgst - line.sgst)).toBeLessThanOrEqual(1);
    }
    const [shirts, box, books] = tax.lines;
    expect(shirts.rate).toBe(5);
    expect(box.rate).toBe(5);
    expect(books.rate).toBe(0);
    expect(books.taxable).toBe(books.value);
    // ₹900 of shirts less their share of ₹115 off ₹1,155 (₹89.61): ₹810.39, taxable ₹771.80, tax ₹38.59.
    expect(shirts.value).toBe(81_039);
    expect(shirts.taxable).toBe(77_180);
    expect(shirts.cgst + shirts.sgst).toBe(3_859);
  });

  it("to Delhi: IGST, place of supply 07", () => {
    const tax = computeOrderTax(order([shirt(450)], { pincode: "110001", delivery: 100 }), RAJ);
    expect(tax.supply).toBe("inter");
    expect(tax.placeOfSupply).toBe("07");
    expect(tax.lines.every((l) => l.cgst === 0 && l.sgst === 0)).toBe(true);
    expect(tax.totals.value).toBe(55_000);
  });

  it("delivery is shared over the goods' rates by their value, under its own code, never a goods HSN (decision 203)", () => {
    // A ₹550 bag (18%) and a ₹45 notebook (nil) to Jaipur with ₹100 delivery: ₹92.44 of it at 18%, ₹7.56 nil.
    const tax = computeOrderTax(order([bag, notebook(1)], { pincode: "302001", delivery: 100 }), RAJ);
    const delivery = tax.lines.filter((l) => l.kind === "delivery");
    expect(delivery.map((l) => [l.rate, l.value, l.hsn])).toEqual([
      [18, 9_244, DELIVERY_SAC],
      [0, 756, DELIVERY_SAC],
    ]);
    expect(delivery[0].taxable).toBe(Math.round((9_244 * 100) / 118));
    expect(delivery[1].taxable).toBe(756);
    expect(delivery.every((l) => l.description === "Delivery" && l.unit === "NOS" && l.quantity === 1)).toBe(true);
    // Goods of one rate: one delivery line at it.
    expect(computeOrderTax(order([shirt(450), shirt(300)], { pincode: "302001", delivery: 100 }), RAJ).lines.filter((l) => l.kind === "delivery").map((l) => [l.rate, l.value])).toEqual([[5, 10_000]]);
    // Free delivery is no line of the invoice.
    expect(computeOrderTax(order([bag], { delivery: 0 }), RAJ).lines.map((l) => l.kind)).toEqual(["goods"]);
  });

  it("the issue's Jaipur order: its ₹100 is no longer taxed at 0% under the notebooks' HSN", () => {
    // Five notebooks (₹225, nil) were the largest line beside a ₹120 geometry box (5%): the whole ₹100 went nil under 4820.
    const tax = computeOrderTax(order([notebook(5), geometry], { pincode: "302001", delivery: 100 }), RAJ);
    const delivery = tax.lines.filter((l) => l.kind === "delivery");
    expect(delivery.map((l) => [l.rate, l.value])).toEqual([[0, 6_522], [5, 3_478]]);
    expect(delivery.some((l) => l.hsn === "4820")).toBe(false);
    expect(delivery[1].cgst + delivery[1].sgst).toBe(3_478 - Math.round((3_478 * 100) / 105));
  });

  it("any cart: the delivery lines add up to the charge, each rate's share follows its goods' value to the paisa", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(shirt(450), shirt(2_900), notebook(2), geometry, bag), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 200 }),
        fc.constantFrom("331001", "302001", "110001"),
        (lines, delivery, discount, pincode) => {
          const o = order(lines, { delivery, discount: Math.min(discount, Math.floor(lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0) / 2)), pincode });
          const tax = computeOrderTax(o, RAJ);
          const goods = tax.lines.filter((l) => l.kind === "goods");
          const charged = tax.lines.filter((l) => l.kind === "delivery");
          expect(charged.reduce((s, l) => s + l.value, 0)).toBe(delivery * 100);
          expect(tax.totals.value).toBe(o.total * 100);
          expect(charged.every((l) => l.hsn === DELIVERY_SAC && goods.some((g) => g.rate === l.rate))).toBe(true);
          expect(new Set(charged.map((l) => l.rate)).size).toBe(charged.length);
          const goodsValue = goods.reduce((s, l) => s + l.value, 0);
          for (const line of charged) {
            const atRate = goods.filter((g) => g.rate === line.rate).reduce((s, l) => s + l.value, 0);
            expect(Math.abs(line.value - (delivery * 100 * atRate) / goodsValue)).toBeLessThan(1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("writes paise as the tax documents show them, in Indian grouping", () => {
    expect(formatPaisa(123_456_78)).toBe("₹1,23,456.78");
    expect(formatPaisa(5)).toBe("₹0.05");
    expect(formatPaisa(-10_050)).toBe("-₹100.50");
  });

  it("a composition or unregistered shop collects no tax: rate 0, taxable is the value", () => {
    const tax = computeOrderTax(order([shirt(450), bag]), { ...RAJ, scheme: "composition" });
    expect(tax.lines.every((l) => l.rate === 0 && l.taxable === l.value)).toBe(true);
  });

  it("sums exactly over many odd orders", () => {
    for (let n = 1; n < 60; n += 1) {
      const o = order([shirt(100 + n, 1 + (n % 3)), geometry, notebook(n % 4 + 1), bag], { discount: n * 7, delivery: n % 2 ? 100 : 0, pincode: n % 3 ? "331001" : "110001" });
      const tax = computeOrderTax(o, RAJ);
      expect(tax.totals.value).toBe(o.total * 100);
      expect(tax.totals.taxable + tax.totals.cgst + tax.totals.sgst + tax.totals.igst).toBe(o.total * 100);
    }
  });
});

describe("invoice and credit notes", () => {
  const tax = computeOrderTax(order([shirt(450, 2), geometry, bag], { discount: 50, delivery: 100, pincode: "302001" }), RAJ);
  const invoice: InvoiceIssued["data"] = {
    orderId: "o1", kind: "tax-invoice", number: "CUH/2627/000001", series: "CUH/2627", sequence: 1, issuedAt: "2026-11-26T08:00:00.000Z",
    supplier: { legalName: "Churu Uniform House", address: "Churu", gstin: "08AAPFU0939F1ZV", stateCode: "08" },
    placeOfSupply: tax.placeOfSupply, supply: tax.supply, lines: tax.lines, totals: tax.totals,
  };
  const invoiced = evolveTaxDocuments(noTaxDocuments(), { type: "InvoiceIssued", data: invoice });
  const note = { orderId: "o1", number: "CUH/C2627/000001", series: "CUH/C2627", sequence: 1, issuedAt: invoice.issuedAt, reason: "refund" as const };

  it("a regular shop issues a tax invoice, a composition shop a bill of supply, an unregistered one a plain bill", () => {
    expect([documentKindOf("regular"), documentKindOf("composition"), documentKindOf("unregistered")]).toEqual(["tax-invoice", "bill-of-supply", "bill"]);
  });

  it("is issued once, only when the goods have left", () => {
    expect(ruleRefusal(() => decideTaxDocument({ type: "IssueInvoice", invoice }, { status: "processing", tax: noTaxDocuments() })).status).toBe(409);
    expect(decideTaxDocument({ type: "IssueInvoice", invoice }, { status: "shipped", tax: noTaxDocuments() })).toHaveLength(1);
    expect(decideTaxDocument({ type: "IssueInvoice", invoice }, { status: "delivered", tax: invoiced })).toEqual([]);
  });

  it("is due when the goods leave; a credit note after it when they come back or money is refunded", () => {
    const move = (from: string, to: string) => [{ type: "OrderStatusChanged", data: { from, to } }];
    expect(documentsDue(noTaxDocuments(), move("processing", "shipped"))).toEqual({ invoice: true });
    expect(documentsDue(noTaxDocuments(), move("pending", "delivered"))).toEqual({ invoice: true });
    expect(documentsDue(invoiced, move("shipped", "delivered"))).toEqual({ invoice: false });
    expect(documentsDue(noTaxDocuments(), [{ type: "PaymentRefunded", data: { paise: 100_00 } }])).toEqual({ invoice: false });
    expect(documentsDue(invoiced, [{ type: "PaymentRefunded", data: { paise: 100_00 } }]).credit).toEqual({ reason: "refund", amount: 10_000 });
    expect(documentsDue(invoiced, move("shipped", "cancelled")).credit?.reason).toBe("cancellation");
    expect(documentsDue(invoiced, move("shipped", "processing")).credit?.reason).toBe("return");
  });

  it("is issued for an order handed over at once (delivered without being shipped), and none for one still being packed", () => {
    expect(decideTaxDocument({ type: "IssueInvoice", invoice }, { status: "delivered", tax: noTaxDocuments() })).toEqual([{ type: "InvoiceIssued", data: invoice }]);
    expect(documentsDue(noTaxDocuments(), [{ type: "OrderStatusChanged", data: { from: "pending", to: "processing" } }])).toEqual({ invoice: false });
  });

  it("says goods of a refund return received are a return's credit note of exactly those goods (decision 206)", () => {
    const lines = [{ productId: bag.productId, size: bag.size, school: "", quantity: 1 }];
    const returns = [{ returnId: "r1", want: "refund" as const, stage: "approved" as const, lines }];
    const returned = [{ type: "ReturnReceived", data: { returnId: "r1" } }];
    expect(documentsDue(invoiced, returned, returns).credit).toEqual({ reason: "return", amount: Number.MAX_SAFE_INTEGER, goods: lines, returnId: "r1" });
  });

  it("refuses a credit note before an invoice, and issues none for nothing", () => {
    expect(ruleRefusal(() => decideTaxDocument({ type: "IssueCreditNote", creditNote: note, amount: 100 }, { status: "cancelled", tax: noTaxDocuments() })).status).toBe(409);
    expect(decideTaxDocument({ type: "IssueCreditNote", creditNote: note, amount: 0 }, { status: "delivered", tax: invoiced })).toEqual([]);
  });

  it("credits each line, over two notes, exactly what it was invoiced: never one line twice", () => {
    const [first] = decideTaxDocument({ type: "IssueCreditNote", creditNote: note, amount: 30_000 }, { status: "delivered", tax: invoiced });
    const after = evolveTaxDocuments(invoiced, first);
    const [rest] = decideTaxDocument({ type: "IssueCreditNote", creditNote: { ...note, sequence: 2 }, amount: Number.MAX_SAFE_INTEGER }, { status: "cancelled", tax: after });
    if (first.type !== "CreditNoteIssued" || rest.type !== "CreditNoteIssued") throw new Error("no credit note");
    invoice.lines.forEach((line, i) => {
      const credited = [...first.data.lines, ...rest.data.lines].filter((l) => l.invoiceLine === i);
      const sum = sumLines(credited);
      expect({ value: sum.value, taxable: sum.taxable, cgst: sum.cgst, sgst: sum.sgst, igst: sum.igst }, `line ${i}`).toEqual({
        value: line.value, taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst,
      });
    });
  });

  it("reverses tax line by line, never more than the invoice, and a full reversal cancels it to the paisa", () => {
    const [first] = decideTaxDocument({ type: "IssueCreditNote", creditNote: note, amount: 30_000 }, { status: "delivered", tax: invoiced });
    if (first.type !== "CreditNoteIssued") throw new Error("no credit note");
    expect(first.data.invoiceNumber).toBe("CUH/2627/000001");
    expect(first.data.totals.value).toBe(30_000);
    for (const line of first.data.lines) expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.value);
    const after = evolveTaxDocuments(invoiced, first);
    const [rest] = decideTaxDocument({ type: "IssueCreditNote", creditNote: { ...note, sequence: 2 }, amount: Number.MAX_SAFE_INTEGER }, { status: "cancelled", tax: after });
    if (rest.type !== "CreditNoteIssued") throw new Error("no credit note");
    const all = sumLines([...first.data.lines, ...rest.data.lines]);
    expect(all).toEqual(invoice.totals);
    expect(decideTaxDocument({ type: "IssueCreditNote", creditNote: note, amount: 100 }, { status: "cancelled", tax: evolveTaxDocuments(after, rest) })).toEqual([]);
    expect(creditLines(invoice.lines, [], 0, "intra")).toEqual([]);
  });
});

describe("series", () => {
  it("numbers per financial year, April to March, at most 16 characters", () => {
    expect(financialYear(new Date("2026-03-31T18:00:00Z"))).toBe("2526"); // 31 March 23:30 in India
    expect(financialYear(new Date("2026-03-31T18:31:00Z"))).toBe("2627"); // 1 April 00:01 in India
    expect(seriesName("CUH", "invoice", new Date("2026-11-26T00:00:00Z"))).toBe("CUH/2627");
    expect(seriesName("CUH", "credit-note", new Date("2026-11-26T00:00:00Z"))).toBe("CUH/C2627");
    expect(financialYear(new Date("2099-06-01T00:00:00Z"))).toBe("9900");
    expect(documentNumber("CUH/2627", 123)).toBe("CUH/2627/000123");
    expect(documentNumber("CUH/C2627", 12)).toBe("CUH/C2627/000012");
    expect(documentNumber("ABCD/C2627", 12)).toBe("ABCD/C2627/00012");
  });

  const series = spec(seriesDecider);
  const taken = (name: string, sequence: number, orderId = "o"): SeriesEvent => ({
    type: "DocumentNumberTaken",
    data: { series: name, sequence, number: documentNumber(name, sequence), orderId, at: "" },
  });
  const take = (name: string, orderId = "o"): SeriesCommand => ({ type: "TakeNumber", series: name, orderId, at: "" });

  it("takes the number after the last one taken, the first being 1", () => {
    series.given().when(take("CUH/2627")).then([taken("CUH/2627", 1)]);
    series.given(taken("CUH/2627", 1, "a"), taken("CUH/2627", 2, "b")).when(take("CUH/2627", "c")).then([taken("CUH/2627", 3, "c")]);
  });

  it("records a number given up as void, and never takes it again", () => {
    const voided: SeriesEvent = { type: "DocumentNumberVoided", data: { series: "CUH/2627", sequence: 42, number: "CUH/2627/000042", at: "" } };
    series.given(taken("CUH/2627", 42)).when({ type: "VoidNumber", series: "CUH/2627", sequence: 42, at: "" }).then([voided]);
    series.given(taken("CUH/2627", 42), voided).when(take("CUH/2627", "next")).then([taken("CUH/2627", 43, "next")]);
  });

  it("takes a number of sixteen characters, and refuses the seventeenth in both languages", () => {
    series.given(taken("ABCD/2627", 41)).when(take("ABCD/2627")).then([taken("ABCD/2627", 42)]);
    series.given(taken("ABCD/C2627", 99_999)).when(take("ABCD/C2627")).thenRefuses("tax.seriesFull", { series: "ABCD/C2627" }, 409);
  });
});

describe("seller settings", () => {
  it("prefix from the shop's name, at most four characters", () => {
    expect(defaultInvoicePrefix("Churu Uniform House")).toBe("CUH");
    expect(invoicePrefixProblem("CUH")).toBeUndefined();
    expect(invoicePrefixProblem("CHURU")).toMatch(/1 to 4/);
  });
  it("grievance officer: a name, then a phone or an email", () => {
    expect(readGrievanceOfficer("Asha Sharma, +91 98765 43210, care@example.in", phoneProblem)).toEqual({ name: "Asha Sharma", phone: "+91 98765 43210", email: "care@example.in" });
    expect(readGrievanceOfficer("Asha Sharma", phoneProblem)).toMatch(/needs a phone or an email/);
    expect(readGrievanceOfficer("Asha, not-a-phone", phoneProblem)).toMatch(/phone/);
  });
});

describe("start-up reads the seller's settings", () => {
  const read = (env: Record<string, string>) => readConfig({ SESSION_SECRET: "x".repeat(32), ...env });
  it("defaults: unregistered, prefix from the shop's name, Rajasthan, the shop's contacts as grievance officer", () => {
    const { seller, taxRates } = read({ SHOP_PHONE: "+91 98765 43210" });
    expect(seller).toMatchObject({ legalName: "Churu Uniform House", gstin: null, scheme: "unregistered", stateCode: "08", invoicePrefix: "CUH" });
    expect(seller.grievanceOfficer).toEqual({ name: "Churu Uniform House", phone: "+91 98765 43210" });
    expect(taxRates).toEqual({});
  });
  it("a GSTIN makes the shop regular in its state; composition on request", () => {
    expect(read({ SHOP_GSTIN: "27aapfu0939f1zv" }).seller).toMatchObject({ gstin: "27AAPFU0939F1ZV", scheme: "regular", stateCode: "27" });
    expect(read({ SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_GST_SCHEME: "composition" }).seller.scheme).toBe("composition");
    expect(read({ SHOP_ADDRESS: "12 MI Road, Jaipur 302 001" }).seller.stateCode).toBe("08");
    expect(read({ SHOP_ADDRESS: "4 Connaught Place, New Delhi 110001" }).seller.stateCode).toBe("07");
  });
  it.each([
    [{ SHOP_GSTIN: "08AAPFU0939F1ZW" }, /^SHOP_GSTIN has the check character W where V/],
    [{ SHOP_GST_SCHEME: "regular" }, /^SHOP_GST_SCHEME=regular needs SHOP_GSTIN/],
    [{ SHOP_GST_SCHEME: "flat" }, /^SHOP_GST_SCHEME must be one of/],
    [{ SHOP_INVOICE_PREFIX: "CHURU" }, /^SHOP_INVOICE_PREFIX must be 1 to 4/],
    [{ SHOP_GRIEVANCE_OFFICER: "Asha" }, /^SHOP_GRIEVANCE_OFFICER needs a phone or an email/],
    [{ SHOP_GST_RATES: "bag=12" }, /^SHOP_GST_RATES gives bag the rate/],
  ])("refuses %o with one line", (env, message) => {
    expect(() => read(env)).toThrow(message);
  });
});
