import { PAID_STATUSES } from "@spay/protocol";
import { sql } from "kysely";
import { nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { type PaymentIntentView, paymentIntentView } from "./payment-intents.ts";

/** SPEC.md §9: the dashboard's range choices, in days. */
export const ANALYTICS_RANGES = { "7d": 7, "30d": 30, "3m": 90, "1y": 365 } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

/** SPEC.md §9: recent transactions and recent customers are capped at 10 rows. */
export const RECENT_ROWS = 10;
const DAY = 86_400;

export interface DailyPoint {
  /** UTC day, YYYY-MM-DD. */
  date: string;
  revenue_minor: number;
  transactions: number;
}

export interface RecentCustomer {
  email: string;
  last_payment_at: number;
  /** Settled payments only (SPEC.md §9). */
  total_spent_minor: number;
  payments: number;
  settled_payments: number;
}

export interface AnalyticsOverview {
  object: "analytics_overview";
  range: AnalyticsRange;
  since: number;
  until: number;
  /** Sum of settled amounts, cents. */
  total_revenue_minor: number;
  transactions: number;
  settled: number;
  /** Rounded percentage of settled over all payments; null when there are none. */
  success_rate: number | null;
  /** Unique customer emails. */
  active_customers: number;
  series: DailyPoint[];
  recent_transactions: PaymentIntentView[];
  recent_customers: RecentCustomer[];
}

/** SPEC.md §9: success rate = rounded percentage of settled over all payments. */
export function successRate(settled: number, total: number): number | null {
  return total === 0 ? null : Math.round((settled / total) * 100);
}

export function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** One point per UTC day from `since` to `until`, zero where nothing happened. */
export function fillDays(
  since: number,
  until: number,
  rows: { day: number; revenue_minor: number; transactions: number }[],
): DailyPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const points: DailyPoint[] = [];
  for (let day = Math.floor(since / DAY); day <= Math.floor(until / DAY); day++) {
    const r = byDay.get(day);
    points.push({
      date: utcDay(day * DAY),
      revenue_minor: r?.revenue_minor ?? 0,
      transactions: r?.transactions ?? 0,
    });
  }
  return points;
}

export function rangeStart(range: AnalyticsRange, now = nowSeconds()): number {
  // Whole UTC days: the first day of the window starts at midnight.
  return (Math.floor(now / DAY) - (ANALYTICS_RANGES[range] - 1)) * DAY;
}

/** The cents the succeeded refunds of the payment intent in scope returned (`payment_intents.id`). */
const refundedMinor = sql<string>`(select coalesce(sum(r.amount_minor), 0) from refunds r where r.payment_intent_id = payment_intents.id and r.status = 'succeeded')`;

function scoped(deps: Deps, scope: WorkspaceScope, since: number) {
  return deps.db
    .selectFrom("payment_intents")
    .where(ownedBy(scope, "payment_intents"))
    .where("created_at", ">=", since);
}

/** The Analytics dashboard's figures for a range, computed by SPEC.md §9's rules. */
export async function analyticsOverview(
  deps: Deps,
  scope: WorkspaceScope,
  range: AnalyticsRange,
): Promise<AnalyticsOverview> {
  const until = nowSeconds();
  const since = rangeStart(range, until);
  // Paid = settled, partially refunded or refunded; revenue is net of the refunds that succeeded.
  const paid = sql`status in (${sql.join(PAID_STATUSES.map((s) => sql`${s}`))})`;
  const settledAmount = sql<string>`coalesce(sum(amount_minor - ${refundedMinor}) filter (where ${paid}), 0)`;
  const settledCount = sql<string>`count(*) filter (where ${paid})`;
  const [totals, days, recent, customers] = await Promise.all([
    scoped(deps, scope, since)
      .select([
        sql<string>`count(*)`.as("transactions"),
        settledCount.as("settled"),
        settledAmount.as("revenue"),
        sql<string>`count(distinct lower(customer_email))`.as("customers"),
      ])
      .executeTakeFirstOrThrow(),
    scoped(deps, scope, since)
      .select([
        sql<string>`floor(created_at / ${sql.lit(DAY)})`.as("day"),
        sql<string>`count(*)`.as("transactions"),
        settledAmount.as("revenue"),
      ])
      .groupBy(sql`floor(created_at / ${sql.lit(DAY)})`)
      .execute(),
    scoped(deps, scope, since).selectAll().orderBy("seq", "desc").limit(RECENT_ROWS).execute(),
    scoped(deps, scope, since)
      .where("customer_email", "is not", null)
      .select([
        sql<string>`lower(customer_email)`.as("email"),
        sql<string>`max(created_at)`.as("last_payment_at"),
        settledAmount.as("total_spent"),
        sql<string>`count(*)`.as("payments"),
        settledCount.as("settled"),
      ])
      .groupBy(sql`lower(customer_email)`)
      .orderBy(sql`max(created_at)`, "desc")
      .limit(RECENT_ROWS)
      .execute(),
  ]);
  const transactions = Number(totals.transactions);
  const settled = Number(totals.settled);
  return {
    object: "analytics_overview",
    range,
    since,
    until,
    total_revenue_minor: Number(totals.revenue),
    transactions,
    settled,
    success_rate: successRate(settled, transactions),
    active_customers: Number(totals.customers),
    series: fillDays(
      since,
      until,
      days.map((d) => ({
        day: Number(d.day),
        revenue_minor: Number(d.revenue),
        transactions: Number(d.transactions),
      })),
    ),
    recent_transactions: recent.map((r) => paymentIntentView(deps, r)),
    recent_customers: customers.map((c) => ({
      email: c.email,
      last_payment_at: Number(c.last_payment_at),
      total_spent_minor: Number(c.total_spent),
      payments: Number(c.payments),
      settled_payments: Number(c.settled),
    })),
  };
}

export const CSV_COLUMNS = [
  "id",
  "created_at",
  "amount_usd",
  "currency",
  "status",
  "fulfillment_status",
  "customer_email",
  "asset",
  "amount_asset",
  "amount_refunded_asset",
  "txid",
  "payment_method",
  "product_id",
  "env",
  "amount_refunded_usd",
] as const;

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so spreadsheets never run it as a formula. */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** `refundedMinor`: the cents its succeeded refunds returned (the payment net of refunds is the difference). */
export function paymentCsvRow(pi: PaymentIntentView, refundedMinor: number): string {
  const cells: (string | number | null)[] = [
    pi.id,
    new Date(pi.created_at * 1000).toISOString(),
    (pi.amount_minor / 100).toFixed(2),
    pi.currency,
    pi.status,
    pi.fulfillment_status,
    pi.customer_email,
    pi.asset,
    pi.amount_asset,
    pi.amount_refunded,
    pi.txid,
    pi.payment_method,
    pi.product_id,
    pi.env,
    (refundedMinor / 100).toFixed(2),
  ];
  return cells.map(csvField).join(",");
}

/** Every payment of the range as CSV, newest first (the dashboard's Export Data). */
export async function exportPaymentsCsv(
  deps: Deps,
  scope: WorkspaceScope,
  range: AnalyticsRange,
): Promise<string> {
  const rows = await scoped(deps, scope, rangeStart(range))
    .selectAll()
    .select(refundedMinor.as("refunded_minor"))
    .orderBy("seq", "desc")
    .execute();
  const lines = [
    CSV_COLUMNS.join(","),
    ...rows.map((r) => paymentCsvRow(paymentIntentView(deps, r), Number(r.refunded_minor))),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
