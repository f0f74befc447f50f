/**
 * Each product's HSN code and GST rate rule (docs/tax.md has the sources). Prices are tax-inclusive (MRP).
 *
 * Notification No. 9/2025-Central Tax (Rate), 17 Sep 2025, in force 22 Sep 2025 (slabs 5/18/40%):
 * - garments (chapters 61/62) and footwear (chapter 64): 5% when the sale value is at most ₹2,500 per piece or pair,
 *   18% above (https://www.msassociates.pro/gst/gst-apparel.php);
 * - exercise books, pencils, sharpeners, erasers, crayons: nil; geometry and colour boxes: 5%
 *   (https://www.msassociates.pro/gst/gst-education.php).
 * Everything else (school bags, bottles, lunch boxes, belts, calculators, art kits) is a per-class setting
 * (SHOP_GST_RATES) whose default and source the owner's settings page shows: the shop never invents a rate.
 */

/** A rate in whole percent (the slabs are 0, 5, 18, 40). */
export type GstRate = 0 | 5 | 18 | 40;
export const GST_RATES: readonly GstRate[] = [0, 5, 18, 40];

/** ₹2,500 per piece or pair, in paisa: the line between 5% and 18% for garments and footwear. */
export const APPAREL_THRESHOLD_PAISA = 250_000;

export type RateRule =
  /** 5% up to ₹2,500 of taxable value per piece, 18% above (garments, footwear). */
  | { kind: "threshold"; low: GstRate; high: GstRate; perPiecePaisa: number }
  | { kind: "fixed"; rate: GstRate };

/** The classes of goods the shop sells, each with its HSN code and rule. */
export const TAX_CLASSES = [
  "shirt", "tshirt", "trousers", "skirt", "socks", "tie", "jacket", "blazer", "sweater",
  "footwear", "notebook", "geometry-box",
  // settings: uncertain or not named by the notification
  "belt", "bag", "bottle", "lunch-box", "calculator", "art-kit", "other",
] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

const APPAREL: RateRule = { kind: "threshold", low: 5, high: 18, perPiecePaisa: APPAREL_THRESHOLD_PAISA };

const GARMENTS_SOURCE = "Notification 9/2025-CT(R): chapters 61/62, 5% up to ₹2,500 per piece, 18% above; https://www.msassociates.pro/gst/gst-apparel.php";
const FOOTWEAR_SOURCE = "Notification 9/2025-CT(R): footwear, 5% up to ₹2,500 per pair, 18% above; https://www.msassociates.pro/gst/gst-apparel.php";
const EDUCATION_SOURCE = "Notification 9/2025-CT(R): exercise books nil, geometry boxes 5%; https://www.msassociates.pro/gst/gst-education.php";
const STANDARD_SOURCE = "Not named in the reduced schedules: the standard 18% of Notification 9/2025-CT(R) Schedule II until checked; gazette https://gazettetracker.com/g/CG-DL-E-17092025-266211";

export interface TaxClassRule {
  hsn: string;
  /** Said on the invoice after the description: pieces, pairs, sets. */
  unit: "PCS" | "PRS" | "SET";
  rule: RateRule;
  /** Where the rate comes from. */
  source: string;
  /** True: the rate is a setting (SHOP_GST_RATES) whose default is unconfirmed; the settings page says so. */
  setting: boolean;
}

