import { sql, type Kysely } from "kysely";

/**
 * The lines' sums per month (projectors/reports.ts, decision 135): a school year by school or item reads a
 * few thousand month rows instead of a hundred thousand day rows; the days of a period's first and last
 * months that are not whole come from `report_daily_lines`. `month` is the month's first day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table report_monthly_lines (
      month date not null,
      school text not null,
      product_id text not null,
      size text not null,
      quantity integer not null,
      amount bigint not null,
      primary key (month, school, product_id, size)
    )`.execute(db);
}
