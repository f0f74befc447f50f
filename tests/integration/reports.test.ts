/**
 * The reports' read models (decision 135) against a direct sum over the orders: two school years of
 * orders written through the real commands (bin/demo-history.ts, as `shop seed-demo --history` writes
 * them), then every figure a report page shows compared with the same figure summed straight from the
 * orders read model, and the reports projector rebuilt by a replay and checked by verify.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openTestShop, type TestShop } from "../support/shop";
import { seededRandom, writeDemoHistory } from "../../bin/demo-history";
import { listCatalogueProducts } from "../../domain/catalogue";
import { replay, verify } from "../../projectors/replay";
import { reportsProjector } from "../../projectors/reports";
import { indiaDay } from "../../domain/reports/reports";
import { GROWTH_DEFAULT } from "../../domain/reports/season";
import { reportsPage, seasonCsv, seasonPage } from "../../app/admin/reports.server";
import { findSchool } from "../../domain/schools";
import { formatPaise } from "../../domain/money";

let shop: TestShop;
let seeded = 0;

beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  const products = listCatalogueProducts().filter((p) => !p.comingSoon);
  // Few parents for the orders: many come back, so new and returning parents both count.
  seeded = await writeDemoHistory(shop, products, seededRandom(35), { orders: 90, until: new Date(), parents: 30 });
  const head = await shop.store.headPosition();
  expect(await shop.waitForReadModels(head!, 60_000)).toBe(true);
}, 300_000);
afterAll(async () => {
  await shop?.close();
});

const num = (v: unknown) => Number(v ?? 0);

/** The orders read model as the reports count it: not cancelled, not deleted. */
async function countedOrders() {
  const rows = await shop.db.selectFrom("orders").selectAll().where("status", "<>", "cancelled").where("deleted", "=", false).execute();
  return rows.map((r) => ({ ...r, lines: (typeof r.lines === "string" ? JSON.parse(r.lines) : r.lines) as { productId: string; size: string; school: string; unitPrice: number; quantity: number }[] }));
}

