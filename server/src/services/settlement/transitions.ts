import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { PaymentStatus } from "../../domain/payment-status.ts";
import type { Deps } from "../../http/context.ts";
import { recordEvent } from "../events.ts";
import { paymentIntentView, recordPaymentEvent } from "../payment-intents.ts";

/** Webhook event types announcing payment intent changes (one source of truth). */
export const INTENT_EVENT = {
  created: "payment_intent.created",
  processing: "payment_intent.processing",
  succeeded: "payment_intent.succeeded",
  partiallyPaid: "payment_intent.partially_paid",
  paidLate: "payment_intent.paid_late",
  failed: "payment_intent.failed",
  expired: "payment_intent.expired",
  canceled: "payment_intent.canceled",
} as const;
export type IntentEventType = (typeof INTENT_EVENT)[keyof typeof INTENT_EVENT];

export interface IntentChange {
  status?: PaymentStatus;
  reason?: string | null;
  txid?: string | null;
  amount_received?: string;
  payment_method?: string | null;
}

/**
 * Applies a change to a locked intent: the row, its payment event (from → to, reason, txid) and the
 * outbox event, all in the caller's transaction. A change that moves nothing writes nothing.
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
