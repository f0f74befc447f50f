/**
 * The reports page's and season planning's view models (app/routes/admin.reports.tsx,
 * admin.reports_.season.tsx) and their CSV tables (decision 135): figures from `shop.reports`, worded
 * in the admin's language, charts laid out by charts.server.ts.
 */
import { findCatalogueProduct } from "../../domain/catalogue";
import { csvLine } from "../../domain/admin-orders";
import { formatDateTime, type Language } from "../../domain/i18n";
import { formatPaise, formatRupees } from "../../domain/money";
import { SCHOOLS } from "../../domain/schools";
import {
  averageOrderValue,
  netSales,
  changePercent,
  filterQuery,
  indiaDay,
  parseReportFilter,
  periodShortcuts,
  sameDayLastYear,
  type Grain,
  type ReportFilter,
} from "../../domain/reports/reports";
import { comingTerms, GROWTH_DEFAULT, GROWTH_MAX, GROWTH_MIN, parseGrowth, parseTerm, termValue, type TermChoice } from "../../domain/reports/season";
import type { Shop } from "../../services/index";
import type { ReportItem } from "../../services/reports";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { barChart, lineChart, rowChart } from "./charts.server";

// One formatter, made once: building an Intl formatter costs far more than formatting with it, and a
// page formats hundreds of figures (dates: domain/i18n.ts keeps its formatters the same way).
const counts = new Intl.NumberFormat("en-IN");
const count = (n: number) => counts.format(n);
const rupees = (n: number) => formatRupees(n);

/** A school as the admin's language writes it (the lines carry its English name). */
export function schoolLabel(name: string, lang: Language): string {
  if (lang !== "hi") return name;
  return SCHOOLS.find((s) => s.name === name)?.nameHi ?? name;
}

/** An item as the admin's language writes it: the catalogue's Hindi where it has one. */
export function itemLabel(item: Pick<ReportItem, "productId" | "name">, lang: Language): string {
  if (lang !== "hi") return item.name;
  return findCatalogueProduct(item.productId)?.nameHi ?? item.name;
}

/** A chart point's name: "12 Jul", the week from "7 Jul", "Jul 2026". */
function bucketLabel(bucket: string | undefined, grain: Grain, lang: Language): string {
  if (!bucket) return "";
  const at = `${bucket}T12:00:00+05:30`;
  if (grain === "month") return formatDateTime(at, lang, { month: "short", year: "numeric" });
  return formatDateTime(at, lang, { day: "numeric", month: "short" });
}

const dayLabel = (day: string, lang: Language) => formatDateTime(`${day}T12:00:00+05:30`, lang, { day: "numeric", month: "short", year: "numeric" });

function choicesView(choices: { schools: string[]; items: ReportItem[] }, lang: Language) {
  const schools = choices.schools.map((s) => ({ value: s, label: schoolLabel(s, lang) }));
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const item of choices.items) {
    const list = groups.get(item.school) ?? [];
    list.push({ value: item.productId, label: itemLabel(item, lang) });
    groups.set(item.school, list);
  }
  return {
    schools,
    itemGroups: [...groups].map(([school, items]) => ({ school, label: school ? schoolLabel(school, lang) : serverT(lang)("reports:filters.otherItems"), items })),
  };
}

/** Items listed on the page, best-selling first. */
const ITEMS_ON_PAGE = 40;

const TABLES = ["sales", "schools", "items", "sizes", "payments", "totals"] as const;
export type ReportTable = (typeof TABLES)[number];

/** Every table of the page for a filter: its columns' words and its rows, as the page and the CSV show them. */
/**
 * How a table's figures are written: for the page in the Indian way (₹39,70,531, 1,234); for the CSV file as
 * plain numbers (3970531, 1234) a spreadsheet can add up, rupees with their paise.
 */
type Figures<Cell> = { money: (rupees: number) => Cell; exact: (rupees: number) => Cell; count: (n: number) => Cell };
// Refunds are given back to the paisa (decision 209): what went back, and the sales after it, are shown with their paise.
const ON_THE_PAGE: Figures<string> = { money: rupees, exact: (n) => formatPaise(Math.round(n * 100)), count };
const IN_THE_FILE: Figures<number> = { money: (n) => Math.round(n * 100) / 100, exact: (n) => Math.round(n * 100) / 100, count: (n) => n };

