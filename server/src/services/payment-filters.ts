import { FAILED_STATUSES, OPEN_FULFILLMENT_STATUSES, PAID_STATUSES, PENDING_STATUSES } from "@spay/protocol";
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import type { Deps } from "../http/context.ts";
import type { Pagination } from "../http/openapi.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { fetchPage, type Page } from "./pagination.ts";
import { type PaymentIntentView, paymentIntentView } from "./payment-intents.ts";

/** SPEC.md §4 "Filters": the chips of the Payments screen. */
export const PAYMENT_FILTERS = ["all", "paid", "pending", "fulfillment", "failed"] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

type IntentsBuilder = ExpressionBuilder<Database, "payment_intents">;

/** The SQL condition of one filter. */
export function filterCondition(filter: PaymentFilter) {
  return (eb: IntentsBuilder) => {
    switch (filter) {
      case "all":
        return eb.lit(true);
      case "paid":
        return eb("status", "in", [...PAID_STATUSES]);
      case "pending":
        return eb("status", "in", [...PENDING_STATUSES]);
      case "failed":
        return eb("status", "in", [...FAILED_STATUSES]);
      case "fulfillment":
        return eb.and([
          eb("status", "in", [...PAID_STATUSES]),
          eb("fulfillment_status", "in", [...OPEN_FULFILLMENT_STATUSES]),
        ]);
    }
  };
}

function scoped(deps: Deps, scope: WorkspaceScope) {
  return deps.db.selectFrom("payment_intents").where(ownedBy(scope, "payment_intents"));
}

/** One page of the workspace's payments matching a filter, newest first. */
export async function listPaymentsByFilter(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { filter: PaymentFilter },
  url: string,
): Promise<Page<PaymentIntentView>> {
  const query = scoped(deps, scope).selectAll().where(filterCondition(page.filter));
  const result = await fetchPage(deps.db, "payment_intents", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map((r) => paymentIntentView(deps, r)) };
}

/** How many payments each chip holds, counted in one query. */
export async function countPaymentsByFilter(
  deps: Deps,
  scope: WorkspaceScope,
): Promise<Record<PaymentFilter, number>> {
  const inList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));
  const row = await scoped(deps, scope)
    .select([
      sql<string>`count(*)`.as("all"),
      sql<string>`count(*) filter (where status in (${inList(PAID_STATUSES)}))`.as("paid"),
      sql<string>`count(*) filter (where status in (${inList(PENDING_STATUSES)}))`.as("pending"),
      sql<string>`count(*) filter (where status in (${inList(PAID_STATUSES)}) and fulfillment_status in (${inList(OPEN_FULFILLMENT_STATUSES)}))`.as(
        "fulfillment",
      ),
      sql<string>`count(*) filter (where status in (${inList(FAILED_STATUSES)}))`.as("failed"),
    ])
    .executeTakeFirstOrThrow();
  return {
    all: Number(row.all),
    paid: Number(row.paid),
    pending: Number(row.pending),
    fulfillment: Number(row.fulfillment),
    failed: Number(row.failed),
  };
}
