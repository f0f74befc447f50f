// The size chart and size finder of a product page (decision 131): a view model from the product's
// sizes, the chart the shop uses today (the owner's, or the starting one) and the finder's query.
import type { Shop } from "../../services/index";
import {
  CHART_MEASURES,
  MEASURE_UNIT,
  chartOf,
  itemKindOf,
  pantCombo,
  rowsOffered,
  type ItemKind,
  type SizeChart,
} from "../../domain/sizes/charts";
import { findSize } from "../../domain/sizes/finder";
import { FINDER_FIELD_OF, readFinderForm } from "../../domain/sizes/finder-form";
import type { ChartNote, SizeChartView, SizeGuideView } from "./view";


function notesFor(kind: ItemKind, sizes: readonly string[]): ChartNote[] {
  const notes: ChartNote[] = [];
  if (["shirt", "tshirt", "jacket", "kurtiSalwaar"].includes(kind)) notes.push("chestSized");
  if (["skirt", "tunik", "pant", "whitePant", "lower"].includes(kind)) notes.push("lengthSized");
  if (kind === "shoes" || kind === "kidsShoes") notes.push("shoeSized");
  if (sizes.some((size) => pantCombo(size))) notes.push("combos");
  return notes;
}

/** The view of one product's chart and finder: pure, from the chart and the query. */
export function sizeGuideView(input: { kind: ItemKind; sizesOffered: readonly string[]; chart: SizeChart; edited: boolean; query: URLSearchParams }) {
  const { kind, sizesOffered, chart } = input;
  const rows = rowsOffered(chart, sizesOffered);
  const columns = CHART_MEASURES[kind].filter((measure) => rows.some((row) => row.fits[measure])).map((measure) => ({ measure, unit: MEASURE_UNIT[measure] }));
  const charted = new Set(rows.map((row) => row.size));
  const form = readFinderForm(input.query);
  const advice = form.asked && "measurements" in form ? findSize(kind, sizesOffered, form.measurements, { [kind]: chart }) : null;
  const view: SizeGuideView = {
    kind,
    columns,
    rows: rows.map((row) => ({ size: row.size, ageFrom: row.ageFrom, ageTo: row.ageTo ?? null, cells: columns.map(({ measure }) => row.fits[measure] ?? null) })),
    notes: notesFor(kind, sizesOffered),
    notCharted: sizesOffered.filter((size) => !charted.has(size)),
    edited: input.edited,
    finder: {
      fields: ["age", ...CHART_MEASURES[kind].filter((m) => m !== "height").map((m) => FINDER_FIELD_OF[m]), "height", "last"],
      values: form.values,
      problems: form.asked && "problems" in form ? form.problems : {},
      advice,
    },
  };
  // A finder question the shop cannot read is the parent's to fix: the page says what, with a 400.
  return { view, status: form.asked && "problems" in form ? 400 : 200 };
}

type OwnersCharts = Awaited<ReturnType<Shop["sizes"]["list"]>>;

/** A product's guide from the owner's charts (or the starting one), or null for a product without a chart. */
function guideOf(owners: OwnersCharts, product: { id: string; sizes: readonly string[] }, query: URLSearchParams) {
  const kind = itemKindOf(product);
  if (!kind || product.sizes.length === 0) return null;
  const own = owners.find((entry) => entry.chart.kind === kind);
  return sizeGuideView({ kind, sizesOffered: product.sizes, chart: own?.chart ?? chartOf(kind), edited: own?.changed !== undefined, query });
}

/**
 * The size the finder's answer on this page names, when it names one (issue 48): the page preselects it, so the
 * size buttons agree with the advice above them. A size the parent picked (`?size=`) still wins over it.
 */
export function advisedSize(view: SizeGuideView | null): string | null {
  const advice = view?.finder.advice;
  return advice?.kind === "fits" ? advice.size : null;
}

/** The size guide of a catalogue product, or null for one without a chart (a belt, a bag). */
export async function sizeGuideFor(shop: Shop, request: Request, product: { id: string; sizes: readonly string[] }) {
  return guideOf(await shop.sizes.list(), product, new URL(request.url).searchParams) ?? { view: null, status: 200 };
}

/**
 * The charts of the products of a shelf (/white-products), one per product, null where it has none: the
 * chart and how to measure only. Several products on one page have no finder of their own (its form and
 * ids are one a page); each card links to /size-finder instead.
 */
export async function sizeChartsFor(shop: Shop, products: readonly { id: string; sizes: readonly string[] }[]): Promise<(SizeChartView | null)[]> {
  const owners = await shop.sizes.list();
  return products.map((product) => {
    const view = guideOf(owners, product, new URLSearchParams())?.view;
    return view ? { columns: view.columns, rows: view.rows, notes: view.notes, notCharted: view.notCharted, edited: view.edited } : null;
  });
}
