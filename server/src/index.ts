export {
  ERRORS,
  type ErrorCode,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "@spay/protocol";
export { createApp } from "./app.ts";
export { broadcastIntentTransfer, buildIntentTransfer, type IntentForPayment, payIntent } from "./cli/pay.ts";
export { verifyWallet } from "./cli/verify-wallet.ts";
export { type Config, loadConfig } from "./config.ts";
export { type RunningServer, startServer } from "./server.ts";
