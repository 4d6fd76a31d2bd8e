import { formatUsdMicros } from "@spay/protocol";
import { type RefObject, useLayoutEffect, useRef, useState } from "react";
import type { AnalyticsOverview } from "../api/types.ts";
import {
  axisLabelWidth,
  compactUsdMicros,
  dateLabelEvery,
  integerTicks,
  niceMax,
} from "./analytics-rules.ts";
import { ANALYTICS } from "./messages.ts";

/** Before the first measurement (and in tests without layout): a desktop card's width. */
const DEFAULT_WIDTH = 720;
const H = 240;
const PAD = { top: 12, bottom: 28, gap: 8 };
/** Below this width revenue ticks read "$200K" rather than "$200,000.00". */
const COMPACT_BELOW = 480;

/** The element's content width in CSS pixels, kept up to date as it resizes. */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const style = getComputedStyle(node);
      const content =
        node.clientWidth -
        (Number.parseFloat(style.paddingLeft) || 0) -
        (Number.parseFloat(style.paddingRight) || 0);
      if (content > 0) setWidth(Math.floor(content));
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => observer?.disconnect();
  }, [ref]);
  return width;
}

/**
 * Revenue per day as bars and transactions per day as a line, in SVG drawn with the theme's
 * colours (light and dark). The SVG is drawn at the card's own width in CSS pixels, never scaled
 * to fit: its axis labels keep their 11 px on a phone, and a narrow card shows fewer date labels
 * and shorter amounts instead of shrinking them. A table with the same numbers follows for screen
 * readers.
 */
export function RevenueChart({ overview, rangeLabel }: { overview: AnalyticsOverview; rangeLabel: string }) {
  const figure = useRef<HTMLElement>(null);
  const W = useWidth(figure);
  const points = overview.series;
  const maxRevenue = niceMax(Math.max(...points.map((p) => Number(p.revenue_micros)), 0));
  const maxCount = niceMax(Math.max(...points.map((p) => p.transactions), 0));
  const money = W < COMPACT_BELOW ? compactUsdMicros : formatUsdMicros;
  const revenueTicks = integerTicks(maxRevenue);
  const countTicks = integerTicks(maxCount);
  const left = axisLabelWidth(revenueTicks.map((m) => money(m))) + PAD.gap;
  const right = axisLabelWidth(countTicks.map(String)) + PAD.gap;
  const innerW = Math.max(1, W - left - right);
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / Math.max(points.length, 1);
  const barW = Math.max(1, step * 0.7);
  const y = (v: number, max: number) => PAD.top + innerH - (v / max) * innerH;
  const line = points
    .map(
      (p, i) =>
        `${i === 0 ? "M" : "L"}${(left + i * step + step / 2).toFixed(1)},${y(p.transactions, maxCount).toFixed(1)}`,
    )
    .join(" ");
  const labelEvery = dateLabelEvery(points.length, innerW);
  return (
    <figure className="chart" data-testid="revenue-chart" ref={figure}>
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={ANALYTICS.chartLabel(rangeLabel)}
      >
        {revenueTicks.map((micros) => (
          <g key={`r${micros}`}>
            <line
              x1={left}
              x2={W - right}
              y1={y(micros, maxRevenue)}
              y2={y(micros, maxRevenue)}
              className="chart-grid"
            />
            <text x={left - 6} y={y(micros, maxRevenue) + 4} textAnchor="end" className="chart-axis">
              {money(micros)}
            </text>
          </g>
        ))}
        {countTicks.map((count) => (
          <text
            key={`c${count}`}
            x={W - right + 6}
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
            x={left + i * step + (step - barW) / 2}
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
              x={left + i * step + step / 2}
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
