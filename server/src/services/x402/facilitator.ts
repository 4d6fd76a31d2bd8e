/**
 * The gateway as x402 facilitator, verify side: reads what the rules (verify-rules.ts) need — the
 * issued terms, the transfer behind the proof, whether it was used, the payer's account — and
 * applies them. Settling is settle.ts.
 */
import { assetIdentifier } from "@spay/protocol";
import {
  type PaymentProof,
  type PaymentRequirement,
  v1NetworkName,
  X402_NETWORKS,
  X402_SCHEME,
  X402Error,
  type X402VerifyResult,
} from "@spay/protocol/x402";
import { nowSeconds } from "../../domain/ids.ts";
import { chainTransferFacts, signedTransferFacts, type TransferFacts } from "../../domain/x402/transfer.ts";
import type { Deps } from "../../http/context.ts";
import type { WorkspaceScope } from "../access.ts";
import {
  assertSameResource,
  checkAccount,
  checkRequirement,
  checkTransfer,
  holdToIssued,
  issuedRequirement,
  memoMustBeNonce,
} from "./verify-rules.ts";
import { tokenByContract, type X402Context, x402Context } from "./workspace-context.ts";

export type VerifyResult = X402VerifyResult;

/** How strictly a requirement must match one the gateway issued (`POST /v1/x402/requirements`). */
export interface CheckOptions {
  /** The requirement's nonce must be one this gateway issued to the workspace (paywalls set it). */
  requireIssued?: boolean | undefined;
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

/** A payment that passed every check, with what settling it needs. */
export interface CheckedPayment {
  transfer: TransferFacts;
  ctx: X402Context;
  requirement: PaymentRequirement;
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

/**
 * The requirement this workspace was issued under a nonce, in the caller's environment:
 * requirements carry only their network, so a test credential (or a session without
 * X-Environment-Id, which acts in the sandbox here) finds testnet ones, a live one mainnet ones —
 * another environment's nonce is unknown, like another tenant's.
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

/** The payment was settled before: its txid, or the requirement's nonce in this workspace. */
async function alreadySettled(deps: Deps, scope: WorkspaceScope, txid: string, nonce: string | null) {
  const used = await deps.db
    .selectFrom("x402_payments")
    .select("txid")
    .where((eb) =>
      eb.or([
        eb("txid", "=", txid),
        ...(nonce ? [eb.and([eb("workspace_id", "=", scope.workspaceId), eb("nonce", "=", nonce)])] : []),
      ]),
    )
    .executeTakeFirst();
  return used !== undefined;
}

/** A signed transfer's payer (and sponsor): next nonce and the balances that must cover it. */
async function readAccount(ctx: X402Context, transfer: TransferFacts) {
  const token = tokenByContract(ctx, transfer.contract);
  const { sponsor } = transfer;
  const [nextNonce, balances, sponsorAccount] = await Promise.all([
    ctx.chain.getNextNonce(transfer.payer),
    ctx.chain.getBalances(transfer.payer),
    // A sponsored transfer's fee and second nonce are the sponsor's.
    sponsor === null
      ? undefined
      : Promise.all([ctx.chain.getNextNonce(sponsor), ctx.chain.getBalances(sponsor)]).then(
          ([next, held]) => ({ nextNonce: next, stx: held.stx }),
        ),
  ]);
  const tokenBalance = token ? (balances.tokens.get(assetIdentifier(token)) ?? 0n) : 0n;
  return { payer: { nextNonce, tokenBalance, stx: balances.stx }, sponsor: sponsorAccount };
}

/**
 * Every check that can be made without broadcasting: the requirement (held to the issued terms
 * when the gateway issued its nonce), the transfer, that the payment is unused, and — for a signed
 * transfer — the payer's next nonce and balances (token and STX fee).
 */
export async function checkPayment(
  deps: Deps,
  scope: WorkspaceScope,
  proof: PaymentProof,
  stated: StatedRequirement,
  options: CheckOptions,
): Promise<CheckedPayment> {
  const ctx = await x402Context(deps, scope);
  let transfer: TransferFacts | null = null;
  let requirement: PaymentRequirement;
  /** Found by the nonce the client echoed rather than by the transfer's memo. */
  let boundByEcho = false;
  if ("byMemo" in stated) {
    transfer = await transferOf(deps, proof, ctx.env);
    let issued = transfer.memo ? await findIssued(deps, scope, transfer.memo) : undefined;
    // A signed transaction may be bound by the nonce its payment echoes (memoMustBeNonce).
    if (!issued && proof.echoedNonce && !memoMustBeNonce(proof, true)) {
      issued = await findIssued(deps, scope, proof.echoedNonce);
      boundByEcho = issued !== undefined;
    }
    if (!issued)
      throw new X402Error(
        "unknown_requirement",
        "neither the payment's memo nor the nonce it echoes is one this gateway issued",
      );
    assertSameResource(stated.resource, issued);
    requirement = issuedRequirement(issued, tokenByContract(ctx, issued.asset)?.decimals ?? 0);
  } else {
    const issued = stated.nonce ? await findIssued(deps, scope, stated.nonce) : undefined;
    if (!issued && options.requireIssued)
      throw new X402Error("unknown_requirement", "this gateway did not issue the requirement's nonce");
    requirement = issued ? holdToIssued(stated, issued) : stated;
    boundByEcho = issued !== undefined;
  }
  checkRequirement(requirement, proof, {
    network: ctx.network,
    payout: ctx.payout,
    tokens: Object.values(ctx.tokens).map((t) => t.contractId),
    now: nowSeconds(),
  });
  transfer ??= await transferOf(deps, proof, ctx.env);
  checkTransfer(requirement, transfer, ctx.network, { memoIsNonce: memoMustBeNonce(proof, boundByEcho) });
  // The payer's account is read before the payment is looked up as settled: a twin request
  // settles by claiming first and broadcasting second, so an account read that already sees the
  // twin's broadcast (a spent nonce) is always followed by a lookup that sees its claim — the
  // loser hears `duplicate_settlement`, not a confusing `invalid_nonce`.
  const account = transfer.nonce === null ? null : await readAccount(ctx, transfer);
  if (await alreadySettled(deps, scope, transfer.txid, requirement.nonce))
    throw new X402Error("duplicate_settlement", "this payment was already settled");
  if (account) checkAccount(transfer, account.payer, account.sponsor);
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
    const { transfer } = await checkPayment(deps, scope, proof, stated, options);
    return { isValid: true, payer: transfer.payer };
  } catch (err) {
    if (err instanceof X402Error)
      return { isValid: false, invalidReason: err.reason, invalidMessage: err.message };
    throw err;
  }
}

/**
 * `GET /supported`: what this facilitator settles, each x402 version naming networks its own way
 * (v1 by word, v2 by CAIP-2). Given an environment (a public facilitator's key), only that
 * environment's network: a test key settles on testnet alone, a live key on mainnet alone.
 *
 * `signers` stays empty: x402 lists there the addresses a facilitator signs settlements with, and
 * sPay signs nothing — the payer signs the transfer, sPay only broadcasts it, and a sponsored fee
 * is co-signed by the merchant's own key in the merchant's process, never by the facilitator.
 */
export function supportedKinds(env?: "test" | "live" | null) {
  const networks =
    env === undefined || env === null
      ? Object.values(X402_NETWORKS)
      : [env === "live" ? X402_NETWORKS.mainnet : X402_NETWORKS.testnet];
  const kinds = [1, 2].flatMap((x402Version) =>
    networks.map((network) => ({
      x402Version,
      scheme: X402_SCHEME,
      network: x402Version === 1 ? v1NetworkName(network) : network,
    })),
  );
  return { kinds, extensions: [] as string[], signers: {} as Record<string, string[]> };
}
