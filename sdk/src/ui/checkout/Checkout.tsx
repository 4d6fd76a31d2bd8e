import { useEffect, useRef, useState } from "react";
import type { SPayClient } from "../../core/client.js";
import { formatIntentAmount } from "../../core/format.js";
import { TIMINGS } from "../../core/messages.js";
import type { CreatePaymentIntentParams, PaymentIntent, WalletInfo } from "../../core/types.js";
import { PaymentOverlay } from "../qr-overlay/PaymentOverlay.js";
import { QrCodeBody } from "../qr-overlay/QrCodeBody.js";
import type { Theme } from "../theme/theme.js";
import { useCheckout } from "./useCheckout.js";
import { loadWalletUi, walletUi } from "./walletUi.js";

/** Props of {@link Checkout}: what to pay, how, and who to tell. */
export interface CheckoutProps {
  /** The API client (a publishable key is enough). */
  client: SPayClient;
  /** Creates this payment intent on open… */
  params?: CreatePaymentIntentParams;
  /** …or pays one created elsewhere (e.g. by the merchant's server). */
  intent?: PaymentIntent;
  /** `qr` (default) shows the code to scan; `wallet` pays with a browser wallet. */
  method?: "qr" | "wallet";
  /** The wallet to pay with; without it the remembered (or only) wallet, else the picker asks. */
  walletId?: WalletInfo["id"];
  theme?: Theme;
  /** The intent is settled (the server says so, not the wallet). */
  onSuccess?: (intent: PaymentIntent) => void;
  /** Creating, paying or following failed; the message is the text shown. */
  onError?: (error: Error) => void;
  /** The overlay closed (Close, Escape, a canceled picker, or after settlement). */
  onClose?: () => void;
  /** Close this long after settlement (default 2 s, SPEC.md §9); 0 keeps the overlay open. */
  closeAfterSettledMs?: number;
}

/**
 * A whole checkout: creates (or takes) the intent, opens the QR overlay or the wallet flow (with
 * the wallet picker when no wallet is known), shows the intent's live status from the server and
 * calls `onSuccess` / `onError`. Mount it to open; it renders nothing once closed.
 */
export function Checkout(props: CheckoutProps) {
  const { client, params, intent, method = "qr", walletId, theme, onSuccess, onError } = props;
  const { state, controller } = useCheckout({
    client,
    ...(params ? { params } : {}),
    ...(intent ? { intent } : {}),
    ...(onSuccess ? { onSuccess } : {}),
    ...(onError ? { onError } : {}),
  });
  const [open, setOpen] = useState(true);
  const [, setWalletUiLoaded] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const closed = useRef(false);

  const close = () => {
    closed.current = true;
    controller.cancel();
    setOpen(false);
    latest.current.onClose?.();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per controller (props read by ref)
  useEffect(() => {
    let active = true;
    if (method === "qr") controller.setMethod("qr");
    else {
      // The wallet half (steps, picker) is loaded while the intent is created. If it cannot be,
      // the controller's attempt to pay reports the failure in the overlay.
      loadWalletUi().then(
        () => active && setWalletUiLoaded(true),
        () => active && !closed.current && void controller.payWithWallet(walletId),
      );
    }
    controller.start().catch(() => {}); // shown by the overlay and reported through onError
    return () => {
      active = false;
    };
  }, [controller]);

  const closeAfter = props.closeAfterSettledMs ?? TIMINGS.walletSuccessCloseMs;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close reads the latest props by ref
  useEffect(() => {
    if (state.phase !== "settled" || closeAfter <= 0) return;
    const timer = setTimeout(close, closeAfter);
    return () => clearTimeout(timer);
  }, [state.phase, closeAfter]);

  if (!open) return null;
  const wallet = method === "wallet" || state.method === "wallet";
  const amount = state.intent ? formatIntentAmount(state.intent) : null;
  const WalletCheckout = wallet ? walletUi()?.WalletCheckout : undefined;
  if (WalletCheckout) {
    return (
      <WalletCheckout
        controller={controller}
        state={state}
        amount={amount}
        walletId={walletId}
        theme={theme}
        onCancel={(error) => {
          latest.current.onError?.(error);
          close();
        }}
        onClose={close}
      />
    );
  }
  return (
    <PaymentOverlay
      theme={theme}
      mode={wallet ? "wallet" : "qr"}
      phase={state.phase}
      amount={amount}
      error={state.error}
      // A transfer that failed on chain: Try Again shows the QR code again, to pay anew.
      onRetry={state.phase === "error" && state.intent ? () => controller.clearError() : undefined}
      onClose={close}
    >
      {wallet ? null : <QrCodeBody spayUrl={state.intent?.spay_url} />}
    </PaymentOverlay>
  );
}
