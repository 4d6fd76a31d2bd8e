/** Why the agent did not pay (or its payment was refused). */
export type X402PaymentErrorCode =
  /** The options are unusable (an allowed asset without a cap, an unknown network…). */
  | "invalid_options"
  /** The 402 answer's x402 requirements could not be read. */
  | "invalid_challenge"
  /** No offer is on the agent's network, in the `exact` scheme, in an allowed asset and unexpired. */
  | "no_payable_offer"
  /** Offers the agent could pay exist, but each costs more than its `maxAmount`: nothing was signed. */
  | "amount_exceeds_max"
  /** The `beforePayment` hook declined the offer: nothing was signed. */
  | "payment_declined"
  /** The chosen offer expired while the payment waited for its account's turn. */
  | "offer_expired"
  /** The signer failed, or returned a transaction that is not the one asked for. */
  | "signer_failed"
  /** The Stacks API could not be reached or answered something unreadable (nonce lookup). */
  | "chain_unavailable"
  /** The Stacks node refused the broadcast (SPEC.md form, which the payer broadcasts itself). */
  | "broadcast_failed"
  /** The server answered the paid retry with another 402 (only with `onRejected: "throw"`). */
  | "payment_rejected";

/**
 * A payment the agent refused to make, could not make, or that the server refused. `reason`
 * carries the server's or the node's own reason where there is one (`invalid_nonce`,
 * `ConflictingNonceInMempool`, …).
 */
export class X402PaymentError extends Error {
  constructor(
    readonly code: X402PaymentErrorCode,
    message: string,
    readonly details: { reason?: string; cause?: unknown; [key: string]: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "X402PaymentError";
  }

  /** The server's or node's reason, when it gave one. */
  get reason(): string | undefined {
    return this.details.reason;
  }
}
