/**
 * Tax per line of an order, in paisa. Prices are tax-inclusive: a line's value is its price times quantity less its
 * share of the offer's discount (shares by the largest-remainder method, so they add up to the discount exactly);
 * its taxable value is value × 100 / (100 + rate), rounded to the paisa, and its tax the rest, so taxable + tax is
 * the value to the paisa and the lines add up to the order's total. Inside the shop's state the tax is CGST + SGST
 * (half each, an odd paisa to CGST and SGST in turn down the document); to another state IGST. The delivery charge
 * is part of the value of the goods it brings (CGST Act s. 15(2)(c)): shared over the goods' rates by their value, one
 * delivery line per rate, under the delivery's own code, never a goods HSN (decision 203).
 */
import { classRule, rateFor, taxClassOf, type GstRate, type TaxRateSettings } from "./rates";
import type { GstScheme } from "./seller";
import type { ProductTax } from "./product-tax";
import type { StateCode } from "./states";

export interface TaxLine {
  /** "goods" for an order line, "delivery" for the delivery charge. */
  kind: "goods" | "delivery";
  productId: string;
  description: string;
  size: string;
  hsn: string;
  unit: "PCS" | "PRS" | "SET" | "NOS";
  quantity: number;
  /** What the buyer pays for the line, tax included, after its share of the discount. */
  value: number;
  rate: GstRate;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TaxTotals {
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface OrderForTax {
  /** `tax`: a shop product's HSN code and class as its order line keeps them (decision 200); else the catalogue's. */
  lines: readonly { productId: string; name: string; size: string; school: string; unitPrice: number; quantity: number; tax?: ProductTax }[];
  /** Rupees, as the order records them. */
  discount: number;
  delivery: number;
  total: number;
  pincode: string;
}

export interface TaxContext {
  scheme: GstScheme;
  sellerState: StateCode;
  rates: TaxRateSettings;
  /** The state of a delivery pincode (India Post's directory, ./pincode-states.ts, server-only): the services give it. */
  stateOf: (pincode: string) => StateCode | undefined;
}

export interface TaxComputation {
  /** Intra: CGST + SGST; inter: IGST. */
  supply: "intra" | "inter";
  /** The state the goods are delivered to (rule 46: place of supply); null when the pincode is no known district's. */
  placeOfSupply: StateCode | null;
  lines: TaxLine[];
  totals: TaxTotals;
}

/** Splits `total` paisa across `weights` in proportion, by largest remainder: the parts add up to `total` exactly. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/**
 * What each order line is worth in paisa: price × quantity less its share of the offer's `discount` (rupees), shared
 * by largest remainder. The one rule for a line's value: invoices and the refund of a return both read it.
 */
export function lineValues(lines: readonly { unitPrice: number; quantity: number }[], discount: number): number[] {
  const gross = lines.map((line) => line.unitPrice * line.quantity * 100);
  const shares = allocate(discount * 100, gross);
  return gross.map((g, i) => g - shares[i]);
}

/**
 * The paisa of units `from` to `from + count` of a line of `quantity` units worth `value`: the line's value shared
 * over its units by largest remainder, so the units add up to the line and a line returned unit by unit reverses it exactly.
 */
export function unitsValue(value: number, quantity: number, from: number, count: number): number {
  if (quantity <= 0 || count <= 0) return 0;
  return allocate(value, Array.from({ length: quantity }, () => 1)).slice(from, from + count).reduce((a, b) => a + b, 0);
}

/** Taxable value and tax of `value` paisa at `rate`, split as the supply says. */
export function taxOf(value: number, rate: GstRate, supply: "intra" | "inter"): Pick<TaxLine, "taxable" | "cgst" | "sgst" | "igst"> {
  const taxable = Math.round((value * 100) / (100 + rate));
  return { taxable, ...splitTax(value - taxable, supply) };
}

export function splitTax(tax: number, supply: "intra" | "inter"): { cgst: number; sgst: number; igst: number } {
  if (supply === "inter") return { cgst: 0, sgst: 0, igst: tax };
  const sgst = Math.floor(tax / 2);
  return { cgst: tax - sgst, sgst, igst: 0 };
}

export function sumLines(lines: readonly Pick<TaxLine, keyof TaxTotals>[]): TaxTotals {
  const totals: TaxTotals = { value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  for (const line of lines) for (const key of Object.keys(totals) as (keyof TaxTotals)[]) totals[key] += line[key];
  return totals;
}

/**
 * The code the delivery lines are reported under (SAC heading 9968, postal and courier services, local delivery
 * included): what the summary's and GSTR-1's HSN tables show for the delivery's value, never the goods' HSN
 * (decision 203). Four digits, as rule 46 asks of a shop of up to ₹5 crore turnover.
 */
export const DELIVERY_SAC = "9968";

/**
 * The delivery charge's lines (`delivery` paisa): the charge is part of the value of the goods it brings (CGST Act
 * s. 15(2)(c), incidental expenses charged by the supplier), so it is shared over the goods' rates in proportion to
 * the value of the goods at each rate (largest remainder, to the paisa) and taxed at that rate: one line per rate, in
 * the order the rates first appear, under DELIVERY_SAC (decision 203). An order of one rate has one delivery line.
 */
export function deliveryLines(delivery: number, goods: readonly Pick<TaxLine, "rate" | "value">[], supply: "intra" | "inter"): TaxLine[] {
  if (delivery <= 0) return [];
  const rates: GstRate[] = [];
  for (const line of goods) if (!rates.includes(line.rate)) rates.push(line.rate);
  if (rates.length === 0) rates.push(0);
  const weights = rates.map((rate) => goods.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.value, 0));
  const shares = allocate(delivery, weights);
  return rates
    .map((rate, i) => ({
      kind: "delivery" as const,
      productId: "",
      description: "Delivery",
      size: "",
      hsn: DELIVERY_SAC,
      unit: "NOS" as const,
      quantity: 1,
      value: shares[i],
      rate,
      ...taxOf(shares[i], rate, supply),
    }))
    .filter((line) => line.value > 0);
}

/**
 * The tax lines of an order. A shop that collects no tax (composition or unregistered) gets the same lines at
 * rate 0 with the value as the taxable value: its bill shows no tax.
 */
export function computeOrderTax(order: OrderForTax, context: TaxContext): TaxComputation {
  const placeOfSupply = context.stateOf(order.pincode) ?? null;
  const supply = placeOfSupply === context.sellerState ? "intra" : "inter";
  const collects = context.scheme === "regular";
  const values = lineValues(order.lines, order.discount);
  const goods: TaxLine[] = order.lines.map((line, i) => {
    const taxClass = line.tax?.taxClass ?? taxClassOf(line.productId, line.name);
    const rule = classRule(taxClass, context.rates);
    const hsn = line.tax?.hsn ?? rule.hsn;
    const value = values[i];
    const rate = collects ? rateFor(rule.rule, value, line.quantity) : 0;
    return {
      kind: "goods",
      productId: line.productId,
      description: line.school ? `${line.name} (${line.school})` : line.name,
      size: line.size,
      hsn,
      unit: rule.unit,
      quantity: line.quantity,
      value,
      rate,
      ...taxOf(value, rate, supply),
    };
  });
  const lines = [...goods, ...deliveryLines(order.delivery * 100, goods, supply)];
  const shared = shareOddPaisa(lines);
  return { supply, placeOfSupply, lines: shared, totals: sumLines(shared) };
}

/**
 * Inside the state a line's tax is halved into CGST and SGST; a line with an odd paisa gives it to CGST and SGST in
 * turn down the document (decision 207), so neither head is always the one paid the extra paisa and the document's
 * CGST and SGST differ by at most one paisa.
 */
export function shareOddPaisa<L extends Pick<TaxLine, "cgst" | "sgst">>(lines: L[]): L[] {
  let odd = 0;
  return lines.map((line) => {
    if (line.cgst - line.sgst !== 1) return line;
    odd += 1;
    return odd % 2 === 0 ? { ...line, cgst: line.sgst, sgst: line.cgst } : line;
  });
}

/**
 * The lines a credit note reverses: `amount` paisa of the invoice's lines, shared across what each line has not yet
 * had credited (`credited`, per invoice line) in proportion; each share's tax at the line's rate, and a line credited
 * to its end reverses exactly the taxable value and tax it has left, so a full reversal cancels the invoice to the paisa.
 */
export function creditLines(
  invoice: readonly TaxLine[],
  credited: readonly TaxTotals[],
  amount: number,
  supply: "intra" | "inter",
): CreditLine[] {
  const left = invoice.map((line, i) => ({
    value: line.value - (credited[i]?.value ?? 0),
    taxable: line.taxable - (credited[i]?.taxable ?? 0),
    cgst: line.cgst - (credited[i]?.cgst ?? 0),
    sgst: line.sgst - (credited[i]?.sgst ?? 0),
    igst: line.igst - (credited[i]?.igst ?? 0),
  }));
  const capacity = left.reduce((a, l) => a + l.value, 0);
  const shares = allocate(Math.min(amount, capacity), left.map((l) => l.value));
  return invoice.map((line, i) => {
    const value = shares[i];
    const rest = left[i];
    const amounts = value === rest.value ? { taxable: rest.taxable, cgst: rest.cgst, sgst: rest.sgst, igst: rest.igst } : taxOf(value, line.rate, supply);
    return { ...line, invoiceLine: i, value, ...amounts };
  }).filter((line) => line.value > 0);
}

/** A credit note's line: which invoice line it reverses (its index there) and how much of it. */
export type CreditLine = TaxLine & { invoiceLine: number };

/** ₹1,234.50 from paisa: tax documents show paise. */
export function formatPaisa(paisa: number): string {
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  const rupees = Math.floor(abs / 100).toLocaleString("en-IN");
  return `${sign}₹${rupees}.${String(abs % 100).padStart(2, "0")}`;
}
