/**
 * The gateway as x402 facilitator, settle side: a verified payment is claimed (its txid and nonce
 * become unique rows — a replay or a racing request loses here), broadcast when the client sent
 * it signed, and recorded as a payment intent (`payment_method: "x402"`) made by the normal
 * creation service and bound to its transaction, which the settlement watcher then follows. With
 * `waitForConfirmation` the answer waits for the watcher's outcome, read from the intent.
 */
import { INTENT_EVENT, MICROS_PER_CENT, type PaymentStatus } from "@spay/protocol";
import {
  type PaymentProof,
  type PaymentRequirement,
  X402Error,
  type X402SettleResult,
} from "@spay/protocol/x402";
import { BroadcastRejectedError, ChainUnavailableError } from "../../chain/client.ts";
import { nowSeconds } from "../../domain/ids.ts";
import type { TransferFacts } from "../../domain/x402/transfer.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import { isUniqueViolation } from "../db-errors.ts";
import { createPaymentIntent } from "../payment-intents.ts";
import { atomicToMicros, usdPerToken } from "../pricing.ts";
import { trackTransfer } from "../settlement/track-transfer.ts";
import { changeIntent } from "../settlement/transitions.ts";
import { transaction } from "../write-transaction.ts";
import { type CheckOptions, checkPayment, type StatedRequirement } from "./facilitator.ts";
import { tokenByContract, type X402Context } from "./workspace-context.ts";

export type SettleResult = X402SettleResult;

export interface SettleOptions extends CheckOptions {
  /** Answer once the watcher saw the transaction succeed on chain, not when it entered the mempool. */
  waitForConfirmation?: boolean;
  confirmationTimeoutMs?: number;
  /** How often the intent is read while waiting. */
  pollIntervalMs?: number;
}

/** Default expiry of an x402 intent whose requirement states none. */
const X402_INTENT_TTL_SECONDS = 900;

export async function settlePayment(
  deps: Deps,
  scope: WorkspaceScope,
  proof: PaymentProof,
  stated: StatedRequirement,
  options: SettleOptions = {},
): Promise<SettleResult> {
  let checked: Awaited<ReturnType<typeof checkPayment>>;
  try {
    checked = await checkPayment(deps, scope, proof, stated, options);
  } catch (err) {
    if (err instanceof X402Error)
      return {
        success: false,
        errorReason: err.reason,
        errorMessage: err.message,
        transaction: "",
        network: "byMemo" in stated ? proof.network : stated.network,
      };
    throw err;
  }
  const { transfer, ctx, requirement } = checked;
  const answer = { payer: transfer.payer, transaction: transfer.txid, network: requirement.network };
  if (!(await claim(deps, scope, transfer, requirement))) {
    return {
      success: false,
      errorReason: "duplicate_settlement",
      errorMessage: "this payment was already settled",
      ...answer,
    };
  }
  if (proof.kind === "transaction") {
    try {
      await ctx.chain.broadcast(proof.hex);
    } catch (err) {
      // Nothing was paid: free the claim so a corrected payment can be settled.
      await deps.db.deleteFrom("x402_payments").where("txid", "=", transfer.txid).execute();
      if (err instanceof BroadcastRejectedError || err instanceof ChainUnavailableError)
        return { success: false, errorReason: "broadcast_failed", errorMessage: err.message, ...answer };
      throw err;
    }
  }
  const intentId = await recordIntent(deps, scope, ctx, transfer, requirement);
  if (options.waitForConfirmation) {
    const outcome = await waitForOutcome(deps, intentId, transfer.txid, options);
    if (outcome !== "succeeded")
      return {
        success: false,
        errorReason: "transaction_failed",
        errorMessage: outcome,
        ...answer,
        payment_intent_id: intentId,
      };
  }
  return { success: true, ...answer, payment_intent_id: intentId };
}

/**
 * Claims the payment: false when its txid, its requirement's nonce, or (for a signed transaction)
 * the payer's account nonce was claimed first.
 */
