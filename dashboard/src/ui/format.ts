/** Unix seconds as a long US date ('January 5, 2026'), or 'N/A' when missing. */
export function formatDate(seconds: number | null | undefined, fallback = "N/A"): string {
  if (!seconds) return fallback;
  return new Date(seconds * 1000).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}
