/**
 * The length of paper each 80 mm receipt takes (decision 138). A printed page needs a height,
 * and the roll is cut where the page ends: a page as long as the slip's text, not an A4-long
 * strip. The page's script measures each document and sets its page exactly; without
 * JavaScript the server's reckoning here stands, made from the text the document prints: the
 * lines each block wraps to at the receipt's width and type size, never less than the text
 * takes (a page too short would cut the slip in two), a few millimetres more at worst.
 */

/** What a receipt prints, as far as its length goes: its text, block by block. */
export interface ReceiptText {
  /** The document ("slip", "invoice"; another document is reckoned as an invoice). */
  doc: string;
  shopLines: number;
  /** Text of the heading, facts, address, item lines (name + school) and the closing lines. */
  facts: string[];
  address: string[];
  lines: { item: string; school: string }[];
  /** Totals and payment lines: the lines below the table. */
  below: string[];
  /** The framed "Cash on delivery: collect ₹846" of a slip. */
  collect: boolean;
}

/** Per line of each kind of block, at the receipt's type (app/styles/print.css, `.paper-receipt`), in mm. */
const LINE_MM = { body: 3.9, address: 4.1, table: 3.7, school: 3.3 } as const;
/**
 * Characters a line holds at 8.5 pt in 66 mm, counted low so a long text is never reckoned
 * shorter than it wraps; a Devanagari letter with its marks is wider than a Latin one.
 */
const CHARS_PER_LINE = { body: 34, itemColumn: 20 } as const;
/** The framed cash line: its larger type, frame, padding and the paragraph's margins. */
const COLLECT_MM = 12;
/** The head (shop, title, number, rules), the table's head, the count and signature, the padding; an invoice's bill code (bars 50 mm by 14, with their margin). */
const FIXED_MM = { slip: 62, invoice: 58 + 17 } as const;

/** Lines `text` wraps to in a column holding `perLine` Latin characters. */
export function wrappedLines(text: string, perLine: number): number {
  if (text === "") return 0;
  // A Devanagari letter (with its marks) takes about the room of one and a half Latin ones.
  const devanagari = [...text].filter((c) => c >= "\u0900" && c <= "\u097f").length;
  const width = text.length + devanagari / 2;
  return Math.max(1, Math.ceil(width / perLine));
}

/** The receipt's length in mm, rounded up to the half millimetre. */
export function receiptLengthMm(text: ReceiptText): number {
  const body = (items: string[]) => items.reduce((n, t) => n + wrappedLines(t, CHARS_PER_LINE.body), 0);
  let mm = (text.doc === "slip" ? FIXED_MM.slip : FIXED_MM.invoice) + text.shopLines * LINE_MM.body;
  mm += body(text.facts) * LINE_MM.body;
  mm += body(text.address) * LINE_MM.address;
  for (const line of text.lines) {
    mm += Math.max(1, wrappedLines(line.item, CHARS_PER_LINE.itemColumn)) * LINE_MM.table + 1.6;
    if (line.school) mm += wrappedLines(line.school, CHARS_PER_LINE.itemColumn) * LINE_MM.school;
  }
  mm += body(text.below) * LINE_MM.body * 1.2;
  if (text.collect) mm += COLLECT_MM;
  return Math.ceil(mm * 2) / 2;
}

/** Lengths a receipt page may be given, in mm: the address of receipt.css refuses others. */
export const RECEIPT_MM = { min: 30, max: 3000 } as const;

/**
 * The stylesheet that gives each document of a receipt run its own page: `receipt-N` as long as
 * the N-th document. Only lengths in RECEIPT_MM, at most `max` of them; undefined otherwise.
 */
export function receiptPagesCss(query: string | null, max: number): string | undefined {
  if (!query) return undefined;
  const parts = query.split(",");
  if (parts.length > max) return undefined;
  const lengths = parts.map((p) => (/^\d{1,4}(\.\d)?$/.test(p) ? Number(p) : NaN));
  if (lengths.some((mm) => !(mm >= RECEIPT_MM.min && mm <= RECEIPT_MM.max))) return undefined;
  return lengths
    .map((mm, i) => `@page receipt-${i + 1} { size: 80mm ${mm}mm; margin: 0; }\n.paper-receipt > .print-doc:nth-of-type(${i + 1}) { page: receipt-${i + 1}; }\n`)
    .join("");
}
