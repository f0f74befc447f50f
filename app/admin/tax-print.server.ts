/**
 * An order's tax documents as the print page shows them (rule 46 fields, docs/tax.md): the invoice and its credit
 * notes from the order's events, formatted in the page's language, never recomputed. The buyer's name and address
 * come from the order as the print page reads it (after an erasure they read "erased"); the state of supply stays.
 */
import { formatDate, type Language } from "../../domain/i18n";
import { chargesTax, type CreditNoteIssued, type InvoiceIssued, type TaxDocuments } from "../../domain/tax/documents";
import { formatPaisa } from "../../domain/tax/lines";
import type { StateCode } from "../../domain/tax/states";
import { serverT } from "../i18n/i18n.server";
import { lineWordsIn } from "../catalogue-words.server";
import type { Shop } from "../../services/index";
import type { TaxDocumentView } from "./components/TaxDocuments";

/** A line's rate as the document prints it: inside the state CGST and SGST each at half ("2.5% + 2.5%", decision 207). */
const rateText = (rate: number, intra: boolean) => (intra ? `${rate / 2}% + ${rate / 2}%` : `${rate}%`);

/** A goods line's description and size in the page's language, when the catalogue names it there. */
type LineWordsOf = (line: { productId: string; size: string }) => { description: string; size: string } | undefined;

function documentView(
  lang: Language,
  d: InvoiceIssued["data"] | CreditNoteIssued["data"],
  kind: TaxDocumentView["kind"],
  invoice?: InvoiceIssued["data"],
  wordsOf: LineWordsOf = () => undefined,
): TaxDocumentView {
  const t = serverT(lang);
  const state = (code: StateCode | null) => (code ? t("tax:doc.stateCode", { name: t(`tax:state.${code}`), code }) : t("tax:doc.unknownState"));
  const tax = d.totals.cgst + d.totals.sgst + d.totals.igst;
  // A refund tied to no goods reverses a value, not goods (decision 206): no quantity, even on notes stored with one.
  const valueOnly = "reason" in d && d.reason === "refund";
  return {
    kind,
    number: d.number,
    date: formatDate(d.issuedAt, lang),
    dateIso: d.issuedAt,
    invoiceNumber: "invoiceNumber" in d ? d.invoiceNumber : null,
    // Rule 53: a credit note names its invoice's number and date.
    invoiceDate: invoice ? { text: formatDate(invoice.issuedAt, lang), iso: invoice.issuedAt } : null,
    reason: "reason" in d ? t(`tax:reason.${d.reason}`) : null,
    supplier: { legalName: d.supplier.legalName, address: d.supplier.address, gstin: d.supplier.gstin, state: state(d.supplier.stateCode) },
    placeOfSupply: state(d.placeOfSupply),
    supply: d.supply,
    collectsTax: (kind !== "credit-note" && chargesTax(kind)) || (kind === "credit-note" && tax > 0),
    valueOnly,
    lines: d.lines.map((line, i) => ({
      key: `${i}`,
      description: line.kind === "delivery" ? t("tax:line.delivery") : (wordsOf(line)?.description ?? line.description),
      size: line.kind === "delivery" ? line.size : (wordsOf(line)?.size ?? line.size),
      hsn: line.hsn,
      quantity: valueOnly ? "—" : `${line.quantity} ${t(`tax:unit.${line.unit}`)}`,
      taxable: formatPaisa(line.taxable),
      rate: rateText(line.rate, d.supply === "intra"),
      cgst: formatPaisa(line.cgst),
      sgst: formatPaisa(line.sgst),
      igst: formatPaisa(line.igst),
      value: formatPaisa(line.value),
    })),
    totals: {
      taxable: formatPaisa(d.totals.taxable),
      cgst: formatPaisa(d.totals.cgst),
      sgst: formatPaisa(d.totals.sgst),
      igst: formatPaisa(d.totals.igst),
      tax: formatPaisa(tax),
      value: formatPaisa(d.totals.value),
    },
  };
}

/** Each invoice, then the credit notes that reverse it in the order they were issued (a parcel sent again has a second invoice). */
export function taxDocumentViews(lang: Language, docs: TaxDocuments | undefined, wordsOf?: LineWordsOf): TaxDocumentView[] {
  return (docs?.invoices ?? []).flatMap((invoice) => [
    documentView(lang, invoice, invoice.kind, undefined, wordsOf),
    ...docs!.creditNotes.filter((note) => note.invoiceNumber === invoice.number).map((note) => documentView(lang, note, "credit-note", invoice, wordsOf)),
  ]);
}

/**
 * The documents with each item named as the page's language names it (a Hindi page: the catalogue's Hindi name,
 * school and size), read from the order's lines by product and size; the document itself keeps the English it was
 * issued with, and an item the catalogue no longer knows keeps it on the page too.
 */
export async function taxDocumentViewsIn(
  shop: Shop,
  lang: Language,
  docs: TaxDocuments | undefined,
  orderLines: readonly { productId: string; name: string; school: string; size: string }[],
): Promise<TaxDocumentView[]> {
  if (lang === "en" || !docs) return taxDocumentViews(lang, docs);
  const words = await lineWordsIn(shop, lang, orderLines);
  const wordsOf: LineWordsOf = (line) => {
    const i = orderLines.findIndex((l) => l.productId === line.productId && l.size === line.size);
    if (i < 0) return undefined;
    const { name, school, size } = words[i];
    return { description: school ? `${name} (${school})` : name, size };
  };
  return taxDocumentViews(lang, docs, wordsOf);
}
