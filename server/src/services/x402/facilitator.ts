import { BroadcastRejectedError, ChainUnavailableError } from "../../chain/client.ts";
import { INTENT_EVENT } from "../../domain/event-types.ts";
import { newId, nowSeconds } from "../../domain/ids.ts";
import {
  type PaymentProof,
  type PaymentRequirement,
  X402_NETWORKS,
  X402_SCHEME,
  X402Error,
} from "../../domain/x402/protocol.ts";
import { chainTransferFacts, signedTransferFacts, type TransferFacts } from "../../domain/x402/transfer.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import { isUniqueViolation } from "../db-errors.ts";
import { eventValues } from "../events.ts";
import { paymentIntentView, recordPaymentEvent } from "../payment-intents.ts";
import { tokenByContract, type X402Context, x402Context } from "./workspace-context.ts";

export interface VerifyResult {
  isValid: boolean;
  invalidReason?: string;
  invalidMessage?: string;
  payer?: string;
}

export interface SettleResult {
  success: boolean;
  errorReason?: string;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  payment_intent_id?: string;
}

/** Reads the transfer behind a proof: decoded from the signed hex, or from the chain by txid. */
async function transferOf(deps: Deps, proof: PaymentProof, env: "test" | "live"): Promise<TransferFacts> {
  if (proof.kind === "transaction") return signedTransferFacts(proof.hex);
  const tx = await deps.chains[env].getTransaction(proof.txid);
  if (!tx) throw new X402Error("transaction_not_found", `transaction ${proof.txid} is unknown to the chain`);
  if (tx.tx_status !== "success" && tx.tx_status !== "pending")
    throw new X402Error("transaction_failed", `transaction ${tx.tx_status}`);
  return chainTransferFacts(tx, proof.network);
}

/** How strictly a requirement must match one the gateway issued (`POST /v1/x402/requirements`). */
export interface CheckOptions {
  /** The requirement's nonce must be one this gateway issued to the workspace (paywalls set it). */
  requireIssued?: boolean | undefined;
}

/**
 * The requirement this workspace was issued under a nonce (`POST /v1/x402/requirements`), in the
 * caller's environment: requirements carry only their network, so a test credential (or a session
 * without X-Environment-Id, which acts in the sandbox here) finds testnet ones, a live one mainnet
 * ones — another environment's nonce is unknown, like another tenant's.
 */
function findIssued(deps: Deps, scope: WorkspaceScope, nonce: string) {
  return deps.db
    .selectFrom("x402_requirements")
    .selectAll()
    .where("nonce", "=", nonce)
    .where("workspace_id", "=", scope.workspaceId)
    .where("network", "=", scope.env === "live" ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet)
    .executeTakeFirst();
}

/** A nonce is bound to the resource it was issued for: a payment for one route does not open another. */
function assertSameResource(stated: string | null, issued: string): void {
  if (stated !== null && stated !== issued)
    throw new X402Error("unknown_requirement", "the requirement was issued for another resource");
}

/**
 * A requirement whose nonce the gateway issued is held to the issued terms: the client echoes the
 * requirement back, so amount, token, payee, resource and expiry come from our record, and a
 * requirement stated differently is refused with the reason that names the difference.
 */
async function withIssuedTerms(
  deps: Deps,
  scope: WorkspaceScope,
  requirement: PaymentRequirement,
  options: CheckOptions,
): Promise<PaymentRequirement> {
  const issued = requirement.nonce ? await findIssued(deps, scope, requirement.nonce) : undefined;
  if (!issued) {
    if (options.requireIssued)
      throw new X402Error("unknown_requirement", "this gateway did not issue the requirement's nonce");
    return requirement;
  }
  if (requirement.asset !== issued.asset)
    throw new X402Error("asset_mismatch", "the requirement names another token than was issued");
  if (requirement.amount !== BigInt(issued.amount))
    throw new X402Error("amount_mismatch", "the requirement's amount is not the issued amount");
  if (requirement.payTo !== issued.pay_to)
    throw new X402Error("recipient_mismatch", "the requirement's payTo is not the issued one");
  assertSameResource(requirement.resource, issued.resource);
  return { ...requirement, network: issued.network, expiresAt: Number(issued.expires_at) };
}

