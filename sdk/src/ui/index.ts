/**
 * The checkout UI, written once with the React API: React apps use it through `@spay/sdk/react`,
 * the drop-in script renders the same components on Preact (`react` aliased to `preact/compat`).
 */
export { BuyButton, type BuyButtonProps } from "./buy-button/BuyButton.js";
export { Checkout, type CheckoutProps } from "./checkout/Checkout.js";
export { type UseCheckoutResult, useCheckout } from "./checkout/useCheckout.js";
export { type PaymentIntentState, usePaymentIntent } from "./payment-intent/usePaymentIntent.js";
export type { PaymentLinkData } from "./payment-link-card/linkData.js";
export {
  PaymentLinkCard,
  type PaymentLinkCardProps,
  type PayRequest,
} from "./payment-link-card/PaymentLinkCard.js";
export { QrPaymentOverlay, type QrPaymentOverlayProps } from "./qr-overlay/QrPaymentOverlay.js";
export type { Theme } from "./theme/theme.js";
export { WalletPicker, type WalletPickerProps } from "./wallet-picker/WalletPicker.js";
export { X402Overlay, type X402OverlayProps } from "./x402-overlay/X402Overlay.js";
