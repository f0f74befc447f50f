import { sql, type Kysely } from "kysely";

/**
 * GSTR-1's HSN table counts goods (decision 205): each tax document line says whether it is goods or the delivery
 * (a service with no quantity of goods), and a credit note's line holds the quantity that came back to the shop
 * (a parcel cancelled or sent back), not the invoice line's: a refund's note moves no goods. Rows projected before
 * say the same from their events: the delivery line is the one the shop always wrote as "Delivery", and a refund's
 * note had no goods come back with it. A replay (projectors/tax.ts) builds the same rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tax_document_lines add column kind text not null default 'goods'`.execute(db);
  await sql`update tax_document_lines set kind = 'delivery' where description = 'Delivery'`.execute(db);
  await sql`
    update tax_document_lines l set quantity = 0
      from tax_documents d
     where d.number = l.number and d.kind = 'credit-note' and (d.reason = 'refund' or l.kind = 'delivery')`.execute(db);
}
