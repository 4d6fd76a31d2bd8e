/**
 * What the agent paid for a response: kept beside the response (not on it), read back with
 * `getPayment(response)`; the server's receipt header with `getPaymentReceipt(response)`.
 */
import { readReceipt, type X402Form, type X402Offer, type X402Receipt } from "@spay/protocol/x402";

/** One payment the agent made, and how the server took it. */
export interface X402Payment {
  /**
   * `paid`: the server took the payment (a successful receipt, or the transfer reached the chain);
   * `rejected`: it answered the paid retry with a 402 (`rejectionReason` says why);
   * `unsettled`: it answered otherwise (say, a 500) and the transfer never reached the chain.
   */
  status: "paid" | "rejected" | "unsettled";
  form: X402Form;
  /** The requirement paid. */
  offer: X402Offer;
  /** CAIP-2 network, token contract, recipient and atomic amount of the transfer. */
  network: string;
  asset: string;
  payTo: string;
  amount: bigint;
  payer: string;
  /** The transfer's `0x` txid. */
  txid: string;
  /** Account nonce and fee (µSTX) of the transfer. */
  nonce: bigint;
  fee: bigint;
  /**
   * The server's receipt (`PAYMENT-RESPONSE` / `X-PAYMENT-RESPONSE`), when it sent one; a signed
   * receipt (offer-and-receipt) is in its `extensions["offer-receipt"].info.receipt`: check it
   * with `verifyReceipt(payment.receipt, { signer })`.
   */
  receipt: X402Receipt | null;
  /** The `payment-identifier` the payment carried (when the server declared the extension). */
  paymentId?: string;
  /** The server's reason, for a rejected payment. */
  rejectionReason?: string;
}

const payments = new WeakMap<Response, X402Payment>();

/** Remembers the payment behind a response. */
export function recordPayment(response: Response, payment: X402Payment): void {
  payments.set(response, payment);
}

/**
 * The payment the agent made for this response (the one a wrapped fetch returned), or undefined
 * when it paid nothing for it.
 */
export function getPayment(response: Response): X402Payment | undefined {
  return payments.get(response);
}

/**
 * The server's receipt on a paid answer (`PAYMENT-RESPONSE`, or v1's `X-PAYMENT-RESPONSE`):
 * `{success, transaction, network, payer, extensions?}`; null without one. A merchant that signs
 * receipts puts the signed one in `extensions["offer-receipt"].info.receipt`; `verifyReceipt`
 * checks it. Throws `X402Error` on a
 * malformed header. x402's `decodeXPaymentResponse(header)` is `decodeX402Header` here.
 */
export function getPaymentReceipt(response: Response): X402Receipt | null {
  return readReceipt(response.headers);
}
