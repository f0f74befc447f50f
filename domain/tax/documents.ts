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
  invoice?: InvoiceIssued["data"];
  creditNotes: CreditNoteIssued["data"][];
}

/** An order's status as domain/orders/events.ts names them (a string here: the order's events import this module). */
type OrderStatus = string;

export const noTaxDocuments = (): TaxDocuments => ({ creditNotes: [] });

export function evolveTaxDocuments(state: TaxDocuments, event: { type: string; data: unknown }): TaxDocuments {
  if (event.type === "InvoiceIssued") return { ...state, invoice: (event as InvoiceIssued).data };
  if (event.type === "CreditNoteIssued") return { ...state, creditNotes: [...state.creditNotes, (event as CreditNoteIssued).data] };
  return state;
}

/** What each invoice line has had credited so far. */
export function creditedPerLine(docs: TaxDocuments): TaxTotals[] {
  const lines = docs.invoice?.lines ?? [];
  const credited = lines.map(() => ({ value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 }));
  for (const note of docs.creditNotes) {
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

/** Paisa of the invoice not yet credited. */
export function creditLeft(docs: TaxDocuments): number {
  if (!docs.invoice) return 0;
  return docs.invoice.totals.value - docs.creditNotes.reduce((sum, note) => sum + note.totals.value, 0);
}

export type TaxDocumentCommand =
  | { type: "IssueInvoice"; invoice: InvoiceIssued["data"] }
  | { type: "IssueCreditNote"; creditNote: Omit<CreditNoteIssued["data"], "lines" | "totals" | "invoiceNumber" | "supply" | "placeOfSupply" | "supplier">; amount: number };

export const TAX_DOCUMENT_COMMANDS = ["IssueInvoice", "IssueCreditNote"] as const;

/** The rules: one invoice per order, only once the goods have left; credit notes never more than the invoice. */
export function decideTaxDocument(command: TaxDocumentCommand, order: { status: OrderStatus; tax: TaxDocuments }): TaxDocumentEvent[] {
  if (command.type === "IssueInvoice") {
    if (order.tax.invoice) return [];
    if (order.status !== "shipped" && order.status !== "delivered") throw new RuleViolation("tax.notShipped", {}, 409);
    return [{ type: "InvoiceIssued", data: command.invoice }];
  }
  const invoice = order.tax.invoice;
  if (!invoice) throw new RuleViolation("tax.noInvoice", {}, 409);
  const left = creditLeft(order.tax);
  if (command.amount <= 0 || left <= 0) return [];
  const lines = creditLines(invoice.lines, creditedPerLine(order.tax), Math.min(command.amount, left), invoice.supply);
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
 * What an order's change calls for, from the state before it and the events it decided: an invoice when the goods
 * leave (shipped, or delivered straight away: handed over) and none was issued; after an invoice, a credit note for
 * a cancellation (all that is left) or a refund (its amount, as a return's when a return was received).
 */
export function documentsDue(
  before: { status: OrderStatus; tax: TaxDocuments } | undefined,
  events: readonly { type: string; data: Record<string, unknown> }[],
): { invoice: boolean; credit?: { reason: CreditReason; amount: number } } {
  const invoiced = Boolean(before?.tax.invoice);
  const leaves = events.some((e) => e.type === "OrderStatusChanged" && (e.data.to === "shipped" || e.data.to === "delivered"));
  const invoice = !invoiced && leaves;
  if (!invoiced && !invoice) return { invoice };
  const cancelled = events.some((e) => e.type === "OrderStatusChanged" && e.data.to === "cancelled");
  if (cancelled) return { invoice, credit: { reason: "cancellation", amount: Number.MAX_SAFE_INTEGER } };
  const refunded = events.filter((e) => e.type === "PaymentRefunded").reduce((sum, e) => sum + Number(e.data.amount) * 100, 0);
  if (refunded > 0) return { invoice, credit: { reason: events.some((e) => e.type === "ReturnReceived") ? "return" : "refund", amount: refunded } };
  return { invoice };
}
