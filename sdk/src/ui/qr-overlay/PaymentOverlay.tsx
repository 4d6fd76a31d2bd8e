import type { ReactNode } from "react";
import { OVERLAY_MESSAGES } from "../../core/messages.js";
import { Dialog } from "../dialog/Dialog.js";
import { SpayRoot } from "../theme/SpayRoot.js";
import type { QrPaymentOverlayProps } from "./QrPaymentOverlay.js";
import { qrOverlayCss } from "./qr-overlay.css.js";
import { liveStatusText } from "./statusText.js";

/** Props of {@link PaymentOverlay}: the overlay's, with its body as children. */
export interface PaymentOverlayProps extends Omit<QrPaymentOverlayProps, "spayUrl"> {
  /** The QR code (QR mode) or the wallet steps (wallet mode). */
  children?: ReactNode;
}

/**
 * The frame of the payment overlay: title, amount, the body, 'Payment failed' with the error, the
 * live status from the server, Try Again and Close. {@link QrPaymentOverlay} fills it with the QR
 * code or the wallet steps; the checkout fills it itself, so the drop-in loads the wallet steps
 * only with a wallet payment.
 */
export function PaymentOverlay({
  mode = "qr",
  phase = "awaiting_payment",
  error,
  amount,
  onRetry,
  onClose,
  theme,
  children,
}: PaymentOverlayProps) {
  const live = liveStatusText(phase, mode);
  const failed = phase === "error";
  return (
    <SpayRoot theme={theme} css={qrOverlayCss}>
      <Dialog
        title={mode === "wallet" ? OVERLAY_MESSAGES.walletPayment : OVERLAY_MESSAGES.scanToPay}
        onClose={onClose}
      >
        <div className="spay-qr-body">
          {amount ? <p className="spay-amount">{amount}</p> : null}
          {children}
          {failed && mode === "qr" ? <p className="spay-error">{OVERLAY_MESSAGES.paymentFailed}</p> : null}
          {failed && error ? (
            <p className="spay-error" role="alert">
              {error}
            </p>
          ) : null}
          <p className={`spay-live ${phase === "settled" ? "spay-success" : "spay-muted"}`} role="status">
            {live}
          </p>
        </div>
        <div className="spay-dialog-actions">
          {failed && onRetry ? (
            <button type="button" className="spay-btn spay-btn-primary" onClick={onRetry}>
              {OVERLAY_MESSAGES.tryAgain}
            </button>
          ) : null}
          <button type="button" className="spay-btn" onClick={onClose}>
            {OVERLAY_MESSAGES.close}
          </button>
        </div>
      </Dialog>
    </SpayRoot>
  );
}
