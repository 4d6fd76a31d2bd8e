import { normalizeTxid } from "../../chain/client.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import { INTENT_EVENT } from "../../domain/event-types.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { PaymentStatus } from "../../domain/payment-status.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import { type PaymentIntentView, paymentIntentView } from "../payment-intents.ts";
import { changeIntent } from "./transitions.ts";

/** Statuses in which a new transaction may be reported: open, or expired/canceled (paid late). */
const ACCEPTS_NEW_TX: readonly PaymentStatus[] = [
  "requires_payment_method",
  "payment_initiated",
  "expired",
  "canceled",
];
const TRACKING: readonly PaymentStatus[] = [
  "transaction_broadcast",
  "transaction_pending",
  "transaction_confirmed",
];

/**
 * The checkout reports the txid of the transfer it broadcast. The txid is bound to this intent for
 * good (a txid never counts for two intents); the watcher then verifies it on chain.
 */
export async function submitTransaction(
  deps: Deps,
  scope: WorkspaceScope,
  intentId: string,
  rawTxid: string,
  paymentMethod: "wallet" | "qr" | "x402" | undefined,
): Promise<PaymentIntentView> {
  const txid = normalizeTxid(rawTxid);
  const row = await deps.db.transaction().execute(async (trx) => {
    const intent = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", intentId)
      .where("workspace_id", "=", scope.workspaceId)
      .forUpdate()
      .executeTakeFirst();
    if (!intent) throw notFound("payment_intent", intentId);
    const existing = await trx
      .selectFrom("payment_transfers")
      .select(["payment_intent_id"])
      .where("txid", "=", txid)
      .executeTakeFirst();
    if (existing && existing.payment_intent_id !== intent.id) {
      throw new ApiError("txid_already_used", { param: "txid" });
    }
    if (existing) return intent; // the same report again: nothing new
    const status = intent.status as PaymentStatus;
    if (TRACKING.includes(status)) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `This PaymentIntent is already tracking transaction ${intent.txid}; wait for its outcome.`,
      });
    }
    if (!ACCEPTS_NEW_TX.includes(status)) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `This PaymentIntent has a status of ${status}.`,
      });
    }
    const now = nowSeconds();
    await trx
      .insertInto("payment_transfers")
      .values({
        txid,
        payment_intent_id: intent.id,
        source: "submitted",
        state: "tracking",
        amount: null,
        sender: null,
        block_height: null,
        reason: null,
        created_at: now,
        updated_at: now,
        next_check_at: now,
      })
      .execute();
    const late = status === "expired" || status === "canceled";
    return changeIntent(
      deps,
      trx,
      intent,
      late
        ? {
            reason: "late_transaction_reported",
            payment_method: intent.payment_method ?? paymentMethod ?? "wallet",
          }
        : {
            status: "transaction_broadcast",
            reason: "txid_submitted",
            txid,
            payment_method: paymentMethod ?? intent.payment_method ?? "wallet",
          },
      late ? null : INTENT_EVENT.processing,
      txid,
    );
  });
  return paymentIntentView(deps, row);
}
