/**
 * `@spay/sdk` — the framework-free core of sPay's checkout: the API client, live status, amount
 * formatting, QR codes, the checkout controller and the lazily loaded wallet module.
 * React components live in `@spay/sdk/react`, server helpers in `@spay/sdk/server`.
 */

export { type CheckoutController, type CheckoutOptions, createCheckout } from "./core/checkout.js";
export {
  type CheckoutPhase,
  type CheckoutState,
  errorForStatus,
  phaseForStatus,
} from "./core/checkout-state.js";
export { type PaymentMethod, SPayClient, type SPayClientOptions } from "./core/client.js";
export { SPayError, type SPayErrorDetails } from "./core/errors.js";
export {
  type AmountInput,
  FALLBACK_USD_PER_BTC,
  formatIntentAmount,
  formatSats,
  formatSbtc,
  formatStx,
  formatUsd,
  formatUsdc,
  formatX402Amount,
  satsForCents,
  shortTxid,
} from "./core/format.js";
export { DEFAULT_API_URL } from "./core/http.js";
export { MESSAGES, QR_OPTIONS, TIMINGS, WALLET_ERROR_CODES, WALLET_ERROR_MESSAGES } from "./core/messages.js";
export { type QrOptions, qrDataUrl, qrSvg } from "./core/qr.js";
export {
  type Asset,
  type CreatePaymentIntentParams,
  type ExchangeRate,
  type List,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentIntent,
  type PaymentLink,
  type PaymentStatus,
  type Product,
  TERMINAL_STATUSES,
  type WalletInfo,
  type X402Requirements,
  type X402Scheme,
} from "./core/types.js";
export {
  isTerminalStatus,
  POLL_BACKOFF,
  type StatusTransport,
  type WaitForStatusOptions,
} from "./core/wait-for-status.js";
export { isUserRejection, toWalletError, userCanceled, WalletError } from "./core/wallet/errors.js";
export { loadWallet, setWalletModuleUrl, type WalletModule } from "./core/wallet/index.js";
export {
  defaultWalletId,
  getSelectedWalletId,
  KNOWN_WALLETS,
  listWallets,
  setSelectedWalletId,
} from "./core/wallet/providers.js";
