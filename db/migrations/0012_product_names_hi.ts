import { sql, type Kysely } from "kysely";

/**
 * A shop product's name and description in Hindi, beside the English (decision 099). Both
 * may be null: a page in Hindi then shows the English. The English `name` stays the one
 * carts, orders and the /api carry. The seed fills its own products' Hindi on the next start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table products
      add column name_hi text check (length(name_hi) between 1 and 200),
      add column description_hi text check (length(description_hi) <= 1000)`.execute(db);
}
