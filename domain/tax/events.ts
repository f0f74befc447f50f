/**
 * The schemas of the tax events (docs/events.md): InvoiceIssued and CreditNoteIssued live on the order's stream
 * (registered in domain/orders/events.ts), the series' DocumentNumberTaken / DocumentNumberVoided on `tax-series-*`.
 * None holds personal data: the documents name the buyer only through the order.
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";
import { GST_RATES } from "./rates";
import { STATES } from "./states";
import { CREDIT_REASONS, DOCUMENT_KINDS } from "./documents";
import type { SeriesEvent } from "./series";

const paisa = z.number().int().nonnegative();
const stateCode = z.enum(Object.keys(STATES) as [keyof typeof STATES, ...(keyof typeof STATES)[]]);
const rate = z.union(GST_RATES.map((r) => z.literal(r)) as [z.ZodLiteral<0>, z.ZodLiteral<5>, z.ZodLiteral<18>, z.ZodLiteral<40>]);
const taxLine = z.object({
  kind: z.enum(["goods", "delivery"]),
  productId: z.string(),
  description: z.string(),
  size: z.string(),
  hsn: z.string(),
  unit: z.enum(["PCS", "PRS", "SET", "NOS"]),
  quantity: z.number().int().positive(),
  value: paisa,
  rate,
  taxable: paisa,
  cgst: paisa,
  sgst: paisa,
  igst: paisa,
});
const totals = z.object({ value: paisa, taxable: paisa, cgst: paisa, sgst: paisa, igst: paisa });
const supplier = z.object({ legalName: z.string(), address: z.string(), gstin: z.string().nullable(), stateCode });
const documentNumber = z.string().min(1).max(16);

export const invoiceIssuedSchema = z.object({
  orderId: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  number: documentNumber,
  series: z.string(),
  sequence: z.number().int().positive(),
  issuedAt: z.string(),
  supplier,
  placeOfSupply: stateCode.nullable(),
  supply: z.enum(["intra", "inter"]),
  lines: z.array(taxLine).min(1),
  totals,
});

export const creditNoteIssuedSchema = z.object({
  orderId: z.string(),
  number: documentNumber,
  series: z.string(),
  sequence: z.number().int().positive(),
  issuedAt: z.string(),
  invoiceNumber: documentNumber,
  reason: z.enum(CREDIT_REASONS),
  // Notes from 8 Dec 2026 on: the return whose goods they take back; a refund's note has no quantity (no goods came back).
  returnId: z.string().optional(),
  supplier,
  placeOfSupply: stateCode.nullable(),
  supply: z.enum(["intra", "inter"]),
  lines: z.array(taxLine.extend({ quantity: z.number().int().nonnegative(), invoiceLine: z.number().int().nonnegative() })).min(1),
  totals,
});

export const taxSeriesEvents = createEventRegistry<SeriesEvent>("tax", {
  DocumentNumberTaken: {
    version: 1,
    schema: z.object({ series: z.string(), sequence: z.number().int().positive(), number: documentNumber, orderId: z.string(), at: z.string() }),
  },
  DocumentNumberVoided: {
    version: 1,
    schema: z.object({ series: z.string(), sequence: z.number().int().positive(), number: documentNumber, at: z.string() }),
  },
});
