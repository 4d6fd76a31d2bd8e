import {
  MICROS_PER_CENT,
  PAID_STATUSES,
  TRACKING_STATUSES,
  TRANSFER_FAILURES,
  usdDecimal,
} from "@spay/protocol";
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
  revenue_micros: string;
  transactions: number;
}

export interface RecentCustomer {
  email: string;
  last_payment_at: number;
  /** Settled payments only (SPEC.md §9). */
  total_spent_minor: number;
  total_spent_micros: string;
  payments: number;
  settled_payments: number;
}

export interface AnalyticsOverview {
  object: "analytics_overview";
  range: AnalyticsRange;
  since: number;
  until: number;
  /** Sum of paid amounts net of refunds: whole cents (rounded down) and exact micro-dollars. */
  total_revenue_minor: number;
  total_revenue_micros: string;
  /** TRANSACTION_STATUSES' definition: paid, under way, or failed on chain. */
  transactions: number;
  settled: number;
  /** Payments whose transfer failed and that were not paid since. */
  failed: number;
  /** Rounded percentage of paid over decided (paid + failed); null when none is decided. */
  success_rate: number | null;
  /** Distinct customer emails with a paid payment in the range. */
  active_customers: number;
  series: DailyPoint[];
  recent_transactions: PaymentIntentView[];
  recent_customers: RecentCustomer[];
}

/** Success rate: the rounded percentage of paid over decided payments (paid + failed). */
export function successRate(paid: number, failed: number): number | null {
  const decided = paid + failed;
  return decided === 0 ? null : Math.round((paid / decided) * 100);
}

/** Whole cents of an exact micro-dollar sum, rounded down like every `*_minor` field. */
function centsOf(micros: string): number {
  return Math.floor(Number(micros) / MICROS_PER_CENT);
}

export function utcDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** One point per UTC day from `since` to `until`, zero where nothing happened. */
export function fillDays(
  since: number,
  until: number,
  rows: { day: number; revenue_micros: string; transactions: number }[],
): DailyPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const points: DailyPoint[] = [];
  for (let day = Math.floor(since / DAY); day <= Math.floor(until / DAY); day++) {
    const r = byDay.get(day);
    points.push({
      date: utcDay(day * DAY),
      revenue_minor: centsOf(r?.revenue_micros ?? "0"),
      revenue_micros: r?.revenue_micros ?? "0",
      transactions: r?.transactions ?? 0,
    });
  }
  return points;
}

export function rangeStart(range: AnalyticsRange, now = nowSeconds()): number {
  // Whole UTC days: the first day of the window starts at midnight.
  return (Math.floor(now / DAY) - (ANALYTICS_RANGES[range] - 1)) * DAY;
}

/** The micro-dollars the succeeded refunds of the payment intent in scope returned (`payment_intents.id`). */
const refundedMicros = sql<string>`(select coalesce(sum(r.amount_micros), 0) from refunds r where r.payment_intent_id = payment_intents.id and r.status = 'succeeded')`;

const inStatuses = (statuses: readonly string[]) =>
  sql`status in (${sql.join(statuses.map((s) => sql`${s}`))})`;

/**
 * A payment whose transfer failed and that is not paid or under way since: its history holds a
 * failed, rejected or dropped transfer (the intent itself went back to waiting, and may have
 * expired since).
 */
const failedPayment = sql`(not ${inStatuses([...PAID_STATUSES, ...TRACKING_STATUSES])} and (status = 'failed' or exists (
  select 1 from payment_events e where e.payment_intent_id = payment_intents.id
  and (${sql.join(
    Object.values(TRANSFER_FAILURES).map((kind) => sql`e.reason = ${kind} or e.reason like ${`${kind}:%`}`),
    sql` or `,
  )}))))`;

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
  const paid = inStatuses(PAID_STATUSES);
  const transaction = sql`(${inStatuses([...PAID_STATUSES, ...TRACKING_STATUSES])} or ${failedPayment})`;
  const settledAmount = sql<string>`(coalesce(sum(amount_micros - ${refundedMicros}) filter (where ${paid}), 0))::text`;
  const settledCount = sql<string>`count(*) filter (where ${paid})`;
  const transactionCount = sql<string>`count(*) filter (where ${transaction})`;
  const [totals, days, recent, customers] = await Promise.all([
    scoped(deps, scope, since)
      .select([
        transactionCount.as("transactions"),
        settledCount.as("settled"),
        sql<string>`count(*) filter (where ${failedPayment})`.as("failed"),
        settledAmount.as("revenue"),
        sql<string>`count(distinct lower(customer_email)) filter (where ${paid})`.as("customers"),
      ])
      .executeTakeFirstOrThrow(),
    scoped(deps, scope, since)
      .select([
        sql<string>`floor(created_at / ${sql.lit(DAY)})`.as("day"),
        transactionCount.as("transactions"),
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
  const settled = Number(totals.settled);
  const failed = Number(totals.failed);
  return {
    object: "analytics_overview",
    range,
    since,
    until,
    total_revenue_minor: centsOf(totals.revenue),
    total_revenue_micros: totals.revenue,
    transactions: Number(totals.transactions),
    settled,
    failed,
    success_rate: successRate(settled, failed),
    active_customers: Number(totals.customers),
    series: fillDays(
      since,
      until,
      days.map((d) => ({
        day: Number(d.day),
        revenue_micros: d.revenue,
        transactions: Number(d.transactions),
      })),
    ),
    recent_transactions: recent.map((r) => paymentIntentView(deps, r)),
    recent_customers: customers.map((c) => ({
      email: c.email,
      last_payment_at: Number(c.last_payment_at),
      total_spent_minor: centsOf(c.total_spent),
      total_spent_micros: c.total_spent,
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

/**
 * `refundedMicros`: the micro-dollars its succeeded refunds returned (the payment net of refunds is
 * the difference). Dollar columns are exact: a $0.001 call reads 0.001, never 0.00.
 */
export function paymentCsvRow(pi: PaymentIntentView, refundedMicros: string): string {
  const cells: (string | number | null)[] = [
    pi.id,
    new Date(pi.created_at * 1000).toISOString(),
    usdDecimal(pi.amount_micros),
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
    usdDecimal(refundedMicros),
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
    .select(sql<string>`${refundedMicros}::text`.as("refunded_micros"))
    .orderBy("seq", "desc")
    .execute();
  const lines = [
    CSV_COLUMNS.join(","),
    ...rows.map((r) => paymentCsvRow(paymentIntentView(deps, r), r.refunded_micros)),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
