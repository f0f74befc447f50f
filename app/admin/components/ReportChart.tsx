import type { ReactNode } from "react";
import type { Chart } from "../charts.server";

/**
 * A report chart as SVG, from the shapes the server laid out (app/admin/charts.server.ts): no script,
 * so it shows with JavaScript off and on paper. The figures are in the table beside it (`children`),
 * which a screen reader reads; the picture is named and described for one that lands on it.
 */
export function ReportChart({ id, title, summary, chart, children }: { id: string; title: string; summary: string; chart: Chart; children?: ReactNode }) {
  const { plot } = chart;
  return (
    <figure className="report-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div className="report-chart-body">
        <svg
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          width={chart.width}
          height={chart.height}
          role="img"
          aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
          className="report-svg"
          data-chart={id}
        >
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-svg-desc`}>{summary}</desc>
          {chart.yTicks.map((tick) => (
            <g key={`y${tick.at}`} className="tick">
              {chart.across ? null : <line x1={plot.left} x2={plot.right} y1={tick.at} y2={tick.at} className="grid" />}
              <text x={plot.left - 6} y={tick.at} dy="0.32em" textAnchor="end">
                {tick.label}
              </text>
            </g>
          ))}
          {chart.across
            ? chart.xTicks.map((tick) => <line key={`g${tick.at}`} x1={tick.at} x2={tick.at} y1={plot.top} y2={plot.bottom} className="grid" />)
            : null}
          {chart.bars.map((bar, index) => (
            <rect key={`b${index}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={`bar ${bar.series}`}>
              <title>{bar.title}</title>
            </rect>
          ))}
          {chart.lines.map((series) => (
            <g key={series.series} className={`series ${series.series}`}>
              <path d={series.d} className="line" />
              {series.points.map((point, index) => (
                <circle key={index} cx={point.x} cy={point.y} r={3} className="point">
                  <title>{point.title}</title>
                </circle>
              ))}
            </g>
          ))}
          <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} className="axis" />
          <line x1={plot.left} x2={plot.left} y1={plot.top} y2={plot.bottom} className="axis" />
          {chart.xTicks.map((tick) => (
            <text key={`x${tick.at}`} x={tick.at} y={plot.bottom + 16} textAnchor="middle" className="tick">
              {tick.label}
            </text>
          ))}
          <text x={(plot.left + plot.right) / 2} y={chart.height - 8} textAnchor="middle" className="axis-label">
            {chart.xLabel}
          </text>
          {/* Bars across name their rows down the side: a turned label there would sit on the names. */}
          {chart.across ? null : (
            <text x={12} y={(plot.top + plot.bottom) / 2} textAnchor="middle" className="axis-label" transform={`rotate(-90 12 ${(plot.top + plot.bottom) / 2})`}>
              {chart.yLabel}
            </text>
          )}
        </svg>
        {chart.legend.length > 1 ? (
          <ul className="report-legend">
            {chart.legend.map((item) => (
              <li key={item.series}>
                <span className={`swatch ${item.series}`} aria-hidden="true" /> {item.label}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {children}
    </figure>
  );
}
