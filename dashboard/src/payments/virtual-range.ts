/** The rows a fixed-height virtual list renders: those in view plus `overscan` on each side. */
export interface VirtualRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Space above the first rendered row, px. */
  offsetTop: number;
  totalHeight: number;
}

export function visibleRange(input: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): VirtualRange {
  const { scrollTop, viewportHeight, rowHeight, count } = input;
  const overscan = input.overscan ?? 5;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const inView = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + inView + overscan);
  return { start, end: Math.max(start, end), offsetTop: start * rowHeight, totalHeight: count * rowHeight };
}

/** More rows should be fetched when the rendered window comes within `threshold` rows of the end. */
export function shouldLoadMore(range: VirtualRange, loaded: number, hasMore: boolean, threshold = 20) {
  return hasMore && range.end >= loaded - threshold;
}
