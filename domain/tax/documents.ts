/**
 * The shop's tax documents for an order (CGST Rules rules 46, 49 and 53): the invoice issued when the goods leave
 * (a tax invoice for a regular-scheme shop, a bill of supply for a composition shop, a plain bill for an unregistered
 * one) and the credit notes that reverse it. Both are events on the order's stream, decided here; their numbers come
 * from a series stream (./series.ts) appended in the same command (decision 126). They hold no personal data: the
 * buyer's name and address are read from the order's own events when the document is printed.
 */
import { RuleViolation } from "../errors";
import { creditLines, sumLines, type CreditLine, type TaxLine, type TaxTotals } from "./lines";
import type { GstScheme } from "./seller";
import type { StateCode } from "./states";

export const DOCUMENT_KINDS = ["tax-invoice", "bill-of-supply", "bill"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const documentKindOf = (scheme: GstScheme): DocumentKind =>
  scheme === "regular" ? "tax-invoice" : scheme === "composition" ? "bill-of-supply" : "bill";

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
    /** The invoice it reverses (rule 53 names it). */
    invoiceNumber: string;
    reason: CreditReason;
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
  | { type: "IssueCreditNote"; creditNote: Omit<CreditNoteIssued["data"], "lines" | "totals" | "invoiceNumber" | "supply" | "placeOfSupply" | "supplier">; amount: number };

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
  if (command.amount <= 0) return [];
  const lines = creditLines(invoice.lines, creditedPerLine(order.tax, invoice), Math.min(command.amount, left), invoice.supply);
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
