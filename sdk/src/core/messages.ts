/**
 * Every text the SDK shows, from SPEC.md §2, §5 and §8 — one module, imported everywhere (UI,
 * errors, tests). Functions for texts with values. The texts are grouped by the part of the SDK
 * that shows them, so a bundle carries only its parts' texts (the drop-in's QR path has no x402
 * or wallet-picker texts); {@link MESSAGES} is all of them.
 */
/** The QR / wallet overlay (SPEC.md §2 "Checkout overlays") and the live status under it (beyond SPEC.md: real progress, not a timer). */
export const OVERLAY_MESSAGES = {
  scanToPay: "Scan to Pay",
  close: "Close",
  walletPayment: "Wallet Payment",
  paymentFailed: "Payment failed",
  waitingForPayment: "Waiting for payment...",
  transactionBroadcast: "Transaction broadcast — waiting for the network...",
  confirming: "Confirming on the blockchain...",
  paymentSettled: "Payment confirmed",
  paymentExpired: "This payment request has expired.",
  paymentCanceled: "This payment request was canceled.",
  tryAgain: "Try Again",
  qrImageLabel: "QR code of the payment link",
} as const;

/** Checkout alerts (SPEC.md §8) and the API client's errors. */
export const CHECKOUT_MESSAGES = {
  merchantWalletMissing: "Merchant wallet not configured. Please contact the merchant.",
  createIntentFailed: "Failed to create payment intent. Please try again.",
  intentMissingSpayUrl: "Payment intent is missing spay_url. Please check the API response.",
  createIntentNetwork: "Failed to create payment intent. Please check your connection and try again.",
  connectWalletFailed:
    "Failed to connect wallet. Please make sure you have a Stacks wallet extension installed.",
  transactionFailedOrCancelled: "Transaction failed or cancelled.",
  verifyPaymentFailed: "Failed to verify payment",
  noSpayUrl: "No spay_url provided",
  workspaceKeyRequired:
    "Workspace API key is required. Set it using setWorkspaceApiKey() or environment variables.",
  httpStatus: (status: number) => `HTTP ${status}`,
} as const;

/** The payment-link card and buy button (SPEC.md §2 "Payment link page"), its validation (SPEC.md §5) and loading (SPEC.md §8). */
export const CARD_MESSAGES = {
  testBadge: "TEST",
  subtotal: "Subtotal",
  tax: "Tax",
  taxPending: "Enter address to calculate",
  total: "Total",
  totalDue: "Total due",
  email: "Email",
  shippingAddress: "Shipping Address",
  payWith: "Pay with",
  qrMethod: "QR Code",
  sbtcWallet: "sBTC Wallet",
  pay: "Pay",
  buy: (price: string) => `Buy ${price}`,
  terms: "Terms",
  privacy: "Privacy",
  poweredBy: "Powered by sPay",
  emailRequiredBadge: "Email Required",
  shippingRequiredBadge: "Shipping Required",
  inStock: (n: number) => `${n} in stock`,
  approximately: (value: string) => `≈ ${value}`,
  emailRequired: "Email is required for this product.",
  shippingRequired: "Shipping address is required for this product.",
  emailInvalid: "Enter a valid email address.",
  loading: "Loading...",
  linkNotFoundTitle: "Payment Link Not Found",
  linkNotFound: "This payment link does not exist or has been removed.",
  linkExpired: "This payment link has expired.",
  linkDisabled: "This payment link has been disabled.",
  linkLoadFailed: "Failed to load payment link. Please try again.",
} as const;

/** The wallet picker. */
export const WALLET_PICKER_MESSAGES = {
  chooseWallet: "Choose a wallet",
  cancel: "Cancel",
  notInstalled: "Not installed",
  multisig: "Multisig",
} as const;

/** The wallet payment: its steps in the overlay, the wallet module and the checkout's wallet steps (SPEC.md §2, §5, §8). */
export const WALLET_MESSAGES = {
  connectingWallet: "Connecting to your wallet...",
  sendingPayment: "Sending payment...",
  paymentSent: "Payment sent successfully!",
  sbtcTransferFailed: "Failed to initiate sBTC transfer. Please try again.",
  walletPaymentFailed: "Failed to process wallet payment",
  walletNotConnected: "Wallet not connected",
  noStacksAddress: "No Stacks address found in wallet response",
  noSenderAddress:
    "Could not get sender address from wallet. Please make sure your wallet is properly connected.",
} as const;

/** The x402 overlay and its developer info. */
export const X402_MESSAGES = {
  x402Title: "x402 Payment",
  viaAssetOnStacks: (asset: string) => `via ${asset} on Stacks`,
  payWithStacksWallet: "Pay with Stacks Wallet",
  orScanToPay: "Or scan to pay",
  developerInfo: "Developer Info",
  checkingConfirmation: "Checking blockchain confirmation...",
  paymentVerified: "Payment Verified!",
  x402PaymentFailed: "Payment Failed",
  copy: "Copy",
  copied: "Copied!",
  copiedToClipboard: "Copied to clipboard!",
  copyFailed: "Failed to copy to clipboard",
  invalidRequirements: "Invalid payment requirements",
  recipientLabel: "Recipient",
  assetLabel: "Asset",
  amountLabel: "Amount",
  timeoutLabel: "Timeout",
  networkLabel: "Network",
  requirementsLabel: "Payment requirements (JSON)",
  amountWithDecimals: (amount: string, decimals: number) => `${amount} (${decimals} decimals)`,
  seconds: (n: number) => `${n} seconds`,
} as const;

/** SPEC.md §8 texts no part of the SDK shows (the dashboard and docs quote them). */
export const OTHER_MESSAGES = {
  connectWalletFallbackToQr: "Failed to connect wallet. Using QR code instead.",
  processPaymentFailed: "Failed to process payment",
  invalidLinkConfiguration: "Invalid payment link configuration",
  goToHomepage: "Go to Homepage",
} as const;

/** All texts: every group above in one object. */
export const MESSAGES: typeof OVERLAY_MESSAGES &
  typeof CHECKOUT_MESSAGES &
  typeof CARD_MESSAGES &
  typeof WALLET_PICKER_MESSAGES &
  typeof WALLET_MESSAGES &
  typeof X402_MESSAGES &
  typeof OTHER_MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  OVERLAY_MESSAGES,
  CHECKOUT_MESSAGES,
  CARD_MESSAGES,
  WALLET_PICKER_MESSAGES,
  WALLET_MESSAGES,
  X402_MESSAGES,
  OTHER_MESSAGES,
);

/** Wallet JSON-RPC error codes (SPEC.md §8). */
export const WALLET_ERROR_CODES = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  userRejection: -32000,
  methodAddressMismatch: -32001,
  methodAccessDenied: -32002,
  unknown: -31000,
  userCanceled: -31001,
} as const;

export const WALLET_ERROR_MESSAGES: Record<number, string> = {
  [-32700]: "Parse error",
  [-32600]: "Invalid request",
  [-32601]: "Method not found",
  [-32602]: "Invalid params",
  [-32603]: "Internal error",
  [-32000]: "User rejected the request",
  [-32001]: "Address mismatch",
  [-32002]: "Access denied",
  [-31000]: "Unknown error",
  [-31001]: "User canceled the request",
};

/** SPEC.md §9 timings. */
export const TIMINGS = {
  copyNoticeMs: 2_000,
  x402AutoCloseMs: 3_000,
  walletSuccessCloseMs: 2_000,
  verifyWaitMs: 2_000,
} as const;

/** SPEC.md §9: the x402 overlay's QR code. */
export const QR_OPTIONS = { width: 300, margin: 2 } as const;