describe("reports against a direct sum over the orders", () => {
  it("has a history over two years with UPI, cash, cancellations, returns, exchanges and refunds", async () => {
    expect(seeded).toBeGreaterThan(80);
    const all = await shop.db.selectFrom("orders").select(["placed_at", "payment_method", "status", "refunded_paise"]).execute();
    const days = all.map((o) => indiaDay(o.placed_at));
    expect(days.some((d) => d < indiaDay(new Date(Date.now() - 400 * 24 * 3600 * 1000)))).toBe(true);
    expect(new Set(all.map((o) => o.payment_method))).toEqual(new Set(["upi", "cod"]));
    expect(all.some((o) => o.status === "cancelled")).toBe(true);
    const counts = await shop.db.selectFrom("report_daily").select((eb) => [eb.fn.sum<string>("returns").as("r"), eb.fn.sum<string>("exchanges").as("e"), eb.fn.sum<string>("refunds").as("f")]).executeTakeFirstOrThrow();
    expect(num(counts.r)).toBeGreaterThan(0);
    expect(num(counts.e) + num(counts.f)).toBeGreaterThan(0);
  });

  it("each day's orders, sales, offer and delivery per payment method equal the orders'", async () => {
    const direct = new Map<string, { orders: number; sales: number; discount: number; delivery: number }>();
    for (const o of await countedOrders()) {
      const key = `${indiaDay(o.placed_at)} ${o.payment_method}`;
      const sum = direct.get(key) ?? { orders: 0, sales: 0, discount: 0, delivery: 0 };
      sum.orders += 1;
      sum.sales += num(o.total);
      sum.discount += num(o.discount);
      sum.delivery += num(o.delivery);
      direct.set(key, sum);
    }
    const rows = await shop.db
      .selectFrom("report_daily")
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "payment_method", "orders", "sales", "discount", "delivery"])
      .execute();
    const projected = new Map(
      rows.filter((r) => r.orders !== 0).map((r) => [`${r.day} ${r.payment_method}`, { orders: r.orders, sales: num(r.sales), discount: num(r.discount), delivery: num(r.delivery) }]),
    );
    expect(projected).toEqual(direct);
  });

  it("each day's units and rupees per school equal the orders' lines", async () => {
    const direct = new Map<string, { units: number; amount: number }>();
    for (const o of await countedOrders()) {
      // An exchange adds a free line and keeps the one given back: the units a parent bought are the paid lines.
      for (const line of o.lines.filter((l) => l.unitPrice > 0)) {
        const key = `${indiaDay(o.placed_at)} ${line.school}`;
        const sum = direct.get(key) ?? { units: 0, amount: 0 };
        sum.units += line.quantity;
        sum.amount += line.quantity * line.unitPrice;
        direct.set(key, sum);
      }
    }
    const rows = await shop.db
      .selectFrom("report_daily_lines")
      .select((eb) => [sql<string>`to_char(day, 'YYYY-MM-DD')`.as("day"), "school", eb.fn.sum<string>("quantity").as("units"), eb.fn.sum<string>("amount").as("amount")])
      .groupBy(["day", "school"])
      .execute();
    const projected = new Map(rows.filter((r) => num(r.units) !== 0).map((r) => [`${r.day} ${r.school}`, { units: num(r.units), amount: num(r.amount) }]));
    expect(projected).toEqual(direct);
    // The monthly sums are the daily ones by month.
    const byMonth = await shop.db
      .selectFrom("report_monthly_lines")
      .select([sql<string>`to_char(month, 'YYYY-MM')`.as("month"), "school", "product_id", "size", "quantity", "amount"])
      .execute();
    const daysByMonth = await shop.db
      .selectFrom("report_daily_lines")
      .select((eb) => [sql<string>`to_char(day, 'YYYY-MM')`.as("month"), "school", "product_id", "size", eb.fn.sum<string>("quantity").as("quantity"), eb.fn.sum<string>("amount").as("amount")])
      .groupBy([sql`1`, "school", "product_id", "size"])
      .execute();
    const asMap = (list: { month: string; school: string; product_id: string; size: string; quantity: unknown; amount: unknown }[]) =>
      new Map(list.map((r) => [`${r.month} ${r.school} ${r.product_id} ${r.size}`, [num(r.quantity), num(r.amount)]]));
    expect(asMap(byMonth)).toEqual(asMap(daysByMonth));
  });

  it("the report page's totals, months and parents equal the orders'", async () => {
    // A goodwill refund of ₹12.50 by UPI on a paid order: refunds are given back to the paisa (decision 209).
    const paid = await shop.db.selectFrom("orders").select("id").where("payment_status", "=", "paid").where("refunded_paise", "=", "0").orderBy("id").executeTakeFirstOrThrow();
    await shop.orders.pay(paid.id, (at) => ({ type: "RefundPayment", paise: 12_50, method: "upi", note: "Late", actor: { kind: "admin", id: "a1", name: "Asha" }, at }));
    expect(await shop.waitForReadModels((await shop.store.headPosition())!, 30_000)).toBe(true);
    const orders = await countedOrders();
    const from = indiaDay(new Date(Date.now() - 3 * 365 * 24 * 3600 * 1000));
    const to = indiaDay(new Date());
    const overview = await shop.reports.overview({ from, to, grain: "month", school: "", item: "" });
    expect(overview.totals.orders).toBe(orders.length);
    expect(overview.totals.sales).toBe(orders.reduce((s, o) => s + num(o.total), 0));
    expect(overview.totals.offerOrders).toBe(orders.filter((o) => num(o.discount) > 0).length);
    // Every line's paisa after the offer (decision 184) add up to what the orders' goods came to.
    const nets = await shop.db.selectFrom("report_daily_lines").select((eb) => eb.fn.sum<string>("net").as("n")).executeTakeFirstOrThrow();
    expect(num(nets.n)).toBe(orders.reduce((s, o) => s + (num(o.subtotal) - num(o.discount)) * 100, 0));
    const monthNets = await shop.db.selectFrom("report_monthly_lines").select((eb) => eb.fn.sum<string>("net").as("n")).executeTakeFirstOrThrow();
    expect(num(monthNets.n)).toBe(num(nets.n));
    const byMonth = new Map<string, number>();
    for (const o of orders) {
      const month = `${indiaDay(o.placed_at).slice(0, 7)}-01`;
      byMonth.set(month, (byMonth.get(month) ?? 0) + num(o.total));
    }
    for (const point of overview.series) expect(point.sales, point.bucket).toBe(byMonth.get(point.bucket) ?? 0);
    expect(overview.series.reduce((s, p) => s + p.sales, 0)).toBe(overview.totals.sales);
    // The UPI and cash rows add up to the whole.
    expect(overview.payments.reduce((s, p) => s + p.sales, 0)).toBe(overview.totals.sales);
    // Money given back, whenever it went back.
    const refunded = await shop.db.selectFrom("orders").select((eb) => eb.fn.sum<string>("refunded_paise").as("r")).executeTakeFirstOrThrow();
    expect(overview.totals.refunded).toBe(num(refunded.r) / 100);
    // The totals table the owner reads (and downloads) says what stayed after refunds.
    const page = await reportsPage(shop, new Request(`https://shop.example.in/admin/reports?from=${from}&to=${to}&grain=month`));
    const net = page.figures?.tables.totals.rows.find((row) => row[0] === "Sales after refunds");
    // To the paisa: a UPI refund gives back the goods' value with its paise (decision 209).
    expect(num(refunded.r) % 100, "the history has a refund with paise").not.toBe(0);
    expect(net?.[1]).toBe(formatPaise(overview.totals.sales * 100 - num(refunded.r)));
    // A new parent's order is their first one ever (by mobile number: the history's parents are guests).
    const everything = await shop.db.selectFrom("orders").select(["id", "phone", "placed_at", "status", "deleted"]).orderBy("placed_at").execute();
    const firsts = new Map<string, (typeof everything)[number]>();
    for (const o of everything) if (!firsts.has(o.phone)) firsts.set(o.phone, o);
    const newParents = [...firsts.values()].filter((o) => o.status !== "cancelled" && !o.deleted).length;
    expect(overview.totals.newParents).toBe(newParents);
    expect(overview.totals.orders - overview.totals.newParents).toBeGreaterThan(0);
  });

  it("a school's size curve sums to its units, and the season plan scales last season", async () => {
    const from = indiaDay(new Date(Date.now() - 3 * 365 * 24 * 3600 * 1000));
    const to = indiaDay(new Date());
    const all = await shop.reports.overview({ from, to, grain: "month", school: "", item: "" });
    const item = all.byItem.find((i) => i.school !== "")!;
    const one = await shop.reports.overview({ from, to, grain: "month", school: item.school, item: item.productId });
    expect(one.sizeCurve?.sizes.reduce((s, r) => s + r.units, 0)).toBe(item.units);
    expect(one.series.reduce((s, p) => s + p.count, 0)).toBe(item.units);
    const year = Number(to.slice(0, 4));
    const plan = await shop.reports.season(item.productId, { term: "july", year }, GROWTH_DEFAULT, to);
    expect(plan).toBeDefined();
    const july = await shop.reports.overview({ from: `${year - 1}-06-01`, to: `${year - 1}-07-31`, grain: "month", school: item.school, item: item.productId });
    expect(plan!.totals.lastSeason).toBe(july.series.reduce((s, p) => s + p.count, 0));
    for (const size of plan!.sizes) expect(size.expected).toBe(Math.ceil((size.lastSeason * GROWTH_DEFAULT) / 100));
  });

  it("plans every item of a school at once, and the tailor's sheet names the school, the term and each item", async () => {
    const to = indiaDay(new Date());
    const year = Number(to.slice(0, 4));
    const all = await shop.reports.overview({ from: `${year - 2}-01-01`, to, grain: "month", school: "", item: "" });
    const { school } = all.byItem.find((i) => i.school !== "")!;
    const whole = await shop.reports.schoolSeason(school, { term: "july", year }, GROWTH_DEFAULT, to);
    const catalogue = findSchool(all.byItem.find((i) => i.school === school)!.productId.split("/")[1])!;
    // Every item the school's set offers has its plan, sold or not, and the whole is the sum of its items.
    expect(whole!.items.length).toBeGreaterThanOrEqual(catalogue.items.length);
    for (const plan of whole!.items) {
      const one = await shop.reports.season(plan.item.productId, { term: "july", year }, GROWTH_DEFAULT, to);
      expect(plan.totals).toEqual(one!.totals);
    }
    const suggested = whole!.items.reduce((n, p) => n + p.totals.suggested, 0);

    const ask = new URLSearchParams({ item: `all:${school}`, term: `july-${year}`, growth: String(GROWTH_DEFAULT) });
    const page = await seasonPage(shop, new Request(`https://shop.example.in/admin/reports/season?${ask}`));
    expect(page.status).toBe(200);
    expect(page.figures?.heading).toContain(`every item of ${school}`);
    expect(page.figures?.rows).toHaveLength(whole!.items.reduce((n, p) => n + p.sizes.length, 0));
    expect(page.figures?.totals.at(-1)).toBe(new Intl.NumberFormat("en-IN").format(suggested));
    // The choice is offered first in the school's group of the item select.
    expect(page.choices.itemGroups.find((g) => g.school === school)?.items[0]).toEqual({ value: `all:${school}`, label: `All items of ${school}` });

    const csv = await seasonCsv(shop, new Request(`https://shop.example.in/admin/reports/season.csv?${ask}`));
    if (!csv.ok) throw new Error(csv.message);
    const [heading, columns, firstRow] = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(heading).toContain(school);
    expect(heading).toContain(`July ${year}`);
    expect(columns.startsWith("Item,Size,")).toBe(true);
    expect(firstRow.split(",")[0]).toBe(whole!.items[0].item.name);

    // One item's sheet names its school too: the tailor is handed it without the page.
    const shirt = whole!.items[0].item;
    const single = await seasonCsv(shop, new Request(`https://shop.example.in/admin/reports/season.csv?${new URLSearchParams({ item: shirt.productId, term: `july-${year}` })}`));
    if (!single.ok) throw new Error(single.message);
    expect(single.text.split("\r\n")[0]).toContain(`${shirt.name} (${school})`);
  });

  it("a replay rebuilds the same rows and verify finds no difference", async () => {
    expect(await verify(shop.db, shop.store, [reportsProjector])).toEqual([]);
    const before = await shop.db.selectFrom("report_daily").selectAll().orderBy("day").orderBy("payment_method").execute();
    await replay(shop.db, shop.store, [reportsProjector]);
    const after = await shop.db.selectFrom("report_daily").selectAll().orderBy("day").orderBy("payment_method").execute();
    expect(after).toEqual(before);
    expect(await verify(shop.db, shop.store, [reportsProjector])).toEqual([]);
  });
});