async function tablesOf<Cell extends string | number>(shop: Shop, filter: ReportFilter, lang: Language, figures: Figures<Cell>) {
  const t = serverT(lang);
  const { money, exact, count } = figures;
  const overview = await shop.reports.overview(filter);
  const units = overview.countKind === "units";
  const countHeader = units ? t("reports:columns.units") : t("reports:columns.orders");
  const sales = {
    columns: [t("reports:columns.period"), t("reports:columns.sales"), countHeader, t("reports:columns.lastYearPeriod"), t("reports:columns.lastYearSales"), units ? t("reports:columns.lastYearUnits") : t("reports:columns.lastYearOrders")],
    rows: overview.series.map((p) => [
      bucketLabel(p.bucket, filter.grain, lang), money(p.sales), count(p.count),
      bucketLabel(p.lastYearBucket, filter.grain, lang), money(p.lastYearSales), count(p.lastYearCount),
    ]),
  };
  const schools = {
    columns: [t("reports:columns.school"), t("reports:columns.units"), t("reports:columns.sales")],
    rows: overview.bySchool.map((s) => [schoolLabel(s.school, lang), count(s.units), money(s.amount)]),
  };
  const items = {
    columns: [t("reports:columns.item"), t("reports:columns.school"), t("reports:columns.units"), t("reports:columns.sales")],
    rows: overview.byItem.map((i) => [itemLabel(i, lang), i.school ? schoolLabel(i.school, lang) : "", count(i.units), money(i.amount)]),
  };
  const sizes = {
    columns: [t("reports:columns.size"), t("reports:columns.units"), t("reports:columns.sales")],
    rows: (overview.sizeCurve?.sizes ?? []).map((s) => [s.size, count(s.units), money(s.amount)]),
  };
  const payments = {
    columns: [t("reports:columns.method"), t("reports:columns.orders"), t("reports:columns.sales"), t("reports:columns.refunded")],
    rows: overview.payments.map((p) => [t(`reports:methods.${p.method === "upi" ? "upi" : "cash"}`), count(p.orders), money(p.sales), exact(p.refunded)]),
  };
  const now = overview.totals;
  const before = overview.lastYear;
  const measure = (key: string, a: Cell, b: Cell) => [t(`reports:totals.${key}`), a, b];
  const totals = {
    columns: [t("reports:columns.measure"), t("reports:columns.thisPeriod"), t("reports:columns.lastYear")],
    rows: [
      measure("orders", count(now.orders), count(before.orders)),
      measure("sales", money(now.sales), money(before.sales)),
      measure("average", money(averageOrderValue(now.sales, now.orders)), money(averageOrderValue(before.sales, before.orders))),
      measure("subtotal", money(now.subtotal), money(before.subtotal)),
      measure("offerOrders", count(now.offerOrders), count(before.offerOrders)),
      measure("discount", money(now.discount), money(before.discount)),
      measure("delivery", money(now.delivery), money(before.delivery)),
      measure("returns", count(now.returns), count(before.returns)),
      measure("exchanges", count(now.exchanges), count(before.exchanges)),
      measure("refunds", count(now.refunds), count(before.refunds)),
      measure("refunded", exact(now.refunded), exact(before.refunded)),
      measure("netSales", exact(netSales(now)), exact(netSales(before))),
      measure("newParents", count(now.newParents), count(before.newParents)),
      measure("returningParents", count(now.orders - now.newParents), count(before.orders - before.newParents)),
    ],
  };
  return { overview, tables: { sales, schools, items, sizes, payments, totals } satisfies Record<ReportTable, { columns: string[]; rows: (string | Cell)[][] }> };
}

