import { CHECKOUT_MESSAGES, OVERLAY_MESSAGES } from "./messages.js";
import { type PaymentIntent, type PaymentStatus, TERMINAL_STATUSES } from "./types.js";

/**
 * Where a checkout is. After `sending`, phases follow the server's real status of the intent
 * (broadcast, confirming, settled, expired), never a timer.
 */
export type CheckoutPhase =
  | "idle"
  | "creating"
  | "awaiting_payment"
  | "connecting"
  | "sending"
  | "broadcast"
  | "confirming"
  | "settled"
  | "expired"
  | "error";

/** A snapshot of a checkout; a new object on every change (safe for `useSyncExternalStore`). */
export interface CheckoutState {
  phase: CheckoutPhase;
  intent: PaymentIntent | null;
  /** The payer's transaction, once a wallet returned it or the server saw it. */
  txid: string | null;
  /** The text to show (SPEC.md §8), when something went wrong. */
  error: string | null;
  /** How the payer pays: scanning the QR code or with a browser wallet. */
  method: "qr" | "wallet";
}

/** The phases of the statuses that are neither waiting for payment nor paid. */
const PHASES: Partial<Record<PaymentStatus, CheckoutPhase>> = {
  // The checkout reported its transfer; the chain does not show it yet (just broadcast).
  payment_initiated: "broadcast",
  transaction_broadcast: "broadcast",
  transaction_pending: "confirming",
  transaction_confirmed: "confirming",
  failed: "error",
  canceled: "error",
  expired: "expired",
};

/**
 * The phase an intent's status means; `null` for open statuses, whose phase depends on the checkout.
 * The other terminal statuses are the paid ones, settled — a refund never reopens a checkout.
 */
export function phaseForStatus(status: PaymentStatus): CheckoutPhase | null {
  return PHASES[status] ?? (TERMINAL_STATUSES.includes(status) ? "settled" : null);
}

/** The text of a status that ends the checkout unpaid, else null. */
export function errorForStatus(status: PaymentStatus): string | null {
  if (status === "failed") return OVERLAY_MESSAGES.paymentFailed;
  if (status === "canceled") return OVERLAY_MESSAGES.paymentCanceled;
  return null;
}

const PAYING: readonly CheckoutPhase[] = ["connecting", "sending"];
const TRACKING: readonly CheckoutPhase[] = ["broadcast", "confirming"];

/**
 * The next state after the server reported `intent`. While an open intent is being paid with a
 * wallet the local step stays; an intent that falls back to open because its transfer failed
 * (dropped, aborted, rejected, underpaid) is an error the customer sees — 'Payment failed' and 'Transaction
 * failed or cancelled.' — with Try Again, which pays anew.
 * Every surface (overlays, card, hosted page, React components) shows phase "error" with its text:
 * a failure that went back to "awaiting_payment" showed as a wallet still connecting.
 */
export function stateForIntent(state: CheckoutState, intent: PaymentIntent): CheckoutState {
  const phase = phaseForStatus(intent.status);
  if (phase) {
    return { ...state, intent, phase, txid: intent.txid ?? state.txid, error: errorForStatus(intent.status) };
  }
  if (PAYING.includes(state.phase)) return { ...state, intent };
  if (TRACKING.includes(state.phase)) {
    return {
      ...state,
      intent,
      phase: "error",
      txid: null,
      error: CHECKOUT_MESSAGES.transactionFailedOrCancelled,
    };
  }
  if (state.phase === "error" && state.error) return { ...state, intent };
  return { ...state, intent, phase: "awaiting_payment", txid: intent.txid, error: null };
}
