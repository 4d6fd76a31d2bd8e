/**
 * The rules a payment must meet, as pure functions of what the facilitator read (the requirement,
 * the issued terms, the transfer, the payer's account): amount, token, payee, expiry, memo =
 * nonce, network, scheme, account nonce and funds. Each failed rule throws the X402Error whose
 * reason the facilitator answers with.
 */
import { STX_ASSET_ID } from "@spay/protocol";
import { type PaymentRequirement, X402_SCHEME, X402Error } from "@spay/protocol/x402";
import { STX_TRANSFER_FUNCTION, type TransferFacts } from "../../domain/x402/transfer.ts";

/** The terms this gateway issued under a nonce (an `x402_requirements` row). */
export interface IssuedTerms {
  nonce: string;
  network: string;
  asset: string;
  amount: string;
  pay_to: string;
  resource: string;
  expires_at: number | string;
}

/** A nonce is bound to the resource it was issued for: a payment for one route does not open another. */
export function assertSameResource(stated: string | null, issued: IssuedTerms): void {
  if (stated !== null && stated !== issued.resource)
    throw new X402Error("unknown_requirement", "the requirement was issued for another resource");
}

/**
 * A requirement echoed back by the client is held to the terms issued under its nonce: a
 * requirement stated differently is refused with the reason that names the difference.
 */
export function holdToIssued(requirement: PaymentRequirement, issued: IssuedTerms): PaymentRequirement {
  if (requirement.asset !== issued.asset)
    throw new X402Error("asset_mismatch", "the requirement names another token than was issued");
  if (requirement.amount !== BigInt(issued.amount))
    throw new X402Error("amount_mismatch", "the requirement's amount is not the issued amount");
  if (requirement.payTo !== issued.pay_to)
    throw new X402Error("recipient_mismatch", "the requirement's payTo is not the issued one");
  assertSameResource(requirement.resource, issued);
  return { ...requirement, network: issued.network, expiresAt: Number(issued.expires_at) };
}

/** The issued terms as the requirement a payment named only by its memo must meet. */
export function issuedRequirement(issued: IssuedTerms, decimals: number): PaymentRequirement {
  return {
    scheme: X402_SCHEME,
    network: issued.network,
    amount: BigInt(issued.amount),
    asset: issued.asset,
    payTo: issued.pay_to,
    nonce: issued.nonce,
    expiresAt: Number(issued.expires_at),
    decimals,
    resource: issued.resource,
  };
}

/** Who may be paid, where and when: the workspace's side of every check. */
export interface Payee {
  /** The CAIP-2 network the caller's key pays on. */
  network: string;
  /** The workspace's verified payout address on that network. */
  payout: string | null;
  /** The token contracts this gateway settles on that network. */
  tokens: readonly string[];
  /** Unix seconds. */
  now: number;
}

/** The requirement itself, before any transfer is read: scheme, network, token, payee, expiry. */
export function checkRequirement(
  requirement: PaymentRequirement,
  proof: { network: string; scheme: string },
  payee: Payee,
): void {
  if (requirement.scheme !== X402_SCHEME || (proof.scheme && proof.scheme !== X402_SCHEME))
    throw new X402Error("invalid_scheme", `only the "${X402_SCHEME}" scheme is supported`);
  if (requirement.network !== payee.network || proof.network !== payee.network)
    throw new X402Error("invalid_network", `this key pays on ${payee.network}`);
  if (!payee.tokens.includes(requirement.asset))
    throw new X402Error("asset_mismatch", `${requirement.asset} is not a token this gateway settles`);
  if (!payee.payout) throw new X402Error("recipient_mismatch", "the workspace has no verified payout wallet");
  if (requirement.payTo !== payee.payout)
    throw new X402Error("recipient_mismatch", "payTo is not the workspace's payout address");
  if (requirement.expiresAt !== null && requirement.expiresAt <= payee.now)
    throw new X402Error("payment_expired", "the payment requirement has expired");
}

/**
 * Whether the transfer's memo must be the requirement's nonce. A signed transaction the gateway
 * broadcasts itself, for a requirement it issued and found by the nonce the client echoed, is
 * bound by that nonce (claimed once): its memo is the client's own (x402-stacks writes
 * `x402:…`). A txid names a transfer already on chain, which anyone may have seen: only its memo
 * says which requirement it paid, or a watcher of the payout address could claim another's payment.
 */
