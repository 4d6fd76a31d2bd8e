import { decide, type Observation } from "@spay/protocol";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import type { Db } from "../../db/database.ts";
import type { PaymentIntentRow, TransferReportState } from "../../db/schema.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { Deps } from "../../http/context.ts";
import { routeTransfer } from "./ownership.ts";
import { changeIntent } from "./transitions.ts";

export interface ReportResolution {
  state: TransferReportState;
  reason: string | null;
  intent: PaymentIntentRow;
}

/**
 * Resolves a txid reported for `intent` (locked by the caller) against what the chain shows.
 * The report is only a hint: the transaction is routed by its memo (routeTransfer), and the
 * reporting intent moves only when the memo is its own. A report for the wrong intent leaves
 * that intent as it was, and the transfer goes to its rightful owner or the unmatched list.
 */
export async function resolveReport(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  txid: string,
  tx: HiroTransaction | null,
  reportedAt: number,
  options: { dropAfterSeconds: number; paymentMethod?: string | undefined },
): Promise<ReportResolution> {
  const now = nowSeconds();
  let state: TransferReportState;
  let reason: string | null = null;
  let current = intent;
  if (!tx) {
    state = now - reportedAt >= options.dropAfterSeconds ? "not_found" : "pending";
  } else {
    const outcome = await routeTransfer(trx, deps.config, intent.env, tx, intent.id);
    switch (outcome.kind) {
      case "intent": {
        if (outcome.intent.id !== intent.id) {
          state = "not_for_intent";
          reason = "memo_names_another_intent";
          break;
        }
        state = "matched";
        current = await startTracking(deps, trx, intent, txid, outcome.tracked, options.paymentMethod);
        break;
      }
      case "unmatched":
        state = "unmatched";
        reason = "memo_names_no_intent";
        break;
      case "unmatched_not_final":
        state = "pending";
        break;
      case "none":
        state = "not_for_intent";
        reason = outcome.reason;
        break;
    }
  }
  current = await noteReportOnIntent(deps, trx, current, txid, state, reason);
  await trx
    .updateTable("transfer_reports")
    .set({ state, reason, updated_at: now, next_check_at: now + 1 })
    .where("payment_intent_id", "=", intent.id)
    .where("txid", "=", txid)
    .execute();
  return { state, reason, intent: current };
}

/**
 * What an unresolved report means for the intent that waits on it: while the chain does not show
 * the transfer yet, the payment is started (`payment_initiated`: its checkout shows the transfer
 * under way, not an intent still waiting); a report that resolves to nothing for it — never seen,
 * or paying something else — puts it back to waiting for payment with the failure as its reason,
 * so the checkout offers another try. Another report still pending keeps the payment started.
 */
async function noteReportOnIntent(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  txid: string,
  state: TransferReportState,
  reason: string | null,
): Promise<PaymentIntentRow> {
  if (state === "matched") return intent;
  let observation: Observation;
  if (state === "pending") observation = { kind: "report_pending", txid };
  else {
    const otherPending = await trx
      .selectFrom("transfer_reports")
      .select("txid")
      .where("payment_intent_id", "=", intent.id)
      .where("state", "=", "pending")
      .where("txid", "!=", txid)
      .executeTakeFirst();
    if (otherPending) return intent;
    observation = { kind: "report_failed", txid, reason: state === "not_found" ? null : (reason ?? state) };
  }
  const change = decide(intent, observation);
  return change ? changeIntent(deps, trx, intent, change) : intent;
}

/**
 * The intent's own transfer was reported: an open intent now shows it is being paid; an expired or
 * canceled one notes the late transaction.
 */
async function startTracking(
  deps: Deps,
  trx: Db,
  intent: PaymentIntentRow,
  txid: string,
  newlyTracked: boolean,
  paymentMethod: string | undefined,
): Promise<PaymentIntentRow> {
  if (!newlyTracked) return intent; // already tracked (discovered, or reported before)
  const change = decide(intent, { kind: "reported", txid, paymentMethod });
  return change ? changeIntent(deps, trx, intent, change) : intent;
}

/** Records (or re-arms) the report of `txid` for an intent; a report never blocks another. */
export async function recordReport(trx: Db, intentId: string, txid: string): Promise<number> {
  const now = nowSeconds();
  const row = await trx
    .insertInto("transfer_reports")
    .values({
      txid,
      payment_intent_id: intentId,
      state: "pending",
      reason: null,
      created_at: now,
      updated_at: now,
      next_check_at: now,
    })
    .onConflict((oc) => oc.columns(["payment_intent_id", "txid"]).doUpdateSet({ updated_at: now }))
    .returning("created_at")
    .executeTakeFirstOrThrow();
  return row.created_at;
}
