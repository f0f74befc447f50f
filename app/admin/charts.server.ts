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
  /**
   * Bars across, one row per label (a school each): the labels down the left (`yTicks`), the figures
   * along the bottom (`xTicks`). Forty school names fit under no axis; down the side each has its row.
   */
  across?: boolean;
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

/** About how wide a label is drawn at the charts' 11 px: wide enough for Latin digits and Devanagari alike. */
const CHAR_WIDTH = 6.5;
const LABEL_GAP = 8;

/**
 * The labels under the axis that fit side by side: every one when they fit (twenty sizes of two digits
 * do), else every second, third... counted out from the label that must show (the tallest bar's), so
 * the figure an owner looks for first is never the one left unnamed.
 */
export function xTicksOf(labels: readonly string[], at: (index: number) => number, keep = 0): ChartTick[] {
  if (labels.length === 0) return [];
  const step = labels.length > 1 ? Math.abs(at(1) - at(0)) : Infinity;
  const widest = Math.max(...labels.map((label) => label.length)) * CHAR_WIDTH + LABEL_GAP;
  const every = Math.max(1, Math.ceil(widest / step));
  return labels.flatMap((label, index) => ((index - keep) % every === 0 ? [{ at: round(at(index)), label }] : []));
}

/** The index of the highest figure of any series: its label is the one kept when labels are thinned. */
function tallest(series: readonly ChartSeries[]): number {
  let best = { index: 0, value: -Infinity };
  for (const s of series) s.values.forEach((value, index) => (value > best.value ? (best = { index, value }) : undefined));
  return best.index;
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
    xTicks: xTicksOf(input.labels, (i) => (x(i) ?? 0) + x.bandwidth() / 2, tallest(input.series)),
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

/** A row's height in a chart of bars across, and the longest label drawn whole (the table beside names it in full). */
const ROW = 18;
const ROW_LABEL_CHARS = 30;
const clip = (label: string) => (label.length > ROW_LABEL_CHARS ? `${label.slice(0, ROW_LABEL_CHARS - 1)}…` : label);

/**
 * Bars across, one row per label, as long as the list is: the per-school chart, whose forty names
 * would smear into one under an axis. One series (this period's figures).
 */
export function rowChart(input: ChartInput): Chart {
  const width = input.width ?? 640;
  const labels = input.labels.map(clip);
  const left = Math.min(ROW_LABEL_CHARS, Math.max(4, ...labels.map((l) => l.length))) * CHAR_WIDTH + 12;
  const plot = { left, top: MARGIN.top, right: width - MARGIN.right - 24, bottom: MARGIN.top + Math.max(1, labels.length) * ROW };
  const height = plot.bottom + 44;
  const max = Math.max(0, ...input.series.flatMap((s) => s.values));
  const x = scaleLinear().domain([0, max > 0 ? max : 1]).range([plot.left, plot.right]).nice(4);
  const y = scaleBand().domain(labels.map((_, i) => String(i))).range([plot.top, plot.bottom]).padding(0.2);
  const bars: ChartBar[] = input.series.flatMap((s) =>
    s.values.map((value, index) => ({
      x: plot.left,
      y: round(y(String(index)) ?? 0),
      width: round(x(value) - plot.left),
      height: round(y.bandwidth()),
      series: s.series,
      title: `${input.labels[index]}: ${input.format(value)}`,
    })),
  );
  return {
    width, height, plot, bars, lines: [], across: true,
    yTicks: labels.map((label, index) => ({ at: round((y(String(index)) ?? 0) + y.bandwidth() / 2), label })),
    xTicks: x.ticks(4).filter((v) => Number.isInteger(v)).map((v) => ({ at: round(x(v)), label: input.format(v) })),
    xLabel: input.yLabel, yLabel: input.xLabel,
    legend: input.series.map((s) => ({ series: s.series, label: s.label })),
  };
}
