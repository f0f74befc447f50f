/**
 * The reports' charts, laid out on the server with d3's scales and line generator (decision 135): the
 * page gets plain shapes (bars, a path, ticks with their words) and draws them as SVG, so a chart shows
 * with JavaScript off, prints, reads in Hindi, and d3 never reaches the browser's bundle.
 */
import { scaleBand, scaleLinear, scalePoint } from "d3-scale";
import { line } from "d3-shape";

export interface ChartTick {
  at: number;
  label: string;
}

export interface ChartBar {
  x: number;
  y: number;
  width: number;
  height: number;
  /** "now" or "before" (the same period last year): the bar's colour and pattern. */
  series: "now" | "before";
  /** The bar's figure as words, for a pointer's tooltip. */
  title: string;
}

export interface ChartLine {
  series: "now" | "before";
  d: string;
  points: { x: number; y: number; title: string }[];
}

/** A chart as the page draws it: its frame, axes, and either bars or lines. */
export interface Chart {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  xTicks: ChartTick[];
  yTicks: ChartTick[];
  xLabel: string;
  yLabel: string;
  bars: ChartBar[];
  lines: ChartLine[];
  legend: { series: "now" | "before"; label: string }[];
}

export interface ChartSeries {
  series: "now" | "before";
  label: string;
  values: readonly number[];
}

interface ChartInput {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** A figure as an axis and a tooltip write it (rupees, units). */
  format: (value: number) => string;
  xLabel: string;
  yLabel: string;
  width?: number;
  height?: number;
}

const MARGIN = { top: 12, right: 12, bottom: 56, left: 92 };
const round = (n: number) => Math.round(n * 10) / 10;

/** At most about ten labels under the axis: a long period labels every second, third... bucket. */
function xTicksOf(labels: readonly string[], at: (index: number) => number): ChartTick[] {
  const every = Math.max(1, Math.ceil(labels.length / 10));
  return labels.flatMap((label, index) => (index % every === 0 ? [{ at: round(at(index)), label }] : []));
}

function yScale(input: ChartInput, height: number) {
  const max = Math.max(0, ...input.series.flatMap((s) => s.values));
  // nice(): the top tick is a round figure (₹50,000, not ₹47,310), so the gridlines read easily.
  return scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .range([height - MARGIN.bottom, MARGIN.top])
    .nice(5);
}

function frame(input: ChartInput) {
  const width = input.width ?? 640;
  const height = input.height ?? 260;
  const y = yScale(input, height);
  const yTicks = y
    .ticks(5)
    .filter((v) => Number.isInteger(v))
    .map((v) => ({ at: round(y(v)), label: input.format(v) }));
  return { width, height, y, yTicks, plot: { left: MARGIN.left, top: MARGIN.top, right: width - MARGIN.right, bottom: height - MARGIN.bottom } };
}

/** Bars per label, the series side by side (this period and last year's). */
export function barChart(input: ChartInput): Chart {
  const { width, height, y, yTicks, plot } = frame(input);
  const x = scaleBand<number>()
    .domain(input.labels.map((_, i) => i))
    .range([plot.left, plot.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const inner = scaleBand<number>()
    .domain(input.series.map((_, i) => i))
    .range([0, x.bandwidth()])
    .padding(0.05);
  const bars: ChartBar[] = input.series.flatMap((s, si) =>
    s.values.map((value, index) => ({
      x: round((x(index) ?? 0) + (inner(si) ?? 0)),
      y: round(y(value)),
      width: round(inner.bandwidth()),
      height: round(Math.max(0, y(0) - y(value))),
      series: s.series,
      title: `${input.labels[index]}, ${s.label}: ${input.format(value)}`,
    })),
  );
  return {
    width, height, plot, yTicks, bars, lines: [],
    xTicks: xTicksOf(input.labels, (i) => (x(i) ?? 0) + x.bandwidth() / 2),
    xLabel: input.xLabel, yLabel: input.yLabel,
    legend: input.series.map((s) => ({ series: s.series, label: s.label })),
  };
}

/** A line per series over the labels (this period's and last year's). */
export function lineChart(input: ChartInput): Chart {
  const { width, height, y, yTicks, plot } = frame(input);
  const x = scalePoint<number>()
    .domain(input.labels.map((_, i) => i))
    .range([plot.left, plot.right])
    .padding(0.5);
  const path = line<number>()
    .x((_, i) => x(i) ?? 0)
    .y((v) => y(v));
  const lines: ChartLine[] = input.series.map((s) => ({
    series: s.series,
    d: path([...s.values]) ?? "",
    points: s.values.map((value, index) => ({ x: round(x(index) ?? 0), y: round(y(value)), title: `${input.labels[index]}, ${s.label}: ${input.format(value)}` })),
  }));
  return {
    width, height, plot, yTicks, bars: [], lines,
    xTicks: xTicksOf(input.labels, (i) => x(i) ?? 0),
    xLabel: input.xLabel, yLabel: input.yLabel,
    legend: input.series.map((s) => ({ series: s.series, label: s.label })),
  };
}
