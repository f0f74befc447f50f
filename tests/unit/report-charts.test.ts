/**
 * The reports' charts on a real shop's figures (issue: forty school names smeared into one, size labels
 * skipped): every school has its own row, every size its label, and a thinned axis still names the
 * tallest bar.
 */
import { describe, expect, it } from "vitest";
import { barChart, rowChart } from "../../app/admin/charts.server";
import { SCHOOLS } from "../../domain/schools";

const format = (n: number) => String(n);
const names = Array.from({ length: 40 }, (_, i) => SCHOOLS[i % SCHOOLS.length].name + (i >= SCHOOLS.length ? ` ${i}` : ""));

/** Labels drawn at `at` with about 6.5 px a character at 11 px never touch their neighbours. */
function apart(ticks: { at: number; label: string }[]) {
  for (let i = 1; i < ticks.length; i++) {
    const room = ticks[i].at - ticks[i - 1].at;
    expect(room, `${ticks[i - 1].label} | ${ticks[i].label}`).toBeGreaterThanOrEqual(((ticks[i].label.length + ticks[i - 1].label.length) / 2) * 6.5);
  }
}

describe("the per-school chart", () => {
  it("gives each of forty schools its own row with its name, one below another", () => {
    const values = names.map((_, i) => (i + 1) * 1000);
    const chart = rowChart({ labels: names, series: [{ series: "now", label: "Sales", values }], format, xLabel: "School", yLabel: "Sales" });
    expect(chart.across).toBe(true);
    expect(chart.yTicks.map((t) => t.label.replace(/…$/, ""))).toEqual(names.map((n) => (n.length > 30 ? n.slice(0, 29) : n)));
    for (let i = 1; i < chart.yTicks.length; i++) expect(chart.yTicks[i].at - chart.yTicks[i - 1].at).toBeGreaterThanOrEqual(14);
    expect(chart.height).toBeGreaterThan(40 * 14);
    // The longest bar is the school that sold most, and reaches no further than the plot.
    const longest = chart.bars.reduce((a, b) => (b.width > a.width ? b : a));
    expect(longest.title).toBe(`${names[39]}: 40000`);
    expect(longest.x + longest.width).toBeLessThanOrEqual(chart.plot.right);
    // The names fit left of the bars.
    for (const tick of chart.yTicks) expect(tick.label.length * 6.5).toBeLessThanOrEqual(chart.plot.left);
  });
});

describe("the size chart", () => {
  it("names every size when twenty fit under the axis", () => {
    const sizes = Array.from({ length: 20 }, (_, i) => String(20 + 2 * i));
    const chart = barChart({ labels: sizes, series: [{ series: "now", label: "Units", values: sizes.map((_, i) => i) }], format, xLabel: "Size", yLabel: "Units" });
    expect(chart.xTicks.map((t) => t.label)).toEqual(sizes);
    apart(chart.xTicks);
  });

  it("names the tallest bar when labels must be thinned, and keeps the rest apart", () => {
    const sizes = Array.from({ length: 90 }, (_, i) => `${i + 100}-${i + 101}`);
    const values = sizes.map((_, i) => (i === 47 ? 500 : i));
    const chart = barChart({ labels: sizes, series: [{ series: "now", label: "Units", values }], format, xLabel: "Size", yLabel: "Units" });
    expect(chart.xTicks.length).toBeLessThan(sizes.length);
    expect(chart.xTicks.map((t) => t.label)).toContain(sizes[47]);
    apart(chart.xTicks);
  });
});
