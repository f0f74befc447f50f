import { sql, type Kysely } from "kysely";

/**
 * The owner's size charts and what exchanges say about them (decisions 131, 132): read models of the
 * `sizeChart-{kind}` streams and of the orders' ExchangeMade events, rebuilt by projectors/sizes.ts.
 * A chart's rows are read whole (a page shows the chart, the finder walks it): jsonb, not columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table size_charts (
      kind text primary key,
      rows jsonb not null,
      changed_by text not null,
      changed_at timestamptz not null
    )`.execute(db);
  await sql`
    create table size_exchanges (
      item_kind text not null,
      product_id text not null,
      from_size text not null,
      to_size text not null,
      units integer not null,
      exchanges integer not null,
      last_at timestamptz not null,
      primary key (product_id, from_size, to_size)
    )`.execute(db);
  await sql`create index size_exchanges_kind on size_exchanges (item_kind, from_size)`.execute(db);
}
