import { type ReactNode, useEffect, useRef, useState } from "react";
import { shouldLoadMore, visibleRange } from "./virtual-range.ts";

/**
 * A fixed-row-height list that renders only the rows in view (plus overscan), so ten thousand
 * payments cost as much DOM as twenty. Calls `onNearEnd` when the window nears the loaded end.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  hasMore,
  onNearEnd,
  renderRow,
  getKey,
  label,
  footer,
}: {
  items: readonly T[];
  getKey(item: T): string;
  rowHeight: number;
  hasMore: boolean;
  onNearEnd(): void;
  renderRow(item: T, index: number): ReactNode;
  label: string;
  footer?: ReactNode;
}) {
  const viewport = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const node = viewport.current;
    if (!node) return;
    const measure = () => setHeight(node.clientHeight || 600);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => observer?.disconnect();
  }, []);

  const range = visibleRange({ scrollTop, viewportHeight: height, rowHeight, count: items.length });
  const nearEnd = shouldLoadMore(range, items.length, hasMore);
  const onNearEndRef = useRef(onNearEnd);
  onNearEndRef.current = onNearEnd;
  useEffect(() => {
    if (nearEnd) onNearEndRef.current();
  }, [nearEnd]);

  return (
    <section
      ref={viewport}
      className="virtual-viewport"
      data-testid="payments-viewport"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      <ul className="virtual-spacer" style={{ height: range.totalHeight }}>
        {items.slice(range.start, range.end).map((item, i) => (
          <li
            key={getKey(item)}
            className="virtual-row"
            style={{ top: (range.start + i) * rowHeight, height: rowHeight }}
            aria-setsize={items.length}
            aria-posinset={range.start + i + 1}
          >
            {renderRow(item, range.start + i)}
          </li>
        ))}
      </ul>
      {footer}
    </section>
  );
}
