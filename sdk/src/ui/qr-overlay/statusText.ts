import type { CheckoutState } from "../../core/checkout.js";
import { OVERLAY_MESSAGES } from "../../core/messages.js";

/**
 * The live status line: the intent's real progress as the server reports it (not a timer), or
 * null when there is nothing to add to the step shown.
 */
export function liveStatusText(phase: CheckoutState["phase"], mode: "qr" | "wallet"): string | null {
  switch (phase) {
    case "awaiting_payment":
      return mode === "qr" ? OVERLAY_MESSAGES.waitingForPayment : null;
    case "broadcast":
      return OVERLAY_MESSAGES.transactionBroadcast;
    case "confirming":
      return OVERLAY_MESSAGES.confirming;
    case "settled":
      return OVERLAY_MESSAGES.paymentSettled;
    case "expired":
      return OVERLAY_MESSAGES.paymentExpired;
    default:
      return null;
  }
}
