import { formatUsdMicros } from "@spay/protocol";
import type { AnalyticsOverview } from "../api/types.ts";
import { integerTicks, niceMax } from "./analytics-rules.ts";
import { ANALYTICS } from "./messages.ts";

const W = 720;
const H = 240;
const PAD = { left: 56, right: 40, top: 12, bottom: 28 };

/**
 * Revenue per day as bars and transactions per day as a line, in SVG drawn with the theme's
 * colours (light and dark). A table with the same numbers follows for screen readers.
 */
export function RevenueChart({ overview, rangeLabel }: { overview: AnalyticsOverview; rangeLabel: string }) {
  const points = overview.series;
  const maxRevenue = niceMax(Math.max(...points.map((p) => Number(p.revenue_micros)), 0));
  const maxCount = niceMax(Math.max(...points.map((p) => p.transactions), 0));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(points.length, 1);
  const barW = Math.max(1, step * 0.7);
  const y = (v: number, max: number) => PAD.top + innerH - (v / max) * innerH;
  const line = points
    .map(
      (p, i) =>
        `${i === 0 ? "M" : "L"}${(PAD.left + i * step + step / 2).toFixed(1)},${y(p.transactions, maxCount).toFixed(1)}`,
    )
    .join(" ");
  const labelEvery = Math.ceil(points.length / 7);
  return (
    <figure className="chart" data-testid="revenue-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={ANALYTICS.chartLabel(rangeLabel)}>
        {integerTicks(maxRevenue).map((micros) => (
          <g key={`r${micros}`}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(micros, maxRevenue)}
              y2={y(micros, maxRevenue)}
              className="chart-grid"
            />
            <text x={PAD.left - 6} y={y(micros, maxRevenue) + 4} textAnchor="end" className="chart-axis">
              {formatUsdMicros(micros)}
            </text>
          </g>
        ))}
        {integerTicks(maxCount).map((count) => (
          <text
            key={`c${count}`}
            x={W - PAD.right + 6}
            y={y(count, maxCount) + 4}
            className="chart-axis"
            data-testid="count-tick"
          >
            {count}
          </text>
        ))}
        {points.map((p, i) => (
          <rect
            key={p.date}
            x={PAD.left + i * step + (step - barW) / 2}
            y={y(Number(p.revenue_micros), maxRevenue)}
            width={barW}
            height={Math.max(0, PAD.top + innerH - y(Number(p.revenue_micros), maxRevenue))}
            className="chart-bar"
            data-date={p.date}
          />
        ))}
        <path d={line} className="chart-line" fill="none" />
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text
              key={p.date}
              x={PAD.left + i * step + step / 2}
              y={H - 8}
              textAnchor="middle"
              className="chart-axis"
            >
              {p.date.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="chart-legend">
        <span className="legend-bar" aria-hidden="true" /> {ANALYTICS.revenue}{" "}
        <span className="legend-line" aria-hidden="true" /> {ANALYTICS.transactions}
      </figcaption>
      {/* A table ignores `overflow: hidden`: the wrapper hides it without widening the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{ANALYTICS.chartLabel(rangeLabel)}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">{ANALYTICS.revenue}</th>
              <th scope="col">{ANALYTICS.transactions}</th>
            </tr>
          </thead>
          <tbody>
            {points
              .filter((p) => p.transactions > 0)
              .map((p) => (
                <tr key={p.date}>
                  <td>{p.date}</td>
                  <td>{formatUsdMicros(p.revenue_micros)}</td>
                  <td>{p.transactions}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
