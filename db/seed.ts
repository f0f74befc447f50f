import type { Kysely } from "kysely";
import type { DB } from "./schema";
import { seedProducts } from "./seed-products";

/**
 * Data every shop starts with, written once: safe to run on every start.
 * Each part checks for itself whether it has already run.
 */
export async function seedShop(db: Kysely<DB>): Promise<void> {
  await seedProducts(db);
}