/** The reports page for a request: its filter from the address (400 with its words when it cannot be read). */
export async function reportsPage(shop: Shop, request: Request) {
  const lang = languageOf(request);
  const t = serverT(lang);
  const today = indiaDay(new Date());
  const parsed = parseReportFilter(new URL(request.url).searchParams, today);
  const filter = parsed.filter;
  const base = {
    filter,
    choices: choicesView(await shop.reports.choices(), lang),
    shortcuts: periodShortcuts(today).map((s) => ({ label: t(`reports:filters.${s.key}`), href: `/admin/reports?${filterQuery({ ...filter, ...s })}` })),
    messages: routeMessages(request, "reports"),
  };
  if (!parsed.ok) return { ...base, status: 400, error: t(`reports:errors.${parsed.problem}`), figures: null };
  const { overview, tables } = await tablesOf(shop, filter, lang, ON_THE_PAGE);
  const units = overview.countKind === "units";
  const labels = overview.series.map((p) => bucketLabel(p.bucket, filter.grain, lang));
  const nowLabel = t("reports:series.now");
  const beforeLabel = t("reports:series.lastYear");
  const grainWord = t(`reports:filters.grain${filter.grain[0].toUpperCase()}${filter.grain.slice(1)}`);
  const salesChart = lineChart({
    labels,
    series: [
      { series: "before", label: beforeLabel, values: overview.series.map((p) => p.lastYearSales) },
      { series: "now", label: nowLabel, values: overview.series.map((p) => p.sales) },
    ],
    format: rupees,
    xLabel: grainWord,
    yLabel: t("reports:columns.sales"),
  });
  const countChart = barChart({
    labels,
    series: [
      { series: "now", label: nowLabel, values: overview.series.map((p) => p.count) },
      { series: "before", label: beforeLabel, values: overview.series.map((p) => p.lastYearCount) },
    ],
    format: count,
    xLabel: grainWord,
    yLabel: units ? t("reports:columns.units") : t("reports:columns.orders"),
  });
  const schoolChart = rowChart({
    labels: overview.bySchool.map((s) => schoolLabel(s.school, lang)),
    series: [{ series: "now", label: nowLabel, values: overview.bySchool.map((s) => s.amount) }],
    format: rupees,
    xLabel: t("reports:columns.school"),
    yLabel: t("reports:columns.sales"),
  });
  const curve = overview.sizeCurve;
  const sizeChart = curve
    ? barChart({
        labels: curve.sizes.map((s) => s.size),
        series: [{ series: "now", label: nowLabel, values: curve.sizes.map((s) => s.units) }],
        format: count,
        xLabel: t("reports:columns.size"),
        yLabel: t("reports:columns.units"),
      })
    : undefined;
  const total = overview.totals;
  const before = overview.lastYear;
  const card = (key: string, now: number, then: number, format: (n: number) => string) => {
    const change = changePercent(now, then);
    return {
      key,
      label: t(`reports:cards.${key}`),
      value: format(now),
      lastYear: t("reports:cards.lastYear", { value: format(then) }),
      change: change === undefined ? t("reports:cards.noChange") : t("reports:cards.change", { change: change > 0 ? `+${change}` : String(change) }),
    };
  };
  const csv = (table: ReportTable) => `/admin/reports.csv?${filterQuery(filter, { table })}`;
  return {
    ...base,
    status: 200,
    error: null,
    figures: {
      period: t("reports:period", {
        from: dayLabel(filter.from, lang), to: dayLabel(filter.to, lang),
        lastFrom: dayLabel(sameDayLastYear(filter.from), lang), lastTo: dayLabel(sameDayLastYear(filter.to), lang),
      }),
      filtered: Boolean(filter.school || filter.item),
      units,
      cards: [
        card("sales", total.sales, before.sales, rupees),
        card("orders", total.orders, before.orders, count),
        card("average", averageOrderValue(total.sales, total.orders), averageOrderValue(before.sales, before.orders), rupees),
      ],
      salesChart,
      countChart,
      schoolChart,
      sizeChart,
      sizeItem: curve ? `${itemLabel(curve.item, lang)}${curve.item.school ? ` (${schoolLabel(curve.item.school, lang)})` : ""}` : null,
      // The page shows the best-selling items; the CSV has every one (a shop sells hundreds).
      tables: { ...tables, items: { ...tables.items, rows: tables.items.rows.slice(0, ITEMS_ON_PAGE) } },
      itemsNote: tables.items.rows.length > ITEMS_ON_PAGE ? t("reports:sections.itemsTop", { shown: ITEMS_ON_PAGE, count: tables.items.rows.length }) : null,
      csv: Object.fromEntries(TABLES.map((name) => [name, csv(name)])) as Record<ReportTable, string>,
    },
  };
}

/** One table of the reports page as a CSV file, or a 400's words. */
export async function reportCsv(shop: Shop, request: Request): Promise<{ ok: true; name: string; text: string } | { ok: false; message: string }> {
  const lang = languageOf(request);
  const t = serverT(lang);
  const params = new URL(request.url).searchParams;
  const table = params.get("table") ?? "";
  if (!(TABLES as readonly string[]).includes(table)) return { ok: false, message: t("reports:errors.noTable") };
  const parsed = parseReportFilter(params, indiaDay(new Date()));
  if (!parsed.ok) return { ok: false, message: t(`reports:errors.${parsed.problem}`) };
  const { tables } = await tablesOf(shop, parsed.filter, lang, IN_THE_FILE);
  const chosen = tables[table as ReportTable];
  return {
    ok: true,
    name: `report-${table}-${parsed.filter.from}-${parsed.filter.to}.csv`,
    // A byte order mark so a spreadsheet reads Hindi as Hindi; cells a spreadsheet would run are defused (csvLine).
    text: `\uFEFF${csvLine(chosen.columns)}${chosen.rows.map((row) => csvLine(row)).join("")}`,
  };
}

