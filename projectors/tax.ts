import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { orderEvents } from "../domain/orders/events";
import { indianDay } from "../domain/orders/charges";
import { goodsBack } from "../domain/tax/documents";
import type { Projector } from "./projector";

const DOCUMENT_EVENTS = ["InvoiceIssued", "CreditNoteIssued"] as const;

/**
 * The tax documents' read model (decision 127): each invoice and credit note with its lines, from the order's
 * InvoiceIssued and CreditNoteIssued events alone (the month from the document's own time), so `shop replay`
 * rebuilds the same rows and `shop verify` compares them. The monthly GST summary reads it.
 */
export const taxProjector: Projector = {
  name: "tax",
  tables: ["tax_documents", "tax_document_lines"],
  eventTypes: DOCUMENT_EVENTS,
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== orderEvents.category) continue;
      if (!(DOCUMENT_EVENTS as readonly string[]).includes(stored.type)) continue;
      const event = orderEvents.read(stored);
      if (event.type !== "InvoiceIssued" && event.type !== "CreditNoteIssued") continue;
      const d = event.data;
      const invoice = event.type === "InvoiceIssued";
      await trx
        .insertInto("tax_documents")
        .values({
          number: d.number,
          kind: invoice ? "invoice" : "credit-note",
          document_kind: invoice ? event.data.kind : "credit-note",
          series: d.series,
          sequence: d.sequence,
          order_id: d.orderId,
          invoice_number: invoice ? null : event.data.invoiceNumber,
          reason: invoice ? null : event.data.reason,
          issued_at: d.issuedAt,
          month: indianDay(new Date(d.issuedAt)).slice(0, 7),
          place_of_supply: d.placeOfSupply,
          supply: d.supply,
          ...d.totals,
        })
        .onConflict((oc) => oc.column("number").doNothing())
        .execute();
      const rows = d.lines.map((line, index) => ({
        number: d.number,
        line: index,
        kind: line.kind,
        hsn: line.hsn,
        description: line.description,
        unit: line.unit,
        quantity: event.type === "InvoiceIssued" ? line.quantity : goodsBack(event.data, line),
        rate: line.rate,
        value: line.value,
        taxable: line.taxable,
        cgst: line.cgst,
        sgst: line.sgst,
        igst: line.igst,
      }));
      if (rows.length > 0) await trx.insertInto("tax_document_lines").values(rows).onConflict((oc) => oc.columns(["number", "line"]).doNothing()).execute();
    }
  },
};
