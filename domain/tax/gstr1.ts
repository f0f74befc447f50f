/**
 * GSTR-1 as the GSTN offline tool imports it: one CSV per table, each with the header row of the tool's own CSV
 * template, in English whatever the page's language, and the tool's value formats (Place Of Supply `08-Rajasthan`,
 * UQC `PCS-PIECES`, dates `05-Dec-2026`, amounts `1234.50` without separators). Sources of the headers and lists:
 * docs/tax.md ("GSTR-1 files"). A B2C shop files these tables:
 *
 * - b2cs.csv (table 7): per place of supply and rate, the taxable value of every invoice that is not B2CL, with the
 *   month's credit notes against them netted in; taxable rates only (nil goes to exemp.csv);
 * - b2cl.csv (table 5): inter-state invoices above ₹1,00,000 to unregistered buyers, per invoice and rate;
 * - cdnur.csv (table 9B): credit notes against B2CL invoices, per note and rate (netted into nothing else);
 * - exemp.csv (table 8): nil-rated supplies to unregistered persons, intra- and inter-state, net of credit notes;
 * - hsn(b2c).csv (table 12): per HSN, unit and rate, net of credit notes; the quantity counts goods only: goods
 *   sold less goods that came back (a value-only note moves no quantity); the delivery's value under its own code
 *   (DELIVERY_SAC, UQC NA), never a goods HSN (decision 203);
 * - docs.csv (table 13): per series, the numbers from and to, how many and how many cancelled (voided numbers).
 *
 * Pure: the month's documents in, the files' text out.
 */
import { csvField } from "../admin-orders";
import type { StateCode } from "./states";
import { DELIVERY_SAC } from "./lines";

