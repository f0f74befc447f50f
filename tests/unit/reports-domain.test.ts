/**
 * The reports' rules (domain/reports): India's calendar day, how an order counts, the filters read from
 * the address, buckets, sizes in a tailor's order, the season plan and the re-order point.
 */
import { describe, expect, it } from "vitest";
import {
  bucketOf,
  bucketsOf,
  compareSizes,
  indiaDay,
  linesAfterSwap,
  orderContribution,
  parseReportFilter,
  sameDayLastYear,
  splitByMonths,
  type ReportOrder,
} from "../../domain/reports/reports";
import { comingTerms, parseGrowth, parseTerm, planSeason, stockOutlook, termWindow } from "../../domain/reports/season";

const order = (over: Partial<ReportOrder> = {}): ReportOrder => ({
  day: "2026-07-01",
  firstOrder: true,
  paymentMethod: "upi",
  total: 900,
  subtotal: 1000,
  discount: 100,
  delivery: 0,
  status: "pending",
  deleted: false,
  lines: [
    { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "Delhi Public School", unitPrice: 300, quantity: 2 },
    { productId: "school/dps/shirt", name: "Shirt", size: "32", school: "Delhi Public School", unitPrice: 400, quantity: 1 },
  ],
  ...over,
});

describe("days", () => {
  it("counts an order on India's calendar day", () => {
    expect(indiaDay("2026-06-30T18:29:00Z")).toBe("2026-06-30");
    expect(indiaDay("2026-06-30T18:30:00Z")).toBe("2026-07-01");
  });
  it("compares with the same day a year before, 29 February with 28", () => {
    expect(sameDayLastYear("2026-07-15")).toBe("2025-07-15");
    expect(sameDayLastYear("2028-02-29")).toBe("2027-02-28");
  });
  it("buckets by Monday-started weeks and by months, every bucket of the period present", () => {
    expect(bucketOf("2026-07-05", "week")).toBe("2026-06-29");
    expect(bucketOf("2026-07-05", "month")).toBe("2026-07-01");
    expect(bucketsOf("2026-11-15", "2027-02-03", "month")).toEqual(["2026-11-01", "2026-12-01", "2027-01-01", "2027-02-01"]);
    expect(bucketsOf("2026-07-01", "2026-07-03", "day")).toEqual(["2026-07-01", "2026-07-02", "2026-07-03"]);
  });
});

describe("a period in whole months and loose days", () => {
  it("reads the whole months from the monthly sums and the days at either end from the daily ones", () => {
    expect(splitByMonths("2026-06-10", "2026-09-05")).toEqual({
      months: { from: "2026-07-01", to: "2026-08-01" },
      days: [
        { from: "2026-06-10", to: "2026-06-30" },
        { from: "2026-09-01", to: "2026-09-05" },
      ],
    });
    expect(splitByMonths("2026-04-01", "2027-03-31")).toEqual({ months: { from: "2026-04-01", to: "2027-03-01" }, days: [] });
    expect(splitByMonths("2026-07-03", "2026-07-20")).toEqual({ months: undefined, days: [{ from: "2026-07-03", to: "2026-07-20" }] });
    expect(splitByMonths("2026-12-15", "2027-01-31")).toEqual({ months: { from: "2027-01-01", to: "2027-01-01" }, days: [{ from: "2026-12-15", to: "2026-12-31" }] });
  });
});

describe("how an order counts", () => {
  it("adds its money, its offer and its lines by size; a new parent once", () => {
    const c = orderContribution(order());
    expect(c).toMatchObject({ orders: 1, newParents: 1, sales: 900, discount: 100, offerOrders: 1 });
    // ₹100 off ₹1,000 of lines: each line pays its share, ₹60 and ₹40, as the invoice shares it.
    expect(c.lines.get("Delhi Public School\nschool/dps/shirt\n30")).toEqual({ quantity: 2, amount: 600, net: 54_000 });
    expect(c.lines.get("Delhi Public School\nschool/dps/shirt\n32")).toEqual({ quantity: 1, amount: 400, net: 36_000 });
  });
  it("shares an offer that does not divide evenly to the paisa, so the lines add up to what the parent paid for the goods", () => {
    const lines = [
      { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 99, quantity: 1 },
      { productId: "white/tie", name: "Tie", size: "Free Size", school: "", unitPrice: 150, quantity: 3 },
      { productId: "white/socks", name: "Socks", size: "Free Size", school: "", unitPrice: 100, quantity: 3 },
    ];
    const c = orderContribution(order({ lines, subtotal: 849, discount: 84, total: 765 }));
    expect([...c.lines.values()].reduce((sum, line) => sum + line.net, 0)).toBe(76_500);
  });
  it("adds nothing once cancelled or deleted", () => {
    expect(orderContribution(order({ status: "cancelled" })).sales).toBe(0);
    expect(orderContribution(order({ deleted: true })).orders).toBe(0);
    expect(orderContribution(order({ status: "cancelled" })).lines.size).toBe(0);
  });
  it("an exchange moves units to the size taken, at the price paid, and keeps the size given back at 0", () => {
    const after = linesAfterSwap(order().lines, [{ productId: "school/dps/shirt", fromSize: "30", toSize: "32", school: "Delhi Public School", quantity: 1 }]);
    expect(after.map((l) => [l.size, l.quantity, l.unitPrice])).toEqual([
      ["30", 1, 300],
      ["32", 1, 400],
      ["32", 1, 300],
    ]);
    const whole = linesAfterSwap(order().lines, [{ productId: "school/dps/shirt", fromSize: "30", toSize: "34", school: "Delhi Public School", quantity: 5 }]);
    expect(whole.map((l) => [l.size, l.quantity])).toEqual([
      ["30", 0],
      ["32", 1],
      ["34", 2],
    ]);
    // Units and rupees stay what was bought.
    const sum = (lines: readonly { quantity: number; unitPrice: number }[]) => lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0);
    expect(sum(whole)).toBe(sum(order().lines));
  });
});

