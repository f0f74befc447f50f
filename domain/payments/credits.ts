/**
 * A credit on the shop's bank statement or UPI settlement report, as the shop reads it (decision 220):
 * the UPI reference (RRN), the amount in paise, when, who paid (masked) and the order number the
 * parent's app put in the note. Each bank words its lines differently; services/statements/ turns a
 * file's rows into StatementLines and everything below is the same for all of them.
 */

/** One row of a statement as read from the file, before the shop decides whether it pays anything. */
export interface StatementLine {
  /** The row's number in the file (1 is the first row), so the owner can find it. */
  row: number;
  /** The day of the credit as India's calendar has it (YYYY-MM-DD). */
  on: string;
  /** The moment, where the file gives a time (settlement reports do; account statements seldom). */
  at?: string;
  /** Money in (credit) or out (debit), in paise. */
  direction: "credit" | "debit";
  paise: number;
  /** The reference column's text, if the shape has one. */
  referenceText?: string;
  /** The narration / description / remarks as the bank wrote it. */
  narration: string;
  /** The payer's VPA or name from its own column, if the shape has one. */
  payerText?: string;
  /** Every line of the file is a UPI payment (a UPI app's settlement report); else the narration says so. */
  upi?: boolean;
}

/** A credit the shop counts as money in for an order: what a StatementRead event keeps (no narration, a masked payer). */
export interface StatementCredit {
  row: number;
  on: string;
  at?: string;
  paise: number;
  /** The 12-digit UPI RRN, where the line has one. */
  reference?: string;
  /** The payer's VPA or name, partly masked ("ra****@oksbi"): enough to recognise, not to contact. */
  payer?: string;
  /** An order number (8 hex digits, displayOrderId) the narration names. */
  orderNumber?: string;
}

/** Lines of the file that pay nothing, counted for the owner's page. */
export interface SkippedLines {
  /** Money out. */
  debits: number;
  /** A credit whose reference (or whole line) came twice. */
  duplicates: number;
  /** A credit taken back by a reversal in the same file, or a line that is itself a reversal. */
  reversed: number;
}

const TWELVE = /(?<![0-9A-Za-z])(\d{12})(?![0-9A-Za-z])/;
// Some banks (HDFC's Chq./Ref.No.) pad the 12-digit RRN to 16 with zeros in front.
const PADDED = /(?<![0-9A-Za-z])0000(\d{12})(?![0-9A-Za-z])/;

/** The 12-digit UPI reference (RRN) in a reference column or a narration: 12 digits alone, or 16 with "0000" in front. */
export function referenceIn(text: string | undefined): string | undefined {
  if (!text) return undefined;
  return PADDED.exec(text)?.[1] ?? TWELVE.exec(text)?.[1];
}

/**
 * An amount as statements write it, in paise: "1,234.50", "₹ 3,186.00", "Rs. 500", "3,186.00 Cr",
 * "1,200.00 Dr" (negative), "-45.00" (negative). Undefined for a blank cell or anything else.
 */
export function paiseOf(text: string | number | undefined | null): number | undefined {
  if (text === undefined || text === null) return undefined;
  if (typeof text === "number") return Number.isFinite(text) ? Math.round(text * 100) : undefined;
  const plain = text.replace(/[\s,₹]/g, "").replace(/^(?:INR|Rs\.?)/i, "");
  const m = /^([-+]?)(\d{1,12})(?:\.(\d{1,2}))?(CR|DR|C|D)?$/i.exec(plain);
  if (!m) return undefined;
  const paise = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  const negative = m[1] === "-" || /^d/i.test(m[4] ?? "");
  return negative ? -paise : paise;
}

const VPA = /^([A-Za-z0-9._-]+)@([A-Za-z][A-Za-z0-9.-]*)$/;
const keep = (word: string, shown: number) => word.slice(0, shown) + "*".repeat(Math.max(word.length - shown, 2));

