import { sql, type Kysely } from "kysely";

/**
 * Seller disclosures and the grievance desk (decisions 129, 130).
 *
 * A shop product's Legal Metrology facts (Packaged Commodities Rules, rule 6(10)): its country of
 * origin, its maker or packer, and its net quantity, kept on the row the admin edits. Stored rows get
 * India as origin and no maker or quantity: the product page leaves out what is not set and the admin's
 * list names the products that still lack them.
 *
 * `grievance_tickets` is the grievance projector's read model: one row per ticket, rebuilt from the
 * `grievance-*` streams by `shop replay`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column country_of_origin text not null default 'India' check (length(country_of_origin) between 1 and 60),
      add column maker text check (length(maker) between 1 and 300),
      add column net_quantity text check (length(net_quantity) between 1 and 60)`.execute(db);
  await sql`
    create table grievance_tickets (
      ticket_id text primary key,
      number text not null,
      stage text not null,
      complainant_kind text not null,
      user_id text,
      order_id text,
      name text not null,
      phone text not null,
      topic text not null,
      text text not null,
      language text not null,
      filed_at timestamptz not null,
      acknowledge_by timestamptz not null,
      resolve_by timestamptz not null,
      acknowledged_at timestamptz,
      acknowledged_by text,
      acknowledge_note text,
      resolved_at timestamptz,
      resolved_by text,
      resolution_note text
    )`.execute(db);
  await sql`create index grievance_tickets_open on grievance_tickets (filed_at) where stage <> 'resolved'`.execute(db);
  await sql`create index grievance_tickets_number on grievance_tickets (number)`.execute(db);
}
