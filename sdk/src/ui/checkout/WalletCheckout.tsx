import { useEffect, useRef, useState } from "react";
import type { CheckoutController, CheckoutState } from "../../core/checkout.js";
import type { WalletInfo } from "../../core/types.js";
import type { WalletError } from "../../core/wallet/errors.js";
import { defaultWalletId } from "../../core/wallet/providers.js";
import { PaymentOverlay } from "../qr-overlay/PaymentOverlay.js";
import { WalletSteps } from "../qr-overlay/WalletSteps.js";
import type { Theme } from "../theme/theme.js";
import { WalletPicker } from "../wallet-picker/WalletPicker.js";

/** Props of {@link WalletCheckout}: the checkout's controller and state, and its callbacks. */
export interface WalletCheckoutProps {
  controller: CheckoutController;
  state: CheckoutState;
  /** The amount due, formatted. */
  amount: string | null;
  walletId?: WalletInfo["id"] | undefined;
  theme?: Theme | undefined;
  /** The picker was canceled ('User canceled the request'). */
  onCancel: (error: WalletError) => void;
  onClose: () => void;
}

/**
 * The wallet half of {@link Checkout}, loaded for a wallet payment: once the intent can be paid it
 * pays with the given, remembered or only installed wallet, else asks with the wallet picker; the
 * overlay shows the wallet steps, the live status, and Try Again after a failure.
 */
export function WalletCheckout({
  controller,
  state,
  amount,
  walletId,
  theme,
  onCancel,
  onClose,
}: WalletCheckoutProps) {
  const [picking, setPicking] = useState(false);
  const chosen = useRef<WalletInfo["id"] | null>(walletId ?? null);

  const payOrPick = () => {
    const id = chosen.current ?? defaultWalletId();
    if (id) {
      chosen.current = id;
      void controller.payWithWallet(id);
    } else setPicking(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per controller (payOrPick reads refs)
  useEffect(() => {
    let active = true;
    controller.start().then(
      // Opening pays once; a failure shown (a transfer refused on chain) waits for Try Again —
      // a remount must never send a second transfer by itself.
      () => active && controller.getState().phase !== "error" && payOrPick(),
      () => {}, // shown by the overlay and reported through onError by the controller
    );
    return () => {
      active = false;
    };
  }, [controller]);

  if (picking) {
    return (
      <WalletPicker
        theme={theme}
        onSelect={(wallet) => {
          setPicking(false);
          chosen.current = wallet.id;
          void controller.payWithWallet(wallet.id);
        }}
        onCancel={onCancel}
      />
    );
  }
  return (
    <PaymentOverlay
      theme={theme}
      mode="wallet"
      phase={state.phase}
      amount={amount}
      error={state.error}
      onRetry={
        state.phase === "error" && state.intent
          ? () => {
              controller.clearError();
              payOrPick();
            }
          : undefined
      }
      onClose={onClose}
    >
      <WalletSteps phase={state.phase} />
    </PaymentOverlay>
  );
}
