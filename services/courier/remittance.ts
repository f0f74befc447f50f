/**
 * The courier's COD remittance sheet (decision 233): the CSV Shiprocket's panel exports for a payout (COD ->
 * Remittance -> export), one row a parcel whose cash it paid over. The shop reads four columns by their headings,
 * however the export names and orders them: the order id the shop booked the parcel under, its AWB, the COD amount and
 * the remittance (CRF) id; the bank's UTR when there is one; the courier's fee when the sheet says it (decision 219).
 * Rows without them are listed as unread, never guessed.
 */
import { parse } from "csv-parse/sync";
import { RuleViolation } from "../../domain/errors";
import { paiseOfRupees } from "../../domain/money";

/** A sheet is a payout's parcels: a few hundred at most. */
export const REMITTANCE_MAX_ROWS = 2_000;

export interface RemittanceRow {
  /** The sheet's row number, as the owner's spreadsheet counts it. */
  row: number;
  orderId: string;
  awb: string;
  /** Whole rupees, as the sheet writes them ("1,240.00" is 1240); NaN when it is not a sum. */
  amount: number;
  remittance: string;
  utr?: string;
  /**
   * The courier's fee kept from the parcel's cash, in paise (decision 219): its own column, or the COD amount less the
   * amount remitted when the sheet has both; absent when the sheet says none; NaN when it is not a sum.
   */
  fee?: number;
}

/** Each column the shop reads, by the headings exports use for it (lower case, spaces and punctuation dropped). */
const HEADINGS = {
  orderId: ["orderid", "channelorderid", "orderno", "ordernumber"],
  awb: ["awb", "awbcode", "awbno", "awbnumber"],
  amount: ["codamount", "amount", "codvalue", "collectableamount"],
  // What reached the bank for the parcel: the COD amount less the courier's fee. A sheet with no COD amount column
  // is read by it as before (no fee).
  remitted: ["remittedamount", "amountremitted", "netremitted", "netamount"],
  fee: ["fee", "fees", "courierfee", "codfee", "codcharges", "earlycodcharges", "deduction", "deductions"],
  remittance: ["crfid", "remittanceid", "crf", "remittanceno"],
  utr: ["utr", "utrno", "utrnumber", "bankreference"],
} as const;

const squash = (heading: string) => heading.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Rupees as the sheet writes them: digits with commas, paise ".00" allowed only when zero. */
function rupees(text: string): number {
  const m = /^₹?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m || (m[2] !== undefined && Number(m[2]) !== 0)) return Number.NaN;
  return Number(m[1].replace(/,/g, ""));
}

/** Rupees and paise as the sheet writes them ("35.4" is 3540 paise); NaN when it is not a sum. */
const paise = (text: string): number => paiseOfRupees(text) ?? Number.NaN;

/** The sheet's rows the shop can read; a file that is no sheet of this kind is refused (`cod.noRemittanceRows`). */
export function readRemittanceSheet(bytes: Uint8Array): RemittanceRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      to: REMITTANCE_MAX_ROWS + 1,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch {
    throw new RuleViolation("cod.noRemittanceRows", {}, 422);
  }
  const [head, ...rows] = records;
  if (!head) throw new RuleViolation("cod.noRemittanceRows", {}, 422);
  const headings = head.record.map(squash);
  const column = (names: readonly string[]) => headings.findIndex((h) => names.includes(h));
  const remitted = column(HEADINGS.remitted);
  const cod = column(HEADINGS.amount);
  const at = {
    orderId: column(HEADINGS.orderId),
    awb: column(HEADINGS.awb),
    amount: cod >= 0 ? cod : remitted,
    // Net of the fee only beside the COD amount: alone, the remitted amount is read as the parcel's cash.
    remitted: cod >= 0 ? remitted : -1,
    fee: column(HEADINGS.fee),
    remittance: column(HEADINGS.remittance),
    utr: column(HEADINGS.utr),
  };
  if (at.orderId < 0 || at.awb < 0 || at.amount < 0 || at.remittance < 0) throw new RuleViolation("cod.noRemittanceRows", {}, 422);
  const feeOf = (record: string[], amount: number): number | undefined => {
    const own = at.fee >= 0 ? (record[at.fee] ?? "").trim() : "";
    if (own) return paise(own);
    const net = at.remitted >= 0 ? (record[at.remitted] ?? "").trim() : "";
    if (!net || Number.isNaN(amount)) return undefined;
    const netPaise = paise(net);
    return Number.isNaN(netPaise) ? Number.NaN : amount * 100 - netPaise;
  };
  const read = rows.slice(0, REMITTANCE_MAX_ROWS).map(({ record, info }) => {
    const utr = at.utr >= 0 ? (record[at.utr] ?? "").trim() : "";
    const amount = rupees(record[at.amount] ?? "");
    const fee = feeOf(record, amount);
    return {
      row: info.lines,
      orderId: (record[at.orderId] ?? "").trim(),
      awb: (record[at.awb] ?? "").trim(),
      amount,
      remittance: (record[at.remittance] ?? "").trim(),
      ...(utr ? { utr } : {}),
      ...(fee !== undefined && fee !== 0 ? { fee } : {}),
    };
  });
  if (read.length === 0) throw new RuleViolation("cod.noRemittanceRows", {}, 422);
  return read;
}