/** A payer as the owner's page shows them: "rahulkumar@oksbi" -> "ra********@oksbi", "RAHUL KUMAR" -> "RA*** KU***". */
export function maskedPayer(text: string | undefined): string | undefined {
  const payer = text?.trim();
  if (!payer) return undefined;
  const vpa = VPA.exec(payer);
  if (vpa) return `${keep(vpa[1], 2)}@${vpa[2]}`;
  return payer
    .split(/\s+/)
    .slice(0, 3)
    .map((word) => keep(word.slice(0, 40), Math.min(2, word.length - 1)))
    .join(" ");
}

/** A line that takes a payment back (a chargeback, a failed transfer's return) rather than brings one in. */
export function readsAsReversal(narration: string): boolean {
  return /(?:^|[^A-Z])(?:REV|REVERSE|REVERSAL|REVERSED|RVSL|RETURN(?:ED)?|CHARGEBACK|REFUND)(?![A-Z])/i.test(narration);
}

// The order number as the parent's UPI app carries it in the note: 8 hex digits standing alone ("ORD 7F3A2C9E").
const ORDER_NUMBER = /(?<![0-9A-Za-z])([0-9A-Fa-f]{8})(?![0-9A-Za-z])/g;
// A VPA anywhere in a narration ("UPI/CR/.../rahul@oksbi/...").
const VPA_IN = /[A-Za-z0-9._-]{2,}@[A-Za-z][A-Za-z0-9.-]*/;

/** The order numbers a narration names, among the ones that can exist (8 hex digits with a letter or a digit, upper case). */
export function orderNumbersIn(narration: string): string[] {
  const found: string[] = [];
  for (const m of narration.matchAll(ORDER_NUMBER)) {
    const number = m[1].toUpperCase();
    // Eight decimal digits are a date or an account, not an order number written by the shop's link.
    if (/^\d{8}$/.test(number)) continue;
    if (!found.includes(number)) found.push(number);
  }
  return found;
}

/** The line's UPI reference: only a UPI line has one (an NEFT or IMPS line's 12 digits are another bank's numbers). */
function referenceOf(line: StatementLine): string | undefined {
  if (!line.upi && !/(?:^|[^A-Z])UPI(?![A-Z])/i.test(line.narration)) return undefined;
  return referenceIn(line.referenceText) ?? referenceIn(line.narration);
}

function creditOf(line: StatementLine): StatementCredit {
  const reference = referenceOf(line);
  const payer = maskedPayer(line.payerText ?? VPA_IN.exec(line.narration)?.[0]);
  const orderNumber = orderNumbersIn(line.narration)[0];
  return {
    row: line.row,
    on: line.on,
    ...(line.at ? { at: line.at } : {}),
    paise: line.paise,
    ...(reference ? { reference } : {}),
    ...(payer ? { payer } : {}),
    ...(orderNumber ? { orderNumber } : {}),
  };
}

/**
 * The credits of a file that bring money in for orders, each once: debits are left out, a credit
 * whose reference a reversal in the same file names is left out, a reversal itself is left out, and
 * a credit seen twice (the same reference, or the same day, amount and narration) counts once.
 */
export function creditsThatPay(lines: readonly StatementLine[]): { credits: StatementCredit[]; skipped: SkippedLines } {
  const skipped: SkippedLines = { debits: 0, duplicates: 0, reversed: 0 };
  const reversedRefs = new Set<string>();
  for (const line of lines) {
    if (!readsAsReversal(line.narration)) continue;
    const reference = referenceOf(line);
    if (reference) reversedRefs.add(reference);
  }
  const credits: StatementCredit[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.direction === "debit" || line.paise <= 0) {
      if (readsAsReversal(line.narration)) skipped.reversed++;
      else skipped.debits++;
      continue;
    }
    const credit = creditOf(line);
    if (readsAsReversal(line.narration) || (credit.reference && reversedRefs.has(credit.reference))) {
      skipped.reversed++;
      continue;
    }
    const key = credit.reference ?? `${line.on}|${line.paise}|${line.narration}`;
    if (seen.has(key)) {
      skipped.duplicates++;
      continue;
    }
    seen.add(key);
    credits.push(credit);
  }
  return { credits, skipped };
}
