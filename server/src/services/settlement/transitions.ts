import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow } from "../../db/schema.ts";
import type { IntentEventType } from "../../domain/event-types.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { PaymentStatus } from "../../domain/payment-status.ts";
import type { Deps } from "../../http/context.ts";
import { recordEvent } from "../events.ts";
import { paymentIntentView, recordPaymentEvent } from "../payment-intents.ts";
import { decrementStockOnSettlement } from "../products.ts";

export interface IntentChange {
  status?: PaymentStatus;
  reason?: string | null;
  txid?: string | null;
  amount_received?: string;
  payment_method?: string | null;
}

/**
 * Applies a change to a locked intent: the row, its payment event (from → to, reason, txid), the
 * outbox event, and — for the first settled test payment — the workspace's onboarding flag, all in
 * the caller's transaction. A change that moves nothing writes nothing.
 */
export async function changeIntent(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  change: IntentChange,
  event: IntentEventType | null,
  eventTxid: string | null = change.txid ?? intent.txid,
): Promise<PaymentIntentRow> {
  const now = nowSeconds();
  const updated = await trx
    .updateTable("payment_intents")
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.reason !== undefined ? { status_reason: change.reason } : {}),
      ...(change.txid !== undefined ? { txid: change.txid } : {}),
      ...(change.amount_received !== undefined ? { amount_received: change.amount_received } : {}),
      ...(change.payment_method !== undefined ? { payment_method: change.payment_method } : {}),
      updated_at: now,
    })
    .where("id", "=", intent.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const from = intent.status as PaymentStatus;
  const to = updated.status as PaymentStatus;
  if (from !== to || event !== null) {
    await recordPaymentEvent(trx, intent.id, from, to, { reason: change.reason ?? null, txid: eventTxid });
  }
  // A settled payment sells one unit of its product, in this transaction (never below 0).
  if (to === "payment_settled" && from !== to) await decrementStockOnSettlement(trx, updated);
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
