/**
 * Size charts (decisions 131, 132): the owner's charts from their read model over the starting ones,
 * changed through the one command handler with the size chart decider, and what exchanges say about
 * the charts. A change answers its position: the page waits for the read model with it, so the page
 * the owner lands on shows the change.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";
import type { Actor } from "../domain/orders/events";
import { DEFAULT_SIZE_CHARTS, ITEM_KINDS, isItemKind, type ItemKind, type SizeChart, type SizeCharts, type SizeRow } from "../domain/sizes/charts";
import { sizeChartDecider, sizeChartEvents, sizeChartStreamId } from "../domain/sizes/chart-events";

/** A kind's chart as pages show it: the owner's rows or the starting ones, and who changed it last. */
export interface ChartOnFile {
  chart: SizeChart;
  changed?: { by: string; at: Date };
}

export interface ExchangeCount {
  kind: ItemKind;
  productId: string;
  fromSize: string;
  toSize: string;
  units: number;
  exchanges: number;
  lastAt: Date;
}

export function createSizeService(deps: { db: Kysely<DB>; store: ShopEvents }) {
  const charts = createCommandHandler(deps.store, { decider: sizeChartDecider, events: sizeChartEvents });

  async function onFile(): Promise<Map<ItemKind, { rows: SizeRow[]; by: string; at: Date }>> {
    const rows = await deps.db.selectFrom("size_charts").select(["kind", "rows", "changed_by", "changed_at"]).execute();
    return new Map(rows.filter((row) => isItemKind(row.kind)).map((row) => [row.kind as ItemKind, { rows: row.rows, by: row.changed_by, at: row.changed_at }]));
  }

  return {
    /** Every kind's chart as the shop uses it today: the owner's where changed, the starting one elsewhere. */
    async charts(): Promise<SizeCharts> {
      const owners = await onFile();
      return Object.fromEntries(
        ITEM_KINDS.map((kind) => [kind, owners.has(kind) ? { kind, rows: owners.get(kind)!.rows } : DEFAULT_SIZE_CHARTS[kind]]),
      ) as unknown as SizeCharts;
    },

    /** Every kind's chart with who changed it, in the order of ITEM_KINDS. */
    async list(): Promise<ChartOnFile[]> {
      const owners = await onFile();
      return ITEM_KINDS.map((kind) => {
        const own = owners.get(kind);
        return own ? { chart: { kind, rows: own.rows }, changed: { by: own.by, at: own.at } } : { chart: DEFAULT_SIZE_CHARTS[kind] };
      });
    },

    async set(kind: ItemKind, rows: SizeRow[], actor: Actor): Promise<{ changed: boolean; position?: Position }> {
      const handled = await charts.handle(sizeChartStreamId(kind), { type: "SetChart", kind, rows, actor, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    async reset(kind: ItemKind, actor: Actor): Promise<{ changed: boolean; position?: Position }> {
      const handled = await charts.handle(sizeChartStreamId(kind), { type: "ResetChart", kind, actor, at: new Date().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    /** Units exchanged per product and size, most first. */
    async exchanges(): Promise<ExchangeCount[]> {
      const rows = await deps.db
        .selectFrom("size_exchanges")
        .selectAll()
        .orderBy("item_kind")
        .orderBy("product_id")
        .orderBy("units", "desc")
        .orderBy("from_size")
        .orderBy("to_size")
        .execute();
      return rows
        .filter((row) => isItemKind(row.item_kind))
        .map((row) => ({
          kind: row.item_kind as ItemKind,
          productId: row.product_id,
          fromSize: row.from_size,
          toSize: row.to_size,
          units: row.units,
          exchanges: row.exchanges,
          lastAt: row.last_at,
        }));
    },
  };
}

export type SizeService = ReturnType<typeof createSizeService>;
