import { createElement, Suspense } from "react";
import type { SPayClient } from "../core/client.js";
import type { CreatePaymentIntentParams, PaymentIntent, WalletInfo } from "../core/types.js";
import { BuyButton } from "../ui/buy-button/BuyButton.js";
import { LazyCheckout } from "../ui/checkout/LazyCheckout.js";
import { PaymentLinkCard } from "../ui/payment-link-card/PaymentLinkCard.js";
import type { Theme } from "../ui/theme/theme.js";
import { dispatchError, dispatchSuccess } from "./events.js";
import { mountInShadow } from "./mountInShadow.js";

/** `SPay.mount(el, options)`: what to render into `el`. */
export interface MountOptions {
  /** A product (`prod_…`) … */
  productId?: string;
  /** … or a payment link (`plink_…`). */
  linkId?: string;
  /** `card` (default) or `button`. */
  view?: "card" | "button";
  theme?: Theme;
  onSuccess?: (intent: PaymentIntent) => void;
  onError?: (error: Error) => void;
}

/** `SPay.checkout(options)`: an overlay for an amount or an existing intent, without a card. */
export interface CheckoutOptions {
  /** The intent to create (e.g. `{ amount_minor: 1999 }`) … */
  params?: CreatePaymentIntentParams;
  /** … or one the merchant's server created. */
  intent?: PaymentIntent;
  method?: "qr" | "wallet";
  walletId?: WalletInfo["id"];
  theme?: Theme;
  onSuccess?: (intent: PaymentIntent) => void;
  onError?: (error: Error) => void;
  onClose?: () => void;
}

/** What `mount` and `checkout` return. */
export interface MountedHandle {
  /** Removes what was rendered (the overlay closes). */
  close(): void;
}

/** The drop-in's global, `window.SPay`. */
export interface SPayGlobal {
  /** Opens a checkout overlay. */
  checkout(options: CheckoutOptions): MountedHandle;
  /** Renders a product's or link's card (or buy button) into `el`, in a shadow root. */
  mount(el: HTMLElement, options: MountOptions): MountedHandle;
}

declare global {
  interface Window {
    SPay?: SPayGlobal;
  }
}

/** Builds `window.SPay` around one API client and the script tag's default theme. */
export function createSPayGlobal(client: SPayClient, defaults: { theme: Theme }): SPayGlobal {
  const mounted = new WeakMap<HTMLElement, MountedHandle>();
  return {
    mount(el, options) {
      mounted.get(el)?.close();
      const shadow = mountInShadow(el);
      const props = {
        client,
        theme: options.theme ?? defaults.theme,
        ...(options.linkId ? { linkId: options.linkId } : { productId: options.productId }),
        onSuccess: (intent: PaymentIntent) => {
          options.onSuccess?.(intent);
          dispatchSuccess(el, intent);
        },
        onError: (error: Error) => {
          options.onError?.(error);
          dispatchError(el, error);
        },
      };
      shadow.render(createElement(options.view === "button" ? BuyButton : PaymentLinkCard, props));
      const handle = {
        close: () => {
          shadow.unmount();
          mounted.delete(el);
        },
      };
      mounted.set(el, handle);
      return handle;
    },
    checkout(options) {
      const host = document.createElement("div");
      host.setAttribute("data-spay-checkout", "");
      document.body.appendChild(host);
      const shadow = mountInShadow(host);
      const close = () => {
        shadow.unmount();
        host.remove();
      };
      shadow.render(
        createElement(
          Suspense,
          { fallback: null },
          createElement(LazyCheckout, {
            ...options,
            client,
            theme: options.theme ?? defaults.theme,
            onClose: () => {
              close();
              options.onClose?.();
            },
          }),
        ),
      );
      return { close };
    },
  };
}
