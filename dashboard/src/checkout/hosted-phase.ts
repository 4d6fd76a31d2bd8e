import { isTransferFailure } from "@spay/protocol";
import type { PaymentIntent } from "@spay/sdk";

export type HostedPhase = "open" | "processing" | "settled" | "expired" | "canceled" | "failed";

/** What the hosted checkout shows for an intent's status (and its expiry, checked by the clock too). */
export function hostedCheckoutPhase(
  intent: Pick<PaymentIntent, "status" | "expires_at">,
  nowSeconds = Date.now() / 1000,
): HostedPhase {
  switch (intent.status) {
    case "payment_settled":
    case "partially_refunded":
    case "refunded":
      // Paid; a refund later never turns the customer's receipt back into a checkout.
      return "settled";
    case "expired":
      return "expired";
    case "canceled":
      return "canceled";
    case "failed":
      return "failed";
    case "requires_payment_method":
      return intent.expires_at <= nowSeconds ? "expired" : "open";
    case "payment_initiated":
      // The checkout reported a transfer the chain does not show yet: no second Pay button while
      // the first transfer may still land.
      return "processing";
    default:
      return "processing";
  }
}

/**
 * True when the intent waits for payment again because the transfer it followed failed on chain
 * (or was rejected or dropped): the page says so and offers another try, instead of a checkout
 * that looks untouched.
 */
export function lastTransferFailed(
  intent: Pick<PaymentIntent, "status" | "status_reason" | "expires_at">,
): boolean {
  return hostedCheckoutPhase(intent) === "open" && isTransferFailure(intent.status_reason);
}