// ---------------------------------------------------------------------------------------
// Season planning
// ---------------------------------------------------------------------------------------

/** The season select's value for every item of a school at once: "all:" and the school's name. */
export const WHOLE_SCHOOL = "all:";

type SeasonAsk = { ok: true; item: string; term: TermChoice; growth: number } | { ok: false; problem: "noItem" | "badTerm" | "badGrowth" } | { ok: "empty" };

function readSeasonAsk(params: URLSearchParams, today: string): SeasonAsk {
  const item = (params.get("item") ?? "").trim();
  if (!item && !params.has("term")) return { ok: "empty" };
  if (!item || item.length > 200) return { ok: false, problem: "noItem" };
  const term = params.get("term") ? parseTerm(params.get("term")!) : comingTerms(today)[0];
  if (!term) return { ok: false, problem: "badTerm" };
  const growth = parseGrowth(params.get("growth"));
  if (growth === undefined) return { ok: false, problem: "badGrowth" };
  return { ok: true, item, term, growth };
}

type ItemPlan = NonNullable<Awaited<ReturnType<Shop["reports"]["season"]>>>;

/**
 * The figures of one item's plan, or of every item of a school (`all:<school>`): the table's columns and
 * rows (a school's with the item named on each row, so the tailor's sheet reads on its own), the totals,
 * and a chart: sizes of one item, or what to make of each item of the school.
 */
async function seasonFigures(shop: Shop, ask: Extract<SeasonAsk, { ok: true }>, lang: Language, today: string) {
  const t = serverT(lang);
  const shelf = (n: number | undefined) => (n === undefined ? t("reports:season.noStock") : count(n));
  const figureColumns = [
    t("reports:season.lastSeason"),
    t("reports:season.onShelf"),
    t("reports:season.withTailor"),
    t("reports:season.ordered"),
    t("reports:season.expected"),
    t("reports:season.suggested"),
  ];
  const sizeRow = (s: ItemPlan["sizes"][number]) => [s.size, count(s.lastSeason), shelf(s.onShelf), count(s.withTailor), count(s.ordered), count(s.expected), count(s.suggested)];
  const totalsOf = (plans: readonly ItemPlan[]) => {
    const sum = (pick: (p: ItemPlan["totals"]) => number) => count(plans.reduce((n, p) => n + pick(p.totals), 0));
    return [
      sum((p) => p.lastSeason),
      plans.some((p) => p.sizes.some((s) => s.onShelf !== undefined)) ? sum((p) => p.onShelf) : t("reports:season.noStock"),
      sum((p) => p.withTailor),
      sum((p) => p.ordered),
      sum((p) => p.expected),
      sum((p) => p.suggested),
    ];
  };
  if (ask.item.startsWith(WHOLE_SCHOOL)) {
    const plan = await shop.reports.schoolSeason(ask.item.slice(WHOLE_SCHOOL.length), ask.term, ask.growth, today);
    if (!plan) return undefined;
    const school = schoolLabel(plan.school, lang);
    return {
      title: t("reports:season.wholeSchool", { school }),
      byItem: true,
      windows: plan,
      columns: [t("reports:season.csvItem"), t("reports:columns.size"), ...figureColumns],
      rows: plan.items.flatMap((p) => p.sizes.map((s) => [itemLabel(p.item, lang), ...sizeRow(s)])),
      totals: [t("reports:season.total"), "", ...totalsOf(plan.items)],
      chart: rowChart({
        labels: plan.items.map((p) => itemLabel(p.item, lang)),
        series: [{ series: "now", label: t("reports:season.suggested"), values: plan.items.map((p) => p.totals.suggested) }],
        format: count,
        xLabel: t("reports:season.csvItem"),
        yLabel: t("reports:season.suggested"),
      }),
    };
  }
  const plan = await shop.reports.season(ask.item, ask.term, ask.growth, today);
  if (!plan) return undefined;
  const school = plan.item.school ? schoolLabel(plan.item.school, lang) : "";
  return {
    title: `${itemLabel(plan.item, lang)}${school ? ` (${school})` : ""}`,
    byItem: false,
    windows: plan,
    columns: [t("reports:columns.size"), ...figureColumns],
    rows: plan.sizes.map(sizeRow),
    totals: [t("reports:season.total"), ...totalsOf([plan])],
    chart: barChart({
      labels: plan.sizes.map((s) => s.size),
      series: [
        { series: "before", label: t("reports:season.lastSeason"), values: plan.sizes.map((s) => s.lastSeason) },
        { series: "now", label: t("reports:season.suggested"), values: plan.sizes.map((s) => s.suggested) },
      ],
      format: count,
      xLabel: t("reports:columns.size"),
      yLabel: t("reports:columns.units"),
    }),
  };
}

