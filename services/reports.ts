import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { findCatalogueProduct } from "../domain/catalogue";
import { SCHOOLS } from "../domain/schools";
import { bucketsOf, compareSizes, soldKey, sameDayLastYear, splitByMonths, type Grain, type ReportFilter } from "../domain/reports/reports";
import { lastSeason, planSeason, rateWindowStart, stockOutlook, termWindow, type SizeFigures, type StockOutlook, type TermChoice } from "../domain/reports/season";

/**
 * The owner's reports (decision 135), read from the reports' read models (projectors/reports.ts): per-day
 * sums, added up here by week, month or period. No query reads the orders or the events, so a page costs
 * the same at 100,000 orders as at 1,000 (docs/benchmarks.md, "Reports").
 */

export interface PeriodTotals {
  orders: number;
  newParents: number;
  sales: number;
  subtotal: number;
  discount: number;
  delivery: number;
  offerOrders: number;
  returns: number;
  exchanges: number;
  refunds: number;
  refunded: number;
}

export interface SeriesPoint {
  bucket: string;
  /** Rupees: order totals, or with a school or item chosen, the rupees of its lines. */
  sales: number;
  /** Orders, or with a school or item chosen, units of its lines. */
  count: number;
  lastYearBucket: string | undefined;
  lastYearSales: number;
  lastYearCount: number;
}

export interface Sold {
  units: number;
  amount: number;
}

export interface ItemSold extends Sold {
  productId: string;
  school: string;
  name: string;
}

export interface ReportItem {
  productId: string;
  school: string;
  name: string;
}

const ZERO: PeriodTotals = { orders: 0, newParents: 0, sales: 0, subtotal: 0, discount: 0, delivery: 0, offerOrders: 0, returns: 0, exchanges: 0, refunds: 0, refunded: 0 };

const num = (value: unknown) => Number(value ?? 0);

/**
 * What the shop's own uniforms have on the shelf and with the tailor, size by size (decisions 180, 181), for an item
 * whose sizes are counted; undefined for one still made to order.
 */
export type SchoolItemShelf = (item: string) => Promise<Map<string, { onShelf: number; withTailor: number }> | undefined>;

