import type { CheckoutState } from "../../core/checkout.js";
import { OVERLAY_MESSAGES, WALLET_MESSAGES } from "../../core/messages.js";

/** A step of the wallet flow as the overlay shows it (SPEC.md §2 "Checkout overlays"). */
export type WalletStep = "connecting" | "sending" | "sent" | "failed";

/** The wallet step of a checkout phase: before the wallet answers it is still "connecting". */
export function walletStepOf(phase: CheckoutState["phase"]): WalletStep {
  switch (phase) {
    case "sending":
      return "sending";
    case "broadcast":
    case "confirming":
    case "settled":
      return "sent";
    case "error":
    case "expired":
      return "failed";
    default:
      return "connecting";
  }
}

/** SPEC.md's text of each wallet step. */
export const WALLET_STEP_TEXT: Record<WalletStep, string> = {
  connecting: WALLET_MESSAGES.connectingWallet,
  sending: WALLET_MESSAGES.sendingPayment,
  sent: WALLET_MESSAGES.paymentSent,
  failed: OVERLAY_MESSAGES.paymentFailed,
};

/**
 * The wallet mode's body: 'Connecting to your wallet...', 'Sending payment...', 'Payment sent
 * successfully!' or 'Payment failed'.
 */
export function WalletSteps({ phase }: { phase: CheckoutState["phase"] }) {
  const step = walletStepOf(phase);
  return (
    <p className={`spay-step ${step === "sent" ? "spay-success" : phase === "error" ? "spay-error" : ""}`}>
      {step === "connecting" || step === "sending" ? (
        <span className="spay-spinner" aria-hidden="true" />
      ) : null}
      {WALLET_STEP_TEXT[step]}
    </p>
  );
}
