/**
 * Migration 0050 (decision 184) on a shop that has run for a while: its number is below migrations the shop already
 * has, and it still runs once; it adds the lines' paisa after the offer and leaves the reports' read models empty with
 * no checkpoint, so the reports projector builds them again from the first event.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { migrateToLatest } from "../../db/migrate";
import { createTestDatabase, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it("runs on a database already past it, once, and leaves the reports to be built again", async () => {
  const { db } = database;
  // The shop as it stood before 0050: no `net`, report rows and a checkpoint, every later migration applied.
  await sql`alter table report_daily_lines drop column net`.execute(db);
  await sql`alter table report_monthly_lines drop column net`.execute(db);
  await sql`delete from kysely_migration where name = '0050_report_lines_net'`.execute(db);
  await sql`insert into report_daily_lines (day, school, product_id, size, quantity, amount) values ('2026-06-01', 'DPS', 'school/dps/shirt', '30', 2, 620)`.execute(db);
  await sql`insert into projector_checkpoints (name, position) values ('reports', '42')`.execute(db);

  expect(await migrateToLatest(db)).toEqual(["0050_report_lines_net"]);
  expect(await migrateToLatest(db)).toEqual([]);
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'report_monthly_lines' and column_name = 'net'`.execute(db);
  expect(rows).toHaveLength(1);
  expect(await db.selectFrom("report_daily_lines").selectAll().execute()).toEqual([]);
  expect(await db.selectFrom("projector_checkpoints").selectAll().where("name", "=", "reports").execute()).toEqual([]);
});