/**
 * A requirement named only by its resource: the payment's memo is the nonce of the requirement
 * the gateway issued (how a paywall checks v1 and SPEC.md payments, which do not echo it back).
 */
export interface IssuedReference {
  byMemo: true;
  resource: string | null;
}
export type StatedRequirement = PaymentRequirement | IssuedReference;

async function issuedByMemo(
  deps: Deps,
  scope: WorkspaceScope,
  memo: string | null,
  resource: string | null,
): Promise<PaymentRequirement> {
  const issued = memo ? await findIssued(deps, scope, memo) : undefined;
  if (!issued)
    throw new X402Error("unknown_requirement", "the payment's memo is not a nonce this gateway issued");
  assertSameResource(resource, issued.resource);
  return {
    scheme: X402_SCHEME,
    network: issued.network,
    amount: BigInt(issued.amount),
    asset: issued.asset,
    payTo: issued.pay_to,
    nonce: issued.nonce,
    expiresAt: Number(issued.expires_at),
    decimals: 0,
    resource: issued.resource,
  };
}

/**
 * Every check that can be made without broadcasting: scheme, network, signature, token contract,
 * function, recipient (the requirement's, and the workspace's payout address), exact amount,
 * memo = nonce, expiry, unused payment, and — for a signed transfer — the payer's next nonce and
 * balances (token and STX fee).
 */
async function check(
  deps: Deps,
  scope: WorkspaceScope,
  proof: PaymentProof,
  stated: StatedRequirement,
  options: CheckOptions,
): Promise<{ transfer: TransferFacts; ctx: X402Context; requirement: PaymentRequirement }> {
  const ctx = await x402Context(deps, scope);
  let transfer: TransferFacts | null = null;
  let requirement: PaymentRequirement;
  if ("byMemo" in stated) {
    transfer = await transferOf(deps, proof, ctx.env);
    requirement = await issuedByMemo(deps, scope, transfer.memo, stated.resource);
  } else {
    requirement = await withIssuedTerms(deps, scope, stated, options);
  }
  if (requirement.scheme !== X402_SCHEME || (proof.scheme && proof.scheme !== X402_SCHEME))
    throw new X402Error("invalid_scheme", `only the "${X402_SCHEME}" scheme is supported`);
  const expectedNetwork = ctx.env === "live" ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet;
  if (requirement.network !== expectedNetwork || proof.network !== expectedNetwork)
    throw new X402Error("invalid_network", `this key pays on ${expectedNetwork}`);
  if (!ctx.payout) throw new X402Error("recipient_mismatch", "the workspace has no verified payout wallet");
  if (requirement.payTo !== ctx.payout)
    throw new X402Error("recipient_mismatch", "payTo is not the workspace's payout address");
  if (requirement.expiresAt !== null && requirement.expiresAt <= nowSeconds())
    throw new X402Error("payment_expired", "the payment requirement has expired");
  transfer ??= await transferOf(deps, proof, ctx.env);
  if (transfer.network !== expectedNetwork)
    throw new X402Error("invalid_network", "the transaction is for another network");
  if (transfer.contract !== requirement.asset)
    throw new X402Error("asset_mismatch", `pays ${transfer.contract}, not ${requirement.asset}`);
  if (transfer.functionName !== "transfer")
    throw new X402Error("invalid_transaction", "the call is not a SIP-010 transfer");
  if (transfer.recipient !== requirement.payTo)
    throw new X402Error("recipient_mismatch", "the transfer pays another address");
  if (transfer.amount !== requirement.amount)
    throw new X402Error("amount_mismatch", `pays ${transfer.amount}, requires exactly ${requirement.amount}`);
  if (requirement.nonce !== null && transfer.memo !== requirement.nonce)
    throw new X402Error("invalid_memo", "the transfer's memo is not the requirement's nonce");
  const used = await deps.db
    .selectFrom("x402_payments")
    .select("txid")
    .where((eb) =>
      eb.or([
        eb("txid", "=", transfer.txid),
        ...(requirement.nonce
          ? [eb.and([eb("workspace_id", "=", scope.workspaceId), eb("nonce", "=", requirement.nonce)])]
          : []),
      ]),
    )
    .executeTakeFirst();
  if (used) throw new X402Error("duplicate_settlement", "this payment was already settled");
  if (transfer.nonce !== null) {
    const token = tokenByContract(ctx, transfer.contract);
    const [nextNonce, balances] = await Promise.all([
      ctx.chain.getNextNonce(transfer.payer),
      ctx.chain.getBalances(transfer.payer),
    ]);
    if (transfer.nonce !== nextNonce)
      throw new X402Error(
        "invalid_nonce",
        `account nonce is ${nextNonce}, the transaction uses ${transfer.nonce}`,
      );
    const tokenBalance = token ? (balances.tokens.get(`${token.contractId}::${token.assetName}`) ?? 0n) : 0n;
    if (tokenBalance < transfer.amount || balances.stx < (transfer.fee ?? 0n))
      throw new X402Error("insufficient_funds", "the payer cannot cover the amount and fee");
  }
  return { transfer, ctx, requirement };
}

