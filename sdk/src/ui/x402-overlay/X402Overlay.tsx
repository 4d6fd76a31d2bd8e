import { formatX402Amount, shortTxid } from "../../core/format.js";
import { OVERLAY_MESSAGES, QR_OPTIONS, WALLET_MESSAGES, X402_MESSAGES } from "../../core/messages.js";
import type { X402Requirements, X402Scheme } from "../../core/types.js";
import { Dialog } from "../dialog/Dialog.js";
import { QrImage } from "../shared/QrImage.js";
import { useCopy } from "../shared/useCopy.js";
import { SpayRoot } from "../theme/SpayRoot.js";
import type { Theme } from "../theme/theme.js";
import { DeveloperInfo } from "./DeveloperInfo.js";
import { useX402Flow } from "./useX402Flow.js";
import { x402OverlayCss } from "./x402-overlay.css.js";
import { x402AssetName } from "./x402Amount.js";

/** Props of {@link X402Overlay}. */
export interface X402OverlayProps {
  /** The resource's payment requirements; the first scheme is offered. */
  requirements: X402Requirements | null | undefined;
  /** What the QR encodes (e.g. the intent's `spay_url`); default the first scheme as JSON. */
  qrText?: string | null;
  /** Present when wallet data exists: shows 'Pay with Stacks Wallet' and sends the transfer. */
  onPayWithWallet?: (scheme: X402Scheme) => Promise<{ txid: string }>;
  /** Confirms the txid (e.g. polls the facilitator); default SPEC.md's 2-second wait. */
  onVerify?: (txid: string, scheme: X402Scheme) => Promise<void>;
  onSuccess?: (txid: string) => void;
  /** Close button, backdrop click, Escape, and 3 s after success. */
  onClose: () => void;
  theme?: Theme;
}

/**
 * SPEC.md §2's x402 overlay: the amount (dollars for USDC, 8-decimal sBTC), 'via {asset} on Stacks',
 * wallet payment with pending → sending → verifying → success/error steps, a QR to scan instead,
 * and the collapsible 'Developer Info'.
 */
export function X402Overlay(props: X402OverlayProps) {
  const { requirements, qrText, onPayWithWallet, onVerify, onSuccess, onClose, theme } = props;
  const scheme = requirements?.schemes?.[0];
  const { state, pay, retry } = useX402Flow({
    scheme,
    payWithWallet: onPayWithWallet,
    verify: onVerify,
    onSuccess,
    onClose,
  });
  const { copied, copy } = useCopy();
  return (
    <SpayRoot theme={theme} css={x402OverlayCss}>
      <Dialog title={X402_MESSAGES.x402Title} onClose={onClose} closeOnBackdrop>
        <div className="spay-x402-body">
          {scheme ? (
            <>
              <p className="spay-x402-amount">{formatX402Amount(scheme)}</p>
              <p className="spay-muted">{X402_MESSAGES.viaAssetOnStacks(x402AssetName(scheme))}</p>
            </>
          ) : (
            <p className="spay-error" role="alert">
              {X402_MESSAGES.invalidRequirements}
            </p>
          )}
          <div role="status" className="spay-x402-step">
            {state.step === "sending" || state.step === "verifying" ? (
              <p className="spay-step">
                <span className="spay-spinner" aria-hidden="true" />
                {state.step === "sending"
                  ? WALLET_MESSAGES.sendingPayment
                  : X402_MESSAGES.checkingConfirmation}
              </p>
            ) : null}
            {state.step === "success" && state.txid ? (
              <>
                <p className="spay-step spay-success">{X402_MESSAGES.paymentVerified}</p>
                <p className="spay-txid">
                  <span title={state.txid}>{shortTxid(state.txid)}</span>
                  <button type="button" className="spay-btn" onClick={() => copy(state.txid ?? "")}>
                    {copied ? X402_MESSAGES.copied : X402_MESSAGES.copy}
                  </button>
                </p>
              </>
            ) : null}
            {state.step === "error" ? (
              <>
                <p className="spay-step spay-error">{X402_MESSAGES.x402PaymentFailed}</p>
                {state.error ? <p className="spay-error">{state.error}</p> : null}
              </>
            ) : null}
          </div>
          {state.step === "error" ? (
            <button type="button" className="spay-btn spay-btn-primary" onClick={retry}>
              {OVERLAY_MESSAGES.tryAgain}
            </button>
          ) : null}
          {state.step === "pending" && scheme && onPayWithWallet ? (
            <button type="button" className="spay-btn spay-btn-primary" onClick={pay}>
              {X402_MESSAGES.payWithStacksWallet}
            </button>
          ) : null}
          {state.step === "pending" && scheme ? (
            <>
              <p className="spay-muted">{X402_MESSAGES.orScanToPay}</p>
              <QrImage
                text={qrText ?? JSON.stringify(scheme)}
                label={OVERLAY_MESSAGES.qrImageLabel}
                {...QR_OPTIONS}
              />
            </>
          ) : null}
          {scheme && requirements ? <DeveloperInfo scheme={scheme} requirements={requirements} /> : null}
        </div>
        <div className="spay-dialog-actions">
          <button type="button" className="spay-btn" onClick={onClose}>
            {OVERLAY_MESSAGES.close}
          </button>
        </div>
      </Dialog>
    </SpayRoot>
  );
}
