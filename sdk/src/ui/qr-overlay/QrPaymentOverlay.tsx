import type { CheckoutState } from "../../core/checkout.js";
import type { Theme } from "../theme/theme.js";
import { PaymentOverlay } from "./PaymentOverlay.js";
import { QrCodeBody } from "./QrCodeBody.js";
import { WalletSteps } from "./WalletSteps.js";

/** Props of {@link QrPaymentOverlay}. */
export interface QrPaymentOverlayProps {
  /** What the QR encodes: the intent's `spay_url`. Missing → the placeholder stays. */
  spayUrl: string | null | undefined;
  /** `qr` shows the code to scan; `wallet` shows the wallet steps. */
  mode?: "qr" | "wallet";
  /** The checkout's phase: drives the wallet steps and the live status line. */
  phase?: CheckoutState["phase"];
  /** The error text shown under 'Payment failed'. */
  error?: string | null;
  /** The amount due, already formatted (e.g. "12,345 sats"). */
  amount?: string | null;
  /** When given, a failed payment offers 'Try Again'. */
  onRetry?: (() => void) | undefined;
  onClose: () => void;
  theme?: Theme;
}

/**
 * SPEC.md §2's QR payment overlay: 'Scan to Pay' with the QR of the payment link, the link as text
 * and Close; in wallet mode 'Wallet Payment' with the wallet steps. Below either, the intent's
 * live status from the server (broadcast, confirming, settled, expired).
 */
export function QrPaymentOverlay({ spayUrl, ...props }: QrPaymentOverlayProps) {
  return (
    <PaymentOverlay {...props}>
      {props.mode === "wallet" ? (
        <WalletSteps phase={props.phase ?? "awaiting_payment"} />
      ) : (
        <QrCodeBody spayUrl={spayUrl} />
      )}
    </PaymentOverlay>
  );
}