export function createReports(db: Kysely<DB>, schoolItemShelf?: SchoolItemShelf) {
  /** Sums of report_daily over a period, per payment method. */
  async function dailyTotals(from: string, to: string): Promise<Map<string, PeriodTotals>> {
    const rows = await db
      .selectFrom("report_daily")
      .select((eb) => [
        "payment_method",
        eb.fn.sum<string>("orders").as("orders"),
        eb.fn.sum<string>("new_parents").as("new_parents"),
        eb.fn.sum<string>("sales").as("sales"),
        eb.fn.sum<string>("subtotal").as("subtotal"),
        eb.fn.sum<string>("discount").as("discount"),
        eb.fn.sum<string>("delivery").as("delivery"),
        eb.fn.sum<string>("offer_orders").as("offer_orders"),
        eb.fn.sum<string>("returns").as("returns"),
        eb.fn.sum<string>("exchanges").as("exchanges"),
        eb.fn.sum<string>("refunds").as("refunds"),
        eb.fn.sum<string>("refunded").as("refunded"),
      ])
      .where("day", ">=", from)
      .where("day", "<=", to)
      .groupBy("payment_method")
      .execute();
    return new Map(
      rows.map((r) => [
        r.payment_method,
        {
          orders: num(r.orders), newParents: num(r.new_parents), sales: num(r.sales), subtotal: num(r.subtotal), discount: num(r.discount),
          delivery: num(r.delivery), offerOrders: num(r.offer_orders), returns: num(r.returns), exchanges: num(r.exchanges),
          refunds: num(r.refunds), refunded: num(r.refunded),
        },
      ]),
    );
  }

  function addUp(totals: Iterable<PeriodTotals>): PeriodTotals {
    const sum = { ...ZERO };
    for (const t of totals) for (const key of Object.keys(sum) as (keyof PeriodTotals)[]) sum[key] += t[key];
    return sum;
  }

  /** Rupees and orders (or a school's or item's rupees and units) per bucket of a period. */
  async function bucketSums(filter: ReportFilter, from: string, to: string): Promise<Map<string, { sales: number; count: number }>> {
    const bucket = sql<string>`to_char(date_trunc(${filter.grain}, day), 'YYYY-MM-DD')`;
    if (!filter.school && !filter.item) {
      const rows = await db
        .selectFrom("report_daily")
        .select((eb) => [bucket.as("bucket"), eb.fn.sum<string>("sales").as("sales"), eb.fn.sum<string>("orders").as("count")])
        .where("day", ">=", from)
        .where("day", "<=", to)
        .groupBy(sql`1`)
        .execute();
      return new Map(rows.map((r) => [r.bucket, { sales: num(r.sales), count: num(r.count) }]));
    }
    let query = db
      .selectFrom("report_daily_lines")
      .select((eb) => [bucket.as("bucket"), eb.fn.sum<string>("amount").as("sales"), eb.fn.sum<string>("quantity").as("count")])
      .where("day", ">=", from)
      .where("day", "<=", to);
    if (filter.school) query = query.where("school", "=", filter.school);
    if (filter.item) query = query.where("product_id", "=", filter.item);
    const rows = await query.groupBy(sql`1`).execute();
    return new Map(rows.map((r) => [r.bucket, { sales: num(r.sales), count: num(r.count) }]));
  }

  async function series(filter: ReportFilter): Promise<SeriesPoint[]> {
    const lastFrom = sameDayLastYear(filter.from);
    const lastTo = sameDayLastYear(filter.to);
    const [now, before] = await Promise.all([bucketSums(filter, filter.from, filter.to), bucketSums(filter, lastFrom, lastTo)]);
    const lastBuckets = bucketsOf(lastFrom, lastTo, filter.grain);
    // Buckets pair by their place in the period: the first week of this July with the first week of last July.
    return bucketsOf(filter.from, filter.to, filter.grain).map((bucket, index) => {
      const lastYearBucket = lastBuckets[index];
      const mine = now.get(bucket);
      const theirs = lastYearBucket ? before.get(lastYearBucket) : undefined;
      return { bucket, sales: mine?.sales ?? 0, count: mine?.count ?? 0, lastYearBucket, lastYearSales: theirs?.sales ?? 0, lastYearCount: theirs?.count ?? 0 };
    });
  }

  /**
   * Units and rupees of lines over a period, grouped by the given columns: the whole months from the
   * monthly sums, the days at either end from the daily ones (a school year reads months, not days).
   */
  async function linesBy<K extends "school" | "product_id" | "size">(filter: ReportFilter, columns: readonly K[]) {
    const parts = splitByMonths(filter.from, filter.to);
    const reads: Promise<Record<string, unknown>[]>[] = parts.days.map(({ from, to }) => {
      let query = db
        .selectFrom("report_daily_lines")
        .select((eb) => [...columns, eb.fn.sum<string>("quantity").as("units"), eb.fn.sum<string>("amount").as("amount")])
        .where("day", ">=", from)
        .where("day", "<=", to);
      if (filter.school) query = query.where("school", "=", filter.school);
      if (filter.item) query = query.where("product_id", "=", filter.item);
      return query.groupBy([...columns]).execute() as Promise<Record<string, unknown>[]>;
    });
    if (parts.months) {
      let query = db
        .selectFrom("report_monthly_lines")
        .select((eb) => [...columns, eb.fn.sum<string>("quantity").as("units"), eb.fn.sum<string>("amount").as("amount")])
        .where("month", ">=", parts.months.from)
        .where("month", "<=", parts.months.to);
      if (filter.school) query = query.where("school", "=", filter.school);
      if (filter.item) query = query.where("product_id", "=", filter.item);
      reads.push(query.groupBy([...columns]).execute() as Promise<Record<string, unknown>[]>);
    }
    const sums = new Map<string, Record<K, string> & { units: number; amount: number }>();
    for (const rows of await Promise.all(reads)) {
      for (const row of rows) {
        const key = columns.map((c) => String(row[c])).join("\n");
        const sum = sums.get(key) ?? ({ ...Object.fromEntries(columns.map((c) => [c, String(row[c])])), units: 0, amount: 0 } as Record<K, string> & { units: number; amount: number });
        sum.units += num(row.units);
        sum.amount += num(row.amount);
        sums.set(key, sum);
      }
    }
    return [...sums.values()];
  }

  const itemNames = async () => {
    const rows = await db.selectFrom("report_items").select(["product_id", "school", "name"]).execute();
    return new Map(rows.map((r) => [r.product_id, { productId: r.product_id, school: r.school, name: r.name }]));
  };

  /** Season planning for one item and a coming term (domain/reports/season.ts decides the figures). */
  async function season(productId: string, choice: TermChoice, growthPercent: number, today: string) {
    const names = await itemNames();
    // An item of the catalogue never sold yet still has a plan: its shelf and what the tailor is making.
    const known = findCatalogueProduct(productId);
    const item = names.get(productId) ?? (known?.school ? { productId, school: known.school.name, name: known.name } : undefined);
    if (!item) return undefined;
    const last = termWindow(lastSeason(choice));
    const coming = termWindow(choice);
    const sizesIn = async (from: string, to: string) =>
      to < from ? new Map<string, number>() : new Map((await linesBy({ from, to, grain: "day", school: item.school, item: productId }, ["size"] as const)).map((r) => [r.size, r.units]));
    const [lastSold, ordered] = await Promise.all([sizesIn(last.from, last.to), sizesIn(coming.from, coming.to < today ? coming.to : today)]);
    const [shelf, counted] = await Promise.all([shelfOf(productId), schoolItemShelf?.(productId)]);
    const sizes = new Set<string>([...(findCatalogueProduct(productId)?.sizes ?? []), ...lastSold.keys(), ...ordered.keys()]);
    const figures: SizeFigures[] = [...sizes].map((size) => ({
      size,
      lastSeason: lastSold.get(size) ?? 0,
      // A counted school size has its own shelf; a size sold before the item was counted has none (0).
      onShelf: counted ? (counted.get(size)?.onShelf ?? 0) : shelf,
      withTailor: counted?.get(size)?.withTailor ?? 0,
      ordered: ordered.get(size) ?? 0,
    }));
    return { item, lastWindow: last, comingWindow: coming, ...planSeason(figures, growthPercent) };
  }

  return {
    /** Every figure of the reports page for a filter, with the same period a year before. */
    async overview(filter: ReportFilter) {
      const [points, totalsNow, totalsBefore, schools, items, names] = await Promise.all([
        series(filter),
        dailyTotals(filter.from, filter.to),
        dailyTotals(sameDayLastYear(filter.from), sameDayLastYear(filter.to)),
        linesBy(filter, ["school"] as const),
        linesBy(filter, ["school", "product_id"] as const),
        itemNames(),
      ]);
      const bySchool = schools
        .filter((r) => r.school !== "" && (r.units !== 0 || r.amount !== 0))
        .map((r) => ({ school: r.school, units: r.units, amount: r.amount }))
        .sort((a, b) => b.amount - a.amount || a.school.localeCompare(b.school));
      const byItem: ItemSold[] = items
        .filter((r) => r.units !== 0 || r.amount !== 0)
        .map((r) => ({ productId: r.product_id, school: r.school, name: names.get(r.product_id)?.name ?? r.product_id, units: r.units, amount: r.amount }))
        .sort((a, b) => b.amount - a.amount || a.productId.localeCompare(b.productId));
      // The size curve: the chosen item's, else the best-selling school item's of the period.
      const curveItem = filter.item || byItem.find((i) => i.school !== "")?.productId || "";
      const sizes = curveItem
        ? (await linesBy({ ...filter, item: curveItem }, ["size"] as const))
            .filter((r) => r.units !== 0)
            .map((r) => ({ size: r.size, units: r.units, amount: r.amount }))
            .sort((a, b) => compareSizes(a.size, b.size))
        : [];
      return {
        series: points,
        countKind: filter.school || filter.item ? ("units" as const) : ("orders" as const),
        totals: addUp(totalsNow.values()),
        lastYear: addUp(totalsBefore.values()),
        payments: [...totalsNow].map(([method, totals]) => ({ method, orders: totals.orders, sales: totals.sales, refunded: totals.refunded })).sort((a, b) => a.method.localeCompare(b.method)),
        bySchool,
        byItem,
        sizeCurve: curveItem ? { item: names.get(curveItem) ?? { productId: curveItem, school: "", name: curveItem }, sizes } : undefined,
      };
    },

    /** The schools and items ever sold: the filters' choices. */
    async choices(): Promise<{ schools: string[]; items: ReportItem[] }> {
      const items = [...(await itemNames()).values()].sort((a, b) => a.school.localeCompare(b.school) || a.name.localeCompare(b.name));
      return { schools: [...new Set(items.map((i) => i.school).filter((s) => s !== ""))].sort((a, b) => a.localeCompare(b)), items };
    },

    season,

    /**
     * Season planning for every item of a school at once (the owner plans a school, not one of 450 items at a
     * time): each item its catalogue offers, and any item sold before under the school's name, in name order.
     */
    async schoolSeason(schoolName: string, choice: TermChoice, growthPercent: number, today: string) {
      const school = SCHOOLS.find((s) => s.name === schoolName);
      if (!school) return undefined;
      const sold = [...(await itemNames()).values()].filter((item) => item.school === schoolName).map((item) => item.productId);
      const ids = new Set([...school.items.map((item) => `school/${school.slug}/${item.slug}`), ...sold]);
      const plans = (await Promise.all([...ids].map((id) => season(id, choice, growthPercent, today)))).filter((plan) => plan !== undefined);
      plans.sort((a, b) => a.item.name.localeCompare(b.item.name));
      const [first] = plans;
      return first ? { school: schoolName, lastWindow: first.lastWindow, comingWindow: first.comingWindow, items: plans } : undefined;
    },

    /**
     * Units sold and paisa paid after the offer, per item and size, of the items whose ids start with `prefix` (a
     * school's uniforms: "school/dps/"), over the days `from` to `to`: the sales a gross margin is counted from.
     */
    async soldBySize(prefix: string, from: string, to: string): Promise<Map<string, { units: number; net: number }>> {
      const parts = splitByMonths(from, to);
      const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const reads = parts.days.map((days) =>
        db
          .selectFrom("report_daily_lines")
          .select((eb) => ["product_id", "size", eb.fn.sum<string>("quantity").as("units"), eb.fn.sum<string>("net").as("net")])
          .where("day", ">=", days.from)
          .where("day", "<=", days.to)
          .where("product_id", "like", like)
          .groupBy(["product_id", "size"])
          .execute(),
      );
      if (parts.months) {
        reads.push(
          db
            .selectFrom("report_monthly_lines")
            .select((eb) => ["product_id", "size", eb.fn.sum<string>("quantity").as("units"), eb.fn.sum<string>("net").as("net")])
            .where("month", ">=", parts.months.from)
            .where("month", "<=", parts.months.to)
            .where("product_id", "like", like)
            .groupBy(["product_id", "size"])
            .execute(),
        );
      }
      const sums = new Map<string, { units: number; net: number }>();
      for (const rows of await Promise.all(reads)) {
        for (const row of rows) {
          const key = soldKey(row.product_id, row.size);
          const sum = sums.get(key) ?? { units: 0, net: 0 };
          sums.set(key, { units: sum.units + num(row.units), net: sum.net + num(row.net) });
        }
      }
      return sums;
    },

    /** Each shop product's sales rate and days of stock left (replaces the fixed low-stock mark). */
    async stockOutlooks(products: readonly { id: number; available: number }[], today: string): Promise<Map<number, StockOutlook>> {
      const ids = products.map((p) => `product/${p.id}`);
      const sold = new Map<string, number>();
      if (ids.length > 0) {
        const rows = await db
          .selectFrom("report_daily_lines")
          .select((eb) => ["product_id", eb.fn.sum<string>("quantity").as("units")])
          .where("product_id", "in", ids)
          .where("day", ">=", rateWindowStart(today))
          .where("day", "<=", today)
          .groupBy("product_id")
          .execute();
        for (const row of rows) sold.set(row.product_id, num(row.units));
      }
      return new Map(products.map((p) => [p.id, stockOutlook(p.available, sold.get(`product/${p.id}`) ?? 0)]));
    },
  };

  /**
   * Units on the shelf of a shop product (each of its sizes is a product of its own); a school uniform
   * item has no stock count (it is stitched to order), so undefined.
   */
  async function shelfOf(productId: string): Promise<number | undefined> {
    const match = /^product\/(\d+)$/.exec(productId);
    if (!match) return undefined;
    const row = await db.selectFrom("stock_levels").select(["available", "held"]).where("product_id", "=", Number(match[1])).executeTakeFirst();
    return row ? row.available + row.held : undefined;
  }
}

export type Reports = ReturnType<typeof createReports>;
export type { Grain };
