/**
 * The owner's monthly GST summary (decision 127): the tables a B2C seller fills in GSTR-1, from the tax documents'
 * read model (projectors/tax.ts), for a month in India: per place of supply and rate the taxable value and CGST,
 * SGST, IGST of the invoices, of the credit notes and net (table 7, B2C small, and table 9B's credit notes); per
 * HSN and rate (table 12); and per series the documents issued, their number range and any number voided (table 13).
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DELIVERY_SAC } from "../domain/tax/lines";
import { gstr1Files, type Gstr1Document, type Gstr1Files, type Gstr1Invoice } from "../domain/tax/gstr1";
import type { StateCode } from "../domain/tax/states";

export interface TaxAmounts {
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface RateStateRow extends TaxAmounts {
  placeOfSupply: string | null;
  supply: string;
  rate: number;
}

export interface HsnRow extends TaxAmounts {
  hsn: string;
  rate: number;
  quantity: number;
}

export interface SeriesRow {
  series: string;
  kind: string;
  count: number;
  from: string;
  to: string;
  first: number;
  last: number;
}

export interface MonthlyTaxSummary {
  month: string;
  invoices: RateStateRow[];
  creditNotes: RateStateRow[];
  net: RateStateRow[];
  hsn: HsnRow[];
  documents: SeriesRow[];
  totals: { invoices: TaxAmounts; creditNotes: TaxAmounts; net: TaxAmounts };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
export const isTaxMonth = (value: string) => MONTH.test(value);

const zero = (): TaxAmounts => ({ value: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });
const AMOUNTS = ["value", "taxable", "cgst", "sgst", "igst"] as const;

function add(into: TaxAmounts, from: TaxAmounts, sign = 1) {
  for (const key of AMOUNTS) into[key] += sign * from[key];
}

export function createTaxSummary(db: Kysely<DB>) {
  const amounts = {
    value: sql<string>`sum(l.value)`.as("value"),
    taxable: sql<string>`sum(l.taxable)`.as("taxable"),
    cgst: sql<string>`sum(l.cgst)`.as("cgst"),
    sgst: sql<string>`sum(l.sgst)`.as("sgst"),
    igst: sql<string>`sum(l.igst)`.as("igst"),
  };
  const numbers = (row: Record<string, unknown>): TaxAmounts => ({
    value: Number(row.value),
    taxable: Number(row.taxable),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
  });

  async function seriesOf(month: string): Promise<SeriesRow[]> {
    const seriesRows = await db
      .selectFrom("tax_documents")
      .where("month", "=", month)
      .select([
        "series",
        "kind",
        sql<string>`count(*)`.as("count"),
        sql<number>`min(sequence)`.as("first"),
        sql<number>`max(sequence)`.as("last"),
        sql<string>`min(number)`.as("from"),
        sql<string>`max(number)`.as("to"),
      ])
      .groupBy(["series", "kind"])
      .orderBy("kind", "desc")
      .orderBy("series")
      .execute();
    return seriesRows.map((r) => ({ series: r.series, kind: r.kind, count: Number(r.count), first: Number(r.first), last: Number(r.last), from: r.from, to: r.to }));
  }

  async function month(month: string): Promise<MonthlyTaxSummary> {
    const byRateState = await db
      .selectFrom("tax_document_lines as l")
      .innerJoin("tax_documents as d", "d.number", "l.number")
      .where("d.month", "=", month)
      .select(["d.kind", "d.place_of_supply", "d.supply", "l.rate", amounts.value, amounts.taxable, amounts.cgst, amounts.sgst, amounts.igst])
      .groupBy(["d.kind", "d.place_of_supply", "d.supply", "l.rate"])
      .orderBy("d.place_of_supply")
      .orderBy("l.rate")
      .execute();
    const rows = (kind: string) =>
      byRateState
        .filter((r) => r.kind === kind)
        .map((r) => ({ placeOfSupply: r.place_of_supply, supply: r.supply, rate: r.rate, ...numbers(r) }));
    const invoices = rows("invoice");
    const creditNotes = rows("credit-note");
    const netByKey = new Map<string, RateStateRow>();
    for (const [list, sign] of [[invoices, 1], [creditNotes, -1]] as const) {
      for (const row of list) {
        const key = `${row.placeOfSupply}|${row.rate}`;
        const net = netByKey.get(key) ?? { placeOfSupply: row.placeOfSupply, supply: row.supply, rate: row.rate, ...zero() };
        add(net, row, sign);
        netByKey.set(key, net);
      }
    }
    const net = [...netByKey.values()].sort((a, b) => (a.placeOfSupply ?? "").localeCompare(b.placeOfSupply ?? "") || a.rate - b.rate);

    const hsnRows = await db
      .selectFrom("tax_document_lines as l")
      .innerJoin("tax_documents as d", "d.number", "l.number")
      .where("d.month", "=", month)
      .select([
        // The delivery is reported under its own code, never a goods HSN, also on invoices from before decision 203.
        sql<string>`case when l.kind = 'delivery' then ${sql.lit(DELIVERY_SAC)} else l.hsn end`.as("hsn"),
        "l.rate",
        // Goods only: a delivery line's "1" is no piece sold.
        sql<string>`sum(case when l.kind = 'delivery' then 0 when d.kind = 'invoice' then l.quantity else -l.quantity end)`.as("quantity"),
        sql<string>`sum(case when d.kind = 'invoice' then l.value else -l.value end)`.as("value"),
        sql<string>`sum(case when d.kind = 'invoice' then l.taxable else -l.taxable end)`.as("taxable"),
        sql<string>`sum(case when d.kind = 'invoice' then l.cgst else -l.cgst end)`.as("cgst"),
        sql<string>`sum(case when d.kind = 'invoice' then l.sgst else -l.sgst end)`.as("sgst"),
        sql<string>`sum(case when d.kind = 'invoice' then l.igst else -l.igst end)`.as("igst"),
      ])
      .groupBy([sql`1`, "l.rate"])
      .orderBy(sql`1`)
      .orderBy("l.rate")
      .execute();
    // A credit note's quantity is the invoice line's (a part of its value credited): the HSN table counts goods sold.
    const hsn = hsnRows.map((r) => ({ hsn: r.hsn, rate: r.rate, ...numbers(r), quantity: Math.max(0, Number(r.quantity)) }));

    const documents = await seriesOf(month);

    const totals = { invoices: zero(), creditNotes: zero(), net: zero() };
    for (const row of invoices) add(totals.invoices, row);
    for (const row of creditNotes) add(totals.creditNotes, row);
    add(totals.net, totals.invoices);
    add(totals.net, totals.creditNotes, -1);
    return { month, invoices, creditNotes, net, hsn, documents, totals };
  }

  /** The month's GSTR-1 files for the offline tool (domain/tax/gstr1.ts), from the same documents as the summary. */
  async function gstr1(wanted: string): Promise<Gstr1Files> {
    const docs = await db
      .selectFrom("tax_documents")
      .where("month", "=", wanted)
      .select(["number", "kind", "series", "sequence", "issued_at", "place_of_supply", "supply", "value", "invoice_number"])
      .orderBy("series")
      .orderBy("sequence")
      .execute();
    const numbers = docs.map((d) => d.number);
    const lines = numbers.length
      ? await db
          .selectFrom("tax_document_lines")
          .where("number", "in", numbers)
          .select(["number", "line", "kind", "hsn", "unit", "quantity", "rate", "value", "taxable", "cgst", "sgst", "igst"])
          .orderBy("number")
          .orderBy("line")
          .execute()
      : [];
    const invoiceNumbers = [...new Set(docs.map((d) => d.invoice_number).filter((n): n is string => n !== null))];
    const invoices = invoiceNumbers.length
      ? await db.selectFrom("tax_documents").where("number", "in", invoiceNumbers).select(["number", "issued_at", "place_of_supply", "supply", "value"]).execute()
      : [];
    const asInvoice = (d: { number: string; issued_at: Date; place_of_supply: string | null; supply: string; value: number }): Gstr1Invoice => ({
      number: d.number,
      issuedAt: new Date(d.issued_at).toISOString(),
      placeOfSupply: d.place_of_supply as StateCode | null,
      supply: d.supply === "intra" ? "intra" : "inter",
      value: Number(d.value),
    });
    const invoiceByNumber = new Map(invoices.map((d) => [d.number, asInvoice(d)]));
    const linesByNumber = new Map<string, Gstr1Document["lines"]>();
    for (const l of lines) {
      const list = linesByNumber.get(l.number) ?? [];
      list.push({ kind: l.kind === "delivery" ? "delivery" : "goods", hsn: l.hsn, unit: l.unit, quantity: l.quantity, rate: l.rate, value: l.value, taxable: l.taxable, cgst: l.cgst, sgst: l.sgst, igst: l.igst });
      linesByNumber.set(l.number, list);
    }
    const documents: Gstr1Document[] = docs.map((d) => ({
      ...asInvoice(d),
      kind: d.kind === "invoice" ? "invoice" : "credit-note",
      series: d.series,
      sequence: d.sequence,
      invoice: d.invoice_number ? (invoiceByNumber.get(d.invoice_number) ?? null) : null,
      lines: linesByNumber.get(d.number) ?? [],
    }));
    const series = await seriesOf(wanted);
    return gstr1Files(
      documents,
      series.map((s) => ({ series: s.series, kind: s.kind === "invoice" ? "invoice" : "credit-note", from: s.from, to: s.to, first: s.first, last: s.last, issued: s.count })),
    );
  }

  /** The months that have documents, newest first (the page's choice). */
  async function months(): Promise<string[]> {
    const rows = await db.selectFrom("tax_documents").select("month").distinct().orderBy("month", "desc").execute();
    return rows.map((r) => r.month);
  }

  /** The documents issued for these orders, by order, oldest first: the parent's pages link to them. */
  async function documentsOf(orderIds: readonly string[]): Promise<Map<string, { number: string; kind: string }[]>> {
    const found = new Map<string, { number: string; kind: string }[]>();
    if (orderIds.length === 0) return found;
    const rows = await db
      .selectFrom("tax_documents")
      .where("order_id", "in", [...orderIds])
      .select(["order_id", "number", "document_kind"])
      .orderBy("issued_at")
      .orderBy("number")
      .execute();
    for (const row of rows) found.set(row.order_id, [...(found.get(row.order_id) ?? []), { number: row.number, kind: row.document_kind }]);
    return found;
  }

  return { month, months, documentsOf, gstr1 };
}

export type TaxSummaryService = ReturnType<typeof createTaxSummary>;
