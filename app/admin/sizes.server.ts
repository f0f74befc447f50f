// The admin's size chart pages (decision 132): the list of charts, one chart as a form, and what
// exchanges say about the charts. Pure view models from what the size service read.
import type { Language } from "../../domain/i18n";
import { findCatalogueProduct } from "../../domain/catalogue";
import { nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { CHART_MEASURES, MEASURE_UNIT, normaliseSizeKey, type ItemKind, type SizeChart, type SizeCharts } from "../../domain/sizes/charts";
import { chartField } from "../../domain/sizes/chart-form";
import type { ChartOnFile, ExchangeCount } from "../../services/sizes";
import { adminTime } from "./orders.server";

export function chartListView(charts: readonly ChartOnFile[], lang: Language) {
  return charts.map(({ chart, changed }) => ({
    kind: chart.kind,
    sizes: chart.rows.map((row) => row.size).join(", "),
    changed: changed ? { by: changed.by, at: adminTime(changed.at, lang) } : null,
  }));
}

/** One chart as the form's fields, with one blank row to add a size. */
export function chartFormView(entry: ChartOnFile) {
  const { chart } = entry;
  const measures = CHART_MEASURES[chart.kind];
  const rows = [...chart.rows.map((row) => ({ ...row })), null];
  return {
    kind: chart.kind,
    edited: entry.changed !== undefined,
    measures: measures.map((measure) => ({ measure, unit: MEASURE_UNIT[measure] })),
    rows: rows.map((row, index) => ({
      index,
      blank: row === null,
      fields: {
        size: { name: chartField(index, "size"), value: row?.size ?? "" },
        ageFrom: { name: chartField(index, "ageFrom"), value: row ? String(row.ageFrom) : "" },
        ageTo: { name: chartField(index, "ageTo"), value: row?.ageTo === undefined ? "" : String(row.ageTo) },
      },
      spans: measures.map((measure) => ({
        measure,
        min: { name: chartField(index, `${measure}_min`), value: row?.fits[measure] ? String(row.fits[measure]!.min) : "" },
        max: { name: chartField(index, `${measure}_max`), value: row?.fits[measure] ? String(row.fits[measure]!.max) : "" },
      })),
    })),
  };
}

export type ChartFormView = ReturnType<typeof chartFormView>;

function productName(productId: string, lang: Language): string {
  const product = findCatalogueProduct(productId);
  if (!product) return productId;
  return product.school ? `${schoolNameIn(lang, product.school)}: ${nameIn(lang, product)}` : nameIn(lang, product);
}

/** Where a size sits in its kind's chart, to tell an exchange for a bigger size from one for a smaller. */
function place(chart: SizeChart, size: string): number {
  return chart.rows.findIndex((row) => normaliseSizeKey(row.size) === normaliseSizeKey(size));
}

/** The exchanges report: per kind, per product and size bought, each size exchanged for, bigger or smaller. */
export function exchangesView(counts: readonly ExchangeCount[], charts: SizeCharts, lang: Language) {
  const kinds = new Map<ItemKind, { kind: ItemKind; units: number; lines: ReturnType<typeof line>[] }>();
  function line(count: ExchangeCount) {
    const from = place(charts[count.kind], count.fromSize);
    const to = place(charts[count.kind], count.toSize);
    const direction: "up" | "down" | "other" = from < 0 || to < 0 ? "other" : to > from ? "up" : "down";
    return {
      productId: count.productId,
      product: productName(count.productId, lang),
      fromSize: count.fromSize,
      toSize: count.toSize,
      units: count.units,
      exchanges: count.exchanges,
      direction,
    };
  }
  for (const count of counts) {
    const group = kinds.get(count.kind) ?? { kind: count.kind, units: 0, lines: [] };
    group.units += count.units;
    group.lines.push(line(count));
    kinds.set(count.kind, group);
  }
  return [...kinds.values()];
}
