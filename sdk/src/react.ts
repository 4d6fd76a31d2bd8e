/**
 * `@spay/sdk/react`: the checkout as React components and hooks. Pass an `SPayClient` (from
 * `@spay/sdk`) with a publishable key. Importing this module touches no browser global, so it
 * renders on the server; overlays and wallet detection run in effects only.
 *
 * @example
 * import { SPayClient } from "@spay/sdk";
 * import { PaymentLinkCard } from "@spay/sdk/react";
 * const client = new SPayClient({ apiKey: "pk_test_…", apiUrl: "https://api.example" });
 * <PaymentLinkCard client={client} productId="prod_…" onSuccess={(pi) => console.log(pi.id)} />
 */
export {
  BuyButton,
  type BuyButtonProps,
  Checkout,
  type CheckoutProps,
  type PaymentIntentState,
  PaymentLinkCard,
  type PaymentLinkCardProps,
  type PaymentLinkData,
  type PayRequest,
  QrPaymentOverlay,
  type QrPaymentOverlayProps,
  type Theme,
  type UseCheckoutResult,
  useCheckout,
  usePaymentIntent,
  WalletPicker,
  type WalletPickerProps,
  X402Overlay,
  type X402OverlayProps,
} from "./ui/index.js";
