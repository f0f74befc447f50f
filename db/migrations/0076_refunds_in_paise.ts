import { sql, type Kysely } from "kysely";

/**
 * Refunds are recorded in paise (decision 209, `PaymentRefunded` version 2): the read models that hold what went
 * back keep it to the paisa. The orders' row holds it in paise (`refunded_paise`, from the whole rupees it held); the
 * reports' daily refunds and the counter's takings stay in rupees, now with their paise (0095, which makes the
 * takings, runs after this one on a new database and makes them so). Every figure held before is
 * the same money, so nothing is replayed: a replay from the first event builds the same rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column refunded_paise bigint not null default 0`.execute(db);
  await sql`update orders set refunded_paise = amount_refunded::bigint * 100 where amount_refunded <> 0`.execute(db);
  await sql`alter table orders drop column amount_refunded`.execute(db);
  await sql`alter table report_daily alter column refunded type numeric(14, 2)`.execute(db);
  // The counter's takings are made by 0095 (with paise since); a shop that made them before gets them here.
  if (await tableExists(db, "cash_takings")) await sql`alter table cash_takings alter column amount type numeric(12, 2)`.execute(db);
}

async function tableExists(db: Kysely<unknown>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${`public.${name}`}) is not null as found`.execute(db);
  return rows[0]?.found === true;
}