export interface Gstr1Line {
  kind: "goods" | "delivery";
  hsn: string;
  unit: string;
  /** Goods moved by this line: an invoice's quantity, or on a credit note the quantity that came back (0 for value only). */
  quantity: number;
  rate: number;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface Gstr1Invoice {
  number: string;
  issuedAt: string;
  placeOfSupply: StateCode | null;
  supply: "intra" | "inter";
  value: number;
}

export interface Gstr1Document extends Gstr1Invoice {
  kind: "invoice" | "credit-note";
  series: string;
  sequence: number;
  /** A credit note's invoice (possibly of an earlier month). */
  invoice: Gstr1Invoice | null;
  lines: Gstr1Line[];
}

/** A series' run of numbers in the month, voided ones included (`first`..`last`). */
export interface Gstr1Series {
  series: string;
  kind: "invoice" | "credit-note";
  from: string;
  to: string;
  first: number;
  last: number;
  issued: number;
}

/** The header rows of the offline tool's CSV templates (docs/tax.md names where they come from). */
export const GSTR1_HEADERS = {
  "b2cs.csv": ["Type", "Place Of Supply", "Rate", "Applicable % of Tax Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"],
  "b2cl.csv": ["Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount", "E-Commerce GSTIN"],
  "cdnur.csv": ["UR Type", "Note Number", "Note Date", "Note Type", "Place Of Supply", "Note Value", "Applicable % of Tax Rate", "Rate", "Taxable Value", "Cess Amount"],
  "exemp.csv": ["Description", "Nil Rated Supplies", "Exempted(other than nil rated/non GST supply)", "Non-GST supplies"],
  "hsn(b2c).csv": ["HSN", "Description", "UQC", "Total Quantity", "Total Value", "Rate", "Taxable Value", "Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount", "Cess Amount"],
  "docs.csv": ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
} as const;

export type Gstr1FileName = keyof typeof GSTR1_HEADERS;
export const GSTR1_FILES = Object.keys(GSTR1_HEADERS) as Gstr1FileName[];

/** Above this invoice value (paisa) an inter-state supply to an unregistered buyer is B2CL: ₹1,00,000 since 1 Aug 2024. */
export const B2CL_LIMIT_PAISA = 1_00_000_00;

/** The state names of the tool's "Place Of Supply" list (its spelling, "31-Lakshdweep" included). */
const TOOL_STATE_NAMES: Readonly<Record<StateCode, string>> = {
  "01": "Jammu & Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra & Nagar Haveli & Daman & Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshdweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman & Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
};

/** `08-Rajasthan`; empty when the place of supply is not known (the tool then refuses the row: the owner fills it). */
export const placeOfSupplyLabel = (code: StateCode | null): string => (code ? `${code}-${TOOL_STATE_NAMES[code]}` : "");

/** The tool's UQC for the shop's units; services (a delivery) have none. */
const UQC: Readonly<Record<string, string>> = { PCS: "PCS-PIECES", PRS: "PRS-PAIRS", SET: "SET-SETS", NOS: "NOS-NUMBERS" };
export const uqcOf = (unit: string): string => UQC[unit] ?? "OTH-OTHERS";

/** Rupees with paise and no separators (`-12.05` for a net credit). */
export function rupees(paisa: number): string {
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `05-Dec-2026`: the document's day in India (the tool's dd-mmm-yyyy). */
export function toolDate(iso: string): string {
  const ist = new Date(new Date(iso).getTime() + 330 * 60 * 1000);
  return `${String(ist.getUTCDate()).padStart(2, "0")}-${MONTHS[ist.getUTCMonth()]}-${ist.getUTCFullYear()}`;
}

export const isB2cl = (invoice: Gstr1Invoice): boolean => invoice.supply === "inter" && invoice.value > B2CL_LIMIT_PAISA;

/** One CSV row; amounts and codes are written as they are (they hold no formula), text through the shop's CSV guard. */
function row(fields: readonly string[]): string {
  return fields.map((f) => (/^-?\d+(\.\d+)?$/.test(f) ? f : csvField(f))).join(",") + "\r\n";
}

const file = (name: Gstr1FileName, rows: readonly (readonly string[])[]) => [GSTR1_HEADERS[name], ...rows].map(row).join("");

interface Sum {
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  quantity: number;
}
const zero = (): Sum => ({ value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0, quantity: 0 });

function addLine(into: Sum, line: Gstr1Line, sign: 1 | -1, withQuantity: boolean) {
  into.value += sign * line.value;
  into.taxable += sign * line.taxable;
  into.cgst += sign * line.cgst;
  into.sgst += sign * line.sgst;
  into.igst += sign * line.igst;
  if (withQuantity) into.quantity += sign * line.quantity;
}

function grouped<K>(keyOf: (k: K) => string) {
  const map = new Map<string, { key: K; sum: Sum }>();
  return {
    add(key: K, line: Gstr1Line, sign: 1 | -1, withQuantity = false) {
      const k = keyOf(key);
      const entry = map.get(k) ?? { key, sum: zero() };
      addLine(entry.sum, line, sign, withQuantity);
      map.set(k, entry);
    },
    entries: () => [...map.entries()].sort(([a], [b]) => a.localeCompare(b, "en")).map(([, e]) => e),
  };
}

export type Gstr1Files = Record<Gstr1FileName, string>;

export function gstr1Files(documents: readonly Gstr1Document[], series: readonly Gstr1Series[]): Gstr1Files {
  const b2cs = grouped<{ pos: StateCode | null; rate: number }>((k) => `${k.pos ?? ""}|${String(k.rate).padStart(3, "0")}`);
  const b2cl = grouped<{ doc: Gstr1Document; rate: number }>((k) => `${k.doc.number}|${String(k.rate).padStart(3, "0")}`);
  const cdnur = grouped<{ doc: Gstr1Document; rate: number }>((k) => `${k.doc.number}|${String(k.rate).padStart(3, "0")}`);
  const hsn = grouped<{ hsn: string; unit: string; rate: number }>((k) => `${k.hsn}|${k.unit}|${String(k.rate).padStart(3, "0")}`);
  const nil = { intra: 0, inter: 0 };

  for (const doc of documents) {
    const invoice = doc.kind === "invoice" ? doc : doc.invoice;
    const large = invoice ? isB2cl(invoice) : false;
    const sign = doc.kind === "invoice" ? 1 : -1;
    for (const line of doc.lines) {
      if (line.rate === 0) nil[doc.supply] += sign * line.taxable;
      else if (!large) b2cs.add({ pos: doc.placeOfSupply, rate: line.rate }, line, sign);
      else if (doc.kind === "invoice") b2cl.add({ doc, rate: line.rate }, line, 1);
      else cdnur.add({ doc, rate: line.rate }, line, 1);
      // A delivery is no goods: its value is in the delivery's own row (DELIVERY_SAC, UQC NA), never under a goods HSN,
      // even on an invoice issued before decision 203 that named its principal supply's; its "quantity" counts nowhere.
      const goods = line.kind === "goods";
      hsn.add({ hsn: goods ? line.hsn : DELIVERY_SAC, unit: goods ? line.unit : "", rate: line.rate }, line, sign, goods);
    }
  }

  const files: Gstr1Files = {
    "b2cs.csv": file(
      "b2cs.csv",
      b2cs
        .entries()
        .filter((e) => e.sum.taxable !== 0)
        .map(({ key, sum }) => ["OE", placeOfSupplyLabel(key.pos), String(key.rate), "", rupees(sum.taxable), "", ""]),
    ),
    "b2cl.csv": file(
      "b2cl.csv",
      b2cl.entries().map(({ key, sum }) => [key.doc.number, toolDate(key.doc.issuedAt), rupees(key.doc.value), placeOfSupplyLabel(key.doc.placeOfSupply), "", String(key.rate), rupees(sum.taxable), "", ""]),
    ),
    "cdnur.csv": file(
      "cdnur.csv",
      cdnur.entries().map(({ key, sum }) => ["B2CL", key.doc.number, toolDate(key.doc.issuedAt), "C", placeOfSupplyLabel(key.doc.placeOfSupply), rupees(key.doc.value), "", String(key.rate), rupees(sum.taxable), ""]),
    ),
    "exemp.csv": file("exemp.csv", [
      ["Inter-State supplies to registered persons", rupees(0), rupees(0), rupees(0)],
      ["Intra-State supplies to registered persons", rupees(0), rupees(0), rupees(0)],
      ["Inter-State supplies to unregistered persons", rupees(nil.inter), rupees(0), rupees(0)],
      ["Intra-State supplies to unregistered persons", rupees(nil.intra), rupees(0), rupees(0)],
    ]),
    "hsn(b2c).csv": file(
      "hsn(b2c).csv",
      hsn
        .entries()
        .filter((e) => e.sum.value !== 0 || e.sum.quantity !== 0)
        .map(({ key, sum }) => [
          key.hsn,
          "",
          key.unit ? uqcOf(key.unit) : "NA",
          String(sum.quantity),
          rupees(sum.value),
          String(key.rate),
          rupees(sum.taxable),
          rupees(sum.igst),
          rupees(sum.cgst),
          rupees(sum.sgst),
          rupees(0),
        ]),
    ),
    "docs.csv": file(
      "docs.csv",
      [...series]
        .sort((a, b) => (a.kind === b.kind ? a.series.localeCompare(b.series, "en") : a.kind === "invoice" ? -1 : 1))
        .map((s) => {
          const total = s.last - s.first + 1;
          return [s.kind === "invoice" ? "Invoices for outward supply" : "Credit Note", s.from, s.to, String(total), String(total - s.issued)];
        }),
    ),
  };
  return files;
}

/** The month's files' names in the zip: `GSTR1-2026-12/b2cs.csv`. */
export const gstr1ZipName = (month: string) => `GSTR1-${month}.zip`;
