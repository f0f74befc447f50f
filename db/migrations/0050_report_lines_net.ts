import { sql, type Kysely } from "kysely";

/**
 * What the parent paid for each line after the offer (decision 184), beside the units and the rupees at the lines'
 * prices: the sales a margin is counted from. The reports' read models are emptied and their checkpoint dropped, so
 * the reports projector builds them again from the first event with the new column, as a `shop replay reports` would.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_daily_lines add column net bigint not null default 0`.execute(db);
  await sql`alter table report_monthly_lines add column net bigint not null default 0`.execute(db);
  await sql`truncate report_orders, report_parents, report_daily, report_daily_lines, report_monthly_lines, report_items`.execute(db);
  await sql`delete from projector_checkpoints where name = 'reports'`.execute(db);
}