const termLabel = (choice: TermChoice, t: (key: string, values?: Record<string, string | number>) => string) => t(`reports:season.term.${choice.term}`, { year: choice.year });

/** Season planning for a request (?item=&term=&growth=). */
export async function seasonPage(shop: Shop, request: Request) {
  const lang = languageOf(request);
  const t = serverT(lang);
  const today = indiaDay(new Date());
  const params = new URL(request.url).searchParams;
  const ask = readSeasonAsk(params, today);
  const choices = choicesView(await shop.reports.choices(), lang);
  const terms = comingTerms(today).map((c) => ({ value: termValue(c), label: termLabel(c, t) }));
  const base = {
    choices: {
      ...choices,
      // Each school's group starts with all its items at once: the plan an owner makes before a term.
      itemGroups: choices.itemGroups
        .filter((g) => g.school !== "")
        .map((g) => ({ ...g, items: [{ value: `${WHOLE_SCHOOL}${g.school}`, label: t("reports:season.allItems", { school: g.label }) }, ...g.items] })),
    },
    terms,
    growthLimits: { min: GROWTH_MIN, max: GROWTH_MAX },
    values: {
      item: (params.get("item") ?? "").slice(0, 200),
      term: ask.ok === true ? termValue(ask.term) : (params.get("term") ?? terms[0].value).slice(0, 20),
      growth: (params.get("growth") ?? String(GROWTH_DEFAULT)).slice(0, 5),
    },
    messages: routeMessages(request, "reports"),
  };
  if (ask.ok === "empty") return { ...base, status: 200, error: null, figures: null };
  if (ask.ok === false) return { ...base, status: 400, error: t(`reports:errors.${ask.problem}`), figures: null };
  const figures = await seasonFigures(shop, ask, lang, today);
  if (!figures) return { ...base, status: 404, error: t("reports:errors.noSuchItem"), figures: null };
  const { windows } = figures;
  return {
    ...base,
    status: 200,
    error: null,
    figures: {
      heading: t("reports:season.for", { item: figures.title, term: termLabel(ask.term, t) }),
      explain: t("reports:season.explain", {
        lastFrom: dayLabel(windows.lastWindow.from, lang), lastTo: dayLabel(windows.lastWindow.to, lang),
        from: dayLabel(windows.comingWindow.from, lang), to: dayLabel(windows.comingWindow.to, lang), growth: ask.growth,
      }),
      chart: figures.chart,
      byItem: figures.byItem,
      columns: figures.columns,
      rows: figures.rows,
      totals: figures.totals,
      csv: `/admin/reports/season.csv?${new URLSearchParams({ item: ask.item, term: termValue(ask.term), growth: String(ask.growth) })}`,
    },
  };
}

/** Season planning as the tailor's CSV, or a 4xx's words. */
export async function seasonCsv(shop: Shop, request: Request): Promise<{ ok: true; name: string; text: string } | { ok: false; status: number; message: string }> {
  const lang = languageOf(request);
  const t = serverT(lang);
  const today = indiaDay(new Date());
  const ask = readSeasonAsk(new URL(request.url).searchParams, today);
  if (ask.ok !== true) return { ok: false, status: 400, message: t(`reports:errors.${ask.ok === "empty" ? "noItem" : ask.problem}`) };
  const figures = await seasonFigures(shop, ask, lang, today);
  if (!figures) return { ok: false, status: 404, message: t("reports:errors.noSuchItem") };
  const slug = ask.item.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase();
  // The sheet the tailor is handed names the school and the term on its first line: it travels without the page.
  const heading = [t("reports:season.csvFor"), figures.title, termLabel(ask.term, t), `${ask.growth}%`];
  return {
    ok: true,
    name: `season-${slug}-${termValue(ask.term)}.csv`,
    text: `\uFEFF${csvLine(heading)}${csvLine(figures.columns)}${[...figures.rows, figures.totals].map((row) => csvLine(row)).join("")}`,
  };
}
