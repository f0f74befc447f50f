/**
 * The shop's tax documents for an order (CGST Rules rules 46, 49 and 53): the invoice issued when the goods leave
 * (a tax invoice for a regular-scheme shop, a bill of supply for a composition shop, a plain bill for an unregistered
 * one) and the credit notes that reverse it. Both are events on the order's stream, decided here; their numbers come
 * from a series stream (./series.ts) appended in the same command (decision 126). They hold no personal data: the
 * buyer's name and address are read from the order's own events when the document is printed.
 */
import { RuleViolation } from "../errors";
import { creditLines, sumLines, taxOf, unitsValue, type CreditLine, type TaxLine, type TaxTotals } from "./lines";
import type { GstScheme } from "./seller";
import type { StateCode } from "./states";

/**
 * What an invoice is (decision 207): a regular shop's tax invoice (rule 46); its bill of supply when every line is
 * nil-rated (`nil-bill-of-supply`, rule 49: no tax to charge); an invoice-cum-bill of supply when taxable and nil-rated
 * goods go together (rule 46A); a composition shop's bill of supply (rule 5(1)(g), rule 49); an unregistered shop's bill.
 */
export const DOCUMENT_KINDS = ["tax-invoice", "bill-of-supply", "bill", "nil-bill-of-supply", "invoice-cum-bill-of-supply"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentKindOf = (scheme: GstScheme): DocumentKind =>
  scheme === "regular" ? "tax-invoice" : scheme === "composition" ? "bill-of-supply" : "bill";

/** The kind of a regular shop's invoice from its goods' rates: all taxed, all nil-rated, or both. */
export function documentKindFor(scheme: GstScheme, lines: readonly Pick<TaxLine, "kind" | "rate">[]): DocumentKind {
  if (scheme !== "regular") return documentKindOf(scheme);
  const goods = lines.filter((line) => line.kind === "goods");
  const nil = goods.filter((line) => line.rate === 0).length;
  if (nil === 0) return "tax-invoice";
  return nil === goods.length ? "nil-bill-of-supply" : "invoice-cum-bill-of-supply";
}

/** Whether a document of this kind charges tax on its lines (a bill of supply never does). */
export const chargesTax = (kind: DocumentKind): boolean => kind === "tax-invoice" || kind === "invoice-cum-bill-of-supply";

/** The supplier as the document names it, kept on it: a later change of settings never alters a document issued. */
export interface Supplier {
  legalName: string;
  address: string;
  gstin: string | null;
  stateCode: StateCode;
}

export interface InvoiceIssued {
  type: "InvoiceIssued";
  data: {
    orderId: string;
    kind: DocumentKind;
    number: string;
    /** Its place in the series (`CUH/2627`): 1, 2, 3 ... per financial year. */
    series: string;
    sequence: number;
    /** ISO time; the document's date is its day in India. */
    issuedAt: string;
    supplier: Supplier;
    placeOfSupply: StateCode | null;
    supply: "intra" | "inter";
    lines: TaxLine[];
    totals: TaxTotals;
  };
}

export const CREDIT_REASONS = ["cancellation", "return", "refund"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export interface CreditNoteIssued {
  type: "CreditNoteIssued";
  data: {
    orderId: string;
    number: string;
    series: string;
    sequence: number;
    issuedAt: string;
    /** The invoice it reverses (rule 53 names it with its date). */
    invoiceNumber: string;
    reason: CreditReason;
    /** The return whose goods it takes back, for a return received (its lines are exactly the goods that came back). */
    returnId?: string;
    supplier: Supplier;
    placeOfSupply: StateCode | null;
    supply: "intra" | "inter";
    lines: CreditLine[];
    totals: TaxTotals;
  };
}

export type TaxDocumentEvent = InvoiceIssued | CreditNoteIssued;

export interface TaxDocuments {
  /**
   * Every invoice issued, oldest first. One is live at a time (`liveInvoice`): goods that left the shop once, came back
   * (a parcel returned undelivered, credited in full) and leave again get a new one (decision 160).
   */
  invoices: InvoiceIssued["data"][];
  creditNotes: CreditNoteIssued["data"][];
}

/**
 * The goods that came back with a credit note's line: a parcel cancelled or sent back brings its lines' goods; a
 * note for money alone (a refund) moves no goods, however many the invoice line had.
 */
export function goodsBack(note: Pick<CreditNoteIssued["data"], "reason">, line: Pick<CreditLine, "kind" | "quantity">): number {
  if (line.kind !== "goods") return 0;
  return note.reason === "refund" ? 0 : line.quantity;
}

/** Goods that came back with a return, as the order's return names them. */
export interface GoodsBack {
  productId: string;
  size: string;
  school: string;
  quantity: number;
}

/** Units of each line of `invoice` that came back with its credit notes so far. */
export function unitsBackPerLine(docs: TaxDocuments, invoice: InvoiceIssued["data"]): number[] {
  const back = invoice.lines.map(() => 0);
  for (const note of docs.creditNotes) {
    if (note.invoiceNumber !== invoice.number) continue;
    for (const line of note.lines) if (back[line.invoiceLine] !== undefined) back[line.invoiceLine] += goodsBack(note, line);
  }
  return back;
}

/** The invoice's line that sold `goods`: the same product and size (and, of two such, the one of its school). */
function invoiceLineOf(invoice: readonly TaxLine[], goods: GoodsBack, back: readonly number[]): number {
  const same = invoice.flatMap((line, i) => (line.kind === "goods" && line.productId === goods.productId && line.size === goods.size ? [i] : []));
  const ofSchool = goods.school ? same.filter((i) => invoice[i].description.endsWith(`(${goods.school})`)) : same;
  const candidates = ofSchool.length > 0 ? ofSchool : same;
  return candidates.find((i) => back[i] < invoice[i].quantity) ?? -1;
}

/**
 * A return's credit note (s.34, rule 53): exactly the lines that came back, each with the returned quantity, its
 * rate and HSN, and the value those units were invoiced at (the line's value shared over its units, ./lines.ts
 * `unitsValue`). A line whose last units come back reverses all it has left, so returns unit by unit cancel it to the
 * paisa. Goods the invoice did not sell (an exchange's free size) reverse nothing.
 */
export function returnCreditLines(docs: TaxDocuments, invoice: InvoiceIssued["data"], goods: readonly GoodsBack[]): CreditLine[] {
  const back = unitsBackPerLine(docs, invoice);
  const credited = creditedPerLine(docs, invoice);
  const taking = invoice.lines.map(() => 0);
  for (const item of goods) {
    let left = item.quantity;
    while (left > 0) {
      const i = invoiceLineOf(invoice.lines, item, back.map((b, j) => b + taking[j]));
      if (i < 0) break;
      const count = Math.min(left, invoice.lines[i].quantity - back[i] - taking[i]);
      taking[i] += count;
      left -= count;
    }
  }
  return invoice.lines.flatMap((line, i) => {
    if (taking[i] === 0) return [];
    const rest = leftOn(line, credited[i]);
    const last = back[i] + taking[i] === line.quantity;
    const value = last ? rest.value : Math.min(rest.value, unitsValue(line.value, line.quantity, back[i], taking[i]));
    return [{ ...line, invoiceLine: i, quantity: taking[i], ...reverse(rest, value, line.rate, invoice.supply) }];
  });
}

const leftOn = (line: TaxTotals, credited: TaxTotals): TaxTotals => ({
  value: line.value - credited.value,
  taxable: line.taxable - credited.taxable,
  cgst: line.cgst - credited.cgst,
  sgst: line.sgst - credited.sgst,
  igst: line.igst - credited.igst,
});

/**
 * What crediting `value` of a line's `rest` reverses: the rest less the tax of what stays, so what a line nets after
 * any number of notes is the tax of the value it still stands for, to the paisa (the goods kept are taxed as if
 * invoiced alone). A rest that older notes left uneven falls back to the tax of the value credited.
 */
function reverse(rest: TaxTotals, value: number, rate: TaxLine["rate"], supply: "intra" | "inter"): TaxTotals {
  if (value >= rest.value) return rest;
  const stays = { value: rest.value - value, ...taxOf(rest.value - value, rate, supply) };
  const credit = leftOn(rest, stays);
  return Object.values(credit).every((n) => n >= 0) ? credit : { value, ...taxOf(value, rate, supply) };
}

/** An order's status as domain/orders/events.ts names them (a string here: the order's events import this module). */
type OrderStatus = string;

export const noTaxDocuments = (): TaxDocuments => ({ invoices: [], creditNotes: [] });

export function evolveTaxDocuments(state: TaxDocuments, event: { type: string; data: unknown }): TaxDocuments {
  if (event.type === "InvoiceIssued") return { ...state, invoices: [...state.invoices, (event as InvoiceIssued).data] };
  if (event.type === "CreditNoteIssued") return { ...state, creditNotes: [...state.creditNotes, (event as CreditNoteIssued).data] };
  return state;
}

/** What each line of `invoice` has had credited so far. */
export function creditedPerLine(docs: TaxDocuments, invoice: InvoiceIssued["data"]): TaxTotals[] {
  const credited = invoice.lines.map(() => ({ value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 }));
  for (const note of docs.creditNotes) {
    if (note.invoiceNumber !== invoice.number) continue;
    for (const line of note.lines) {
      const c = credited[line.invoiceLine];
      if (!c) continue;
      c.value += line.value;
      c.taxable += line.taxable;
      c.cgst += line.cgst;
      c.sgst += line.sgst;
      c.igst += line.igst;
    }
  }
  return credited;
}

/** Paisa of `invoice` not yet credited. */
export function creditLeftOn(docs: TaxDocuments, invoice: InvoiceIssued["data"]): number {
  const credited = docs.creditNotes.filter((note) => note.invoiceNumber === invoice.number).reduce((sum, note) => sum + note.totals.value, 0);
  return invoice.totals.value - credited;
}

/** The invoice that stands for the goods out of the shop now: the newest one not credited in full; none before they left or once all came back. */
export function liveInvoice(docs: TaxDocuments): InvoiceIssued["data"] | undefined {
  const newest = docs.invoices.at(-1);
  return newest && creditLeftOn(docs, newest) > 0 ? newest : undefined;
}

/** Paisa of the live invoice not yet credited (0 when none is live). */
export function creditLeft(docs: TaxDocuments): number {
  const live = liveInvoice(docs);
  return live ? creditLeftOn(docs, live) : 0;
}

export type TaxDocumentCommand =
  | { type: "IssueInvoice"; invoice: InvoiceIssued["data"] }
  /**
   * `goods`: a return's goods that came back (reversed exactly, whatever `amount`); without them the note reverses
   * `amount` paisa: all that is left for a parcel back, a refund's value alone for money tied to no goods.
   */
  | {
      type: "IssueCreditNote";
      creditNote: Omit<CreditNoteIssued["data"], "lines" | "totals" | "invoiceNumber" | "supply" | "placeOfSupply" | "supplier">;
      amount: number;
      goods?: readonly GoodsBack[];
    };

export const TAX_DOCUMENT_COMMANDS = ["IssueInvoice", "IssueCreditNote"] as const;

/**
 * The rules: an invoice only once the goods have left, and only while none is live (the same change sent again
 * issues nothing twice); a credit note reverses the live invoice, never more than it has left.
 */
export function decideTaxDocument(command: TaxDocumentCommand, order: { status: OrderStatus; tax: TaxDocuments }): TaxDocumentEvent[] {
  if (command.type === "IssueInvoice") {
    if (liveInvoice(order.tax)) return [];
    if (order.status !== "shipped" && order.status !== "delivered") throw new RuleViolation("tax.notShipped", {}, 409);
    return [{ type: "InvoiceIssued", data: command.invoice }];
  }
  const invoice = liveInvoice(order.tax);
  if (!invoice) {
    // Every invoice credited in full: nothing is left to reverse.
    if (order.tax.invoices.length > 0) return [];
    throw new RuleViolation("tax.noInvoice", {}, 409);
  }
  const left = creditLeftOn(order.tax, invoice);
  const lines = command.goods ? returnCreditLines(order.tax, invoice, command.goods) : valueCreditLines(order.tax, invoice, command.creditNote.reason, Math.min(command.amount, left));
  if (lines.length === 0) return [];
  return [
    {
      type: "CreditNoteIssued",
      data: {
        ...command.creditNote,
        invoiceNumber: invoice.number,
        supplier: invoice.supplier,
        placeOfSupply: invoice.placeOfSupply,
        supply: invoice.supply,
        lines,
        totals: sumLines(lines),
      },
    },
  ];
}

/**
 * A note of a value (no goods named): shared over what each line has left. A refund tied to no goods is a value-only
 * note (quantity 0: no goods came back); a parcel back brings every unit the invoice still stands for.
 */
function valueCreditLines(docs: TaxDocuments, invoice: InvoiceIssued["data"], reason: CreditReason, amount: number): CreditLine[] {
  if (amount <= 0) return [];
  const back = unitsBackPerLine(docs, invoice);
  const credited = creditedPerLine(docs, invoice);
  return creditLines(invoice.lines, credited, amount, invoice.supply).map((line) => ({
    ...line,
    ...reverse(leftOn(invoice.lines[line.invoiceLine], credited[line.invoiceLine]), line.value, line.rate, invoice.supply),
    quantity: reason === "refund" ? 0 : line.kind === "goods" ? line.quantity - back[line.invoiceLine] : line.quantity,
  }));
}

/**
 * What a refund tied to no goods does to the order's tax, for the owner before he records it: the GST that a refund
 * of `amount` paisa would take off the live invoice (its value-only note), or null when no invoice is live (the refund
 * issues no note: nothing was invoiced, or all of it was credited already).
 */
export function refundTaxEffect(docs: TaxDocuments, amount: number): { invoiceNumber: string; tax: number } | null {
  const invoice = liveInvoice(docs);
  if (!invoice) return null;
  const lines = valueCreditLines(docs, invoice, "refund", Math.min(amount, creditLeftOn(docs, invoice)));
  return { invoiceNumber: invoice.number, tax: lines.reduce((sum, l) => sum + l.cgst + l.sgst + l.igst, 0) };
}
