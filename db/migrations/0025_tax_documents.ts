import { sql, type Kysely } from "kysely";

/**
 * The tax documents' read model (projectors/tax.ts, decision 127): one row per invoice, bill of supply or credit
 * note and one per line of each, from the InvoiceIssued and CreditNoteIssued events. The owner's monthly GST
 * summary (GSTR-1's B2C tables: per rate and state, per HSN, the documents issued) adds up a month's rows. Amounts in
 * paisa; `month` is the document's month in India (YYYY-MM).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tax_documents (
      number text primary key,
      kind text not null,
      document_kind text not null,
      series text not null,
      sequence integer not null,
      order_id text not null,
      invoice_number text,
      reason text,
      issued_at timestamptz not null,
      month text not null,
      place_of_supply text,
      supply text not null,
      value integer not null,
      taxable integer not null,
      cgst integer not null,
      sgst integer not null,
      igst integer not null
    )`.execute(db);
  await sql`create index tax_documents_month on tax_documents (month, kind, series, sequence)`.execute(db);
  await sql`create index tax_documents_order on tax_documents (order_id)`.execute(db);
  await sql`
    create table tax_document_lines (
      number text not null,
      line integer not null,
      hsn text not null,
      description text not null,
      unit text not null,
      quantity integer not null,
      rate integer not null,
      value integer not null,
      taxable integer not null,
      cgst integer not null,
      sgst integer not null,
      igst integer not null,
      primary key (number, line)
    )`.execute(db);
}