export function memoMustBeNonce(proof: { kind: "transaction" | "txid" }, boundByEcho: boolean): boolean {
  return !(boundByEcho && proof.kind === "transaction");
}

/**
 * The transfer pays exactly the requirement: network, token, SIP-010 transfer (or, for `STX`, a
 * native token-transfer), payee, amount, memo.
 */
export function checkTransfer(
  requirement: PaymentRequirement,
  transfer: TransferFacts,
  network: string,
  options: { memoIsNonce: boolean } = { memoIsNonce: true },
): void {
  if (transfer.network !== network)
    throw new X402Error("invalid_network", "the transaction is for another network");
  if (transfer.contract !== requirement.asset)
    throw new X402Error("asset_mismatch", `pays ${transfer.contract}, not ${requirement.asset}`);
  const native = requirement.asset === STX_ASSET_ID;
  if (transfer.functionName !== (native ? STX_TRANSFER_FUNCTION : "transfer"))
    throw new X402Error(
      "invalid_transaction",
      native ? "the payment is not an STX token-transfer" : "the call is not a SIP-010 transfer",
    );
  if (transfer.recipient !== requirement.payTo)
    throw new X402Error("recipient_mismatch", "the transfer pays another address");
  if (transfer.amount !== requirement.amount)
    throw new X402Error("amount_mismatch", `pays ${transfer.amount}, requires exactly ${requirement.amount}`);
  if (options.memoIsNonce && requirement.nonce !== null && transfer.memo !== requirement.nonce)
    throw new X402Error("invalid_memo", "the transfer's memo is not the requirement's nonce");
}

/** What the chain says of the payer of a signed, not yet broadcast transfer. */
export interface PayerAccount {
  nextNonce: bigint;
  /** Balance of the transfer's token, atomic units. */
  tokenBalance: bigint;
  /** micro-STX, for the fee. */
  stx: bigint;
}

/** What the chain says of the sponsor of a signed sponsored transfer: it pays the fee. */
export interface SponsorAccount {
  nextNonce: bigint;
  /** micro-STX, for the fee. */
  stx: bigint;
}

/**
 * A signed transfer will be mined: it uses the account's next nonce and the payer covers amount and
 * fee. A sponsored transfer's fee is the sponsor's (SIP-005): the sponsor's STX cover it and its
 * sponsor nonce is the sponsor's next, and the payer needs no STX.
 */
export function checkAccount(transfer: TransferFacts, account: PayerAccount, sponsor?: SponsorAccount): void {
  if (transfer.nonce !== null && transfer.nonce !== account.nextNonce)
    throw new X402Error(
      "invalid_nonce",
      `account nonce is ${account.nextNonce}, the transaction uses ${transfer.nonce}`,
    );
  const payerFee = transfer.sponsor === null ? (transfer.fee ?? 0n) : 0n;
  // An STX payment's amount comes out of the same STX balance as the fee.
  const native = transfer.contract === STX_ASSET_ID;
  const tokenNeeded = native ? 0n : transfer.amount;
  const stxNeeded = native ? transfer.amount + payerFee : payerFee;
  if (account.tokenBalance < tokenNeeded || account.stx < stxNeeded)
    throw new X402Error("insufficient_funds", "the payer cannot cover the amount and fee");
  if (transfer.sponsor !== null && transfer.sponsorNonce !== null) checkSponsor(transfer, sponsor);
}

/** The sponsor of a signed sponsored transfer spends its next nonce and covers the fee. */
function checkSponsor(transfer: TransferFacts, sponsor: SponsorAccount | undefined): void {
  if (!sponsor) throw new Error("x402: the sponsor's account was not read for a sponsored transfer");
  if (transfer.sponsorNonce !== sponsor.nextNonce)
    throw new X402Error(
      "invalid_nonce",
      `the sponsor's account nonce is ${sponsor.nextNonce}, the transaction uses ${transfer.sponsorNonce}`,
    );
  if (sponsor.stx < (transfer.fee ?? 0n))
    throw new X402Error("insufficient_funds", "the sponsor cannot cover the fee");
}
