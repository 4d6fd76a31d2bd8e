/** The facilitator's wire contract: `POST /v1/x402/verify` and `/settle` (x402's facilitator API). */

/** Body of `POST /v1/x402/verify` and `/settle`. */
export interface X402FacilitatorParams {
  /** The client's payment header value as received (base64 JSON). */
  paymentHeader: string;
  /** The requirement; with `requireIssued`, `{ resource }` alone (the payment's memo names it). */
  paymentRequirements: Record<string, unknown>;
  requireIssued?: boolean;
  /** settle: answer once the transaction succeeded on chain, not when it entered the mempool. */
  waitForConfirmation?: boolean;
}

/** `POST /v1/x402/verify`'s answer. */
export interface X402VerifyResult {
  isValid: boolean;
  invalidReason?: string;
  invalidMessage?: string;
  payer?: string;
}

/** `POST /v1/x402/settle`'s answer. */
export interface X402SettleResult {
  success: boolean;
  errorReason?: string;
  errorMessage?: string;
  payer?: string;
  transaction: string;
  network: string;
  payment_intent_id?: string;
}