export async function verifyPayment(
  deps: Deps,
  scope: WorkspaceScope,
  proof: PaymentProof,
  stated: StatedRequirement,
  options: CheckOptions = {},
): Promise<VerifyResult> {
  try {
    const { transfer } = await check(deps, scope, proof, stated, options);
    return { isValid: true, payer: transfer.payer };
  } catch (err) {
    if (err instanceof X402Error)
      return { isValid: false, invalidReason: err.reason, invalidMessage: err.message };
    throw err;
  }
}

/**
 * Verifies, claims the payment (its txid and nonce become unique rows — a replay or a racing
 * request loses here), broadcasts a signed transfer (or takes the already broadcast one), and
 * records it as a payment intent with `payment_method: "x402"` that the watcher then settles and
 * announces by webhook. Answers once the transaction is in the mempool, or, with
 * `waitForConfirmation`, once it succeeded on chain.
 */
export async function settlePayment(
  deps: Deps,
  scope: WorkspaceScope,
  proof: PaymentProof,
  stated: StatedRequirement,
  options: CheckOptions & { waitForConfirmation?: boolean; confirmationTimeoutMs?: number } = {},
): Promise<SettleResult> {
  let transfer: TransferFacts;
  let ctx: X402Context;
  let requirement: PaymentRequirement;
  try {
    ({ transfer, ctx, requirement } = await check(deps, scope, proof, stated, options));
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
  const now = nowSeconds();
  try {
    await deps.db
      .insertInto("x402_payments")
      .values({
        txid: transfer.txid,
        workspace_id: scope.workspaceId,
        nonce: requirement.nonce,
        payer: transfer.payer,
        amount: transfer.amount.toString(),
        asset: transfer.contract,
        network: requirement.network,
        payment_intent_id: null,
        created_at: now,
      })
      .execute();
  } catch (err) {
    if (isUniqueViolation(err)) {
      return {
        success: false,
        errorReason: "duplicate_settlement",
        errorMessage: "this payment was already settled",
        payer: transfer.payer,
        transaction: transfer.txid,
        network: requirement.network,
      };
    }
    throw err;
  }
  if (proof.kind === "transaction") {
    try {
      await ctx.chain.broadcast(proof.hex);
    } catch (err) {
      // Nothing was paid: free the claim so a corrected payment can be settled.
      await deps.db.deleteFrom("x402_payments").where("txid", "=", transfer.txid).execute();
      if (err instanceof BroadcastRejectedError || err instanceof ChainUnavailableError) {
        return {
          success: false,
          errorReason: "broadcast_failed",
          errorMessage: err.message,
          payer: transfer.payer,
          transaction: transfer.txid,
          network: requirement.network,
        };
      }
      throw err;
    }
  }
  const intentId = await recordIntent(deps, scope, ctx, transfer, requirement);
  if (options.waitForConfirmation) {
    const outcome = await waitForChain(deps, ctx.env, transfer.txid, options.confirmationTimeoutMs ?? 60_000);
    if (outcome !== "success") {
      return {
        success: false,
        errorReason: "transaction_failed",
        errorMessage: outcome,
        payer: transfer.payer,
        transaction: transfer.txid,
        network: requirement.network,
        payment_intent_id: intentId,
      };
    }
  }
  return {
    success: true,
    payer: transfer.payer,
    transaction: transfer.txid,
    network: requirement.network,
    payment_intent_id: intentId,
  };
}

/** The payment as an intent (so it shows in Payments and fires webhooks), tracked by the watcher. */
async function recordIntent(
  deps: Deps,
  scope: WorkspaceScope,
  ctx: X402Context,
  transfer: TransferFacts,
  requirement: PaymentRequirement,
): Promise<string> {
  const { env } = ctx;
  const token = tokenByContract(ctx, transfer.contract);
  const usdPerBtc = token?.asset === "sbtc" ? (await deps.fx.current()).usdPerBtc : null;
  // Cents for reporting only; the exact amount is amount_asset. Sub-cent calls round down to 0.
  const amountMinor =
    token?.asset === "sbtc"
      ? Math.floor((Number(transfer.amount) / 1e8) * (usdPerBtc ?? 0) * 100)
      : Number(transfer.amount / 10_000n);
  const id = newId("paymentIntent");
  const now = nowSeconds();
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("payment_intents")
      .values({
        id,
        workspace_id: scope.workspaceId,
        environment_id: ctx.environment.id,
        env,
        amount_minor: amountMinor,
        currency: "usd",
        asset: token?.asset ?? "usdc",
        amount_asset: transfer.amount.toString(),
        usd_per_btc: usdPerBtc === null ? null : String(usdPerBtc),
        token_contract: transfer.contract,
        recipient: transfer.recipient,
        memo: requirement.nonce ?? id,
        status: "transaction_broadcast",
        fulfillment_status: "not_required",
        customer_email: null,
        shipping_address: JSON.stringify(null),
        merchant_principal: transfer.recipient,
        txid: transfer.txid,
        payment_method: "x402",
        metadata: JSON.stringify({ source: "x402", payer: transfer.payer }),
        product_id: null,
        status_reason: "x402_settle",
        expires_at: requirement.expiresAt ?? now + 900,
        created_at: now,
        updated_at: now,
        canceled_at: null,
        cancellation_reason: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("payment_transfers")
      .values({
        txid: transfer.txid,
        payment_intent_id: id,
        // Verified against the issued requirement above: a binding by the gateway, not a report.
        source: "x402",
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
    await recordPaymentEvent(trx, id, null, "transaction_broadcast", {
      reason: "x402_settle",
      txid: transfer.txid,
    });
    const view = paymentIntentView(deps, row);
    await trx
      .insertInto("events")
      .values([
        eventValues({ workspaceId: scope.workspaceId, env, type: INTENT_EVENT.created, object: view }),
        eventValues({ workspaceId: scope.workspaceId, env, type: INTENT_EVENT.processing, object: view }),
      ])
      .execute();
    await trx
      .updateTable("x402_payments")
      .set({ payment_intent_id: id })
      .where("txid", "=", transfer.txid)
      .execute();
  });
  return id;
}

async function waitForChain(
  deps: Deps,
  env: "test" | "live",
  txid: string,
  timeoutMs: number,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const tx = await deps.chains[env].getTransaction(txid).catch(() => null);
    if (tx && tx.tx_status !== "pending") return tx.tx_status;
    await new Promise((r) => setTimeout(r, 250));
  }
  return "timeout";
}

/** `GET /v1/x402/supported`: what this facilitator settles. */
export function supportedKinds() {
  const kinds = [1, 2].flatMap((x402Version) =>
    Object.values(X402_NETWORKS).map((network) => ({ x402Version, scheme: X402_SCHEME, network })),
  );
  return { kinds, extensions: [] as string[], signers: {} as Record<string, string[]> };
}
