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

/** Axis labels are drawn at 11 px: a generous width per character, so none runs off the chart. */
const AXIS_CHAR_PX = 7;
/** Date labels ("11-28") need this much room each, so neighbours never touch. */
const DATE_LABEL_PX = 48;
/** At most this many date labels, however wide the chart. */
const MAX_DATE_LABELS = 7;

/** The room, in CSS pixels, the widest of an axis's labels takes at the chart's 11 px. */
export function axisLabelWidth(labels: readonly string[]): number {
  return Math.max(0, ...labels.map((l) => l.length)) * AXIS_CHAR_PX;
}

/** A dollar amount for a narrow chart's axis: "$200K", "$1.5M", "$5". */
export function compactUsdMicros(micros: number): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(micros / 1_000_000);
}

/** Every how many days a date label is drawn, so the labels fit `innerWidth` px (at most seven). */
export function dateLabelEvery(days: number, innerWidth: number): number {
  const fit = Math.max(1, Math.min(MAX_DATE_LABELS, Math.floor(innerWidth / DATE_LABEL_PX)));
  return Math.max(1, Math.ceil(days / fit));
}

/** The customer's row status: Active once they paid, else Pending. */
export function customerStatus(settledPayments: number): string {
  return settledPayments > 0 ? ANALYTICS.customerActive : ANALYTICS.customerPending;
}

/** A file name for Export Data. */
export function exportFileName(range: string, now = new Date()): string {
  return `spay-payments-${range}-${now.toISOString().slice(0, 10)}.csv`;
}
