/**
 * The owner's reports (decision 135): how an order counts in them, the filters a report page reads
 * from its address, and the sums the pages derive. Pure: the projector (projectors/reports.ts) and
 * the report service (services/reports.ts) share these rules.
 */
import { lineValues } from "../tax/lines";

/** India has no summer time: its calendar day is UTC + 5:30. */
const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day in India of an ISO time, as YYYY-MM-DD: the day a report counts it on. */
export function indiaDay(at: string | Date): string {
  const time = typeof at === "string" ? Date.parse(at) : at.getTime();
  return new Date(time + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same calendar day a year earlier (29 February becomes 28 February). */
export function sameDayLastYear(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  const lastYear = new Date(Date.UTC(year - 1, month - 1, date));
  // 29 Feb of a leap year has no day in the year before: Date rolls it into 1 March.
  if (lastYear.getUTCMonth() !== month - 1) return new Date(Date.UTC(year - 1, month - 1, 28)).toISOString().slice(0, 10);
  return lastYear.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

// ---------------------------------------------------------------------------------------
// How an order counts
// ---------------------------------------------------------------------------------------

export interface ReportLine {
  productId: string;
  name: string;
  size: string;
  school: string;
  unitPrice: number;
  quantity: number;
}

/** An order as the reports fold it. */
export interface ReportOrder {
  day: string;
  firstOrder: boolean;
  paymentMethod: string;
  total: number;
  subtotal: number;
  discount: number;
  delivery: number;
  status: string;
  deleted: boolean;
  lines: readonly ReportLine[];
}

/** What one order adds to its day's sums: nothing once cancelled or deleted (its sale did not happen). */
export interface OrderContribution {
  orders: number;
  newParents: number;
  sales: number;
  subtotal: number;
  discount: number;
  delivery: number;
  offerOrders: number;
  /**
   * Per "school\nproductId\nsize": units, rupees at the lines' prices, and `net`: paisa after the line's share of
   * the offer (decision 184), what the parent paid for the goods and what a margin is counted from.
   */
  lines: Map<string, { quantity: number; amount: number; net: number }>;
}

export function counts(order: ReportOrder): boolean {
  return order.status !== "cancelled" && !order.deleted;
}

export function lineKey(line: Pick<ReportLine, "school" | "productId" | "size">): string {
  return `${line.school}\n${line.productId}\n${line.size}`;
}

/** An item and one of its sizes: the key of the sales per size a gross margin is counted from. */
export const soldKey = (productId: string, size: string): string => `${productId}\n${size}`;

export function orderContribution(order: ReportOrder | undefined): OrderContribution {
  const lines = new Map<string, { quantity: number; amount: number; net: number }>();
  if (!order || !counts(order)) return { orders: 0, newParents: 0, sales: 0, subtotal: 0, discount: 0, delivery: 0, offerOrders: 0, lines };
  // The offer shared over the lines as the invoice shares it (domain/tax/lines.ts), so a margin adds up to the invoices.
  const values = lineValues(order.lines, order.discount);
  order.lines.forEach((line, index) => {
    const key = lineKey(line);
    const sum = lines.get(key) ?? { quantity: 0, amount: 0, net: 0 };
    sum.quantity += line.quantity;
    sum.amount += line.quantity * line.unitPrice;
    sum.net += values[index];
    lines.set(key, sum);
  });
  return {
    orders: 1,
    newParents: order.firstOrder ? 1 : 0,
    sales: order.total,
    subtotal: order.subtotal,
    discount: order.discount,
    delivery: order.delivery,
    offerOrders: order.discount > 0 ? 1 : 0,
    lines,
  };
}

// ---------------------------------------------------------------------------------------
// The filters in a report page's address
// ---------------------------------------------------------------------------------------

export const GRAINS = ["day", "week", "month"] as const;
export type Grain = (typeof GRAINS)[number];

export interface ReportFilter {
  from: string;
  to: string;
  grain: Grain;
  /** A school's name as its lines carry it, or "" for every school. */
  school: string;
  /** An item's product id, or "" for every item. */
  item: string;
}

/** A page of days stays readable, and a year of days is a chart no one reads: weeks or months then. */
export const MAX_DAY_POINTS = 92;
/** Two school years and a bit: the longest period a report compares with the year before. */
export const MAX_PERIOD_DAYS = 3 * 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The school year in India runs April to March: the one a day falls in starts on this 1 April. */
export function schoolYearStart(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** With no period asked for: this school year so far, by month (the owner's usual question). */
export function defaultFilter(today: string): ReportFilter {
  return { from: schoolYearStart(today), to: today, grain: "month", school: "", item: "" };
}

export type FilterProblem = "badDay" | "backwards" | "tooLong" | "badGrain" | "tooManyDays" | "tooLongText";

/** A report's filters from its address: a problem names what to fix (the page answers 400 with its words). */
export function parseReportFilter(
  params: URLSearchParams,
  today: string,
): { ok: true; filter: ReportFilter } | { ok: false; problem: FilterProblem; filter: ReportFilter } {
  const fallback = defaultFilter(today);
  const text = (name: string) => (params.get(name) ?? "").trim();
  const from = text("from") || fallback.from;
  const to = text("to") || (text("from") ? (today < from ? from : today) : fallback.to);
  const grainText = text("grain") || fallback.grain;
  const school = text("school");
  const item = text("item");
  const asked: ReportFilter = {
    from: isDay(from) ? from : fallback.from,
    to: isDay(to) ? to : fallback.to,
    grain: (GRAINS as readonly string[]).includes(grainText) ? (grainText as Grain) : fallback.grain,
    school: school.slice(0, 120),
    item: item.slice(0, 200),
  };
  if (school.length > 120 || item.length > 200) return { ok: false, problem: "tooLongText", filter: asked };
  if (!isDay(from) || !isDay(to)) return { ok: false, problem: "badDay", filter: asked };
  if (!(GRAINS as readonly string[]).includes(grainText)) return { ok: false, problem: "badGrain", filter: asked };
  if (to < from) return { ok: false, problem: "backwards", filter: asked };
  const days = daysBetween(from, to) + 1;
  if (days > MAX_PERIOD_DAYS) return { ok: false, problem: "tooLong", filter: asked };
  if (asked.grain === "day" && days > MAX_DAY_POINTS) return { ok: false, problem: "tooManyDays", filter: asked };
  return { ok: true, filter: asked };
}

/** The filter as an address query (the CSV links and the period shortcuts keep the rest of it). */
export function filterQuery(filter: ReportFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to, grain: filter.grain });
  if (filter.school) params.set("school", filter.school);
  if (filter.item) params.set("item", filter.item);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

/** The period shortcuts above the filters, from today. */
export function periodShortcuts(today: string): { key: "thisMonth" | "lastMonth" | "last30" | "thisYear" | "lastYear"; from: string; to: string; grain: Grain }[] {
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const yearStart = schoolYearStart(today);
  return [
    { key: "thisMonth", from: monthStart, to: today, grain: "day" },
    { key: "lastMonth", from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd, grain: "day" },
    { key: "last30", from: addDays(today, -29), to: today, grain: "day" },
    { key: "thisYear", from: yearStart, to: today, grain: "month" },
    { key: "lastYear", from: sameDayLastYear(yearStart), to: addDays(yearStart, -1), grain: "month" },
  ];
}

/** The start of the day, week (Monday) or month a day falls in: the bucket a chart point sums. */
export function bucketOf(day: string, grain: Grain): string {
  if (grain === "day") return day;
  if (grain === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every bucket of a period, in order, so a day without orders shows as 0 rather than missing. */
export function bucketsOf(from: string, to: string, grain: Grain): string[] {
  const buckets: string[] = [];
  for (let bucket = bucketOf(from, grain); bucket <= to; ) {
    buckets.push(bucket);
    if (grain === "day") bucket = addDays(bucket, 1);
    else if (grain === "week") bucket = addDays(bucket, 7);
    else {
      const [year, month] = bucket.split("-").map(Number);
      bucket = `${month === 12 ? year + 1 : year}-${String(month === 12 ? 1 : month + 1).padStart(2, "0")}-01`;
    }
  }
  return buckets;
}

/**
 * Sales after refunds: what the orders of the period came to, less the money given back in it (to any order). A
 * refund of an earlier period's order lowers this period, as it left the till now.
 */
export function netSales(totals: { sales: number; refunded: number }): number {
  return totals.sales - totals.refunded;
}

/** Average order value in whole rupees (rounded half up), 0 for no orders. */
export function averageOrderValue(sales: number, orders: number): number {
  return orders === 0 ? 0 : Math.round(sales / orders);
}

/** Change against last year, in whole percent; undefined when last year had nothing to compare with. */
export function changePercent(now: number, before: number): number | undefined {
  if (before === 0) return undefined;
  return Math.round(((now - before) / before) * 100);
}

// ---------------------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------------------

const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];

/** Sizes in the order a tailor reads them: numbers by number, then letter sizes small to large, then the rest. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const number = /^(\d+(?:\.\d+)?)/.exec(size.trim());
    if (number) return [0, Number(number[1]), size];
    const letter = LETTER_SIZES.indexOf(size.trim().toUpperCase());
    if (letter >= 0) return [1, letter, size];
    return [2, 0, size];
  };
  const [ka, na, sa] = rank(a);
  const [kb, nb, sb] = rank(b);
  return ka - kb || na - nb || sa.localeCompare(sb);
}

/**
 * An order's lines after an exchange, as the size reports count them: the units move from the size given
 * back to the size taken, at the price paid, so a size curve shows what the children wear and the rupees
 * stay what was paid. (The order itself keeps the returned line and gains a free one: domain/orders/returns.ts.)
 */
export function linesAfterSwap(
  lines: readonly ReportLine[],
  exchanged: readonly { productId: string; fromSize: string; toSize: string; school: string; quantity: number; toProductId?: string }[],
): ReportLine[] {
  const after = lines.map((l) => ({ ...l }));
  for (const change of exchanged) {
    const from = after.find((l) => l.productId === change.productId && l.size === change.fromSize && l.school === change.school && l.quantity > 0);
    const moved = Math.min(change.quantity, from?.quantity ?? 0);
    if (!from || moved === 0) continue;
    from.quantity -= moved;
    const target = { productId: change.toProductId ?? change.productId, size: change.toSize, school: change.school };
    const same = after.find((l) => lineKey(l) === lineKey(target) && l.unitPrice === from.unitPrice);
    if (same) same.quantity += moved;
    else after.push({ ...target, name: from.name, unitPrice: from.unitPrice, quantity: moved });
  }
  // A line given back whole stays at 0 units: the report keeps the size it was sold in as a row (at 0), as it was.
  return after;
}

/** The first day of the month after the one a day falls in. */
function nextMonthStart(day: string): string {
  const [year, month] = day.split("-").map(Number);
  return `${month === 12 ? year + 1 : year}-${String(month === 12 ? 1 : month + 1).padStart(2, "0")}-01`;
}

/**
 * A period as the whole months inside it (read from the monthly sums) and the days at either end that
 * are not a whole month (read from the daily ones): 10 Jun to 5 Sep is June's last days, July and August,
 * and 1 to 5 September.
 */
export function splitByMonths(from: string, to: string): { months: { from: string; to: string } | undefined; days: { from: string; to: string }[] } {
  const firstWhole = from.endsWith("-01") ? from : nextMonthStart(from);
  const lastWholeEnd = addDays(nextMonthStart(to), -1) === to ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (firstWhole > lastWholeEnd) return { months: undefined, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  if (from < firstWhole) days.push({ from, to: addDays(firstWhole, -1) });
  if (lastWholeEnd < to) days.push({ from: addDays(lastWholeEnd, 1), to });
  return { months: { from: firstWhole, to: `${lastWholeEnd.slice(0, 7)}-01` }, days };
}