describe("the filters in the address", () => {
  const today = "2026-11-26";
  const parse = (query: string) => parseReportFilter(new URLSearchParams(query), today);
  it("defaults to this school year by month", () => {
    expect(parse("")).toEqual({ ok: true, filter: { from: "2026-04-01", to: today, grain: "month", school: "", item: "" } });
  });
  it("reads a period, a grain, a school and an item", () => {
    expect(parse("from=2026-07-01&to=2026-07-31&grain=day&school=Delhi+Public+School&item=school/dps/shirt")).toEqual({
      ok: true,
      filter: { from: "2026-07-01", to: "2026-07-31", grain: "day", school: "Delhi Public School", item: "school/dps/shirt" },
    });
  });
  it("names what is wrong", () => {
    expect(parse("from=2026-02-30&to=2026-03-01")).toMatchObject({ ok: false, problem: "badDay" });
    expect(parse("from=2026-07-02&to=2026-07-01")).toMatchObject({ ok: false, problem: "backwards" });
    expect(parse("from=2020-01-01&to=2026-07-01")).toMatchObject({ ok: false, problem: "tooLong" });
    expect(parse("grain=year")).toMatchObject({ ok: false, problem: "badGrain" });
    expect(parse("from=2026-01-01&to=2026-07-01&grain=day")).toMatchObject({ ok: false, problem: "tooManyDays" });
    expect(parse(`school=${"x".repeat(121)}`)).toMatchObject({ ok: false, problem: "tooLongText" });
  });
});

describe("sizes", () => {
  it("sorts numbers by number, letters small to large, the rest after", () => {
    expect(["L", "Free Size", "32", "S", "28", "M", "100"].sort(compareSizes)).toEqual(["28", "32", "100", "S", "M", "L", "Free Size"]);
  });
});

describe("season planning", () => {
  it("offers the coming terms and reads one from the address", () => {
    expect(comingTerms("2026-11-26")).toEqual([
      { term: "april", year: 2027 },
      { term: "july", year: 2027 },
      { term: "april", year: 2028 },
    ]);
    expect(comingTerms("2026-07-10")[0]).toEqual({ term: "july", year: 2026 });
    expect(parseTerm("july-2027")).toEqual({ term: "july", year: 2027 });
    expect(parseTerm("winter-2027")).toBeUndefined();
    expect(termWindow({ term: "july", year: 2027 })).toEqual({ from: "2027-06-01", to: "2027-07-31" });
  });
  it("takes a growth from 50% to 300%, 110% when none is given", () => {
    expect(parseGrowth(null)).toBe(110);
    expect(parseGrowth("150")).toBe(150);
    expect(parseGrowth("49")).toBeUndefined();
    expect(parseGrowth("1.5")).toBeUndefined();
  });
  it("scales last season by the growth, rounded up, less what parents took and what is on the shelf", () => {
    const plan = planSeason(
      [
        { size: "32", lastSeason: 7, onShelf: 2, ordered: 1 },
        { size: "30", lastSeason: 10, onShelf: 20, ordered: 0 },
        { size: "28", lastSeason: 0, onShelf: undefined, ordered: 0 },
      ],
      110,
    );
    expect(plan.sizes.map((s) => [s.size, s.expected, s.suggested])).toEqual([
      ["28", 0, 0],
      ["30", 11, 0],
      ["32", 8, 5],
    ]);
    expect(plan.totals).toEqual({ lastSeason: 17, onShelf: 22, withTailor: 0, ordered: 1, expected: 19, suggested: 5 });
  });
  it("takes what the tailor is still making off what to make, as the shelf is", () => {
    // 6 sold at 110% is 6.6, so 7 expected: 2 on the shelf and 3 with the tailor leave 2 to make.
    const plan = planSeason([{ size: "30", lastSeason: 6, onShelf: 2, withTailor: 3, ordered: 0 }], 110);
    expect(plan.sizes[0]).toMatchObject({ expected: 7, suggested: 2, withTailor: 3 });
    expect(plan.totals).toMatchObject({ onShelf: 2, withTailor: 3, suggested: 2 });
    expect(planSeason([{ size: "30", lastSeason: 6, onShelf: 2, withTailor: 9, ordered: 0 }], 110).sizes[0].suggested).toBe(0);
  });
});

describe("re-order points", () => {
  it("flags a product whose stock lasts 14 days or less at the last four weeks' rate, or none left", () => {
    expect(stockOutlook(100, 280)).toMatchObject({ daysLeft: 10, reorder: true });
    expect(stockOutlook(3, 0)).toMatchObject({ daysLeft: undefined, reorder: false });
    expect(stockOutlook(0, 0)).toMatchObject({ daysLeft: 0, reorder: true });
    expect(stockOutlook(30, 28)).toMatchObject({ daysLeft: 30, reorder: false });
  });
});