async function claim(
  deps: Deps,
  scope: WorkspaceScope,
  transfer: TransferFacts,
  requirement: PaymentRequirement,
): Promise<boolean> {
  try {
    await deps.db
      .insertInto("x402_payments")
      .values({
        txid: transfer.txid,
        workspace_id: scope.workspaceId,
        nonce: requirement.nonce,
        payer: transfer.payer,
        account_nonce: transfer.nonce === null ? null : transfer.nonce.toString(),
        amount: transfer.amount.toString(),
        asset: transfer.contract,
        network: requirement.network,
        payment_intent_id: null,
        created_at: nowSeconds(),
      })
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * The payment as an intent (so it shows in Payments and fires webhooks): created by the creation
 * service with the exact amount and the transfer's memo, then bound to the transaction the gateway
 * verified (`payment_transfers` source x402) and moved to `transaction_broadcast`.
 */
async function recordIntent(
  deps: Deps,
  scope: WorkspaceScope,
  ctx: X402Context,
  transfer: TransferFacts,
  requirement: PaymentRequirement,
): Promise<string> {
  // Verified before: the transfer pays a token the gateway settles, to the workspace's payout address.
  const token = tokenByContract(ctx, transfer.contract);
  if (!token) throw new Error(`x402: ${transfer.contract} passed verification but is not a registered token`);
  // What the call was worth, exact below a cent ($0.001 stays $0.001); the payment is amount_asset.
  const amountMicros = atomicToMicros(
    token.asset,
    transfer.amount,
    token.decimals,
    await usdPerToken(deps, token.asset),
  );
  const now = nowSeconds();
  const intent = await createPaymentIntent(deps, scope, {
    // Whole cents for the price check only; the intent keeps amount_micros.
    amount_minor: Math.floor(amountMicros / MICROS_PER_CENT),
    currency: "usd",
    asset: token.asset,
    env: ctx.env,
    payment_method: "x402",
    metadata: { source: "x402", payer: transfer.payer },
    expires_in: Math.max(1, (requirement.expiresAt ?? now + X402_INTENT_TTL_SECONDS) - now),
    exact_terms: { amount_asset: transfer.amount, memo: requirement.nonce, amount_micros: amountMicros },
  });
  await transaction(deps, async (trx) => {
    const row = await trx
      .selectFrom("payment_intents")
      .selectAll()
      .where("id", "=", intent.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // The watcher may have found the transfer by its memo in between: then it is bound already.
    // Verified against the requirement above: a binding by the gateway, not a report.
    const bound = await trackTransfer(trx, transfer.txid, intent.id, "x402");
    if (bound && row.status === "requires_payment_method") {
      await changeIntent(deps, trx, row, {
        status: "transaction_broadcast",
        reason: "x402_settle",
        txid: transfer.txid,
        payment_method: "x402",
        event: INTENT_EVENT.processing,
      });
    }
    await trx
      .updateTable("x402_payments")
      .set({ payment_intent_id: intent.id })
      .where("txid", "=", transfer.txid)
      .execute();
  });
  return intent.id;
}

/** What the watcher made of the transaction, as the intent shows it. */
export type SettlementOutcome = "succeeded" | "failed" | "pending";

/**
 * The outcome an intent shows for the x402 transaction it was bound to: succeeded once mined
 * successfully (confirmed or settled), failed once the watcher let go of it (the intent went back
 * to waiting for payment, or ended), pending while it is tracked.
 */
export function settlementOutcome(
  intent: { status: PaymentStatus; txid: string | null },
  txid: string,
): SettlementOutcome {
  if (
    intent.txid === txid &&
    (intent.status === "transaction_confirmed" || intent.status === "payment_settled")
  )
    return "succeeded";
  if (
    intent.txid === txid &&
    (intent.status === "transaction_broadcast" || intent.status === "transaction_pending")
  )
    return "pending";
  return "failed";
}

/** Reads the intent until the watcher decided: "succeeded", the failure's reason, or "timeout". */
async function waitForOutcome(
  deps: Deps,
  intentId: string,
  txid: string,
  options: SettleOptions,
): Promise<string> {
  const deadline = Date.now() + (options.confirmationTimeoutMs ?? 60_000);
  for (;;) {
    const intent = await deps.db
      .selectFrom("payment_intents")
      .select(["status", "txid", "status_reason"])
      .where("id", "=", intentId)
      .executeTakeFirstOrThrow();
    const outcome = settlementOutcome(intent, txid);
    if (outcome === "succeeded") return outcome;
    if (outcome === "failed") return intent.status_reason ?? intent.status;
    if (Date.now() >= deadline) return "timeout";
    await new Promise((resolve) => setTimeout(resolve, options.pollIntervalMs ?? 250));
  }
}
