import { assertMove, type IntentChange } from "@spay/protocol";
import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { recordSettledPayment } from "../customers.ts";
import { recordEvent } from "../events.ts";
import { paymentIntentView, recordPaymentEvent } from "../payment-intents.ts";
import { decrementStockOnSettlement } from "../products.ts";
import { announceOnCommit } from "../write-transaction.ts";

/**
 * The one writer of an intent's status. Applies a change (from `decide`, @spay/protocol) to an
 * intent the caller locked: the row, its payment event (from → to, reason, txid), the outbox event,
 * and — for the first settled test payment — the workspace's onboarding flag, all in the caller's
 * transaction (opened with write-transaction.ts: the intent's streams hear of it on commit). A move the transition table does not allow throws a TransitionError (a bug, a 500);
 * the row must still be in the status the caller read, or nothing is written.
 */
export async function changeIntent(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  change: IntentChange,
): Promise<PaymentIntentRow> {
  const from = intent.status;
  if (change.status !== undefined) assertMove(from, change.status, intent.id);
  const now = nowSeconds();
  const updated = await trx
    .updateTable("payment_intents")
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.reason !== undefined ? { status_reason: change.reason } : {}),
      ...(change.txid !== undefined ? { txid: change.txid } : {}),
      ...(change.amount_received !== undefined ? { amount_received: change.amount_received } : {}),
      ...(change.amount_refunded !== undefined ? { amount_refunded: change.amount_refunded } : {}),
      ...(change.payment_method !== undefined ? { payment_method: change.payment_method } : {}),
      ...(change.canceled_at !== undefined ? { canceled_at: change.canceled_at } : {}),
      ...(change.cancellation_reason !== undefined
        ? { cancellation_reason: change.cancellation_reason }
        : {}),
      updated_at: now,
    })
    .where("id", "=", intent.id)
    .where("status", "=", from)
    .returningAll()
    .executeTakeFirstOrThrow(
      () => new Error(`Payment intent ${intent.id} is no longer ${from}: lock it before changing it`),
    );
  announceOnCommit(trx, { kind: "intent", id: intent.id, workspace_id: intent.workspace_id });
  const to = updated.status;
  const { event } = change;
  if (from !== to || event !== null || change.record === true) {
    const txid = change.eventTxid !== undefined ? change.eventTxid : (change.txid ?? intent.txid);
    await recordPaymentEvent(trx, intent.id, from, to, { reason: change.reason ?? null, txid });
  }
  // A settled payment sells one unit of its product, in this transaction (never below 0).
  if (to === "payment_settled" && from !== to) await decrementStockOnSettlement(trx, updated);
  // A settled payment carrying an email counts for its customer (created on the first).
  if (to === "payment_settled" && from !== to && updated.customer_email) {
    const customerId = await recordSettledPayment(trx, updated);
    if (customerId) {
      await trx
        .updateTable("payment_intents")
        .set({ customer_id: customerId })
        .where("id", "=", intent.id)
        .execute();
      updated.customer_id = customerId;
    }
  }
  if (to === "payment_settled" && from !== to && intent.env === "test") {
    // Get Started's sandbox step is done once a test payment is actually paid, not just created.
    await trx
      .updateTable("workspaces")
      .set({ test_payment_completed: true })
      .where("id", "=", intent.workspace_id)
      .where("test_payment_completed", "=", false)
      .execute();
  }
  if (event) {
    await recordEvent(trx, {
      workspaceId: intent.workspace_id,
      env: intent.env,
      type: event,
      object: paymentIntentView(deps, updated),
    });
  }
  return updated;
}
