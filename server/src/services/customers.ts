import type { z } from "@hono/zod-openapi";
import { MICROS_PER_CENT } from "@spay/protocol";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import type { CustomerRow, PaymentIntentRow } from "../db/schema.ts";
import { notFound } from "../domain/errors.ts";
import { newId, nowSeconds } from "../domain/ids.ts";
import type { Deps } from "../http/context.ts";
import type { Pagination } from "../http/openapi.ts";
import type { CustomerSchema } from "../http/schemas.ts";
import { ownedBy, type WorkspaceScope } from "./access.ts";
import { fetchPage, type Page } from "./pagination.ts";

/**
 * Customers: a payer's email in one environment, created when a payment that carries it settles. The totals are kept in the transaction of each settlement and of each refund
 * that succeeds, so a list never sums payments.
 */
export type CustomerView = z.infer<typeof CustomerSchema>;

export function customerView(row: CustomerRow): CustomerView {
  const paid = Number(row.total_paid_micros);
  const refunded = Number(row.total_refunded_micros);
  return {
    id: row.id,
    object: "customer",
    email: row.email,
    address: row.address,
    currency: "usd",
    // Whole cents for integrations that read cents; the *_micros fields are exact.
    lifetime_value: Math.floor((paid - refunded) / MICROS_PER_CENT),
    total_paid: Math.floor(paid / MICROS_PER_CENT),
    total_refunded: Math.floor(refunded / MICROS_PER_CENT),
    lifetime_value_micros: String(paid - refunded),
    total_paid_micros: String(paid),
    total_refunded_micros: String(refunded),
    payments_count: row.payments_count,
    refunds_count: row.refunds_count,
    first_payment_at: row.first_payment_at,
    last_payment_at: row.last_payment_at,
    env: row.env,
    created_at: row.created_at,
  };
}

/** The address a settled intent was paid from: the sender of its first counted transfer. */
export async function payerAddress(db: Db, intentId: string): Promise<string | null> {
  const row = await db
    .selectFrom("payment_transfers")
    .select("sender")
    .where("payment_intent_id", "=", intentId)
    .where("state", "=", "counted")
    .where("sender", "is not", null)
    .orderBy("block_height")
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return row?.sender ?? null;
}

/**
 * Counts a payment that just settled for the customer its email names (created on the first one),
 * in the settlement's transaction; the customer's id, or null when the payment carries no email.
 */
export async function recordSettledPayment(trx: Db, intent: PaymentIntentRow): Promise<string | null> {
  const email = intent.customer_email?.trim().toLowerCase();
  if (!email) return null;
  const now = nowSeconds();
  const address = await payerAddress(trx, intent.id);
  const row = await trx
    .insertInto("customers")
    .values({
      id: newId("customer"),
      workspace_id: intent.workspace_id,
      environment_id: intent.environment_id,
      env: intent.env,
      email,
      address,
      payments_count: 1,
      refunds_count: 0,
      total_paid_micros: intent.amount_micros,
      total_refunded_micros: 0,
      first_payment_at: now,
      last_payment_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["environment_id", "email"]).doUpdateSet({
        address: sql`coalesce(excluded.address, customers.address)`,
        payments_count: sql`customers.payments_count + 1`,
        total_paid_micros: sql`customers.total_paid_micros + excluded.total_paid_micros`,
        last_payment_at: now,
        updated_at: now,
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Counts a refund that succeeded for its customer, in the refund's transaction. */
export async function recordSucceededRefund(
  trx: Db,
  customerId: string | null,
  amountMicros: number,
): Promise<void> {
  if (!customerId) return;
  await trx
    .updateTable("customers")
    .set({
      refunds_count: sql`refunds_count + 1`,
      total_refunded_micros: sql`total_refunded_micros + ${amountMicros}`,
      updated_at: nowSeconds(),
    })
    .where("id", "=", customerId)
    .execute();
}

export async function getCustomer(deps: Deps, scope: WorkspaceScope, id: string): Promise<CustomerView> {
  const row = await deps.db
    .selectFrom("customers")
    .selectAll()
    .where("id", "=", id)
    .where(ownedBy(scope, "customers"))
    .executeTakeFirst();
  if (!row) throw notFound("customer", id);
  return customerView(row);
}

/** Newest first; `search` matches a part of the email (case-insensitive, `%` and `_` taken literally). */
export async function listCustomers(
  deps: Deps,
  scope: WorkspaceScope,
  page: Pagination & { search?: string | undefined },
  url: string,
): Promise<Page<CustomerView>> {
  let query = deps.db.selectFrom("customers").selectAll().where(ownedBy(scope, "customers"));
  const search = page.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`email like ${pattern}`);
  }
  const result = await fetchPage(deps.db, "customers", scope, page, url, (w) =>
    query.where(w.bounds).orderBy(w.order).limit(w.limit).execute(),
  );
  return { ...result, data: result.data.map(customerView) };
}
