/** Unix seconds as a long US date ('January 5, 2026'), or 'N/A' when missing. */
export function formatDate(seconds: number | null | undefined, fallback = "N/A"): string {
  if (!seconds) return fallback;
  return new Date(seconds * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

/** Unix seconds as a date with the time ('January 5, 2026, 3:04 PM'), or `fallback` when missing. */
export function formatDateTime(seconds: number | null | undefined, fallback = "N/A"): string {
  if (!seconds) return fallback;
  return new Date(seconds * 1000).toLocaleString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