/** The rules in force since 22 Sep 2025; `setting` classes take SHOP_GST_RATES over the default. */
export const TAX_CLASS_RULES: Readonly<Record<TaxClass, TaxClassRule>> = {
  shirt: { hsn: "6205", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  tshirt: { hsn: "6109", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  trousers: { hsn: "6203", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  skirt: { hsn: "6204", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  socks: { hsn: "6115", unit: "PRS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  tie: { hsn: "6215", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  jacket: { hsn: "6201", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  // Heading 6203/6204: suits, ensembles, jackets and blazers (boys' 6203, girls' 6204).
  blazer: { hsn: "6203", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  sweater: { hsn: "6110", unit: "PCS", rule: APPAREL, source: GARMENTS_SOURCE, setting: false },
  footwear: { hsn: "6404", unit: "PRS", rule: APPAREL, source: FOOTWEAR_SOURCE, setting: false },
  notebook: { hsn: "4820", unit: "PCS", rule: { kind: "fixed", rate: 0 }, source: EDUCATION_SOURCE, setting: false },
  "geometry-box": { hsn: "9017", unit: "SET", rule: { kind: "fixed", rate: 5 }, source: EDUCATION_SOURCE, setting: false },
  belt: { hsn: "4203", unit: "PCS", rule: { kind: "fixed", rate: 18 }, source: STANDARD_SOURCE, setting: true },
  bag: {
    hsn: "4202",
    unit: "PCS",
    rule: { kind: "fixed", rate: 18 },
    source:
      "Unconfirmed: one summary lists school bags at 5%, another 18% before the reform; default 18% until the schedule is read. https://www.caclubindia.com/articles/gst-notification-no-92025-complete-hsnwise-rate-schedule-effective-from-september-22-2025-54119.asp",
    setting: true,
  },
  bottle: { hsn: "7323", unit: "PCS", rule: { kind: "fixed", rate: 18 }, source: STANDARD_SOURCE, setting: true },
  "lunch-box": { hsn: "7323", unit: "PCS", rule: { kind: "fixed", rate: 18 }, source: STANDARD_SOURCE, setting: true },
  calculator: { hsn: "8470", unit: "PCS", rule: { kind: "fixed", rate: 18 }, source: STANDARD_SOURCE, setting: true },
  "art-kit": { hsn: "9609", unit: "SET", rule: { kind: "fixed", rate: 18 }, source: `A mixed supply (crayons nil, sketch pens and glue not) is taxed at its highest rate; ${STANDARD_SOURCE}`, setting: true },
  other: { hsn: "", unit: "PCS", rule: { kind: "fixed", rate: 18 }, source: STANDARD_SOURCE, setting: true },
};

/** SHOP_GST_RATES: the owner's rates for the setting classes ("bag=5,bottle=18"). */
export type TaxRateSettings = Partial<Record<TaxClass, GstRate>>;

/** The rule of a class with the shop's settings applied. */
export function classRule(taxClass: TaxClass, settings: TaxRateSettings): TaxClassRule {
  const base = TAX_CLASS_RULES[taxClass];
  const set = settings[taxClass];
  return base.setting && set !== undefined ? { ...base, rule: { kind: "fixed", rate: set }, source: `SHOP_GST_RATES (${taxClass}=${set})` } : base;
}

/** What is wrong with SHOP_GST_RATES, or the rates it sets. */
export function readTaxRateSettings(raw: string): TaxRateSettings | string {
  const rates: TaxRateSettings = {};
  for (const entry of raw.split(",").map((part) => part.trim()).filter(Boolean)) {
    const [name, value, ...rest] = entry.split("=").map((part) => part.trim());
    const settable = TAX_CLASSES.filter((c) => TAX_CLASS_RULES[c].setting);
    if (rest.length > 0 || !(settable as readonly string[]).includes(name)) {
      return `names classes whose rate is a setting (${settable.join(", ")}) as class=rate, got "${entry}"`;
    }
    const rate = Number(value);
    if (!(GST_RATES as readonly number[]).includes(rate)) return `gives ${name} the rate "${value}"; a GST rate is one of ${GST_RATES.join(", ")}`;
    rates[name as TaxClass] = rate as GstRate;
  }
  return rates;
}

/**
 * The class of a catalogue item by its id and English name (catalogue ids: domain/catalogue.ts `catalogueId`): the
 * shop's own data, whose items are named by the school list ("Shirt", "Tie Small", "Socks 1") and the fixed-price
 * shelves by their id. A product of the shop's table (`product/{n}`) is never classed from its name: its HSN code and
 * class are facts the owner sets (./product-tax.ts, decision 200) and its order line carries them; only an order
 * placed before that (its line without them) reads as "other", the class it was sold under.
 */
export function taxClassOf(productId: string, name: string): TaxClass {
  const [shelf, key = ""] = productId.split("/");
  if (shelf === "kids-shoes" || shelf === "shoes") return "footwear";
  if (shelf === "bags") return "bag";
  if (shelf === "bottle") return key.includes("lunch") ? "lunch-box" : "bottle";
  if (shelf === "stationery") {
    if (key.includes("notebook")) return "notebook";
    if (key.includes("geometr")) return "geometry-box";
    if (key.includes("calculator")) return "calculator";
    if (key.includes("art")) return "art-kit";
    return "other";
  }
  if (shelf === "school" || shelf === "white") return garmentClass(name.toLowerCase());
  return "other";
}

function garmentClass(name: string): TaxClass {
  if (/t-?shirt/.test(name)) return "tshirt";
  if (/shirt/.test(name)) return "shirt";
  if (/sock/.test(name)) return "socks";
  if (/\btie\b/.test(name)) return "tie";
  if (/belt/.test(name)) return "belt";
  if (/skirt|tunik|tunic|salwar|frock/.test(name)) return "skirt";
  if (/jacket|blazer|coat/.test(name)) return "jacket";
  if (/sweater|cardigan|pullover/.test(name)) return "sweater";
  if (/pant|trouser|lower|short|nikkar|track/.test(name)) return "trousers";
  // A school's item the list above does not know is still a garment of chapter 62.
  return "shirt";
}

/**
 * The rate of `pieces` sold for `valuePaisa` (tax included) under `rule`. The ₹2,500 line is on the value before
 * tax per piece: at 5% a piece is within it when value / 1.05 ≤ ₹2,500, and then 5% is its rate.
 */
export function rateFor(rule: RateRule, valuePaisa: number, pieces: number): GstRate {
  if (rule.kind === "fixed") return rule.rate;
  const perPieceBeforeTax = (valuePaisa * 100) / (100 + rule.low) / Math.max(1, pieces);
  return perPieceBeforeTax <= rule.perPiecePaisa ? rule.low : rule.high;
}
