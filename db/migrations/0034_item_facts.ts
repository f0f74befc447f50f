import { sql, type Kysely } from "kysely";

/**
 * The facts of the catalogue's bought-in items (decision 142): country of origin, maker or packer and
 * net quantity as the owner set them, one row per item the owner has set, read model of the
 * `itemFacts-{itemId}` streams rebuilt by projectors/item-facts.ts. A null fact is not set: the
 * item's page leaves it out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table item_facts (
      item_id text primary key,
      country_of_origin text,
      maker text,
      net_quantity text,
      changed_by text not null,
      changed_at timestamptz not null
    )`.execute(db);
}
