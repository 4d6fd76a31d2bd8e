import { formatUsdMicros } from "@spay/protocol";
import type { AnalyticsOverview } from "../api/types.ts";
import { ANALYTICS } from "./messages.ts";

/** SPEC.md §9: eight avatar colours, chosen by a hash of the name. */
export const AVATAR_COLORS = [
  "#5b3fd6",
  "#0f766e",
  "#b45309",
  "#be123c",
  "#1d4ed8",
  "#7c3aed",
  "#047857",
  "#9d174d",
] as const;

export function avatarColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) | 0;
  return AVATAR_COLORS[Math.abs(hash) % AVATAR_COLORS.length] as string;
}

/** SPEC.md §9: up to 2 letters — first letters of the first two words, else the first two letters. */
export function initials(name: string): string {
  const words = name
    .replace(/@.*$/, "")
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return "?";
  const letters =
    words.length >= 2 ? `${words[0]?.[0] ?? ""}${words[1]?.[0] ?? ""}` : (words[0] ?? "").slice(0, 2);
  return letters.toUpperCase();
}

/** The four cards (their definitions: TRANSACTION_STATUSES); revenue exact below a cent; '--%' when none is decided. */
export function cardValues(
  overview: Pick<
    AnalyticsOverview,
    "total_revenue_micros" | "transactions" | "success_rate" | "active_customers"
  >,
) {
  return [
    { label: ANALYTICS.totalRevenue, value: formatUsdMicros(overview.total_revenue_micros) },
    { label: ANALYTICS.transactions, value: overview.transactions.toLocaleString("en-US") },
    {
      label: ANALYTICS.successRate,
      value: overview.success_rate === null ? "--%" : `${overview.success_rate}%`,
    },
    { label: ANALYTICS.activeCustomers, value: overview.active_customers.toLocaleString("en-US") },
  ];
}

/** A 'nice' upper bound for a chart axis (1, 2 or 5 × a power of ten), at least 1. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * The ticks of an integer axis (transactions, cents) from 0 to `max`: 0, the half and the top,
 * each a whole number and each distinct — a top of 1 gives 0, 1 (never "0, 1, 1").
 */
export function integerTicks(max: number): number[] {
  const top = Math.max(1, Math.round(max));
  const half = top / 2;
  return Number.isInteger(half) && half > 0 ? [0, half, top] : [0, top];
}

/** The customer's row status: Active once they paid, else Pending. */
export function customerStatus(settledPayments: number): string {
  return settledPayments > 0 ? ANALYTICS.customerActive : ANALYTICS.customerPending;
}

/** A file name for Export Data. */
export function exportFileName(range: string, now = new Date()): string {
  return `spay-payments-${range}-${now.toISOString().slice(0, 10)}.csv`;
}
