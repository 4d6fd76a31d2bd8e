/**
 * Recurring revenue without custody. Nothing on Stacks can pull money from a customer's wallet, so
 * a subscription is a promise to invoice every period: each period's invoice gets its own payment
 * intent, the customer pays it from their own wallet, and a grace period with reminders covers the
 * late. These tables — the billing periods, the invoice's and the subscription's statuses and
 * which may follow which — are the contract the server, the dashboard and the docs read.
 */

/** How often a recurring price bills: every `interval_count` days, weeks, months or years. */
export const RECURRING_INTERVALS = ["day", "week", "month", "year"] as const;
export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

export interface Recurring {
  interval: RecurringInterval;
  /** At least 1; a period is at most a year long (`year` × 1, `month` × 12, `week` × 52, `day` × 365). */
  interval_count: number;
}

/** The longest period a price may bill for, per interval: one year, as Stripe allows. */
export const MAX_INTERVAL_COUNT: Readonly<Record<RecurringInterval, number>> = {
  day: 365,
  week: 52,
  month: 12,
  year: 1,
};

/** Why a recurring price is not one (null when it is). */
export function recurringProblem(recurring: Recurring): string | null {
  const { interval, interval_count: count } = recurring;
  if (!RECURRING_INTERVALS.includes(interval))
    return `interval must be one of ${RECURRING_INTERVALS.join(", ")}`;
  if (!Number.isInteger(count) || count < 1) return "interval_count must be a whole number of 1 or more";
  if (count > MAX_INTERVAL_COUNT[interval])
    return `a period is at most a year: interval_count is at most ${MAX_INTERVAL_COUNT[interval]} for ${interval}`;
  return null;
}

const DAY_SECONDS = 86_400;

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The start of period `n` of a subscription anchored at `anchor` (Unix seconds; period 0 starts at
 * the anchor), in UTC. Every boundary is counted from the anchor, never from the boundary before:
 * a subscription started on January 31 bills on February 28 (29), March 31, April 30 — the day is
 * clamped to the month's last day and comes back — instead of drifting to the 28th for good.
 */
export function periodStart(anchor: number, recurring: Recurring, n: number): number {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`period index must be a whole number ≥ 0, got ${n}`);
  const problem = recurringProblem(recurring);
  if (problem) throw new RangeError(problem);
  const steps = n * recurring.interval_count;
  if (recurring.interval === "day") return anchor + steps * DAY_SECONDS;
  if (recurring.interval === "week") return anchor + steps * 7 * DAY_SECONDS;
  const start = new Date(anchor * 1000);
  const months = recurring.interval === "year" ? steps * 12 : steps;
  const total = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(start.getUTCDate(), daysInMonth(year, month));
  const timeOfDay = anchor - Math.floor(anchor / DAY_SECONDS) * DAY_SECONDS;
  return Date.UTC(year, month, day) / 1000 + timeOfDay;
}

/**
 * The period holding instant `at`: its index and bounds (`end` is the next period's start). Used to
 * find every period that came due while nothing ran (a worker back after downtime, a test clock
 * moved ahead a quarter): each gets its own invoice, once.
 */
export function periodAt(
  anchor: number,
  recurring: Recurring,
  at: number,
): { index: number; start: number; end: number } {
  if (at < anchor) throw new RangeError("the instant is before the subscription's anchor");
  // An estimate from the period's shortest length, then walked to the exact period: months differ.
  const shortest =
    { day: 1, week: 7, month: 28, year: 365 }[recurring.interval] * recurring.interval_count * DAY_SECONDS;
  let index = Math.max(0, Math.floor((at - anchor) / shortest));
  while (index > 0 && periodStart(anchor, recurring, index) > at) index--;
  while (periodStart(anchor, recurring, index + 1) <= at) index++;
  return {
    index,
    start: periodStart(anchor, recurring, index),
    end: periodStart(anchor, recurring, index + 1),
  };
}

/** "month", "3 months": the period in words, as "$9.00 / month" shows it. */
export function intervalText(recurring: Recurring): string {
  const { interval, interval_count: count } = recurring;
  return count === 1 ? interval : `${count} ${interval}s`;
}

/** "$9.00 / month": a recurring price as the card, the link page and the invoice say it. */
export function recurringPriceText(amount: string, recurring: Recurring): string {
  return `${amount} / ${intervalText(recurring)}`;
}

/**
 * An invoice's life: a `draft` is edited freely; finalizing freezes its amount and opens it
 * (`open`, with its own payment intent); it ends `paid`, `void` (canceled by the merchant) or
 * `uncollectible` (written off, still payable: a customer who pays late is still credited).
 */
export const INVOICE_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

export const INVOICE_TRANSITIONS: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  draft: ["open", "void"],
  open: ["paid", "void", "uncollectible"],
  uncollectible: ["paid", "void"],
  paid: [],
  void: [],
};

/**
 * A subscription's life. `trialing` until the trial ends; `active` while each period's invoice is
 * paid; `past_due` once an invoice is overdue (reminders go out through the grace period); at the
 * end of grace it is `canceled`, or `unpaid` when the merchant chose to keep it (invoices still
 * open, no new ones) — either way a payment of the overdue invoice makes it `active` again,
 * except from `canceled`, which nothing leaves.
 */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "unpaid", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Readonly<Record<SubscriptionStatus, string>> = {
  trialing: "Trialing",
  active: "Active",
  past_due: "Past Due",
  unpaid: "Unpaid",
  canceled: "Canceled",
};

export const SUBSCRIPTION_TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  trialing: ["active", "past_due", "canceled"],
  active: ["past_due", "canceled"],
  past_due: ["active", "unpaid", "canceled"],
  unpaid: ["active", "canceled"],
  canceled: [],
};

/** Whether `from` may become `to` in `table` (staying put is always allowed). */
export function canBecome<S extends string>(
  table: Readonly<Record<S, readonly S[]>>,
  from: S,
  to: S,
): boolean {
  return from === to || table[from].includes(to);
}
