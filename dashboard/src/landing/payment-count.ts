/** SPEC.md §9: the stats window and the count shown when the server cannot be asked. */
export const STATS_DAYS = 7;
export const STATS_FALLBACK_COUNT = 50;

/** 0 shows '0', under 1000 the number, else '{n}K' with one decimal. */
export function formatPaymentCount(n: number): string {
  if (n === 0) return "0";
  if (n < 1000) return String(n);
  return `${(n / 1000).toFixed(1)}K`;
}
