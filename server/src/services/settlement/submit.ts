import { LATE_STATUSES, OPEN_STATUSES, type PaymentStatus, TRACKING_STATUSES } from "@spay/protocol";
import { ChainUnavailableError, normalizeTxid } from "../../chain/client.ts";
import type { HiroTransaction } from "../../chain/hiro-types.ts";
import { ApiError, notFound } from "../../domain/errors.ts";
import type { Deps } from "../../http/context.ts";
import { ownedBy, type WorkspaceScope } from "../access.ts";
import { type PaymentIntentView, paymentIntentView } from "../payment-intents.ts";
import { transaction } from "../write-transaction.ts";
import { recordReport, resolveReport } from "./reports.ts";
import { DEFAULT_WATCHER_OPTIONS } from "./watcher.ts";

/** Statuses in which a new transaction may be reported: open, or expired/canceled (paid late). */
const ACCEPTS_NEW_TX: readonly PaymentStatus[] = [...OPEN_STATUSES, ...LATE_STATUSES];

/**
 * The checkout reports the txid of the transfer it broadcast. The report is a hint, never a claim:
 * the gateway looks the transaction up — now, or through the watcher when the
 * chain does not know it yet — and it counts only for the intent whose memo it carries.
 *
 * Answers: 200 with the intent, moved to `transaction_broadcast` when the memo is its own, or to
 * `payment_initiated` while the chain does not show the transaction yet (the watcher resolves the
 * report: tracked when it appears, back to `requires_payment_method` when it never does);
 * 409 `transaction_not_for_intent` when the chain shows the transaction does not pay this intent
 * (its memo names another intent, or none: it then waits in the merchant's unmatched transfers).
 */
export async function submitTransaction(
  deps: Deps,
  scope: WorkspaceScope,
  intentId: string,
  rawTxid: string,
  paymentMethod: "wallet" | "qr" | "x402" | undefined,
): Promise<PaymentIntentView> {
  const txid = normalizeTxid(rawTxid);
  const found = await deps.db
    .selectFrom("payment_intents")
    .select(["id", "env"])
    .where("id", "=", intentId)
    .where(ownedBy(scope, "payment_intents"))
    .executeTakeFirst();
  if (!found) throw notFound("payment_intent", intentId);
  const tx = await lookUp(deps, found.env, txid);
  const resolution = await transaction(deps, async (trx) => {
    const intent = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", intentId)
      .where(ownedBy(scope, "payment_intents"))
      .forUpdate()
      .executeTakeFirstOrThrow();
    const bound = await trx
      .selectFrom("payment_transfers")
      .select(["payment_intent_id"])
      .where("txid", "=", txid)
      .executeTakeFirst();
    if (bound?.payment_intent_id === intent.id) return { state: "matched" as const, intent }; // reported again
    const { status } = intent;
    if (TRACKING_STATUSES.includes(status)) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `This PaymentIntent is already tracking transaction ${intent.txid}; wait for its outcome.`,
      });
    }
    if (!ACCEPTS_NEW_TX.includes(status)) {
      throw new ApiError("payment_intent_unexpected_state", {
        message: `This PaymentIntent has a status of ${status}.`,
      });
    }
    const reportedAt = await recordReport(trx, intent.id, txid);
    return resolveReport(deps, trx, intent, txid, tx, reportedAt, {
      dropAfterSeconds: DEFAULT_WATCHER_OPTIONS.dropAfterSeconds,
      paymentMethod,
    });
  });
  // Committed first: the transfer stays with its rightful owner (or the unmatched list) either way.
  if (resolution.state === "not_for_intent" || resolution.state === "unmatched") {
    throw new ApiError("transaction_not_for_intent", { param: "txid" });
  }
  return paymentIntentView(deps, resolution.intent);
}

/** The transaction as the chain shows it now; unknown (null) when the chain cannot say yet. */
async function lookUp(deps: Deps, env: "test" | "live", txid: string): Promise<HiroTransaction | null> {
  try {
    return await deps.chains[env].getTransaction(txid);
  } catch (err) {
    if (err instanceof ChainUnavailableError) return null;
    throw err;
  }
}
